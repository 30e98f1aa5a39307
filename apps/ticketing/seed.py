"""Seed loader of the ticketing app.

Users (sys_user) come from the world's shared files: the company's employees and the CRM's contacts
(read from `company/employees.jsonl` and `crm/contact.jsonl`, never from CRM tables). Everything else
is the world's `ticketing/<table>.jsonl`.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import distinct, func, select

from apps.core.seeding import insert_rows, part_rows, set_id_counter
from apps.ticketing import choices as c
from apps.ticketing.ids import NUMBERS, OBJECTS, user_sys_id
from apps.ticketing.models import ticketing_registry

COMPANY = "Acme Corporation"


def employee_user(row: dict[str, Any]) -> dict[str, Any]:
    manager = row.get("manager_employee_number")
    return {
        "sys_id": user_sys_id(row["employee_number"]),
        "user_name": row["email"].split("@")[0],
        "first_name": row["first_name"],
        "last_name": row["last_name"],
        "name": f"{row['first_name']} {row['last_name']}",
        "email": row["email"],
        "phone": row.get("phone"),
        "title": row.get("title"),
        "department": row.get("department"),
        "location": row.get("office"),
        "company": COMPANY,
        "manager": user_sys_id(manager) if manager else None,
        "employee_number": row["employee_number"],
    }


def contact_user(row: dict[str, Any], companies: dict[str, str]) -> dict[str, Any]:
    first = row.get("first_name") or ""
    email = row.get("email") or ""
    return {
        "sys_id": user_sys_id(row["id"]),
        "user_name": email.split("@")[0] + "." + row["id"][-6:].lower() if email else row["id"],
        "first_name": first or None,
        "last_name": row["last_name"],
        "name": f"{first} {row['last_name']}".strip(),
        "email": email or None,
        "phone": row.get("phone"),
        "title": row.get("title"),
        "department": row.get("department"),
        "location": row.get("mailing_city"),
        "company": companies.get(row.get("account_id") or ""),
        "crm_contact_id": row["id"],
    }


def users_of(world: Any) -> list[dict[str, Any]]:
    """sys_user rows for every employee and CRM contact of the world."""
    companies = {a["id"]: a["name"] for a in world.rows("crm/account.jsonl")}
    users = [employee_user(r) for r in world.rows("company/employees.jsonl")]
    users += [contact_user(r, companies) for r in world.rows("crm/contact.jsonl")]
    columns = ticketing_registry.metadata.tables["ticketing_sys_user"].columns.keys()
    defaults = {"vip": False, "active": True}
    return [{c: u.get(c, defaults.get(c)) for c in columns} for u in users]


def incident_rows(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Incidents as the platform keeps them: `active` until Closed or Canceled — a Resolved incident is
    still active (worlds written before this rule stored it inactive)."""
    return [{**r, "active": r["state"] not in (c.CLOSED, c.CANCELED)} for r in rows]


def load_seed(world: Any, conn: Any) -> None:
    """Insert users, then every ticketing table's world records; start id counters after them."""
    tables = ticketing_registry.metadata.tables
    insert_rows(conn, tables["ticketing_sys_user"], users_of(world))
    for table in ticketing_registry.metadata.sorted_tables:
        if table.name != "ticketing_sys_user":
            rows = world.rows(f"ticketing/{table.name.removeprefix('ticketing_')}.jsonl")
            insert_rows(conn, table, incident_rows(rows) if table.name == "ticketing_incident" else rows)
    for obj in OBJECTS:
        table = tables[f"ticketing_{obj}"]
        set_id_counter(conn, obj, conn.execute(select(func.count()).select_from(table)).scalar_one() + 1)
        if obj in NUMBERS:
            numbers = conn.execute(select(func.count(distinct(table.c.number)))).scalar_one()
            set_id_counter(conn, f"{obj}.number", numbers + 1)
    for table in ticketing_registry.metadata.sorted_tables:  # the handbook's articles, after the counters
        insert_rows(conn, table, world.rows(f"handbook/{table.name}.jsonl"))
    rules = [
        {"number": p["number"], "title": p["title"], "params": p["params"]}
        for p in world.rows("handbook/policy.jsonl")
    ]
    insert_rows(conn, tables["ticketing_handbook_rule"], rules)
    for table in ticketing_registry.metadata.sorted_tables:  # parts' records (the data room's disputes), too
        rows = part_rows(world, "ticketing", table.name.removeprefix("ticketing_"))
        insert_rows(conn, table, incident_rows(rows) if table.name == "ticketing_incident" else rows)
