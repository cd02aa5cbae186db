"""Play this checkout's engine: its `engine/` folder imported as the package `rootlaw`, even
when another rootlaw is installed (the folder is the package's source; an install maps it)."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def use_checkout(tree: Path = REPO) -> None:
    """Make `import rootlaw` load `tree/engine`, unless rootlaw is already imported."""
    if "rootlaw" in sys.modules:
        return
    spec = importlib.util.spec_from_file_location("rootlaw", tree / "engine" / "__init__.py",
                                                  submodule_search_locations=[str(tree / "engine")])
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["rootlaw"] = module
    spec.loader.exec_module(module)
