"""Argument errors in words an agent can act on: the parameter, the expected type, what was given.

The argument models are pydantic models, but what pydantic says (its messages, its model names, its
documentation URLs) never reaches a client: each error is rewritten from the parameter's own JSON
schema, the same schema the tool listing shows.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import ValidationError

from apps.core.errors import ActionError, ErrorKind
from apps.core.safe_values import printable, text_problem

FORMATS = {
    "date-time": "a date-time in ISO 8601 (like 2026-03-02T09:30:00Z)",
    "date": "a date YYYY-MM-DD",
    "email": "an e-mail address",
    "time": "a time HH:MM",
}
TYPES = {
    "string": "text",
    "integer": "an integer",
    "number": "a number",
    "boolean": "true or false",
    "object": "an object",
    "null": "null",
}


def expected(schema: dict[str, Any]) -> str:
    """What a parameter accepts, from its JSON schema, in words ("an integer from 1 to 3")."""
    if "enum" in schema:
        return "one of " + ", ".join(json.dumps(v) for v in schema["enum"] if v is not None)
    if "anyOf" in schema:
        options = [o for o in schema["anyOf"] if o != {"type": "null"}]
        return " or ".join(dict.fromkeys(expected(option) for option in options))
    kinds = schema.get("type", [])
    kinds = [k for k in ([kinds] if isinstance(kinds, str) else kinds) if k != "null"]
    words = []
    for kind in kinds or ["string"]:
        if kind == "array":
            words.append("a list of " + _plural(expected(schema.get("items", {}))))
        elif kind == "string" and schema.get("format") in FORMATS:
            words.append(FORMATS[schema["format"]])
        else:
            words.append(TYPES.get(kind, kind))
    text = " or ".join(words) + _bounds(schema)
    return text


def _plural(text: str) -> str:
    for article in ("an ", "a "):
        if text.startswith(article):
            return text[len(article) :].replace("integer", "integers", 1).replace("number", "numbers", 1)
    return text


def _bounds(schema: dict[str, Any]) -> str:
    low, high = schema.get("minimum"), schema.get("maximum")
    parts = []
    if low is not None and high is not None:
        parts.append(f" from {low} to {high}")
    elif low is not None:
        parts.append(f" of at least {low}")
    elif high is not None:
        parts.append(f" of at most {high}")
    if schema.get("maxLength") is not None:
        parts.append(f" of at most {schema['maxLength']:,} characters")
    if schema.get("minLength"):
        parts.append(f" of at least {schema['minLength']} character(s)")
    if schema.get("pattern"):
        parts.append(f" matching the pattern {schema['pattern']}")
    return "".join(parts)


def _shown(value: Any) -> str:
    if isinstance(value, str) and len(value) > 60:
        return f"{len(value):,} characters"
    try:
        text = printable(json.dumps(value, ensure_ascii=False, default=str))
    except (TypeError, ValueError):
        text = type(value).__name__
    return text if len(text) <= 60 else "a value too long to show"


def _message(path: str, kind: str, schema: dict[str, Any], err: dict[str, Any]) -> str:
    """The words for one failed parameter: what it accepts (from its schema) and what was given."""
    given = err.get("input")
    if err["type"] == "string_unicode" and isinstance(given, str):  # a lone surrogate: not Unicode text
        return f"{path} {text_problem(given) or 'is not valid Unicode text'}"
    want = expected(schema) if schema else "a valid value"
    if kind == ErrorKind.REQUIRED:
        return f"{path} is required: give {want}"
    limit = (err.get("ctx") or {}).get("max_length")
    if kind == ErrorKind.TOO_LONG and limit is not None and "maxLength" not in schema:
        want += f" of at most {limit:,} characters"  # the engine's bound on every text, beyond the schema's
    return f"{path} must be {want} (got {_shown(given)})"


def _resolved(schema: dict[str, Any], defs: dict[str, Any]) -> dict[str, Any]:
    """`schema` with a `$ref` to the tool's `$defs` followed, and an optional one's non-null option."""
    if "$ref" in schema:
        schema = defs.get(schema["$ref"].rsplit("/", 1)[-1], {})
    options = [o for o in schema.get("anyOf", ()) if o != {"type": "null"}]
    if len(options) == 1:
        return _resolved(options[0], defs)
    return schema


def _locate(
    properties: dict[str, Any], loc: tuple[Any, ...], defs: dict[str, Any] | None = None
) -> tuple[str, dict[str, Any]]:
    """The parameter path (`state[0]`, `paragraphs[0].color`) of an error location and the schema there
    (union tags skipped, objects' `$ref`s followed)."""
    defs = defs or {}
    if not loc or not isinstance(loc[0], str) or loc[0] not in properties:
        return (str(loc[0]) if loc else "input"), {}
    path, schema = loc[0], properties[loc[0]]
    for part in loc[1:]:
        inner = _resolved(schema, defs)
        if isinstance(part, int) and "items" in inner:
            path, schema = f"{path}[{part}]", inner["items"]
        elif isinstance(part, int):
            path = f"{path}[{part}]"
        elif part in inner.get("properties", {}):
            path, schema = f"{path}.{part}", inner["properties"][part]
    return path, _resolved(schema, defs) if "$ref" in schema else schema


def _kind(error_type: str) -> str:
    if error_type == "missing":
        return ErrorKind.REQUIRED
    if error_type in ("literal_error", "enum"):
        return ErrorKind.INVALID_CHOICE
    if error_type == "string_too_long":
        return ErrorKind.TOO_LONG
    if error_type.endswith(("_type", "_parsing")) or error_type in ("is_instance_of", "model_type"):
        return ErrorKind.INVALID_TYPE
    return ErrorKind.INVALID_VALUE


def argument_error(
    exc: ValidationError, properties: dict[str, Any], defs: dict[str, Any] | None = None
) -> ActionError:
    """The failed validation as one ActionError: each bad parameter, with what it expects, is one of
    its `failures` (in the order of the parameters), all of them joined in its message."""
    failures: dict[str, ActionError] = {}
    for err in exc.errors(include_url=False):
        path, schema = _locate(properties, tuple(err["loc"]), defs)
        if path in failures:
            continue
        kind = _kind(err["type"])
        if kind == ErrorKind.INVALID_CHOICE and not isinstance(err.get("input"), str | int | float):
            kind = ErrorKind.INVALID_TYPE  # a list or an object where one value of a picklist belongs
        text = _message(path, kind, schema, err)
        field = str(err["loc"][0]) if err["loc"] else None
        failures[path] = ActionError(text, field=field, code=kind)
    if not failures:
        return ActionError("invalid arguments", code=ErrorKind.INVALID_VALUE)
    return ActionError.several(list(failures.values()))
