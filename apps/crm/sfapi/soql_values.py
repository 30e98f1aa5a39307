"""SOQL values: the date literals as ranges of days, literals checked against the field's type, and
column values as the REST API returns them.

Date literals follow Salesforce's "Date Formats and Date Literals" (the org's week starts on Sunday, its
fiscal year in January, so fiscal periods are calendar ones): `LAST_N_DAYS:n` is today and the n days
before, `NEXT_N_DAYS:n` the n days after today, `N_DAYS_AGO:n` one day; weeks, months, quarters and
years alike. A literal is a half-open range [start, end) of dates, compared as the documentation says:
`= THIS_QUARTER` inside it, `> THIS_QUARTER` after it, `<= THIS_QUARTER` up to its end.
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta
from typing import Any

from apps.core.errors import ActionError
from apps.crm.fields import FieldSpec
from apps.crm.ids import canonical_id
from apps.crm.sfapi.soql_syntax import Value

TEXT_TYPES = {"string", "textarea", "phone", "email", "url", "picklist", "multipicklist", "combobox"}
NUMBER_TYPES = {"currency", "double", "percent", "int"}
ID_TYPES = {"id", "reference"}


def _month_start(d: date, months: int = 0) -> date:
    index = d.year * 12 + d.month - 1 + months
    return date(index // 12, index % 12 + 1, 1)


def _quarter_start(d: date, quarters: int = 0) -> date:
    return _month_start(date(d.year, (d.month - 1) // 3 * 3 + 1, 1), 3 * quarters)


def _span(unit: str, today: date, start_offset: int, count: int) -> tuple[date, date]:
    """`count` whole units starting `start_offset` units from the current one."""
    if unit == "DAY":
        start = today + timedelta(days=start_offset)
        return start, start + timedelta(days=count)
    if unit == "WEEK":
        sunday = today - timedelta(days=(today.weekday() + 1) % 7)
        start = sunday + timedelta(weeks=start_offset)
        return start, start + timedelta(weeks=count)
    if unit == "MONTH":
        return _month_start(today, start_offset), _month_start(today, start_offset + count)
    if unit == "QUARTER":
        return _quarter_start(today, start_offset), _quarter_start(today, start_offset + count)
    start = date(today.year + start_offset, 1, 1)
    return start, date(start.year + count, 1, 1)


UNITS = {"DAY": "DAY", "DAYS": "DAY", "WEEK": "WEEK", "WEEKS": "WEEK", "MONTH": "MONTH", "MONTHS": "MONTH",
         "QUARTER": "QUARTER", "QUARTERS": "QUARTER", "YEAR": "YEAR", "YEARS": "YEAR"}  # fmt: skip
FIXED = {"YESTERDAY": ("DAY", -1), "TODAY": ("DAY", 0), "TOMORROW": ("DAY", 1)}
LITERAL = re.compile(r"^(LAST|THIS|NEXT|N)_(?:(N)_)?(FISCAL_)?([A-Z]+?)(?:_AGO)?$")


def date_range(literal: str, n: int | None, today: date) -> tuple[date, date] | None:
    """The [start, end) dates of a date literal, or None when `literal` is not one."""
    if literal in FIXED and n is None:
        unit, offset = FIXED[literal]
        return _span(unit, today, offset, 1)
    if literal in ("LAST_90_DAYS", "NEXT_90_DAYS") and n is None:
        literal, n = literal.replace("90", "N"), 90
    m = LITERAL.match(literal)
    if not m:
        return None
    where, has_n, _fiscal, unit_word = m.groups()
    unit = UNITS.get(unit_word)
    if unit is None or bool(has_n or where == "N") != (n is not None):
        return None
    if where == "THIS":
        return _span(unit, today, 0, 1)
    if where == "N":  # N_DAYS_AGO:n, N_MONTHS_AGO:n ...
        return _span(unit, today, -n, 1) if literal.endswith("_AGO") else None
    if not has_n:  # LAST_WEEK, NEXT_QUARTER ...
        return _span(unit, today, -1 if where == "LAST" else 1, 1)
    if unit == "DAY":  # LAST_N_DAYS:n includes today; NEXT_N_DAYS:n starts tomorrow
        return (today - timedelta(days=n), today + timedelta(days=1)) if where == "LAST" else (
            today + timedelta(days=1), today + timedelta(days=n + 1))  # fmt: skip
    return _span(unit, today, -n, n) if where == "LAST" else _span(unit, today, 1, n)


def bad_value(spec: FieldSpec, value: Value, reason: str) -> ActionError:
    shown = value.value if value.kind != "literal" else value.value + (f":{value.n}" if value.n else "")
    return ActionError(
        f"value of filter criterion for field '{spec.api}' must be of type {reason}: {shown!r}",
        field="q",
        code="INVALID_QUERY_FILTER_OPERATOR" if value.kind == "literal" else "MALFORMED_QUERY",
    )


def stored_datetime(text: str) -> str:
    """A SOQL date-time literal as the columns store it (UTC, 'YYYY-MM-DD HH:MM:SS.ffffff')."""
    stamp = datetime.fromisoformat(text.replace("Z", "+00:00"))
    if stamp.utcoffset():
        stamp = stamp - stamp.utcoffset()
    return stamp.replace(tzinfo=None).strftime("%Y-%m-%d %H:%M:%S.%f")


def literal(spec: FieldSpec, value: Value) -> Any:
    """The SQL parameter for `value` compared with `spec` (a type mismatch is refused as Salesforce does)."""
    kind, kind_of = value.kind, spec.type
    if kind == "null":
        return None
    if kind_of in ID_TYPES:
        if kind != "string":
            raise bad_value(spec, value, "id and should be enclosed in quotes")
        return canonical_id(value.value) or value.value
    if kind_of in TEXT_TYPES:
        if kind != "string":
            raise bad_value(spec, value, "string and should be enclosed in quotes")
        return value.value
    if kind_of in NUMBER_TYPES:
        if kind != "number":
            raise bad_value(
                spec, value, f"{'int' if kind_of == 'int' else 'double'} and should not be quoted"
            )
        return value.value
    if kind_of == "boolean":
        if kind != "bool":
            raise bad_value(spec, value, "boolean (TRUE or FALSE) and should not be quoted")
        return 1 if value.value else 0
    if kind_of == "date":
        if kind != "date":
            raise bad_value(spec, value, "date and should not be enclosed in quotes")
        return value.value
    if kind_of == "datetime":
        if kind != "datetime":
            raise bad_value(spec, value, "dateTime and should not be enclosed in quotes")
        return stored_datetime(value.value)
    return value.value


def range_bounds(spec: FieldSpec, start: date, end: date) -> tuple[str, str]:
    """A date range as parameters for the field's column (dates, or UTC date-times)."""
    if spec.type == "datetime":
        return f"{start.isoformat()} 00:00:00.000000", f"{end.isoformat()} 00:00:00.000000"
    return start.isoformat(), end.isoformat()


def api_value(spec_type: str, value: Any) -> Any:
    """A column's value as the REST API returns it (booleans true/false, date-times with +0000)."""
    if value is None:
        return None
    if spec_type == "boolean":
        return bool(value)
    if spec_type == "datetime" and isinstance(value, str):
        head = value.replace("T", " ")[:23].ljust(23, "0")
        return head[:10] + "T" + head[11:19] + "." + head[20:23] + "+0000"
    if spec_type in ("currency", "double", "percent") and isinstance(value, int | float):
        return float(value)
    if spec_type == "int" and isinstance(value, float) and value.is_integer():
        return int(value)
    return value
