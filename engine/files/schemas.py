"""Checks loaded YAML documents against the bundled JSON Schemas, reporting at file positions.

jsonschema's own messages print Python reprs of whole values ("{'name': ...} is not valid
under any of the given schemas") and know nothing about lines. Here every validation error
becomes a short Problem at the line and column of the offending value (or key), with a
did-you-mean hint where a typo is the likely cause; all errors are reported at once, in
file order, so a pack author can fix a file in one pass.
"""
from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from rootlaw.errors import DataError, Problem
from rootlaw.files import schema_cache

from .documents import Document
from .jsonfile import read_json
from .resources import data_path
from .schema_messages import Converter

if TYPE_CHECKING:  # jsonschema is imported only when a document is checked: most starts skip it
    import referencing
    from jsonschema import Draft7Validator

__all__ = ["load_schema", "validate", "check", "problems_from_schema"]

_SUFFIX = ".schema.json"


@functools.lru_cache(maxsize=None)
def load_schema(name: str) -> dict:
    """The bundled schema `schemas/<name>.schema.json`, read once and checked to be draft-07.

    Callers must not modify the returned dict: it is shared through the cache.
    """
    schema = read_json(data_path("schemas", f"{name}{_SUFFIX}"), "schema")
    from jsonschema import Draft7Validator
    Draft7Validator.check_schema(schema)  # a broken bundled schema is a bug: fail loudly
    return schema


def _retrieve(uri: str) -> referencing.Resource:
    """Lets one bundled schema `$ref` another by file name, e.g. "common.schema.json#/...".

    Only bundled files are reachable: nothing is ever fetched from the network.
    """
    import referencing.exceptions
    import referencing.jsonschema
    name = uri.rstrip("/").rsplit("/", 1)[-1]
    if not name.endswith(_SUFFIX):
        raise referencing.exceptions.NoSuchResource(ref=uri)
    try:
        contents = load_schema(name[: -len(_SUFFIX)])
    except FileNotFoundError:
        raise referencing.exceptions.NoSuchResource(ref=uri) from None
    return referencing.Resource.from_contents(
        contents, default_specification=referencing.jsonschema.DRAFT7
    )


@functools.lru_cache(maxsize=1)
def _registry() -> referencing.Registry:
    import referencing
    return referencing.Registry(retrieve=_retrieve)


@functools.lru_cache(maxsize=None)
def _validator(name: str) -> Draft7Validator:
    from jsonschema import Draft7Validator
    return Draft7Validator(load_schema(name), registry=_registry())


def validate(doc: Document, schema_name: str) -> list[Problem]:
    """Every problem the bundled schema `schema_name` finds in `doc`, in file order (none at
    once for a document that already passed unchanged: engine/files/schema_cache.py)."""
    key = schema_cache.fingerprint(schema_name, _string_keys(doc.data))
    if schema_cache.passed(key, doc.source):
        return []
    problems = _problems(doc, _validator(schema_name))
    if not problems:
        schema_cache.remember(key)
    return problems


def check(doc: Document, schema_name: str) -> None:
    """Raise DataError listing every schema problem in `doc`; return quietly if there are none."""
    problems = validate(doc, schema_name)
    if problems:
        raise DataError(problems)


def problems_from_schema(doc: Document, schema: dict) -> list[Problem]:
    """Every problem `schema` (draft-07, given directly) finds in `doc`, in file order."""
    from jsonschema import Draft7Validator
    return _problems(doc, Draft7Validator(schema, registry=_registry()))


def _problems(doc: Document, validator: Draft7Validator) -> list[Problem]:
    # JSON Schema only knows string keys (and patternProperties would crash on an int key),
    # so validate a copy whose keys are strings and map paths back to the real keys.
    instance = _string_keys(doc.data)
    found: dict[tuple, Problem] = {}
    for error in validator.iter_errors(instance):
        for problem in Converter(doc, instance).convert(error):
            found.setdefault((problem.line, problem.col, problem.message), problem)
    return sorted(found.values(), key=lambda p: (p.line, p.col, p.message))


def _string_keys(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _string_keys(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_string_keys(v) for v in value]
    return value
