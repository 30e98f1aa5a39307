"""The org's configuration: custom fields and validation rules, enforced on every save and described.

Helpers for the object services (`check_custom_value`, `enforce_rules`) and the describe action.
A validation rule's condition is JSON (see `apps.crm.models.ValidationRule`); `formula` writes it the
way Salesforce's Setup shows the rule's error condition formula.
"""

from __future__ import annotations

import json
from typing import Any

from sqlmodel import col, select

from apps.core.actions import Ctx
from apps.core.errors import ActionError
from apps.crm.fields import STANDARD_FIELDS, FieldSpec
from apps.crm.models import CustomField, ValidationRule


def custom_fields(ctx: Ctx, object_name: str) -> list[CustomField]:
    """The custom fields the org declares on `object_name`, by API name."""
    stmt = select(CustomField).where(CustomField.object_name == object_name)
    return list(ctx.db.exec(stmt.order_by(CustomField.api_name)).all())


def picklist_of(field: CustomField) -> tuple[str, ...]:
    return tuple(json.loads(field.picklist_values or "[]"))


def check_custom_value(ctx: Ctx, object_name: str, api_name: str, value: str | None) -> None:
    """Refuse a value for a custom field the org lacks, a bad restricted-picklist value or a too long one."""
    if value is None or value == "":
        return
    column = api_name.lower()
    field = next((f for f in custom_fields(ctx, object_name) if f.api_name == api_name), None)
    if field is None:
        raise ActionError(
            f"No such column '{api_name}' on entity '{object_name}': this org has no such custom field "
            "(see describe_object)",
            field=column,
            code="INVALID_FIELD",
        )
    values = picklist_of(field)
    if field.restricted and values and value not in values:
        raise ActionError(
            f"bad value for restricted picklist field {api_name}: {value!r}; choose one of: "
            + ", ".join(values),
            field=column,
            code="INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST",
        )
    if field.length is not None and len(value) > field.length:
        raise ActionError(
            f"{field.label} ({api_name}): data value too large: max length={field.length}, got {len(value)}",
            field=column,
            code="STRING_TOO_LONG",
        )


def _column(object_name: str, api: str) -> str:
    spec = next((s for s in STANDARD_FIELDS[object_name] if s.api == api), None)
    return spec.column if spec is not None else api.lower()


def holds(condition: dict[str, Any], record: Any, object_name: str) -> bool:
    """Whether `condition` is true of `record` (a row of `object_name`)."""
    if "all" in condition:
        return all(holds(c, record, object_name) for c in condition["all"])
    if "any" in condition:
        return any(holds(c, record, object_name) for c in condition["any"])
    value = getattr(record, _column(object_name, condition["field"]))
    op, wanted = condition["op"], condition.get("value")
    if op == "blank":
        return value is None or value == ""
    if op == "not_blank":
        return not (value is None or value == "")
    if op == "equals":
        return value == wanted
    if op == "in":
        return value in wanted
    if value is None:  # a blank number compares as nothing (Treat blank fields as blanks)
        return False
    return {"lt": value < wanted, "lte": value <= wanted, "gt": value > wanted, "gte": value >= wanted}[op]


def formula(condition: dict[str, Any], object_name: str) -> str:
    """The condition as a Salesforce error condition formula, e.g.
    `AND(ISPICKVAL(StageName, "Closed Lost"), ISBLANK(TEXT(Loss_Reason__c)))`."""
    if "all" in condition or "any" in condition:
        parts = ", ".join(formula(c, object_name) for c in condition.get("all", condition.get("any")))
        return f"{'AND' if 'all' in condition else 'OR'}({parts})"
    field, op, wanted = condition["field"], condition["op"], condition.get("value")
    picklist = _is_picklist(object_name, field)
    text = f"TEXT({field})" if picklist else field
    if op in ("blank", "not_blank"):
        return f"ISBLANK({text})" if op == "blank" else f"NOT(ISBLANK({text}))"
    if op == "equals":
        return f"ISPICKVAL({field}, {json.dumps(wanted)})" if picklist else f"{field} = {json.dumps(wanted)}"
    if op == "in":
        return f"CASE({text}, {', '.join(f'{json.dumps(v)}, 1' for v in wanted)}, 0) = 1"
    symbol = {"lt": "<", "lte": "<=", "gt": ">", "gte": ">="}[op]
    return f"{field} {symbol} {json.dumps(wanted)}"


def _is_picklist(object_name: str, api: str) -> bool:
    spec: FieldSpec | None = next((s for s in STANDARD_FIELDS[object_name] if s.api == api), None)
    return spec.type == "picklist" if spec is not None else api.endswith("__c")


def active_rules(ctx: Ctx, object_name: str) -> list[ValidationRule]:
    stmt = select(ValidationRule).where(
        ValidationRule.object_name == object_name, col(ValidationRule.active).is_(True)
    )
    return list(ctx.db.exec(stmt.order_by(ValidationRule.name)).all())


def enforce_rules(ctx: Ctx, object_name: str, record: Any) -> None:
    """Refuse the save of `record` when an active validation rule's error condition holds for it:
    FIELD_CUSTOM_VALIDATION_EXCEPTION with the rule's message, at its error field.

    Like Salesforce, every active rule is checked and each one that fails is its own error entry
    (rules in the order of their names)."""
    failed = []
    for rule in active_rules(ctx, object_name):
        if holds(json.loads(rule.error_condition), record, object_name):
            field = _column(object_name, rule.error_field) if rule.error_field else None
            failed.append(
                ActionError(rule.error_message, field=field, code="FIELD_CUSTOM_VALIDATION_EXCEPTION")
            )
    if failed:
        raise ActionError.several(failed)
