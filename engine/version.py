"""rootlaw's version: the distribution's, which packs name in their supported range."""
from __future__ import annotations

__version__ = "0.2.0"
