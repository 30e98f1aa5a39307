"""Desk rows the world parts plant alike: an assignment group of their own."""

from __future__ import annotations

from typing import Any


def group_row(
    *, sys_id: str, name: str, description: str, email: str, manager: str, created: str
) -> dict[str, Any]:
    """An active ITIL assignment group (a `sys_user_group` row), created and last updated at `created`.

    Args:
        sys_id: the group's sys_id.
        name: its name.
        description: what the group does.
        email: its mailbox.
        manager: its manager's sys_id.
        created: when it was created (the desk's date format).
    """
    return {
        "active": True,
        "description": description,
        "email": email,
        "manager": manager,
        "name": name,
        "sys_created_by": None,
        "sys_created_on": created,
        "sys_id": sys_id,
        "sys_updated_by": None,
        "sys_updated_on": created,
        "type": "itil",
    }
