"""What a tool's input schema says about each parameter beyond its type.

- The description comes from the service docstring's `Args:` section (Google style, parsed with
  `docstring_parser`), so the one text an engineer writes is what every surface shows.
- A restricted picklist is declared on the parameter with `Choices(values)`: its schema gets `enum`
  (with null when the parameter is optional). An open picklist uses `Examples(values)`: `examples`.
- `Format("email")` (or "date", "date-time") marks text that must look like one; `Range(1, 200)` shows
  the bounds a service checks itself, `TextRule(max_length, pattern)` a text rule it checks itself;
  pydantic's own `Field(ge=..., le=..., max_length=...)` gives ranges and lengths validated by the
  engine as well as shown.

    impact: Annotated[int, Field(ge=1, le=3), Choices(c.IMPACTS)] = 3
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import docstring_parser


class _SchemaMark:
    """An `Annotated` marker that edits the parameter's JSON schema (its subclass's `edit`), never
    its validation."""

    def __get_pydantic_json_schema__(self, core_schema: Any, handler: Any) -> dict[str, Any]:
        schema = handler(core_schema)
        self.edit(schema)  # type: ignore[attr-defined]
        return schema


def _values(values: Iterable[Any] | Mapping[Any, Any]) -> list[Any]:
    return list(values.keys() if isinstance(values, Mapping) else values)


class Choices(_SchemaMark):
    """A restricted picklist: `enum` of these values (a mapping's keys), null too when optional."""

    def __init__(self, values: Iterable[Any] | Mapping[Any, Any]):
        self.values = _values(values)

    def edit(self, schema: dict[str, Any]) -> None:
        nullable = any(option == {"type": "null"} for option in schema.get("anyOf", ()))
        if schema.get("type") == "array" or "items" in schema:
            schema.setdefault("items", {})["enum"] = self.values
            return
        for option in schema.get("anyOf", ()):
            if option.get("type") == "array":
                option.setdefault("items", {})["enum"] = self.values
                return
        schema["enum"] = [*self.values, None] if nullable else list(self.values)


class Examples(_SchemaMark):
    """An open picklist: these values are usual, others are accepted."""

    def __init__(self, values: Iterable[Any] | Mapping[Any, Any]):
        self.values = _values(values)

    def edit(self, schema: dict[str, Any]) -> None:
        schema["examples"] = self.values


class Format(_SchemaMark):
    """Text in a JSON Schema `format` ("email", "date", "date-time"), on the text option(s)."""

    def __init__(self, name: str):
        self.name = name

    def edit(self, schema: dict[str, Any]) -> None:
        targets = [o for o in schema.get("anyOf", ()) if o.get("type") in ("string", "array")] or [schema]
        for target in targets:
            inner = target.get("items", target) if target.get("type") == "array" else target
            inner["format"] = self.name


class Range(_SchemaMark):
    """A number's bounds in the schema (`minimum`/`maximum`), for a range the service checks itself with
    a message naming the meaning of the values."""

    def __init__(self, low: float | None = None, high: float | None = None):
        self.low, self.high = low, high

    def edit(self, schema: dict[str, Any]) -> None:
        targets = [o for o in schema.get("anyOf", ()) if o.get("type") in ("integer", "number")] or [schema]
        for target in targets:
            if self.low is not None:
                target["minimum"] = self.low
            if self.high is not None:
                target["maximum"] = self.high


class TextRule(_SchemaMark):
    """A text's `maxLength` and `pattern` in the schema, for a rule the service checks itself (so the
    refusal carries the product's code and wording)."""

    def __init__(self, max_length: int | None = None, pattern: str | None = None):
        self.max_length, self.pattern = max_length, pattern

    def edit(self, schema: dict[str, Any]) -> None:
        targets = [o for o in schema.get("anyOf", ()) if o.get("type") == "string"] or [schema]
        for target in targets:
            if self.max_length is not None:
                target["maxLength"] = self.max_length
            if self.pattern is not None:
                target["pattern"] = self.pattern


def param_docs(docstring: str) -> dict[str, str]:
    """Each parameter's description from a Google-style docstring's `Args:` section."""
    parsed = docstring_parser.parse(docstring, style=docstring_parser.DocstringStyle.GOOGLE)
    return {p.arg_name: " ".join((p.description or "").split()) for p in parsed.params if p.description}
