"""Which CRM action creates, updates or deletes a record of each sObject, and how a REST body's fields
become that action's arguments — so a record written through the API passes the same checks (lengths,
picklists, validation and duplicate rules, roll-ups) as one written by the tool, the CLI or the form.

`{"Name": "Acme", "Industry": "Banking"}` for Account becomes `create_account(name="Acme",
industry="Banking")`. A field the object lacks is INVALID_FIELD; a field it has that cannot be written
this way (a formula, an audit field, one the action does not take) is INVALID_FIELD_FOR_INSERT_UPDATE;
`null` clears a text, picklist or lookup field (the actions take "" for that).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from apps.core.actions import Action
from apps.core.errors import ActionError
from apps.crm.fields import FieldSpec
from apps.crm.sfapi.catalog import SObject
from apps.crm.sfapi.soql_values import ID_TYPES, TEXT_TYPES


@dataclass(frozen=True)
class Writes:
    """One object's actions: create, update, delete (None when the API refuses it), the id argument, and
    what an update through the API passes besides the body's fields (`update_as`)."""

    create: str | None
    update: str | None
    delete: str | None
    id_arg: str
    update_as: tuple[tuple[str, Any], ...] = ()

    def accepts(self, spec: FieldSpec, *, create: bool) -> bool:
        from apps.crm.services.common import actions  # the registry (filled once the services load)

        name = self.create if create else self.update
        return bool(name) and spec.column in {p.name for p in actions.get(name).params}


WRITES = {
    # an OwnerId written through the API moves the account alone: its contacts, deals and activities keep
    # their owners (Salesforce Help 000383779; only the SOAP OwnerChangeOptions header moves them)
    "Account": Writes(
        "create_account", "update_account", "delete_account", "account_id", (("move_related", False),)
    ),
    "Contact": Writes("create_contact", "update_contact", "delete_contact", "contact_id"),
    "Lead": Writes("create_lead", "update_lead", None, "lead_id"),
    "Opportunity": Writes("create_opportunity", "update_opportunity", "delete_opportunity", "opportunity_id"),
    "OpportunityLineItem": Writes("add_line_item", "update_line_item", "remove_line_item", "line_item_id"),
    "Task": Writes("create_task", "update_task", None, "task_id"),
    "Event": Writes("create_event", None, None, "event_id"),
    "Note": Writes("add_note", None, None, "note_id"),
}
VERBS = {"create": "create", "update": "update", "delete": "delete"}


def writes_of(obj: SObject, verb: str) -> tuple[Writes, str]:
    """The object's actions and the name of the one for `verb`; INVALID_TYPE_FOR_OPERATION when none."""
    ops = WRITES.get(obj.name)
    name = getattr(ops, verb) if ops else None
    if ops is None or name is None:
        raise ActionError(
            f"entity type {obj.name} does not support {verb}",
            field="sobject",
            code="INVALID_TYPE_FOR_OPERATION",
        )
    return ops, name


def arguments(obj: SObject, action: Action, body: dict[str, Any]) -> dict[str, Any]:
    """The action's arguments for a REST body of API field names (refused in Salesforce's words)."""
    params = {p.name for p in action.params}
    out: dict[str, Any] = {}
    for name, value in body.items():
        if name == "attributes":
            continue
        spec = obj.field(name)
        if spec is None:
            raise ActionError(
                f"No such column '{name}' on sobject of type {obj.name}", field=name, code="INVALID_FIELD"
            )
        if spec.column not in params or spec.formula is not None:
            raise ActionError(
                f"Unable to create/update fields: {spec.api}. Please check the security settings of this "
                "field and verify that it is read/write for your profile or permission set.",
                field=spec.column,
                code="INVALID_FIELD_FOR_INSERT_UPDATE",
            )
        if value is None:
            if spec.type not in TEXT_TYPES and spec.type not in ID_TYPES:
                raise ActionError(
                    f"{spec.api} cannot be cleared through the API", field=spec.column, code="INVALID_FIELD"
                )
            value = ""
        out[spec.column] = value
    return out
