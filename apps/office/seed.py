"""Seed loader of the office app: copies a world's `office/*.jsonl` records into the episode database,
and builds the external address book from the world's CRM contact file (never the CRM's tables)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select

from apps.core.seeding import app_rows, insert_rows, part_rows, set_id_counter
from apps.office.ids import ID_FORMATS
from apps.office.models import office_registry

TABLE_OF_OBJECT = {
    "User": "office_user",
    "Contact": "office_contact",
    "MailFolder": "office_mail_folder",
    "Message": "office_message",
    "Attachment": "office_attachment",
    "Event": "office_event",
    "Attendee": "office_attendee",
    "Room": "office_room",
    "DriveItem": "office_drive_item",
    "Permission": "office_permission",
    "DocBlock": "office_doc_block",
    "DocComment": "office_doc_comment",
    "Worksheet": "office_worksheet",
    "Team": "office_team",
    "TeamMember": "office_team_member",
    "Channel": "office_channel",
    "Chat": "office_chat",
    "ChatMember": "office_chat_member",
    "ChatMessage": "office_chat_message",
    "Persona": "office_persona",
    "ScheduledReply": "office_scheduled_reply",
    "Slide": "office_slide",
    "SlideShape": "office_slide_shape",
    "SlideComment": "office_slide_comment",
}
# World parts whose office rows are counted before the id counters are set (the data room's, as it was
# added); every later part's rows load after them, so the ids new records get never move (the decks').
COUNTED_PARTS = ("dataroom",)


def external_contacts(world: Any) -> list[dict[str, Any]]:
    """The customer contacts of the world's CRM file, as address-book entries."""
    accounts = {a["id"]: a["name"] for a in world.rows("crm/account.jsonl")}
    fmt = ID_FORMATS["Contact"]
    rows = []
    for n, c in enumerate(world.rows("crm/contact.jsonl"), start=1):
        if not c.get("email"):
            continue
        rows.append(
            {
                "id": fmt(n),
                "display_name": f"{c['first_name']} {c['last_name']}".strip(),
                "email_address": c["email"].lower(),
                "company_name": accounts.get(c.get("account_id")),
                "job_title": c.get("title"),
                "business_phone": c.get("phone"),
                "crm_contact_id": c["id"],
                "crm_account_id": c.get("account_id"),
            }
        )
    return rows


def load_seed(world: Any, conn: Any) -> None:
    """Insert every office table's world records, then start each object's id counter after them."""
    tables = office_registry.metadata.tables
    for table in office_registry.metadata.sorted_tables:
        if table.name == "office_contact":
            insert_rows(conn, table, external_contacts(world))
        elif table.name != "office_policy":
            insert_rows(
                conn, table, app_rows(world, "office", table.name.removeprefix("office_"), COUNTED_PARTS)
            )
    for object_name, table_name in TABLE_OF_OBJECT.items():
        n = conn.execute(select(func.count()).select_from(tables[table_name])).scalar_one()
        set_id_counter(conn, object_name, n + 1)
    conversations = conn.exec_driver_sql(
        "SELECT count(DISTINCT conversation_id) FROM office_message"
    ).scalar_one()
    set_id_counter(conn, "Conversation", conversations + 1)
    for table in office_registry.metadata.sorted_tables:  # later parts' rows (the decks), ids of their own
        insert_rows(
            conn, table, part_rows(world, "office", table.name.removeprefix("office_"), skip=COUNTED_PARTS)
        )
    load_handbook(world, conn, tables)


def load_handbook(world: Any, conn: Any, tables: Any) -> None:
    """The company handbook's policies and their documents (ids in the handbook's own namespace, added
    after the counters are set, so the ids new records get are the same with or without a handbook)."""
    insert_rows(conn, tables["office_policy"], world.rows("handbook/policy.jsonl"))
    for table in office_registry.metadata.sorted_tables:
        insert_rows(conn, table, world.rows(f"handbook/{table.name}.jsonl"))
