"""What moves with an account when its owner changes.

Lightning's Change Account Owner gives the new owner, with the account, what the previous owner held on
it: the contacts on the account owned by the previous owner, the previous owner's open opportunities on
it, and the previous owner's open activities (open tasks, upcoming events) and notes on the account. The
modal's checkboxes add more: open opportunities owned by anyone else, and the previous owner's closed
opportunities (off by default). What belongs to someone else keeps its owner.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from apps.core.actions import Ctx
from apps.core.reads import rows_where
from apps.crm.models import Contact, Event, Note, Opportunity, Task
from apps.crm.services.common import aware_utc, save_changes


@dataclass(frozen=True)
class Transfer:
    """The optional part of an account's transfer (each off unless asked for).

    other_open: open opportunities on the account owned by anyone but the previous account owner.
    closed: closed opportunities on the account owned by the previous account owner.
    """

    other_open: bool = False
    closed: bool = False

    def takes(self, opp: Mapping[str, Any], previous_owner: str) -> bool:
        """Whether the opportunity `opp` (a row) moves, given the account's `previous_owner` (a user id)."""
        owned = opp["owner_id"] == previous_owner
        if opp["is_closed"]:
            return self.closed and owned
        return owned or self.other_open


def transfer_related(ctx: Ctx, account_id: str, previous_owner: str, new_owner: str, what: Transfer) -> None:
    """Give account `account_id`'s related records that go along with it to `new_owner`.

    Args:
        ctx: the episode's action context.
        account_id: the account whose owner changed.
        previous_owner: the account's owner before the change (whose records on it move).
        new_owner: the account's new owner (an active user id, already checked).
        what: the optional transfers asked for.
    """
    if previous_owner == new_owner:
        return
    moves = {"owner_id": new_owner}
    for model, row in _previous_owners_records(ctx, account_id, previous_owner):
        save_changes(ctx, model, row, moves)
    for opp in rows_where(ctx, Opportunity, "account_id", account_id, order_by=("id",)):
        if opp["owner_id"] != new_owner and what.takes(opp, previous_owner):
            save_changes(ctx, Opportunity, opp, moves)


def _previous_owners_records(
    ctx: Ctx, account_id: str, owner: str
) -> Iterator[tuple[Any, Mapping[str, Any]]]:
    """The contacts, open tasks, upcoming events and notes of account `account_id` that `owner` owns."""
    now = aware_utc(ctx.now)
    for contact in rows_where(ctx, Contact, "account_id", account_id, order_by=("id",)):
        if contact["owner_id"] == owner:
            yield Contact, contact
    for task in rows_where(ctx, Task, "what_id", account_id, order_by=("id",)):
        if task["owner_id"] == owner and not task["is_closed"]:
            yield Task, task
    for event in rows_where(ctx, Event, "what_id", account_id, order_by=("id",)):
        if event["owner_id"] == owner and aware_utc(event["end_date_time"]) >= now:
            yield Event, event
    for note in rows_where(ctx, Note, "parent_id", account_id, order_by=("id",)):
        if note["owner_id"] == owner:
            yield Note, note
