"""Seed loader of the CRM: copies a world's `crm/*.jsonl` records into the episode database."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select

from apps.core.seeding import insert_rows, set_id_counter
from apps.crm.ids import KEY_PREFIXES
from apps.crm.models import crm_registry

TABLE_OF_OBJECT = {
    "Account": "crm_account",
    "Contact": "crm_contact",
    "Lead": "crm_lead",
    "Opportunity": "crm_opportunity",
    "OpportunityHistory": "crm_opportunity_history",
    "Product": "crm_product",
    "Pricebook": "crm_pricebook",
    "PricebookEntry": "crm_pricebook_entry",
    "OpportunityLineItem": "crm_opportunity_line_item",
    "Task": "crm_task",
    "Event": "crm_event",
    "Note": "crm_note",
    "User": "crm_user",
    "UserRole": "crm_user_role",
    "CustomField": "crm_custom_field",
    "ValidationRule": "crm_validation_rule",
    "Report": "crm_report",
}


def load_seed(world: Any, conn: Any) -> None:
    """Insert every CRM table's world records, then start each object's id counter after them."""
    tables = crm_registry.metadata.tables
    for table in crm_registry.metadata.sorted_tables:
        insert_rows(conn, table, world.rows(f"crm/{table.name.removeprefix('crm_')}.jsonl"))
    for object_name in KEY_PREFIXES:
        table = tables[TABLE_OF_OBJECT[object_name]]
        count = conn.execute(select(func.count()).select_from(table)).scalar_one()
        set_id_counter(conn, object_name, count + 1)
