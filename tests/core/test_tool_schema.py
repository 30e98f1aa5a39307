"""Simplified tool schemas accept exactly the instances the originals accept."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

import jsonschema
import pytest
from pydantic import BaseModel, Field

from apps.core.tool_schema import simplify


class Inner(BaseModel):
    code: str


class Sample(BaseModel):
    name: str
    phone: str | None = None
    seen: datetime | None = None
    count: int | None = Field(default=None, ge=0, le=10)
    tags: list[str] | None = None
    stage: Literal["Open", "Closed"] | None = None  # enum: must keep its null branch
    inner: Inner | None = None  # a $ref: left as it is


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
    {"name": "a", "inner": {"code": "c"}},
    {"phone": "555"},
]


def test_nullable_any_of_becomes_a_type_list():
    schema = simplify(Sample.model_json_schema())
    props = schema["properties"]
    assert props["phone"]["type"] == ["string", "null"] and "anyOf" not in props["phone"]
    assert props["count"] == {**props["count"], "type": ["integer", "null"], "minimum": 0, "maximum": 10}
    assert props["tags"]["type"] == ["array", "null"] and props["tags"]["items"] == {"type": "string"}
    assert "anyOf" in props["stage"] and "anyOf" in props["inner"]  # not rewritable without changing meaning


@pytest.mark.parametrize("instance", INSTANCES)
def test_simplified_schema_accepts_exactly_what_the_original_accepts(instance):
    original = Sample.model_json_schema()
    simple = simplify(original)
    checker = jsonschema.FormatChecker()
    before = jsonschema.Draft202012Validator(original, format_checker=checker).is_valid(instance)
    after = jsonschema.Draft202012Validator(simple, format_checker=checker).is_valid(instance)
    assert before == after


def test_simplify_leaves_its_input_untouched_and_non_schemas_alone():
    original = Sample.model_json_schema()
    copy = simplify(original)
    assert "anyOf" in original["properties"]["phone"] and copy is not original
    assert simplify([1, "x", None]) == [1, "x", None]
