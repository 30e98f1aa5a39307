"""The persona exchange of a scenario: Amber asks whoever the company handbook names to approve a value
(a discount, an expense, a purchase, hospitality, a service credit) and the approver answers by mail on
the logical clock. The value is drawn inside a tier that needs an approver, so the answer is "Approved".
Every holder of the role the matrix names may approve (the handbook names a role, not a person), so any of
them is accepted; the oracle asks the first by name."""

from __future__ import annotations

import json
from dataclasses import dataclass

from apps.core.handbook import NO_APPROVAL, NOT_PERMITTED, approval_role
from apps.office.families.common import AMBER
from apps.office.families.handbook import REQUESTS, _approvers, _people, _shown, _value
from tasks.families.base import Draw, Redraw


@dataclass(frozen=True)
class Approval:
    """One approval to obtain: the policy, the value as written, who approves (and a wrong person)."""

    slug: str
    policy: str  # the policy's title, as the handbook's document names it
    what: str  # "a 12% discount on Globex renewal ($80,000)"
    shown: str  # "12%" / "$1,250"
    approver: str  # their mail (the first holder of the role: whom the oracle asks)
    approver_name: str
    approver_id: str
    role: str
    value: float  # the value to approve (percent or dollars)
    kind: str  # "percent" or "money"
    approvers: tuple[str, ...]  # every holder of the role (mail), any of whom may approve
    approver_ids: tuple[str, ...]  # their office ids
    decoy: str  # the mail of someone who may not approve it
    subject: str  # the mail's subject

    @property
    def first_name(self) -> str:
        return self.approver_name.split()[0]


def draw_approval(d: Draw, slug: str, subject: str, deal_amount: float | None = None) -> Approval:
    """An approval under the policy `slug` for `subject` (a deal's name for a discount, with its amount)
    whose value needs an approver below the top of the matrix' reach (never "none" or "not permitted")."""
    policy = d.world.rows("SELECT title, params FROM office_policy WHERE id = ?", slug)[0]
    rule = json.loads(policy["params"])["approval"]
    tiers = [
        i
        for i, t in enumerate(rule["tiers"])
        if t["approver"] not in (NO_APPROVAL, NOT_PERMITTED) and t["up_to"] is not None
    ]
    value = _value(d, rule, d.choice(tiers))
    role = approval_role(rule, value, deal_amount)
    if role in (NO_APPROVAL, NOT_PERMITTED):
        raise Redraw(f"{slug}: no approver for the drawn value")
    approvers = _approvers(d, role)
    if not approvers:
        raise Redraw(f"nobody holds {role}")
    to = approvers[0]
    taken = {a["mail"] for a in approvers} | {AMBER}
    decoy = next(p for p in _people(d) if p["mail"] not in taken)
    shown = _shown(rule, value)
    deal = f"${deal_amount:,.0f}" if deal_amount else ""
    what = REQUESTS[slug].format(value=shown, subject=subject, deal=deal)
    return Approval(
        slug=slug,
        policy=policy["title"],
        what=what,
        shown=shown,
        approver=to["mail"],
        approver_name=to["display_name"],
        approver_id=to["id"],
        role=role,
        value=value,
        kind="percent" if rule["measure"] == "percent" else "money",
        approvers=tuple(a["mail"] for a in approvers),
        approver_ids=tuple(a["id"] for a in approvers),
        decoy=decoy["mail"],
        subject=f"Approval: {subject}",
    )
