"""Schema errors in a person's words: each jsonschema error becomes short Problems at the line
and column of the offending value or key, with a did-you-mean hint where a typo is the likely
cause, and values shown as they are written in YAML, never as Python reprs.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Sequence

from rootlaw.errors import Problem

from .documents import Document

if TYPE_CHECKING:  # jsonschema is imported only when a document is checked: most starts skip it
    from jsonschema.exceptions import ValidationError


class Converter:
    """Turns one jsonschema error into Problems placed in one document."""

    def __init__(self, doc: Document, instance: Any):
        self.doc = doc
        self.instance = instance

    # -- positions ---------------------------------------------------------------------

    def real_path(self, path: Iterable[Any]) -> tuple:
        """The document path for a path into the string-keyed copy (int keys restored)."""
        result: list[Any] = []
        node = self.doc.data
        for step in path:
            if isinstance(node, dict):
                if step not in node:
                    step = next((k for k in node if str(k) == step), step)
                node = node.get(step)
            elif isinstance(node, list) and isinstance(step, int) and 0 <= step < len(node):
                node = node[step]
            else:
                node = None
            result.append(step)
        return tuple(result)

    def at(self, path: Sequence[Any], message: str, hint: str | None = None,
           *, at_key: bool = False) -> Problem:
        return self.doc.problem(path, _lower_first(message), hint, at_key=at_key)

    # -- dispatch ----------------------------------------------------------------------

    def convert(self, error: ValidationError, depth: int = 0) -> list[Problem]:
        path = self.real_path(error.absolute_path)
        keyword = error.validator
        handler = getattr(self, f"_{keyword}", None) if isinstance(keyword, str) else None
        if keyword in _BOUNDS:
            handler = self._bound
        if keyword in ("oneOf", "anyOf"):
            return self._choice(error, path, depth)
        if keyword is None:
            return [self._false_schema(error, path)]
        problems: list[Problem] = []
        if handler is not None:
            result = handler(error, path)
            if result is not None:
                problems = result if isinstance(result, list) else [result]
        if not problems:
            problems = [self.at(path, _generic_message(error))]
        if "propertyNames" in error.absolute_schema_path and isinstance(error.instance, str):
            problems = [self._at_key_name(p, path, error.instance) for p in problems]
        return problems

    def _at_key_name(self, problem: Problem, path: tuple, name: str) -> Problem:
        """propertyNames errors arrive at the mapping's path; move them onto the bad key."""
        real = self.real_path(path + (name,))
        line, col = self.doc.key_where(real)
        return Problem(problem.file, line, col, f"key {problem.message}", problem.hint)

    def _choice(self, error: ValidationError, path: tuple, depth: int) -> list[Problem]:
        if error.context and all(e.validator == "required" for e in error.context) \
                and isinstance(error.instance, dict):
            # one of several keys is wanted: name them all, with what the schema says they are for
            keys = [k for e in error.context for k in e.validator_value if k not in error.instance]
            hint = error.schema.get("description") if isinstance(error.schema, dict) else None
            return [self.at(path, "missing key " + " or ".join(f"'{k}'" for k in dict.fromkeys(keys)), hint)]
        if error.context and depth < 20:
            best = _best_alternative(error.context)
            if best is not None:
                return self.convert(best, depth + 1)
        if error.validator == "oneOf":
            return [self.at(path, f"{_kind(error.instance)} matches more than one allowed form",
                            "make the value fit exactly one of the forms the schema allows")]
        return [self.at(path, f"{_kind(error.instance)} does not fit any allowed form")]

    # -- one method per keyword (named _<keyword>) --------------------------------------

    def _additionalProperties(self, error: ValidationError, path: tuple) -> list[Problem] | None:
        instance, schema = error.instance, error.schema
        if not isinstance(instance, dict) or not isinstance(schema, dict):
            return None
        allowed = [k for k in schema.get("properties", {})]
        patterns = list(schema.get("patternProperties", {}))
        extras = [
            k for k in instance
            if k not in allowed and not any(re.search(p, k) for p in patterns)
        ]
        problems = []
        for key in extras:
            real = self.real_path(tuple(error.absolute_path) + (key,))
            problems.append(self.at(real, f"unknown key {_show_key(real[-1])}",
                                    _key_hint(key, allowed, patterns), at_key=True))
        return problems or None

    def _required(self, error: ValidationError, path: tuple) -> list[Problem] | None:
        if not isinstance(error.instance, dict):
            return None
        missing = [k for k in error.validator_value if k not in error.instance]
        return [self.at(path, f"missing required key '{k}'") for k in missing] or None

    def _enum(self, error: ValidationError, path: tuple) -> Problem:
        options = list(error.validator_value)
        listed = _list_options(options)
        if isinstance(error.instance, (dict, list)):
            return self.at(path, f"expected one of {listed}, found {_kind(error.instance)}")
        hint = None
        if isinstance(error.instance, str):
            words = [o for o in options if isinstance(o, str)]
            import difflib  # only for a mistake's hint: not imported at start
            close = difflib.get_close_matches(error.instance, words, n=1, cutoff=0.6)
            if close:
                hint = f"did you mean '{close[0]}'?"
            else:
                lowered = {w.lower(): w for w in words}
                if error.instance.lower() in lowered:
                    hint = f"did you mean '{lowered[error.instance.lower()]}'?"
        return self.at(path, f"{_show(error.instance)} is not one of {listed}", hint)

    def _const(self, error: ValidationError, path: tuple) -> Problem:
        return self.at(path, f"expected {_show(error.validator_value)}, "
                             f"found {_show(error.instance)}")

    def _type(self, error: ValidationError, path: tuple) -> Problem:
        wanted = error.validator_value
        wanted = [wanted] if isinstance(wanted, str) else list(wanted)
        names = " or ".join(_TYPE_NAMES.get(t, t) for t in wanted)
        value = error.instance
        hint = None
        if isinstance(value, str):
            if "boolean" in wanted and value.lower() in _YAML11_BOOLS:
                hint = "write true or false; yes/no/on/off are read as text"
            elif "integer" in wanted and re.fullmatch(r"[-+]?[0-9]+", value.strip()):
                hint = "remove the quotes around the number"
            elif "number" in wanted and _looks_like_number(value):
                hint = "remove the quotes around the number"
        elif "string" in wanted and not isinstance(value, (dict, list)) and value is not None:
            hint = "put quotes around the value to make it text"
        elif value is None and "null" not in wanted:
            hint = ("the file is empty" if not path
                    else "the value is empty; write one after the ':' or remove the key")
        if not path and value is not None:
            # the whole file is of the wrong kind: not a rootlaw file, so quote none of it
            found = _kind(value).split(" (")[0]
            return self.at(path, f"expected {names}, found {found}", "is this a rootlaw file?")
        return self.at(path, f"expected {names}, found {_kind(value)}", hint)

    def _bound(self, error: ValidationError, path: tuple) -> Problem:
        """minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf: one phrase each."""
        return self.at(path, f"expected {_BOUNDS[error.validator]} {_show(error.validator_value)}, "
                             f"found {_show(error.instance)}")

    def _minLength(self, error: ValidationError, path: tuple) -> Problem:
        n = error.validator_value
        if n == 1:
            return self.at(path, "expected some text, found an empty string")
        return self.at(path, f"expected at least {n} characters, found {_show(error.instance)}")

    def _maxLength(self, error: ValidationError, path: tuple) -> Problem:
        n = error.validator_value
        return self.at(path, f"expected at most {n} characters, found {len(error.instance)}")

    def _pattern(self, error: ValidationError, path: tuple) -> Problem:
        description = error.schema.get("description") if isinstance(error.schema, dict) else None
        return self.at(path, f"{_show(error.instance)} does not have the expected form "
                             f"(pattern {error.validator_value})", description)

    def _minItems(self, error: ValidationError, path: tuple) -> Problem:
        return self.at(path, f"expected at least {_count(error.validator_value, 'item')}, "
                             f"found {len(error.instance)}")

    def _maxItems(self, error: ValidationError, path: tuple) -> Problem:
        return self.at(path, f"expected at most {_count(error.validator_value, 'item')}, "
                             f"found {len(error.instance)}")

    def _uniqueItems(self, error: ValidationError, path: tuple) -> Problem:
        items = error.instance if isinstance(error.instance, list) else []
        for i, item in enumerate(items):
            for j in range(i):
                if _same(items[j], item):
                    return self.at(path + (i,), f"{_show(item)} is repeated "
                                                f"(also item {j + 1} of the list)",
                                   "each item of this list must be different")
        return self.at(path, "the items of this list must all be different")

    def _minProperties(self, error: ValidationError, path: tuple) -> Problem:
        return self.at(path, f"expected at least {_count(error.validator_value, 'key')}, "
                             f"found {len(error.instance)}")

    def _maxProperties(self, error: ValidationError, path: tuple) -> Problem:
        return self.at(path, f"expected at most {_count(error.validator_value, 'key')}, "
                             f"found {len(error.instance)}")

    def _dependencies(self, error: ValidationError, path: tuple) -> list[Problem] | None:
        instance = error.instance
        if not isinstance(instance, dict):
            return None
        problems = []
        for key, needs in error.validator_value.items():
            if key in instance and isinstance(needs, list):
                for other in needs:
                    if other not in instance:
                        real = self.real_path(tuple(error.absolute_path) + (key,))
                        problems.append(self.at(real, f"key '{key}' needs key '{other}' as well",
                                                at_key=True))
        return problems or None

    def _not(self, error: ValidationError, path: tuple) -> Problem:
        return self.at(path, f"{_show(error.instance)} is not allowed here")

    def _contains(self, error: ValidationError, path: tuple) -> Problem:
        return self.at(path, "none of the items in this list is of the required kind")

    def _false_schema(self, error: ValidationError, path: tuple) -> Problem:
        # jsonschema drops the path step when a subschema is `false`; find the entry by identity.
        container = self._value_at(error.absolute_path)
        if isinstance(container, dict):
            keys = [k for k, v in container.items() if v is error.instance]
            if len(keys) == 1:
                real = self.real_path(tuple(error.absolute_path) + (keys[0],))
                return self.at(real, f"key {_show_key(real[-1])} is not allowed here",
                               at_key=True)
        if isinstance(container, list):
            indexes = [i for i, v in enumerate(container) if v is error.instance]
            if len(indexes) == 1:
                return self.at(path + (indexes[0],), "no item is allowed at this place")
        return self.at(path, f"{_show(error.instance)} is not allowed here")

    def _value_at(self, path: Iterable[Any]) -> Any:
        node = self.instance
        for step in path:
            try:
                node = node[step]
            except (KeyError, IndexError, TypeError):
                return None
        return node


def _best_alternative(context: list[ValidationError]) -> ValidationError | None:
    """The sub-error of a failed oneOf/anyOf most worth showing.

    best_match alone prefers the shallowest error, which is usually "expected an integer,
    found a mapping" from an alternative that was never meant. So first drop the
    alternatives whose own type does not fit the value, when any alternative does fit.
    """
    wrong_type = {
        e.relative_schema_path[0]
        for e in context
        if e.validator == "type" and not e.relative_path and e.relative_schema_path
    }
    fitting = [e for e in context if e.relative_schema_path
               and e.relative_schema_path[0] not in wrong_type]
    from jsonschema.exceptions import best_match
    return best_match(fitting or context)


# -- wording helpers ---------------------------------------------------------------------

_TYPE_NAMES = {
    "object": "a mapping",
    "array": "a list",
    "string": "a string",
    "integer": "an integer",
    "number": "a number",
    "boolean": "true or false",
    "null": "null",
}

_YAML11_BOOLS = {"yes", "no", "on", "off", "y", "n"}


def _lower_first(message: str) -> str:
    if len(message) > 1 and message[0].isupper() and message[1].islower():
        return message[0].lower() + message[1:]
    return message


def _short(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _show(value: Any) -> str:
    """A value as a person would write it in YAML; containers are named, never dumped."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, str):
        return f"'{_short(value)}'"
    if isinstance(value, (int, float)):
        return _short(str(value))
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return _short(str(value))


def _show_key(key: Any) -> str:
    return f"'{_short(key)}'" if isinstance(key, str) else str(key)


def _kind(value: Any) -> str:
    """What was found, e.g. "a string ('x')" or "a list"."""
    if isinstance(value, bool):
        return f"a boolean ({_show(value)})"
    if value is None:
        return "nothing (null)"
    if isinstance(value, str):
        return f"a string ({_show(value)})"
    if isinstance(value, int):
        return f"an integer ({_show(value)})"
    if isinstance(value, float):
        return f"a number ({_show(value)})"
    return _show(value)


def _list_options(options: list[Any], limit: int = 12) -> str:
    words = [o if isinstance(o, str) else _show(o) for o in options]
    if len(words) > limit:
        return ", ".join(words[:limit]) + f", … ({len(words) - limit} more)"
    return ", ".join(words)


def _key_hint(key: str, allowed: list[str], patterns: list[str]) -> str | None:
    import difflib  # only for a mistake's hint: not imported at start
    close = difflib.get_close_matches(key, allowed, n=1, cutoff=0.6)
    if close:
        return f"did you mean '{close[0]}'?"
    if allowed:
        return f"allowed keys: {_list_options(allowed, limit=30)}"
    if patterns:
        return f"keys here must match {' or '.join(patterns)}"
    return "this mapping takes no keys"


def _count(n: Any, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _looks_like_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _same(a: Any, b: Any) -> bool:
    """JSON equality: true is not 1, unlike in Python."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    return a == b


# numeric keywords and how their failure reads: "expected at least 1, found 0"
_BOUNDS = {"minimum": "at least", "maximum": "at most", "exclusiveMinimum": "more than",
           "exclusiveMaximum": "less than", "multipleOf": "a multiple of"}


def _generic_message(error: ValidationError) -> str:
    """jsonschema's message for keywords we have no wording for, minus any Python repr."""
    message = error.message
    for value in (error.instance, error.validator_value):
        text = repr(value)
        if text in message:
            message = message.replace(text, _show(value))
    message = message.splitlines()[0] if message else "is not valid"
    return _short(_lower_first(message), 160)
