"""The sObjects the REST API serves: each object's table, fields, parent relationships and child
relationships, as describeSObject and SOQL see them.

The writable objects are the CRM's (`apps/crm/fields.py`, plus the org's custom fields); User, UserRole,
Pricebook2, PricebookEntry and OpportunityHistory are served read-only, as a sales user's profile sees
them. A reference field `XxxId` is the relationship `Xxx` (`AccountId` -> `Account.Name`), `WhoId` and
`WhatId` are polymorphic (Contact or Lead; Account or Opportunity).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from apps.crm.fields import STANDARD_FIELDS, FieldSpec, f
from apps.crm.ids import KEY_PREFIXES

TABLES = {
    "Account": "crm_account",
    "Contact": "crm_contact",
    "Lead": "crm_lead",
    "Opportunity": "crm_opportunity",
    "OpportunityLineItem": "crm_opportunity_line_item",
    "Product2": "crm_product",
    "Task": "crm_task",
    "Event": "crm_event",
    "Note": "crm_note",
    "User": "crm_user",
    "UserRole": "crm_user_role",
    "Pricebook2": "crm_pricebook",
    "PricebookEntry": "crm_pricebook_entry",
    "OpportunityHistory": "crm_opportunity_history",
}
MODEL_KEYS = {"Product2": "Product", "Pricebook2": "Pricebook"}  # the id counters' names
PLURALS = {"Opportunity": "Opportunities", "OpportunityHistory": "Opportunity Histories"}


def _product(column: str) -> str:
    """A PricebookEntry field that is its product's (Name, ProductCode: read-only in Salesforce)."""
    return f"(SELECT {column} FROM crm_product WHERE id = {{t}}.product_id)"


def _ref(api: str, to: str, **extra) -> FieldSpec:  # noqa: ANN003
    return f(api, "reference", 18, reference_to=to, updateable=False, **extra)


def _ro(api: str, type: str, length: int | None = None, **extra) -> FieldSpec:  # noqa: ANN003
    return f(api, type, length, updateable=False, **extra)


READ_ONLY_FIELDS: dict[str, tuple[FieldSpec, ...]] = {
    "User": (
        _ro("Id", "id", 18),
        _ro("Username", "string", 80),
        _ro("FirstName", "string", 40),
        _ro("LastName", "string", 80),
        _ro("Name", "string", 121, label="Full Name"),
        _ro("Email", "email", 128),
        _ro("Title", "string", 80),
        _ro("Department", "string", 80),
        _ref("UserRoleId", "UserRole", column="role_id", label="Role ID"),
        _ref("ManagerId", "User", label="Manager ID"),
        _ro("EmployeeNumber", "string", 20),
        _ro("IsActive", "boolean", label="Active"),
    ),
    "UserRole": (
        _ro("Id", "id", 18),
        _ro("Name", "string", 80),
        _ref("ParentRoleId", "UserRole", label="Parent Role ID"),
    ),
    "Pricebook2": (
        _ro("Id", "id", 18),
        _ro("Name", "string", 255, label="Price Book Name"),
        _ro("Description", "string", 255),
        _ro("IsStandard", "boolean", label="Is Standard Price Book"),
        _ro("IsActive", "boolean", label="Active"),
    ),
    "PricebookEntry": (
        _ro("Id", "id", 18),
        _ref("Pricebook2Id", "Pricebook2", column="pricebook_id", label="Price Book ID"),
        _ref("Product2Id", "Product2", column="product_id", label="Product ID"),
        _ro("Name", "string", 255, label="Product Name", formula=_product("name")),
        _ro("ProductCode", "string", 255, label="Product Code", formula=_product("product_code")),
        _ro("UnitPrice", "currency", label="List Price"),
        _ro("IsActive", "boolean", label="Active"),
    ),
    "OpportunityHistory": (
        _ro("Id", "id", 18),
        _ref("OpportunityId", "Opportunity"),
        _ro("StageName", "picklist", 255, label="Stage"),
        _ro("Amount", "currency"),
        _ro("Probability", "percent", label="Probability (%)"),
        _ro("ForecastCategory", "picklist", 40, column="forecast_category"),
        _ro("CloseDate", "date"),
        _ro("CreatedDate", "datetime"),
        _ref("CreatedById", "User", label="Created By ID"),
    ),
}

# Parent-to-child relationships (`SELECT Name, (SELECT LastName FROM Contacts) FROM Account`).
CHILDREN: dict[str, dict[str, tuple[str, str]]] = {
    "Account": {
        "Contacts": ("Contact", "account_id"),
        "Opportunities": ("Opportunity", "account_id"),
        "ChildAccounts": ("Account", "parent_id"),
        "Tasks": ("Task", "what_id"),
        "Events": ("Event", "what_id"),
        "Notes": ("Note", "parent_id"),
    },
    "Contact": {
        "Tasks": ("Task", "who_id"),
        "Events": ("Event", "who_id"),
        "Notes": ("Note", "parent_id"),
        "Opportunities": ("Opportunity", "contact_id"),
    },
    "Lead": {"Tasks": ("Task", "who_id"), "Events": ("Event", "who_id"), "Notes": ("Note", "parent_id")},
    "Opportunity": {
        "OpportunityLineItems": ("OpportunityLineItem", "opportunity_id"),
        "OpportunityHistories": ("OpportunityHistory", "opportunity_id"),
        "Tasks": ("Task", "what_id"),
        "Events": ("Event", "what_id"),
        "Notes": ("Note", "parent_id"),
    },
    "Product2": {"PricebookEntries": ("PricebookEntry", "product_id")},
    "Pricebook2": {"PricebookEntries": ("PricebookEntry", "pricebook_id")},
    "User": {},
}


@dataclass(frozen=True)
class Relationship:
    """A parent relationship: `Account` of Contact.AccountId, targets in the order tried."""

    name: str
    field: FieldSpec
    targets: tuple[str, ...]


@dataclass(frozen=True)
class SObject:
    """One queryable object: its API name, table and fields (API name -> field, case-insensitive)."""

    name: str
    table: str
    fields: tuple[FieldSpec, ...]
    writable: bool

    @functools.cached_property
    def by_name(self) -> dict[str, FieldSpec]:
        return {spec.api.lower(): spec for spec in self.fields}

    @functools.cached_property
    def relationships(self) -> dict[str, Relationship]:
        out = {}
        for spec in self.fields:
            if spec.type == "reference" and spec.api.endswith("Id") and spec.reference_to:
                name = spec.api[:-2]
                targets = tuple(t.strip() for t in spec.reference_to.split(","))
                out[name.lower()] = Relationship(name, spec, targets)
        return out

    def field(self, name: str) -> FieldSpec | None:
        return self.by_name.get(name.lower())

    @property
    def key_prefix(self) -> str:
        return KEY_PREFIXES[MODEL_KEYS.get(self.name, self.name)]

    @property
    def children(self) -> dict[str, tuple[str, str]]:
        return CHILDREN.get(self.name, {})

    def label_plural(self) -> str:
        return PLURALS.get(self.name, self.name + "s")


def sobject(name: str, custom: tuple[FieldSpec, ...] = ()) -> SObject | None:
    """The object named `name` (any case), with the org's custom fields `custom` (None when unknown)."""
    api = _NAMES.get(name.lower())
    if api is None:
        return None
    if api in STANDARD_FIELDS:
        return SObject(api, TABLES[api], STANDARD_FIELDS[api] + custom, writable=True)
    return SObject(api, TABLES[api], READ_ONLY_FIELDS[api], writable=False)


_NAMES = {name.lower(): name for name in TABLES}
OBJECT_NAMES = tuple(TABLES)
