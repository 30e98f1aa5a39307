"""The org configuration of a world's CRM: its custom fields and validation rules.

Salesforce ships neither a loss reason on Opportunity nor rules about closing; companies add them in
Setup. This org (Acme's sales operations) has a restricted picklist `Loss_Reason__c` and two rules on
closing an opportunity. Written after the records, from no random draws, so adding it left every other
file of the part as it was.
"""

from __future__ import annotations

import json

from apps.crm import picklists as pl
from apps.crm.world.state import Crm

CLOSED_WON_NEEDS_AMOUNT = {
    "all": [
        {"field": "StageName", "op": "equals", "value": "Closed Won"},
        {"any": [{"field": "Amount", "op": "blank"}, {"field": "Amount", "op": "lte", "value": 0}]},
    ]
}
CLOSED_LOST_NEEDS_REASON = {
    "all": [
        {"field": "StageName", "op": "equals", "value": "Closed Lost"},
        {"field": "Loss_Reason__c", "op": "blank"},
    ]
}


def build_org(crm: Crm) -> None:
    """Add the org's custom fields and validation rules (owned by sales operations)."""
    crm.add(
        "custom_field",
        "CustomField",
        object_name="Opportunity",
        api_name="Loss_Reason__c",
        label="Loss Reason",
        type="picklist",
        length=255,
        picklist_values=json.dumps(list(pl.LOSS_REASONS)),
        restricted=True,
        required=False,
        description="Why we lost the deal; required to close an opportunity as Closed Lost.",
    )
    crm.add(
        "validation_rule",
        "ValidationRule",
        object_name="Opportunity",
        name="Closed_Won_Requires_Amount",
        active=True,
        description="Sales operations: a won deal must carry its amount for bookings and commissions.",
        error_condition=json.dumps(CLOSED_WON_NEEDS_AMOUNT),
        error_message="An opportunity can only be Closed Won with an Amount greater than 0. Enter the "
        "amount (or add products) first.",
        error_field="Amount",
    )
    crm.add(
        "validation_rule",
        "ValidationRule",
        object_name="Opportunity",
        name="Closed_Lost_Requires_Loss_Reason",
        active=True,
        description="Sales operations: every lost deal records why, for the win/loss review.",
        error_condition=json.dumps(CLOSED_LOST_NEEDS_REASON),
        error_message="Select a Loss Reason before you close this opportunity as Closed Lost.",
        error_field="Loss_Reason__c",
    )
