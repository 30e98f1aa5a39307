"""What people know of another app's records, read from the episode's current data.

A persona in one app (a customer contact answering mail in the office, an account owner asked in chat) may
know facts another app holds (their deals in the CRM, their incidents at the service desk). Apps never import
each other's models: an app that has facts to offer keeps plain functions in `apps/<app>/knowledge.py`
returning dicts, and `peer(ctx, app)` hands that module over only when the app's tables are in this
episode's database (an office-only episode has no CRM, so its people know nothing of the CRM).
"""

from __future__ import annotations

import importlib
from types import ModuleType

from sqlalchemy import inspect

from apps.core.actions import Ctx

# one table per app whose presence says the app is part of the episode
_MARKER = {"crm": "crm_opportunity", "ticketing": "ticketing_incident"}


def peer(ctx: Ctx, app: str) -> ModuleType | None:
    """The `knowledge` module of `app`, or None when the episode does not hold that app.

    Args:
        ctx: the calling action's context (its session reads the same episode database).
        app: the app whose facts are wanted ("crm", "ticketing").
    """
    table = _MARKER.get(app)
    connection = ctx.sql if ctx.sql is not None else ctx.db.connection()
    if table is None or not inspect(connection).has_table(table):
        return None
    return importlib.import_module(f"apps.{app}.knowledge")
