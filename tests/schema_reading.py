"""Reading tool schemas in tests: a nullable property is `anyOf: [T, {"type": "null"}]` (the portable
spelling, apps/core/tool_schema.py); tests that check T's constraints read its T branch."""

from __future__ import annotations

from typing import Any

NULL = {"type": "null"}


def plain(prop: dict[str, Any]) -> dict[str, Any]:
    """`prop` with its one non-null `anyOf` branch merged in (a property that is not nullable as it is)."""
    branches = [b for b in prop.get("anyOf", []) if b != NULL]
    return {**prop, **branches[0]} if len(branches) == 1 and NULL in prop["anyOf"] else prop


def plain_properties(schema: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Every property of an input schema, read by `plain`."""
    return {name: plain(prop) for name, prop in (schema.get("properties") or {}).items()}
