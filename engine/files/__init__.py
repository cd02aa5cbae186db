"""Reading and writing files without trusting them: YAML with the position of every value,
bounded JSON, JSON Schema checks, the private cache folder and the data that ships with rootlaw.

The lowest layer: it knows nothing of Root.
"""
from .yaml_pattern import precompile as _precompile

_precompile()  # before any module of this layer imports PyYAML (files/yaml_pattern.py)
