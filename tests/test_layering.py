"""The engine's imports point one way. Its folders are layers, from the bottom up (LAYERS): a
module imports only from its own layer and the layers below it, and no module imports, at load
time or inside a function, a module that imports it back, directly or through others. Imports
only for type checkers (`if TYPE_CHECKING:`) are left out: they never run. The package's
`__init__` (the public API) and `__main__` sit above every layer."""
from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parent.parent / "engine"  # the source of the package rootlaw
PACKAGE = "rootlaw"

# the layers, lowest first: the README's "How it is built" names what each holds
LAYERS = ("errors", "version", "files", "core", "law", "language", "play", "content", "scenarios",
          "agents", "tools")


def _module_name(path: Path) -> str:
    parts = (PACKAGE, *path.relative_to(ENGINE).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _layer(module: str) -> int | None:
    """The index in LAYERS of the layer a module belongs to; None for the package itself and its
    `__main__` (`python -m rootlaw`), which sit above every layer."""
    parts = module.split(".")
    return LAYERS.index(parts[1]) if len(parts) > 1 and parts[1] != "__main__" else None


def _graph() -> dict[str, set[str]]:
    files = sorted(ENGINE.rglob("*.py"))
    modules = {_module_name(p) for p in files}
    return {_module_name(p): _imports(p, modules) for p in files}


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
    graph = _graph()
    assert "rootlaw.core.game" in graph["rootlaw.law.battle"]  # the reading of imports works
    assert _cycles(graph) == []


def test_every_folder_of_the_engine_is_a_layer():
    folders = {p.name for p in ENGINE.iterdir() if p.is_dir() and any(p.rglob("*.py"))}
    modules = {p.stem for p in ENGINE.glob("*.py")} - {"__init__", "__main__"}
    assert folders | modules == set(LAYERS)


def test_each_layer_imports_only_from_itself_and_the_layers_below():
    upward = sorted(f"{module} imports {target}" for module, targets in _graph().items()
                    for target in targets
                    if _layer(module) is not None and (_layer(target) is None or _layer(target) > _layer(module)))
    assert upward == []


def test_the_finder_sees_a_cycle():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
