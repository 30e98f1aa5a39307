"""Portable tool schemas accept exactly the instances the originals accept, with no type array and no
untyped subschema left (the two spellings clients and model APIs reject)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

import jsonschema
import pytest
from pydantic import BaseModel, Field

from apps.core.tool_schema import portable


class Inner(BaseModel):
    code: str
    extra: Any = None


class Sample(BaseModel):
    name: str
    phone: str | None = None
    seen: datetime | None = None
    count: int | None = Field(default=None, ge=0, le=10)
    tags: list[str] | None = None
    stage: Literal["Open", "Closed"] | None = None
    inner: Inner | None = None
    cells: list[list[Any]] = []
    value: Any = None


TYPE_LIST = {"type": "object", "properties": {"n": {"type": ["integer", "null"], "minimum": 1, "title": "N"}}}

INSTANCES = [
    {"name": "a"},
    {"name": "a", "phone": None, "seen": None, "count": None, "tags": None, "stage": None, "inner": None},
    {"name": "a", "phone": "555", "seen": "2026-01-01T00:00:00Z", "count": 3, "tags": ["x"], "stage": "Open"},
    {"name": "a", "phone": 5},
    {"name": "a", "count": 11},
    {"name": "a", "count": -1},
    {"name": "a", "count": "3"},
    {"name": "a", "tags": [1]},
    {"name": "a", "tags": "x"},
    {"name": "a", "stage": "Won"},
    {"name": "a", "inner": {"code": 1}},
    {"name": "a", "inner": {"code": "c", "extra": [1, {"x": None}]}},
    {"name": "a", "cells": [[1, "x", None, True, 2.5, {"a": 1}, [1]]]},
    {"name": "a", "cells": [1]},
    {"name": "a", "value": {"deep": [None]}},
    {"phone": "555"},
]


def _walk(node: Any, path: str = ""):
    if isinstance(node, dict):
        yield path, node
        for key, value in node.items():
            yield from _walk(value, f"{path}.{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _walk(value, f"{path}[{i}]")


def test_no_type_array_and_no_untyped_subschema_remain():
    schema = portable(Sample.model_json_schema())
    for path, node in _walk(schema):
        assert not isinstance(node.get("type"), list), path
    props = schema["properties"]
    assert props["phone"]["anyOf"] == [{"type": "string"}, {"type": "null"}]
    assert {"type": "integer", "minimum": 0, "maximum": 10} in props["count"]["anyOf"]
    assert {b["type"] for b in props["value"]["anyOf"]} == {
        "string",
        "number",
        "boolean",
        "object",
        "array",
        "null",
    }
    assert "anyOf" in props["cells"]["items"]["items"]
    assert "anyOf" in schema["$defs"]["Inner"]["properties"]["extra"]
    split = portable(TYPE_LIST)["properties"]["n"]
    assert split == {"title": "N", "anyOf": [{"type": "integer", "minimum": 1}, {"type": "null"}]}


@pytest.mark.parametrize("instance", INSTANCES)
def test_portable_schema_accepts_exactly_what_the_original_accepts(instance):
    for original in (Sample.model_json_schema(), {**TYPE_LIST, "properties": {**TYPE_LIST["properties"]}}):
        checker = jsonschema.FormatChecker()
        before = jsonschema.Draft202012Validator(original, format_checker=checker).is_valid(instance)
        after = jsonschema.Draft202012Validator(portable(original), format_checker=checker).is_valid(instance)
        assert before == after


@pytest.mark.parametrize("n", [None, 0, 1, 5, "1", 1.5])
def test_a_split_type_list_accepts_what_it_accepted(n):
    before = jsonschema.Draft202012Validator(TYPE_LIST).is_valid({"n": n})
    assert jsonschema.Draft202012Validator(portable(TYPE_LIST)).is_valid({"n": n}) == before


def test_portable_leaves_its_input_untouched_and_non_schemas_alone():
    original = Sample.model_json_schema()
    copy = portable(original)
    assert "anyOf" not in original["properties"]["value"] and copy is not original
    assert portable([1, "x", None]) == [1, "x", None]
