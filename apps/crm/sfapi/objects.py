"""The sObjects of an episode: the catalogue's objects with this org's custom fields (`Loss_Reason__c`)."""

from __future__ import annotations

from apps.core.actions import Ctx
from apps.core.errors import ActionError
from apps.crm.fields import FieldSpec
from apps.crm.sfapi.catalog import SObject, sobject


def _custom(ctx: Ctx, object_name: str) -> tuple[FieldSpec, ...]:
    from apps.crm.services.org import custom_fields, picklist_of  # the services import this module

    return tuple(
        FieldSpec(
            api=c.api_name,
            type=c.type,
            label=c.label,
            length=c.length,
            required=c.required,
            picklist=picklist_of(c),
            column=c.api_name.lower(),
            custom=True,
        )
        for c in custom_fields(ctx, object_name)
    )


def object_named(ctx: Ctx, name: str) -> SObject | None:
    """The sObject `name` (any case) with the org's custom fields, or None when there is none."""
    bare = sobject(name)
    if bare is None or not bare.writable:
        return bare
    return sobject(name, _custom(ctx, bare.name))


def require_object(ctx: Ctx, name: str) -> SObject:
    """`object_named`, or INVALID_TYPE worded as Salesforce words it."""
    found = object_named(ctx, name)
    if found is None:
        raise ActionError(
            f"sObject type '{name}' is not supported. If you are attempting to use a custom object, be sure "
            "to append the '__c' after the entity name. Please reference your WSDL or the describe call for "
            "the appropriate names.",
            field="sobject",
            code="INVALID_TYPE",
        )
    return found
