"""Act or hold (frontier): four or five colleagues each sent Amber one ordinary request about a CRM record —
a contact's new title or direct line, a follow-up call on her task list, a lost deal's close date, a price
cut — and the prompt only names who is waiting. Some are to be done. The others must not be, for a reason
the world shows and no mail states as a reason: the requester called it off later (a reply in the thread or
a Teams message), the task is already on her list (a second one duplicates it), the deal is already Closed
Lost (its premise is false), or the cut is beyond what the Discount Approval Policy permits (over 35 % is
not permitted, whoever asks).

What decides the truth: the request (`holds/requests.jsonl`: the record, the value, the reason) and the
world: the deal's stage, the task on her list, the withdrawal in the mailbox or chat, the policy's matrix —
each checked again when the instance is drawn. Each instance mixes two or three requests to do with one to
three to hold. Truth: every do-request's record in the asked state; every held request's record untouched
(no duplicate task, no overwrite); every requester whose request is held on her judgment told it was not
done and why (a judged reading: any words); a withdrawn request needs no answer. Asking a requester is
never penalised (they answer from their brief). Guessing fails: doing all (a duplicate task, a lost deal
moved, a cut beyond the policy, a withdrawn change made), holding all (the do-requests undone), or holding
without a word to the requester.
"""

from __future__ import annotations

from typing import Any

from tasks.families.base import Draw, Family, Redraw, Spec, eq, step
from tasks.families.frontier_kit import (
    CHAT_SIDE_EFFECTS,
    MAIL_SIDE_EFFECTS,
    RECORD_NOTES,
    first_name,
    listing,
    reads,
    sent_to,
)
from tasks.families.inbox_kit import part_file
from tasks.match_model import Match
from tasks.truth_model import Checkpoint, Expectation, FrontierMeasures
from worlds.parts.triage.mails import money
from worlds.splits import entity_split

POLICY = "Discount Approval Policy"
NOT_PERMITTED = 35  # the policy's matrix: over 35 % is not permitted
CONTACT = "SELECT title, phone FROM crm_contact WHERE id = ?"
TASK = "SELECT subject, activity_date, is_closed, owner_id, who_id FROM crm_task WHERE id = ?"
DEAL = "SELECT name, stage_name, amount, owner_id FROM crm_opportunity WHERE id = ?"


def _requests(world: str) -> tuple[dict[str, Any], ...]:
    return part_file(world, "holds/requests.jsonl")


def subject(r: dict[str, Any]) -> tuple[str, str]:
    """The held-out entity a request is about: its deal, else its contact."""
    return (
        ("opportunity", r["record_id"]) if r["table"] == "crm_opportunity" else ("contact", r["contact_id"])
    )


def holds_in_world(d: Draw, r: dict[str, Any]) -> bool:
    """Whether the world still shows the reason a held request must not be done (and a do-request's record
    is still as the request found it)."""
    if r["reason"] == "stale":
        return d.world.rows(DEAL, r["record_id"])[0]["stage_name"] == "Closed Lost"
    if r["reason"] == "authority":
        amount = float(d.world.rows(DEAL, r["record_id"])[0]["amount"])
        return (1 - r["value"] / amount) * 100 > NOT_PERMITTED
    if r["reason"] == "done":
        t = d.world.rows(TASK, r["record_id"])[0]
        return (
            not t["is_closed"]
            and str(t["activity_date"])[:10] == r["value"]
            and t["who_id"] == r["contact_id"]
        )
    if r["action"] in ("title", "phone"):  # a do-request or a withdrawn one: the value is not there yet
        return d.world.rows(CONTACT, r["contact_id"])[0][r["action"]] != r["value"]
    return True


def _reads(r: dict[str, Any]) -> list:
    """What the performer reads to judge the request: the mail, its withdrawal, the record."""
    out = [step("office_get_message", message_id=r["message_id"])]
    if r.get("withdraw_by") == "mail":
        out.append(step("office_get_message", message_id=r["later_id"]))
    elif r.get("withdraw_by") == "teams":
        out.append(step("office_list_chat_messages", chat_id=r["chat_id"]))
    if r["table"] == "crm_opportunity":
        out.append(step("crm_get_opportunity", opportunity_id=r["record_id"]))
    elif r["action"] in ("task", "again"):
        out.append(step("crm_list_tasks", who_id=r["contact_id"]))
    else:
        out.append(step("crm_get_contact", contact_id=r["contact_id"]))
    if r["reason"] == "authority":
        out.append(step("office_search_drive", query=POLICY))
    return out


def _do(r: dict[str, Any]) -> tuple[Any, Expectation, str]:
    """(the write, its expectation, what it does in words) of a request to do."""
    who = r["contact_name"]
    if r["action"] == "task":
        call = step(
            "crm_create_task",
            subject=f"Follow-up call with {who}",
            who_id=r["contact_id"],
            activity_date=r["value"],
        )
        fields = {"who_id": eq(r["contact_id"]), "activity_date": eq(r["value"]), "is_closed": eq(False)}
        return (
            call,
            Expectation(table="crm_task", op="insert", fields=fields),
            f"a call with {who} on {r['value']}",
        )
    call = step("crm_update_contact", contact_id=r["contact_id"], **{r["action"]: r["value"]})
    fields = {r["action"]: Match(text=r["value"])}
    done = Expectation(table="crm_contact", op="update", pk=r["contact_id"], fields=fields)
    return call, done, f"{who}'s {r['action']} set to {r['value']}"


def _untouched(r: dict[str, Any]) -> Expectation:
    pk = r["contact_id"] if r["table"] == "crm_contact" else r["record_id"]
    return Expectation(table=r["table"], op="unchanged", pk=pk, note=f"{r['sender_name']}'s request held")


def _held(r: dict[str, Any], why: str) -> str:
    """What the judged reading of the mail to a held request's requester must find: the request held with its
    reason, told — or asked about while pointing the reason out (asking is never wrong)."""
    name = r["sender_name"]
    return f"the mail holds {name}'s request back with its reason: it says, or asks pointing out, that {why}"


def _why(r: dict[str, Any]) -> tuple[str, str]:
    """(the answer the oracle sends, what the judged reading must find in any words) of a held request."""
    who = first_name(r["sender_name"])
    if r["reason"] == "done":
        day = r["value"]
        return (
            f"Hi {who},\n\nthat one is already on my list: '{r['subject']}' with {r['contact_name']}, due "
            f"{day}. I've left it as it is rather than add a second task.\n\nAmber",
            _held(
                r,
                f"no new task is set up because the task with {r['contact_name']} ('{r['subject']}', due "
                f"{day}) is already on Amber's list",
            ),
        )
    if r["reason"] == "stale":
        return (
            f"Hi {who},\n\n{r['deal_name']} is closed as lost in the CRM, so I haven't moved its close date. "
            "If they want to buy after all, we'd open a new opportunity.\n\nAmber",
            _held(
                r,
                f"the close date of {r['deal_name']} is not moved because the deal is already closed as lost",
            ),
        )
    pct = round(r["cut"] * 100)
    return (
        f"Hi {who},\n\nI can't bring {r['deal_name']} down to {money(r['value'])}: that's about {pct}% "
        f"off, and our {POLICY} doesn't permit any discount over {NOT_PERMITTED}%. The amount stays as it "
        "is.\n\nAmber",
        _held(
            r,
            f"the amount of {r['deal_name']} is not cut to {money(r['value'])} because a discount of that "
            f"size (about {pct}%) is not permitted under the {POLICY} (nothing over {NOT_PERMITTED}%)",
        ),
    )


class ActOrHold(Family):
    name = "xapp.act-or-hold"
    # 2: the holds part drawn account-balanced across the splits (test holds 4 to do, 9 to hold); 3: a dev
    # split (the part's 8 dev requests: 3 to do, 5 to hold); full names where two requesters share a first
    # name
    version = 4  # v4: a person told may be in To or Cc (recipients)
    apps = ("office", "crm")
    tier = "frontier"
    surfaces = ("mcp", "cli", "python")
    no_ui_reason = "the judgment is in what is not done; the browser path adds no reading of it"
    size = 60
    splits = ("train", "dev", "test")
    ci_instances = 1
    ci_surfaces = ("python",)  # ~100 s over MCP; `tasks check --task …@N` runs every surface
    author = "saasgym-frontier"
    summary = (
        "frontier: four or five colleagues' ordinary CRM requests in the inbox — do some; hold the ones the "
        "world says not to do (called off later in mail or Teams, already on the task list, a lost deal, a "
        "price cut beyond the discount policy) and tell those requesters why"
    )

    def build(self, d: Draw) -> Spec:
        # held out by account, as every family holds its records out: a test instance's deals and contacts
        # belong to test accounts only
        pool = [
            r
            for r in _requests(d.world.world)
            if entity_split(d.world.world, "account", r["account_id"]) == d.split
        ]
        pool = [r for r in pool if holds_in_world(d, r)]
        dos = [r for r in pool if r["kind"] == "do"]
        holds = [r for r in pool if r["kind"] == "hold"]
        mixes = ((2, 2), (2, 3), (3, 1), (3, 2))  # four or five requests in all, of the mixes the split holds
        fitting = [(a, b) for a, b in mixes if a <= len(dos) and b <= len(holds)]
        if not fitting:
            raise Redraw("too few requests of the split")
        n_do, n_hold = d.rng.choice(fitting)
        chosen = d.rng.sample(dos, n_do) + d.rng.sample(holds, n_hold)
        d.rng.shuffle(chosen)
        for r in chosen:
            d.note("account", r["account_id"])
            d.note(*subject(r))
        names = [r["sender_name"] for r in chosen]
        k = d.rng.randrange(5)
        if k == 4 and len({first_name(n) for n in names}) < len(names):
            k = 3  # two Patricks: first names would not say whose request is whose
        who = listing(names)
        prompt = (
            f"{who} each sent you something over the last few days. Could you take care of their requests?",
            f"Please work through the requests from {who} in your inbox.",
            f"Catch up on what {who} asked you for and deal with it.",
            f"{who} are waiting on you — could you handle what they sent?",
            f"There are requests from {listing([first_name(n) for n in names])} waiting for you "
            f"({listing(sorted({r['account'] for r in chosen}))}). Please handle them.",
        )[k]
        oracle = [step("office_list_messages", folder="inbox"), step("office_list_chats")]
        expect, checkpoints, criteria = [], [], []
        wrong: dict[str, str] = {}
        for r in chosen:
            oracle += _reads(r)
            name = r["sender_name"]
            if r["kind"] == "do":
                call, done, what = _do(r)
                oracle.append(call)
                expect.append(done)
                checkpoints.append(Checkpoint(name=f"{name}: done ({what})", expect=[done]))
                if not wrong and r["action"] != "task":
                    wrong[r["value"]] = r["value"] + " (acting)"
                continue
            held = _untouched(r)
            expect.append(held)
            if r["reason"] == "withdrawn":
                checkpoints.append(Checkpoint(name=f"{name}: held (called off later)", expect=[held]))
                continue
            body, holds_text = _why(r)
            oracle.append(step("office_reply_to_message", message_id=r["message_id"], body=body))
            to = sent_to(d, r["sender"])
            told = Expectation(table="office_message", op="insert", fields=to, note=f"{name} answered")
            expect.append(told)
            criteria.append(reads(to, f"{r['id']}-why-held", "answers_request", holds_text))
            checkpoints.append(Checkpoint(name=f"{name}: held ({r['reason']}) and told", expect=[held, told]))
        reasons = sorted({r["reason"] for r in chosen if r["reason"]})
        return Spec(
            prompt=prompt,
            oracle=oracle,
            expect=expect,
            allow=[*MAIL_SIDE_EFFECTS, *CHAT_SIDE_EFFECTS, RECORD_NOTES],
            wrong_record=wrong,
            tags=["inbox", "judgment", "act-or-hold", *reasons, "cross-app"]
            + (["handbook", "refusal"] if "authority" in reasons else []),
            phrasing=k,
            checkpoints=checkpoints,
            criteria=criteria,
            # discover: each held request's reason (the later word, the task, the deal's stage, the policy);
            # people: every requester; distractors: the requests that look doable and are not
            frontier=FrontierMeasures(
                discover=n_hold + sum(r.get("withdraw_by") == "teams" for r in chosen),
                people=len(chosen),
                policies=[POLICY] if "authority" in reasons else [],
                distractors=n_hold,
            ),
        )


FAMILIES = [ActOrHold()]
