"""Service-credit claims: enterprise customers whose service went down last week write to the acting user
for a credit, the way an annoyed customer writes ("your system was down on Tuesday", "we expect a month
free"). What they are owed is for the Service Credit Policy to say, on the desk's records of the outage
(`outages.py`) and the account's Closed Won deals in the CRM — not for the mail.

Each claim's outage is one or two P1 incidents raised by the customer's contacts last week, handled by a
desk group of the part's own (Customer Incident Response: not in any other group's queue or SLA review),
with their task SLAs as the desk's SLA engine keeps them: breached, or met once the time on hold is left
out (paused) although the ticket stayed open for longer than the target. Beside it, the company's older
ticket that met its targets (a distractor).

Draws only from its own stream (`{seed}:credits`) and writes only its own files:
`credits/ticketing/{incident,task_sla,sys_journal_field,sys_user_group,sys_user_grmember}.jsonl`,
`credits/office/message.jsonl` (the claims in the acting user's inbox) and `credits/claims.jsonl`, the
input of the family that grades the work (no app loads it). A claimant never had other mail with the acting
user and is nobody the pending-requests part or the data room's disputes already speak for; the accounts
are enterprise accounts (2,000+ employees, where the desk's P1 targets and the Customer Support SLA
Commitments agree) that no other incident on the desk is about, owned by someone other than the acting user.
"""

from __future__ import annotations

import json
import random
from typing import Any

from worlds.generator.parts import BuildContext, Part
from worlds.parts.credits.outages import claims
from worlds.parts.requests.inbox import Inbox


def _taken(ctx: BuildContext) -> tuple[set[str], set[str]]:
    """Addresses and account ids the other parts' requests and disputes already use."""
    mails, accounts = set(), set()
    for rel in ("requests/requests.jsonl", "dataroom/disputes.jsonl"):
        path = ctx.out_dir / rel
        if path.is_file():
            for line in path.read_text().splitlines():
                row = json.loads(line)
                mails |= {str(row[k]).lower() for k in ("sender", "customer") if row.get(k)}
                accounts |= {row[k] for k in ("account_id", "account") if row.get(k)}
    return mails, accounts


def build(ctx: BuildContext) -> tuple[dict[str, list[dict[str, Any]]], dict[str, str]]:
    """The claims of the world's acting user (none in a small world)."""
    if ctx.scale < 0.5 or "ticketing" not in ctx.shared:
        return {}, {}
    inbox = Inbox(ctx.shared["office"], ctx.now, ctx.out_dir.name)
    mails, accounts = _taken(ctx)
    inbox.taken |= mails
    desk = claims(inbox, random.Random(f"{ctx.seed}:credits"), ctx.shared, accounts)
    files = {f"credits/ticketing/{table}.jsonl": rows for table, rows in desk.items()}
    files["credits/office/message.jsonl"] = inbox.messages
    files["credits/claims.jsonl"] = inbox.requests
    return files, {}


PART = Part("credits", 60, build)
