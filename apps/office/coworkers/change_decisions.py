"""A colleague asked by mail or chat to approve a change request on the service desk answers with the
decision they make there, decision first and its reason after ("Approved on the desk: CHG0030399 — as an
emergency change during …", "Rejected on the desk: CHG0030369 — under the Change Freeze Policy (HB-06): the
planned window … Re-plan it …"): the desk's rule decides (`apps/ticketing/approvers/by_mail.py`), never the
mail's wording, and a decision waiting for them is on the desk by the time their answer arrives. A change
waiting for others or not sent for approval is not theirs to decide: they say so plainly and name who decides
(never "Rejected", which the desk might record), with what the policy makes of it as a note; a change settled
already is said so; the policy's table is not recited.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from apps.core.actions import Ctx
from apps.core.peer_knowledge import peer
from apps.core.understanding import Ask
from apps.office.models import User

POLICY = "Change Freeze Policy"
_VERB = re.compile(r"^\s*(?:approved|rejected)\b\s*:?\s*", re.I)


def _reason(comments: str) -> str:
    """The desk comment without its leading decision ("Approved: the planned window …" → "the planned
    window …"), ending with a full stop; "" when it says nothing more."""
    rest = _VERB.sub("", comments or "").strip()
    return "" if rest in ("", ".") else rest if rest.endswith(".") else f"{rest}."


def _who(names: list[str]) -> str:
    """The approvers waiting, as said: "A", "A and B", "A, B and C", "A, B, C and 4 more"."""
    if len(names) > 3:
        return f"{', '.join(names[:3])} and {len(names) - 3} more"
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _say(found: dict[str, Any]) -> dict[str, Any]:
    """One change's answer as a decision entry the responder words."""
    number, state = found["number"], found["state"]
    if state == "not_found":
        return {
            "kind": "question",
            "text": f"I can't find {number} on the desk — could you check the number?",
        }
    reason = _reason(found.get("comments", ""))
    because = f" — {reason}" if reason else "."
    if state == "decided":
        verb = "Approved" if found["decision"] == "approved" else "Rejected"
        return {
            "kind": found["decision"],
            "text": f"{verb} on the desk: {number}{because}",
            "policy": "change",
        }
    if state == "settled":
        return {
            "kind": found["decision"],
            "text": f"{number} is already {found['decision']} on the desk, by {found['by']}.",
            "policy": "change",
        }
    # not theirs to decide (waiting for others, or not sent for approval): said plainly, with who decides —
    # never a decision of theirs the desk might record; what the policy makes of it is said as a note
    where = (
        f"it waits for {_who(found['waiting'])} on the desk, not for me — they decide it"
        if state == "others"
        else "it hasn't been sent for approval on the desk yet; request approval there and its approvers "
        "decide it"
    )
    said = f"{number} isn't mine to approve or reject: {where}."
    if found["verdict"] == "rejected" and reason:  # the policy's view, for whoever decides it
        said += f" For what it's worth, it would not pass as planned — {reason}"
    return {"kind": "question", "text": said, "policy": "change"}


def change_decisions(ctx: Ctx, approver: User, ask: Ask, answer_at: datetime) -> list[dict[str, Any]]:
    """The answer of `approver` to an approval asked of the changes `ask` names, one entry per change.

    Args:
        ctx: the answering action's context.
        approver: the colleague asked.
        ask: the approval ask (policy "change"; `about`: the change numbers).
        answer_at: when their answer arrives (a decision of theirs is on the desk by then).
    """
    desk = peer(ctx, "ticketing")
    if desk is None:
        return [
            {"kind": "question", "text": "I decide changes on the service desk — request approval there."}
        ]
    if not ask.about:
        return [
            {
                "kind": "question",
                "text": "Which change is it? Send me its number (CHG…) and I'll decide it on the desk.",
            }
        ]
    return [_say(desk.change_approval(ctx, number, approver.mail, answer_at)) for number in ask.about]
