"""What moves with an account when its owner changes.

Salesforce's Change Account Owner can take related records along (the API's OwnerChangeOptions:
TransferContacts, TransferOwnedOpenOpportunities, TransferOtherOpenOpportunities,
TransferOwnedClosedOpportunities). In this org an owner change is the account's alone unless the caller
asks for a transfer: every option is off by default, so what is not asked for keeps its owner.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from apps.core.actions import Ctx
from apps.core.reads import rows_where
from apps.crm.models import Contact, Opportunity
from apps.crm.services.common import save_changes


@dataclass(frozen=True)
class Transfer:
    """The related records of an account that go to its new owner (each off unless asked for).

    contacts: every contact on the account. owned_open: open opportunities owned by the previous account
    owner. other_open: open opportunities owned by anyone else. closed: closed opportunities owned by the
    previous account owner.
    """

    contacts: bool = False
    owned_open: bool = False
    other_open: bool = False
    closed: bool = False

    def any(self) -> bool:
        """Whether any related record is to move at all."""
        return self.contacts or self.owned_open or self.other_open or self.closed

    def takes(self, opp: dict[str, Any], previous_owner: str) -> bool:
        """Whether the opportunity `opp` (a row) moves, given the account's `previous_owner` (a user id)."""
        owned = opp["owner_id"] == previous_owner
        if opp["is_closed"]:
            return self.closed and owned
        return self.owned_open if owned else self.other_open


def transfer_related(ctx: Ctx, account_id: str, previous_owner: str, new_owner: str, what: Transfer) -> None:
    """Give the records `what` selects of account `account_id` to `new_owner`.

    Args:
        ctx: the episode's action context.
        account_id: the account whose owner changed.
        previous_owner: the account's owner before the change (decides "owned by the existing owner").
        new_owner: the account's new owner (an active user id, already checked).
        what: which related records move.
    """
    if not what.any() or previous_owner == new_owner:
        return
    moves = {"owner_id": new_owner}
    if what.contacts:
        for contact in rows_where(ctx, Contact, "account_id", account_id, order_by=("id",)):
            save_changes(ctx, Contact, contact, moves)
    for opp in rows_where(ctx, Opportunity, "account_id", account_id, order_by=("id",)):
        if what.takes(dict(opp), previous_owner):
            save_changes(ctx, Opportunity, opp, moves)
