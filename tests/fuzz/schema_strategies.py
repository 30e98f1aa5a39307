"""Hypothesis strategies for a tool's arguments, drawn from its own JSON input schema: valid values,
boundary values and hostile ones (wrong types, huge strings, control characters, non-finite numbers,
out-of-range integers, unknown ids, unknown and missing arguments)."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

from hypothesis import strategies as st

PLAIN_TEXT = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), max_size=40)
HUGE = st.sampled_from([200_001, 1_000_000]).map(lambda n: "x" * n)
CONTROL = st.builds(
    lambda head, ch, tail: head + ch + tail,
    PLAIN_TEXT,
    st.sampled_from(["\x00", "\x01", "\x07", "\x08", "\x0b", "\x0c", "\x1b", "\x1f"]),
    PLAIN_TEXT,
)
NON_FINITE = st.sampled_from(["NaN", "nan", "Infinity", "-Infinity", "1e309", float("inf"), float("-inf")])
OUT_OF_RANGE = st.sampled_from([2**63, -(2**63) - 1, 2**64, 10**30])
UNKNOWN_ID = st.one_of(
    st.text("0123456789ABCDEFabcdef", min_size=18, max_size=18).map(lambda s: "001" + s[3:]),
    st.sampled_from(["INC9999999", "00Q000000000000AAA", "CHG0000000", "does-not-exist", "", " "]),
    st.uuids().map(str),
)
WRONG_TYPE = st.one_of(
    st.integers(-3, 3), st.booleans(), st.none(), st.lists(st.integers(), max_size=2), st.just({"a": 1})
)
INT_EDGES = [0, -1, 2**31, 2**63 - 1, -(2**63)]
FLOAT_EDGES = [0.0, -0.0, 1e-300, 1e300]
TEXT_EDGES = ["", " ", "a" * 255, "a" * 256, "O'Brien; DROP TABLE x--", "' OR 1=1--", "%", "_"]
HOSTILE = st.one_of(HUGE, CONTROL, NON_FINITE, OUT_OF_RANGE, UNKNOWN_ID, WRONG_TYPE)


def _types(prop: dict[str, Any]) -> list[str]:
    kind = prop.get("type")
    if isinstance(kind, list):
        return kind
    if kind:
        return [kind]
    return [t for sub in prop.get("anyOf", []) for t in _types(sub)] or ["string"]


def valid(prop: dict[str, Any], name: str = "") -> st.SearchStrategy:
    """Values of the property's own type, with its boundaries (0, -1, empty, 64-bit extremes)."""
    if "enum" in prop:
        return st.sampled_from(prop["enum"])
    if "anyOf" in prop:  # a nullable value's branches, each with its own format, items and bounds
        return st.one_of([valid(branch, name) for branch in prop["anyOf"]])
    options = []
    for kind in _types(prop):
        if kind == "null":
            options.append(st.none())
        elif kind == "boolean":
            options.append(st.booleans())
        elif kind == "integer":
            options.append(
                st.one_of(st.integers(-2, 250), st.sampled_from([0, -1, 2**31, 2**63 - 1, -(2**63)]))
            )
        elif kind == "number":
            options.append(
                st.floats(-1e9, 1e9, allow_nan=False) | st.sampled_from([0.0, -0.0, 1e-300, 1e300])
            )
        elif kind == "array":
            options.append(st.lists(valid(prop.get("items", {})), max_size=4))
        elif kind == "object":
            options.append(st.dictionaries(PLAIN_TEXT, PLAIN_TEXT, max_size=2))
        elif prop.get("format") == "date":
            options.append(st.dates(date(1990, 1, 1), date(2040, 12, 31)).map(date.isoformat))
        elif prop.get("format") == "date-time":
            moments = st.datetimes(datetime(1990, 1, 1), datetime(2040, 12, 31), timezones=st.just(UTC))
            options.append(moments.map(datetime.isoformat))
        else:
            options.append(
                PLAIN_TEXT | st.sampled_from(["", " ", "a" * 255, "a" * 256, "O'Brien; DROP TABLE x--"])
            )
    return st.one_of(options)


def arguments(schema: dict[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
    """A tool's argument dictionaries: every property optional (so required ones are sometimes
    missing), each value valid, boundary or hostile, and now and then an argument the tool lacks."""
    props = schema.get("properties", {})
    value = {name: st.one_of(valid(p, name), valid(p, name), HOSTILE) for name, p in props.items()}
    base = st.fixed_dictionaries({}, optional=value)
    return st.one_of(base, base, base, base.map(lambda d: {**d, "no_such_argument": 1}))
