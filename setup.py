"""setuptools' build step, plus the caches a wheel ships (everything else is in pyproject.toml).

After the package is copied into the build folder, `rootlaw.tools.prebuild` runs on that copy
and writes `rootlaw/data/prebuilt/` (parse tables, syntax trees, schema passes of the bundled
files, as JSON: rootlaw.files.prebuilt), so a first start on a new machine reads them instead
of building them, as Python compiles .pyc files at install. An editable install and a checkout
skip it (they build at their first start), and so does a build where it fails: the wheel is
then as good, only its first start slower.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildWithCaches(build_py):
    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        lib = Path(self.build_lib).resolve()
        shutil.rmtree(lib / "rootlaw" / "data" / "prebuilt", ignore_errors=True)  # never an earlier build's
        env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(lib), *sys.path]))
        done = subprocess.run([sys.executable, "-m", "rootlaw.tools.prebuild", str(lib / "rootlaw" / "data" / "prebuilt")],
                              env=env, cwd=lib, capture_output=True, text=True)
        if done.returncode != 0:
            tail = (done.stderr or done.stdout).strip().splitlines()[-1:] or ["no message"]
            print(f"warning: rootlaw's prebuilt caches were not built ({tail[0]}); "
                  "the first start will build them", file=sys.stderr)
        else:
            print(done.stdout.strip())


setup(cmdclass={"build_py": BuildWithCaches})
