"""The arrivals of a working week (`crossapp/xapp/inbox_week.py`): what colleagues send Amber on their own
schedule after Monday morning, drawn from the world part `worlds/parts/holds` (its engineers relaying what
customers said, `holds/requests.jsonl`).

- a revision or a withdrawal of a request waiting on Monday (a do-request of the part: a contact's new title
  or direct line), a reply in its thread from its sender on Tuesday–Thursday: "sorry, it's X, not Y" (the
  record ends at X) or "scratch that, she is still Y" (the record ends as it was — put back if already
  changed); or the same word as a Teams message in their 1:1 chat with Amber ("Hi Amber — about my mail
  on Teresa: …");
- one or two new requests on Tuesday–Thursday from another of the part's engineers, about another contact
  of the account they work with: a follow-up call on Amber's task list, or a contact's new title; the
  first is needed by a time its sender sets — a few hours later the same day, the end of their day, the
  next morning or the end of the day after next ("I've got a call with them at 3 pm Pacific today — could
  you have her new title in before then?", `week_deadlines.py`).

Each is sent inside its sender's own working hours (`week_deadlines.send_time`).

Each arrival is a `PlannedMail` the episode's clock delivers; its truth is computed from the world as the
request's is (the contact's current title, the open tasks on Amber's list), checked again when drawn.
"""

from __future__ import annotations

from datetime import date, timedelta
from functools import cache
from typing import Any

from apps.core.worlds import worlds_root
from crossapp.xapp.act_or_hold import CONTACT, _do, _requests, holds_in_world
from crossapp.xapp.week_deadlines import MONDAY, SAME_DAY, kinds, send_time, with_deadline
from tasks.families.base import Draw, Redraw, step
from tasks.families.frontier_kit import first_name
from tasks.families.inbox_kit import part_file
from tasks.match_model import Match
from tasks.truth_model import Expectation, OracleStep, PlannedMail
from worlds.parts.holds.texts import TITLES, request
from worlds.parts.requests.inbox import day_name
from worlds.splits import entity_split

AMBER = "amber.miller@acme.example"
DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday")
CONTACTS = (
    "SELECT id, first_name, last_name, title, phone, account_id FROM crm_contact WHERE account_id = ? "
    "AND title IS NOT NULL ORDER BY id"
)
OPEN_TASKS = "SELECT id FROM crm_task WHERE who_id = ? AND is_closed = 0 ORDER BY id"
MAILS = "holds/office/message.jsonl"  # the part's mails (a world view hides a part's rows)
SENDER = "SELECT given_name, display_name FROM office_user WHERE mail = ?"
SORRY = ("I got that wrong", "I mixed two people up", "I misheard on the call")
OFF = ("the reorganisation was postponed", "that was only a plan, it hasn't happened", "I had it wrong")


def _other_phone(phone: str, d: Draw) -> str:
    """A direct line like `phone` with other last digits: '(325) 555-3423' → '(325) 555-3461'."""
    tail = (int(phone[-2:]) + d.rng.randrange(11, 89)) % 100
    return f"{phone[:-2]}{tail:02d}"


def revisable(d: Draw) -> dict[str, Any]:
    """A Monday do-request of the split (a title or a direct line) whose record is as the request found it."""
    pool = [
        r
        for r in _requests(d.world.world)
        if r["kind"] == "do"
        and r["action"] in ("title", "phone")
        and entity_split(d.world.world, "account", r["account_id"]) == d.split
        and holds_in_world(d, r)
    ]
    if not pool:
        raise Redraw("no title or phone request of the split")
    return d.rng.choice(pool)


def revision(
    d: Draw, r: dict[str, Any], day: int, chat: bool = False
) -> tuple[PlannedMail, Expectation, OracleStep, str]:
    """The later word on Monday's request `r`, sent on `day`: (the mail — a Teams message in the sender's
    1:1 chat with Amber when `chat` —, the final expectation on the contact, the oracle's write when it
    arrives, what it asks in words). Withdrawn: the record ends as the world has it (the write puts it back);
    revised: it ends at another value."""
    old = d.world.rows(CONTACT, r["contact_id"])[0][r["action"]]
    if not old:
        raise Redraw("the contact has no value to keep")
    who, first = r["contact_name"], first_name(r["contact_name"])
    me = first_name(r["sender_name"])
    field = "title" if r["action"] == "title" else "direct line"
    if d.chance(0.5):
        new = (
            d.choice([t for t in TITLES if t not in (r["value"], old)])
            if r["action"] == "title"
            else _other_phone(r["value"], d)
        )
        body = (
            f"Hi Amber,\n\nsorry — {d.choice(list(SORRY))}: {first}'s {field} is {new}, not {r['value']}. "
            f"Could you make it {new} in the CRM?\n\nThanks,\n{me}"
        )
        done = Match(text=new)
        expect = Expectation(table="crm_contact", op="update", pk=r["contact_id"], fields={r["action"]: done})
        what = f"{who}'s {r['action']} ends at {new} (revised)"
    else:
        new = old
        body = (
            f"Hi Amber,\n\nscratch my mail about {first}, sorry — {d.choice(list(OFF))}: {first}'s {field} "
            f"is still {old}, so nothing should change in the CRM.\n\nThanks,\n{me}"
        )
        kept = {r["action"]: Match(text=old)}  # untouched, or put back after Monday's change
        expect = Expectation(table="crm_contact", op="unchanged", pk=r["contact_id"], fields=kept)
        what = f"{who}'s {r['action']} ends as it was (withdrawn)"
    if chat:  # the same word in a chat: no greeting or sign-off, the mail it is about named
        said = body.split("\n\n")[1]
        lead = "" if said.startswith("scratch") else f"about my mail on {first}: "
        body = f"Hi Amber — {lead}{said}"
    mail = PlannedMail(
        sender=r["sender"],
        sender_name=r["sender_name"],
        to=[AMBER],
        subject=f"RE: {_subject(d, r)}",
        body=body,
        send_at=send_time(d, r["sender"], day).isoformat(),
        in_reply_to=r["message_id"],
        channel="chat" if chat else "mail",
    )
    write = step("crm_update_contact", contact_id=r["contact_id"], **{r["action"]: new})
    return mail, expect, write, what


def _subject(d: Draw, r: dict[str, Any]) -> str:
    """The subject of Monday's mail `r` (in Amber's inbox)."""
    found = next((m["subject"] for m in part_file(d.world.world, MAILS) if m["id"] == r["message_id"]), None)
    if not found:
        raise Redraw("the request's mail is not in the mailbox")
    return str(found).removeprefix("RE: ")


@cache
def _part_text(world: str) -> str:
    """Every world part's mails and chats in one text: a contact named in one is another request's."""
    root = worlds_root() / world
    files = sorted(root.glob("*/office/message.jsonl")) + sorted(root.glob("*/office/chat_message.jsonl"))
    return "\n".join(p.read_text() for p in files if p.parent.parent.name != "office")


def new_request(
    d: Draw, taken: set[str], day: int, due: bool = False
) -> tuple[PlannedMail, Expectation, OracleStep, str, dict[str, Any]]:
    """A new request sent on `day` by one of the part's engineers whose request is not in the week (none of
    `taken`: addresses, accounts and contacts in use), about another contact of their account: (the mail,
    its expectation, the oracle's write, what it asks in words, the request row — with `due`, the kind of
    deadline under "due"). `due`: its sender needs it by a time they set, of a kind drawn from those the
    day allows (`week_deadlines`), and the expectation holds the write to it."""
    rows = _requests(d.world.world)
    used = {r["contact_id"] for r in rows if r.get("contact_id")}
    senders = [
        r
        for r in rows
        if r["kind"] == "hold"
        and r["sender"] not in taken
        and r["account_id"] not in taken
        and entity_split(d.world.world, "account", r["account_id"]) == d.split
    ]
    d.rng.shuffle(senders)
    for s in senders:
        contacts = [
            c
            for c in d.world.rows(CONTACTS, s["account_id"])
            if c["id"] not in used
            and c["id"] not in taken
            and not d.world.rows(OPEN_TASKS, c["id"])
            and f"{c['first_name']} {c['last_name']}" not in _part_text(d.world.world)
        ]
        if contacts:
            break
    else:
        raise Redraw("no engineer of the split with another contact to ask about")
    c = d.rng.choice(contacts)
    name = f"{c['first_name']} {c['last_name']}"
    if d.chance(0.5):
        monday = MONDAY.date() + timedelta(days=7)
        value = (monday + timedelta(days=d.rng.randrange(5))).isoformat()
        action = "task"
    else:
        value, action = d.choice([t for t in TITLES if t != c["title"]]), "title"
    r = {**s, "action": action, "value": value, "contact_id": c["id"], "contact_name": name,
         "record_id": c["id"], "table": "crm_contact"}  # fmt: skip
    sender = d.world.rows(SENDER, s["sender"])[0]
    subject, body = request(d.rng, r, sender)
    if subject == _subject(d, s):  # the sender's own earlier mail's subject: this one names its contact
        subject = f"{'Call with' if action == 'task' else 'New title for'} {c['first_name']}"
    kind = d.choice(kinds(d, s["sender"], day)) if due else ""
    sent = send_time(d, s["sender"], day, room=180 if kind in SAME_DAY else 60)
    write, expect, what = _do(r)
    if due:
        body, expect = with_deadline(d, r, body, sent, expect, kind, day)
        r["due"] = kind
    mail = PlannedMail(
        sender=s["sender"], sender_name=s["sender_name"], to=[AMBER], subject=subject, body=body,
        send_at=sent.isoformat(),
    )  # fmt: skip
    if action == "task":
        what = f"a call with {name} on {day_name(date.fromisoformat(value))}"
    return mail, expect, write, what, r
