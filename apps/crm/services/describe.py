"""Describing an object like Salesforce's describeSObject: its fields (with the org's custom fields)
and the org's active validation rules."""

from __future__ import annotations

import json
from typing import Literal

from pydantic import BaseModel

from apps.core.actions import Ctx
from apps.crm.fields import MODEL_NAMES, STANDARD_FIELDS, FieldSpec
from apps.crm.ids import KEY_PREFIXES
from apps.crm.services.common import actions
from apps.crm.services.org import active_rules, custom_fields, formula, picklist_of

ObjectName = Literal[
    "Account", "Contact", "Lead", "Opportunity", "OpportunityLineItem", "Product2", "Task", "Event", "Note"
]


class FieldDescription(BaseModel):
    """One field: its API name, the tool argument / record key it maps to, type and constraints."""

    name: str
    argument: str
    label: str
    type: str
    length: int | None = None
    required: bool
    custom: bool
    updateable: bool
    restricted_picklist: bool
    picklist_values: list[str]
    reference_to: str | None = None


class RuleDescription(BaseModel):
    """An active validation rule: when its error condition is true, the save fails with its message."""

    name: str
    active: bool
    description: str | None = None
    error_condition_formula: str
    error_message: str
    error_field: str | None = None


class ObjectDescription(BaseModel):
    """An object's fields and the org's active validation rules on it."""

    name: str
    key_prefix: str
    fields: list[FieldDescription]
    validation_rules: list[RuleDescription]


def _standard(spec: FieldSpec) -> FieldDescription:
    return FieldDescription(
        name=spec.api,
        argument=spec.column,
        label=spec.label,
        type=spec.type,
        length=spec.length,
        required=spec.required,
        custom=False,
        updateable=spec.updateable,
        restricted_picklist=spec.restricted,
        picklist_values=list(spec.picklist),
        reference_to=spec.reference_to,
    )


@actions.read
def describe_object(ctx: Ctx, *, object_name: ObjectName) -> ObjectDescription:
    """Describe an object like Salesforce's describeSObject: every field (standard and this org's custom
    fields such as Loss_Reason__c) with its type, maximum length, whether it is required, its picklist
    values, and the org's active validation rules with their error condition and error message.

    Read it before saving records: a save that makes a rule's error condition true fails with
    FIELD_CUSTOM_VALIDATION_EXCEPTION and that rule's message; text longer than a field's length fails
    with STRING_TOO_LONG. `argument` is the tool argument (and record key) of each field.

    Args:
        object_name: the object's API name: Account, Contact, Lead, Opportunity, OpportunityLineItem,
            Product2, Task, Event or Note.
    """
    fields = [_standard(spec) for spec in STANDARD_FIELDS[object_name]]
    for custom in custom_fields(ctx, object_name):
        values = picklist_of(custom)
        fields.append(
            FieldDescription(
                name=custom.api_name,
                argument=custom.api_name.lower(),
                label=custom.label,
                type=custom.type,
                length=custom.length,
                required=custom.required,
                custom=True,
                updateable=True,
                restricted_picklist=custom.restricted and bool(values),
                picklist_values=list(values),
            )
        )
    rules = [
        RuleDescription(
            name=rule.name,
            active=rule.active,
            description=rule.description,
            error_condition_formula=formula(json.loads(rule.error_condition), object_name),
            error_message=rule.error_message,
            error_field=rule.error_field,
        )
        for rule in active_rules(ctx, object_name)
    ]
    return ObjectDescription(
        name=object_name,
        key_prefix=KEY_PREFIXES[MODEL_NAMES[object_name]],
        fields=fields,
        validation_rules=rules,
    )
