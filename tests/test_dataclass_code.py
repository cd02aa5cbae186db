"""The methods `dataclasses` writes, compiled through the code cache while the command imports its
modules (engine/files/dataclass_code.py): every class gets the very methods it gets without
the cache, from the first start (compiled) and the next (loaded); the next compiles none of
their texts; a damaged entry is compiled again; the hook is gone once the imports are done."""
from __future__ import annotations

import json
import marshal
import os
import subprocess
import sys

from rootlaw.files import code_cache, dataclass_code

# argv: "kept" or "plain" (without the hook); "count": count the texts compiled as `exec` names
# them, by a wrapper of compile() that would give the texts its own `from __future__` flags (none)
# and so hide a hook that gave them ours: the methods are only compared in runs without it
IMPORT = """
import builtins, dataclasses, json, sys, types
compiles = []
compile = builtins.compile
if sys.argv[2] == "count":
    builtins.compile = lambda text, name, *a, **k: compiles.append(name) or compile(text, name, *a, **k)
if sys.argv[1] == "kept":
    from rootlaw.files.dataclass_code import kept_methods
    with kept_methods():
        import rootlaw.tools.cli
else:
    import rootlaw.tools.cli
builtins.compile = compile

def described(code):
    consts = [described(c) if isinstance(c, types.CodeType) else repr(c) for c in code.co_consts]
    return [code.co_code.hex(), code.co_flags, code.co_names, code.co_varnames, code.co_freevars,
            code.co_cellvars, code.co_firstlineno, code.co_filename, code.co_qualname, consts]

methods = {}
for name, module in sorted(sys.modules.items()):
    for cls in list(vars(module).values()) if name.startswith("rootlaw.") else ():
        if isinstance(cls, type) and cls.__module__ == name and dataclasses.is_dataclass(cls):
            for attr, fn in vars(cls).items():
                if isinstance(fn, types.FunctionType) and fn.__code__.co_filename == "<string>":
                    methods[f"{name}.{cls.__qualname__}.{attr}"] = [
                        described(fn.__code__), repr(fn.__annotations__),
                        [type(d).__name__ for d in fn.__defaults__ or ()]]
print(json.dumps({"methods": methods, "compiled": compiles.count("<string>"), "hooked": "exec" in vars(dataclasses)}))
"""


def _import(cache, how: str = "kept", count: bool = False, **env: str) -> dict:
    done = subprocess.run([sys.executable, "-c", IMPORT, how, "count" if count else "-"], capture_output=True,
                          text=True, check=True,
                          env={**os.environ, "ROOTLAW_CACHE_DIR": str(cache), **env})
    return json.loads(done.stdout)


def _code_file(cache):
    return cache / code_cache.shard(dataclass_code._DOCUMENT)


def test_the_kept_methods_are_those_dataclasses_makes(tmp_path):
    plain = _import(tmp_path / "plain", "plain")
    first = _import(tmp_path)
    second = _import(tmp_path)
    assert len(plain["methods"]) > 100
    assert first["methods"] == plain["methods"] and second["methods"] == plain["methods"]
    assert not first["hooked"] and not second["hooked"]


def test_a_second_start_compiles_none_of_their_texts(tmp_path):
    others = _import(tmp_path / "plain", "plain", count=True)["compiled"]  # the standard library's own few
    first = _import(tmp_path, count=True)["compiled"]
    assert first - others > 100
    assert _import(tmp_path, count=True)["compiled"] == others
    assert _import(tmp_path, count=True, ROOTLAW_NO_CACHE="1")["compiled"] == first


def test_a_damaged_entry_is_compiled_again(tmp_path):
    plain = _import(tmp_path / "plain", "plain", count=True)
    _import(tmp_path)
    path = _code_file(tmp_path)
    head = code_cache._BYTECODE
    entries = marshal.loads(path.read_bytes()[len(head):])
    damaged = sorted(entries)[:3]
    for k, value in zip(damaged, [b"not marshal", marshal.dumps(("a", "tuple")), marshal.dumps(1)[:1]]):
        entries[k] = value
    path.write_bytes(head + marshal.dumps(entries))
    assert _import(tmp_path, count=True)["compiled"] == plain["compiled"] + 3
    assert _import(tmp_path)["methods"] == _import(tmp_path / "plain", "plain")["methods"]
    assert _import(tmp_path, count=True)["compiled"] == plain["compiled"]


def test_the_hook_leaves_another_in_place_and_is_removed_after_the_block():
    import dataclasses
    with dataclass_code.kept_methods():
        assert vars(dataclasses)["exec"] is dataclass_code._exec
    assert "exec" not in vars(dataclasses)
    dataclasses.exec = exec  # type: ignore[attr-defined]  # someone else's
    try:
        with dataclass_code.kept_methods():
            assert vars(dataclasses)["exec"] is exec
        assert vars(dataclasses)["exec"] is exec
    finally:
        del dataclasses.exec  # type: ignore[attr-defined]
