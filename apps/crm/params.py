"""Argument types of the CRM tools: the schema says what the service enforces (lengths, picklists, ranges).

The limits come from `apps/crm/fields.py` and the values from `apps/crm/picklists.py`. They only shape
the JSON schema an agent reads (`maxLength`, `enum`, `minimum`, `format`); the services check the same
limits themselves, so a refusal carries Salesforce's error code (STRING_TOO_LONG,
INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST ...) on every surface, not a validation library's message.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Any

from pydantic import WithJsonSchema

from apps.crm import picklists as pl
from apps.crm.fields import length_of

ID_PATTERN = "^([a-zA-Z0-9]{15}([a-zA-Z0-9]{3})?)?$"  # "" clears an optional lookup


def text(object_name: str, column: str) -> Any:
    """A text argument stored in `object_name`.`column`, with that field's maximum length."""
    schema: dict[str, Any] = {"type": "string", "maxLength": length_of(object_name, column)}
    if column == "email":
        schema["format"] = "email"
    if column == "website":
        schema["format"] = "uri-reference"
    return Annotated[str, WithJsonSchema(schema)]


def pick(values: Iterable[str], *, clearable: bool = True) -> Any:
    """A restricted picklist argument; "" (clearing it) is allowed when `clearable`."""
    return Annotated[str, WithJsonSchema({"type": "string", "enum": [*values, *([""] if clearable else [])]})]


def number(low: float, high: float | None = None, *, integer: bool = False) -> Any:
    """A number in [low, high] (no upper bound when `high` is None)."""
    schema: dict[str, Any] = {"type": "integer" if integer else "number", "minimum": low}
    if high is not None:
        schema["maximum"] = high
    return Annotated[int if integer else float, WithJsonSchema(schema)]


RecordId = Annotated[str, WithJsonSchema({"type": "string", "pattern": ID_PATTERN})]
Percent = number(0, 100, integer=True)
Money = number(0)
Count = number(0, integer=True)
PageSize = number(1, 200, integer=True)
Offset = number(0, integer=True)

Industry = pick(pl.INDUSTRIES)
AccountType = pick(pl.ACCOUNT_TYPES)
Rating = pick(pl.RATINGS)
Salutation = pick(pl.SALUTATIONS)
LeadSource = pick(pl.LEAD_SOURCES)
LeadStatus = pick(tuple(s for s in pl.LEAD_STATUSES if s != pl.LEAD_CONVERTED_STATUS), clearable=False)
StageName = pick(tuple(s.name for s in pl.OPPORTUNITY_STAGES), clearable=False)
OpportunityType = pick(pl.OPPORTUNITY_TYPES)
TaskStatus = pick(pl.TASK_STATUSES, clearable=False)
TaskPriority = pick(pl.TASK_PRIORITIES, clearable=False)
ProductFamily = pick(pl.PRODUCT_FAMILIES, clearable=False)
