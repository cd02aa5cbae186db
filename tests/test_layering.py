"""The engine's imports point one way: no module imports, at load time or inside a function,
a module that imports it back, directly or through others. Imports only for type checkers
(`if TYPE_CHECKING:`) are left out: they never run."""
from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parent.parent / "engine"


def _module_name(path: Path) -> str:
    parts = path.relative_to(ENGINE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path, modules: set[str]) -> set[str]:
    """The engine modules `path` imports when it runs."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    type_only = {id(n) for node in ast.walk(tree)
                 if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
                 for n in ast.walk(node)}
    name = _module_name(path)
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    out = set()
    for node in ast.walk(tree):
        if id(node) in type_only:
            continue
        if isinstance(node, ast.ImportFrom):
            base = ".".join(package[:len(package) - node.level + 1] + ([node.module] if node.module else [])) \
                if node.level else node.module
            for alias in node.names:
                target = f"{base}.{alias.name}"
                out.add(target if target in modules else base)
        elif isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
    return {m for m in out if m in modules and m != name}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_engine_module_imports_itself_back():
    files = sorted(ENGINE.rglob("*.py"))
    modules = {_module_name(p) for p in files}
    graph = {_module_name(p): _imports(p, modules) for p in files}
    assert "engine.game" in graph["engine.battle"]  # the reading of imports works
    assert _cycles(graph) == []


def test_the_finder_sees_a_cycle():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
