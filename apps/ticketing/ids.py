"""ServiceNow-style identifiers: 32-hex `sys_id`s and task numbers (INC0010001, CHG0030001 ...).

`ctx.new_id("incident")` gives the next sys_id of incidents; `ctx.new_id("incident.number")` the next
number. The world generator uses the same formats, so seeded ids and new ids never collide.
"""

from __future__ import annotations

import hashlib

from apps.core.ids import IdFormat, numbered

# object -> (number prefix, start) for the objects that carry a number
NUMBERS = {
    "incident": ("INC", 10000),
    "problem": ("PRB", 40000),
    "change_request": ("CHG", 30000),
    "sc_request": ("REQ", 10000),
    "sc_req_item": ("RITM", 10000),
    "sc_task": ("SCTASK", 10000),
    "kb_knowledge": ("KB", 10000),
}

OBJECTS = (
    "sys_user_group",
    "sys_user_grmember",
    "cmdb_ci",
    "cmdb_rel_ci",
    "incident",
    "sys_journal_field",
    "caller_followup",
    "approval_followup",
    "contract_sla",
    "task_sla",
    "problem",
    "change_request",
    "sysapproval_approver",
    "sc_cat_item",
    "item_option_new",
    "sc_request",
    "sc_req_item",
    "sc_item_option",
    "sc_task",
    "kb_knowledge_base",
    "kb_knowledge",
)


def sys_id(object_name: str) -> IdFormat:
    """sys_ids that look random but are a pure function of (object, counter)."""
    return lambda n: hashlib.md5(f"{object_name}:{n}".encode()).hexdigest()


def user_sys_id(key: str) -> str:
    """The sys_user id of an employee (employee number) or a CRM contact (its CRM id)."""
    return hashlib.md5(f"sys_user:{key}".encode()).hexdigest()


def number_of(object_name: str, n: int) -> str:
    prefix, start = NUMBERS[object_name]
    return numbered(prefix, start)(n)


ID_FORMATS: dict[str, IdFormat] = {name: sys_id(name) for name in OBJECTS}
ID_FORMATS.update({f"{name}.number": numbered(*NUMBERS[name]) for name in NUMBERS})
