"""Act or hold: single requests from colleagues in the acting user's inbox, each about one CRM record, where
some are to be done and others must not be, for a reason the records show and the mail never states.

Each request is one colleague's mail of the last working days (nobody else's request comes from them):

- `do`: update a contact's title or direct line, or put a follow-up call with a contact on her task list;
- `withdrawn`: the same kinds of request, called off later by the same colleague — a reply in the mail's
  thread, or a Teams message in a 1:1 chat of their own;
- `done`: a task she is asked to set herself that is already on her list (same contact, subject and day);
- `stale`: a close date to push on one of her deals that is already Closed Lost;
- `authority`: an amount to cut by 38–45 % on one of her open deals, beyond what the Discount Approval Policy
  permits (over 35 % is not permitted, whoever asks).

Each split gets a fair share (the families hold a request out by its account): requests are drawn in rounds
of one of each kind (a do-request first), the rounds' splits cycling over `SPREAD`, each from the accounts
asked about least so far (`_order`, `_of_split`).

Draws only from its own stream (`{seed}:holds`) and writes only its own files: `holds/office/{message,chat,
chat_member,chat_message,request_brief}.jsonl` (own id namespaces) and `holds/requests.jsonl` (each request's
record, action, value, reason and messages: the input of `xapp.act-or-hold`, which no app loads). Its
colleagues have no other mail or chat with the acting user; its records are no other part's.
"""

from __future__ import annotations

import json
import random
import re
from datetime import timedelta
from typing import Any

from apps.office.ids import graph_guid
from worlds.generator.common import fmt_dt
from worlds.generator.parts import BuildContext, Part
from worlds.parts.holds import texts
from worlds.parts.requests.inbox import Inbox, colleagues
from worlds.parts.triage.shared import at, weekday_after, working_days
from worlds.splits import entity_split

DEPARTMENTS = ("Sales", "Support", "Marketing", "Finance", "Sales Operations", "Engineering")
# how many requests of each kind (the family draws 2-3 to do and 1-3 to hold per instance, per split)
COUNTS = {"do": 21, "authority": 5, "done": 6, "stale": 7, "withdrawn": 9}  # a round's order (see _order)
# the split the n-th round of requests is drawn from (cycling; held out by account, as the families hold their
# records out): test and train twice as often as dev, which no family of the part draws from yet
SPREAD = ("test", "train", "dev", "test", "train")
ID = r"00[1236]5g\w{13}|00T5g\w{13}"


def _order() -> list[tuple[str, str]]:
    """(kind, split) of each request to draw, in rounds of one of each kind not yet spent (a do-request first:
    a split's few free contacts go to requests to do before the holds that also need a contact), round n's
    split `SPREAD[n]` (cycling): so that every split gets some of every kind before one kind spends a
    split's contacts."""
    rounds = range(max(COUNTS.values()))
    return [(k, SPREAD[n % len(SPREAD)]) for n in rounds for k, count in COUNTS.items() if n < count]


def _used(ctx: BuildContext) -> tuple[set[str], set[str]]:
    """The addresses and CRM ids every other part's files name (their requests, bundles, mails)."""
    addresses, ids = set(), set()
    for path in sorted(ctx.out_dir.glob("*/**/*.jsonl")):
        rel = path.relative_to(ctx.out_dir).parts
        if rel[0] in ("holds", "crm", "office", "ticketing", "company", "handbook", "tasks"):
            continue
        text = path.read_text()
        if (
            rel[-1] == "requests.jsonl" and rel[0] == "requests"
        ):  # a clarify request's other deals are no subject
            text = json.dumps(
                [{k: v for k, v in json.loads(x).items() if k != "others"} for x in text.splitlines()]
            )
        ids.update(re.findall(ID, text))
        addresses.update(a.lower() for a in re.findall(r"[\w.+-]+@acme\.example", text))
    return addresses, ids


def _handed_over(ctx: BuildContext) -> set[str]:
    """The accounts whose CRM contact has left (the handovers part's)."""
    path = ctx.out_dir / "handovers" / "handovers.jsonl"
    rows = [json.loads(x) for x in path.read_text().splitlines() if x] if path.is_file() else []
    return {r["account_id"] for r in rows if r.get("account_id")}


def _chatted(office: Any) -> set[str]:
    """The users who already share a chat with the acting user."""
    me = office.actor["id"]
    chats = {m["chat_id"] for m in office.rows["chat_member"] if m["user_id"] == me}
    return {m["user_id"] for m in office.rows["chat_member"] if m["chat_id"] in chats}


def _pools(ctx: BuildContext, ids: set[str]) -> dict[str, list[dict[str, Any]]]:
    """The records each kind of request may be about, in id order: the acting user's contacts, open tasks,
    lost deals and open deals that no other part names."""
    crm, me = ctx.shared["crm"], ctx.shared["actors"]["crm"]
    accounts = {a["id"]: a for a in crm.rows["account"]}
    gone = _handed_over(ctx)
    mine = {a for a, row in accounts.items() if row["owner_id"] == me and a not in gone}
    today = ctx.now.date().isoformat()
    contacts = {c["id"]: c for c in crm.rows["contact"]}
    tasks = [
        t
        for t in sorted(crm.rows["task"], key=lambda t: t["id"])
        if t["owner_id"] == me
        and not t["is_closed"]
        and t["who_id"] in contacts
        and t["id"] not in ids
        and t["who_id"] not in ids
        and str(t["activity_date"] or "") > today
    ]
    deals = sorted(crm.rows["opportunity"], key=lambda o: o["id"])
    return {
        "contact": [
            c
            for c in sorted(contacts.values(), key=lambda c: c["id"])
            if c["account_id"] in mine and c["id"] not in ids and c["email"]
        ],
        "task": tasks,
        "lost": [
            o
            for o in deals
            if o["owner_id"] == me and o["stage_name"] == "Closed Lost" and o["id"] not in ids
        ],
        "open": [
            o
            for o in deals
            if o["owner_id"] == me
            and not o["is_closed"]
            and o["amount"]
            and o["id"] not in ids
            and o["account_id"] not in gone
        ],
        "accounts": [accounts],
        "asked": [],  # the account of every request so far
        "contacted": [],  # the account of every contact asked to change so far
        "want": [],
        "contacts": [contacts],
    }


def _request(rng: random.Random, ctx: BuildContext, kind: str, pools: dict[str, Any], taken: set[str]):
    """One request row of `kind` (without its messages), or None when its pool is spent (three of an
    account's contacts at most are asked to change); the record is of the split `pools['want']` holds when
    one is free, of the accounts asked about least so far (`_of_split`)."""
    taken_accounts = pools["asked"]
    accounts, contacts = pools["accounts"][0], pools["contacts"][0]
    if kind in ("do", "withdrawn"):
        free = [
            c
            for c in pools["contact"]
            if c["id"] not in taken and pools["contacted"].count(c["account_id"]) < 3
        ]
        if not free:
            return None
        c = rng.choice(_of_split(ctx, free, pools))
        act = rng.choice(("title", "phone", "task"))
        if act == "title":
            value = rng.choice([t for t in texts.TITLES if t != c["title"]])
        elif act == "phone":
            value = f"({rng.randint(201, 989)}) 555-{rng.randint(1000, 9999)}"
        else:
            value = weekday_after(ctx.now.date(), rng.randint(3, 10)).isoformat()
        row = {"action": act, "table": "crm_contact", "record_id": c["id"], "value": value}
        taken.add(c["id"])
        taken_accounts.append(c["account_id"])
        pools["contacted"].append(c["account_id"])
        return row | _who(c, accounts)
    if kind == "done":
        free = [t for t in pools["task"] if t["who_id"] not in taken]
        if not free:
            return None
        t = rng.choice(_of_split(ctx, free, pools, account=lambda t: contacts[t["who_id"]]["account_id"]))
        c = contacts[t["who_id"]]
        taken.update({c["id"], t["id"]})
        taken_accounts.append(c["account_id"])
        row = {
            "action": "again",
            "table": "crm_task",
            "record_id": t["id"],
            "subject": t["subject"],
            "value": str(t["activity_date"])[:10],
        }
        return row | _who(c, accounts)
    pool = pools["lost" if kind == "stale" else "open"]
    free = [o for o in pool if o["id"] not in taken]
    if not free:
        return None
    o = rng.choice(_of_split(ctx, free, pools))
    taken.add(o["id"])
    taken_accounts.append(o["account_id"])
    if kind == "stale":
        value = weekday_after(ctx.now.date(), rng.randint(20, 45)).isoformat()
        row = {"action": "close_date", "value": value}
    else:
        cut = rng.choice((0.38, 0.4, 0.42, 0.45))
        row = {
            "action": "amount",
            "value": float(round(float(o["amount"]) * (1 - cut) / 100) * 100),
            "cut": cut,
        }
    a = accounts[o["account_id"]]
    return row | {
        "table": "crm_opportunity",
        "record_id": o["id"],
        "deal_name": o["name"],
        "account_id": a["id"],
        "account": a["name"],
    }


def _of_split(
    ctx: BuildContext, rows: list[dict[str, Any]], pools: dict[str, Any], account: Any = None
) -> list[dict[str, Any]]:
    """The rows to draw from: those whose account is held out in the split wanted now (else all of them),
    and of those the ones whose account was asked about least so far (many accounts, not a few again).

    Args:
        ctx: the build's context (the world's name keys the split).
        rows: the free records, each with an `account_id` unless `account` says where it is.
        pools: the part's pools (`want`: the split wanted now; `asked`: the accounts asked about so far).
        account: the account id of a row (default: its `account_id`).
    """
    of = account or (lambda r: r["account_id"])
    want = pools["want"][-1]
    found = [r for r in rows if entity_split(ctx.out_dir.name, "account", of(r)) == want] or rows
    least = min(pools["asked"].count(of(r)) for r in found)
    return [r for r in found if pools["asked"].count(of(r)) == least]


def _who(c: dict[str, Any], accounts: dict[str, Any]) -> dict[str, Any]:
    a = accounts[c["account_id"]]
    return {
        "contact_id": c["id"],
        "contact_name": f"{c['first_name']} {c['last_name']}",
        "account_id": a["id"],
        "account": a["name"],
    }


def build(ctx: BuildContext) -> tuple[dict[str, list[dict[str, Any]]], dict[str, str]]:
    """The act-or-hold requests of the world's acting user."""
    if ctx.scale < 0.5 or "office" not in ctx.shared:
        return {}, {}
    rng = random.Random(f"{ctx.seed}:holds")
    office = ctx.shared["office"]
    busy, ids = _used(ctx)
    inbox = Inbox(office, ctx.now, ctx.out_dir.name, taken=set(busy), prefix="Holds")
    chatted = _chatted(office)
    people = [u for u in colleagues(office, DEPARTMENTS) if inbox.free(u["mail"]) and u["id"] not in chatted]
    rng.shuffle(people)
    pools = _pools(ctx, ids)
    kinds = _order()
    chats: dict[str, list[dict[str, Any]]] = {"chat": [], "chat_member": [], "chat_message": []}
    guid = {n: graph_guid(f"Holds{n}") for n in ("Chat", "ChatMember", "ChatMessage")}
    taken: set[str] = set()
    rows = []
    for kind, split in kinds:
        if not people:
            break
        pools["want"].append(split)
        r = _request(rng, ctx, kind, pools, taken)
        if r is None:
            continue
        sender = people.pop()
        r |= {
            "id": f"hold-{len(rows) + 1:02d}",
            "kind": "do" if kind == "do" else "hold",
            "reason": None if kind == "do" else kind,
        }
        if kind == "withdrawn":
            r["withdraw_by"] = rng.choice(("mail", "teams"))
        zone = sender.get("time_zone") or "America/New_York"
        days = working_days(ctx.now)
        when = min(at(rng, days[rng.randint(1, 2)], zone, (9, 15)), ctx.now - timedelta(hours=3))
        subject, body = texts.request(rng, r, sender)
        keys = [
            w.lower()
            for w in (r["account"].split()[0].strip(","), r.get("contact_name", "").split(" ")[0])
            if w
        ]
        row = inbox.mail(
            kind="hold",
            sender=sender,
            subject=subject,
            body=body,
            when=when,
            params={},
            brief=(keys, texts.brief(r)),
        )
        r |= {
            "message_id": row["message_id"],
            "conversation_id": row["conversation_id"],
            "sender": sender["mail"],
            "sender_name": sender["display_name"],
            "sent": row["sent"],
        }
        if kind == "withdrawn":
            later = min(when + timedelta(hours=rng.randint(3, 26)), ctx.now - timedelta(hours=1))
            text = texts.called_off(rng, r, sender)
            if r["withdraw_by"] == "mail":
                r["later_id"] = _follow_up(
                    inbox, sender, f"Re: {subject}", text, later, row["conversation_id"]
                )
            else:
                r["chat_id"], r["later_id"] = _chat(chats, guid, office.actor, sender, text, later)
            r["later_sent"] = fmt_dt(later)
        rows.append(r)
    files = {
        "holds/office/message.jsonl": inbox.messages,
        "holds/office/request_brief.jsonl": inbox.briefs,
        **{f"holds/office/{t}.jsonl": chats[t] for t in chats},
        "holds/requests.jsonl": rows,
    }
    return files, {}


def _follow_up(
    inbox: Inbox, sender: dict[str, Any], subject: str, body: str, when: Any, conversation: str
) -> str:
    """A later mail of the sender in the request's thread (their Sent Items copy and the inbox copy); the
    inbox copy's id."""
    inbox.deliver(sender=sender, subject=subject, body=body, when=when, conversation=conversation)
    return inbox.messages[-1]["id"]


def _chat(
    chats: dict[str, list],
    guid: dict[str, Any],
    me: dict[str, Any],
    sender: dict[str, Any],
    text: str,
    when: Any,
) -> tuple[str, str]:
    """A 1:1 Teams chat of the sender with the acting user holding one message of the sender's: (chat id,
    message id)."""
    chat = {
        "chat_type": "oneOnOne",
        "created_date_time": fmt_dt(when),
        "id": guid["Chat"](len(chats["chat"]) + 1),
        "topic": None,
    }
    chats["chat"].append(chat)
    for user in (me, sender):
        chats["chat_member"].append(
            {
                "chat_id": chat["id"],
                "id": guid["ChatMember"](len(chats["chat_member"]) + 1),
                "user_id": user["id"],
            }
        )
    msg = {
        "body_content": text,
        "channel_id": None,
        "chat_id": chat["id"],
        "created_date_time": fmt_dt(when),
        "from_user_id": sender["id"],
        "id": guid["ChatMessage"](len(chats["chat_message"]) + 1),
        "mentions": [],
        "reply_to_id": None,
    }
    chats["chat_message"].append(msg)
    return chat["id"], msg["id"]


PART = Part("holds", 75, build)
