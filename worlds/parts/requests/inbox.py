"""What the pending requests part builds with: the acting user's inbox of requests (`Inbox`), who may ask
and who holds an approval role, and how a day is named in a request."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from apps.office.ids import graph_guid
from worlds.generator.common import fmt_dt

APPROVER_TITLES = (
    "Regional Sales Manager",
    "VP of Sales",
    "Chief Financial Officer",
    "Support Team Lead",
    "Director of Customer Support",
    "VP of Customer Support",
    "Controller",
    "Director of IT",
    "Chief Executive Officer",
    "Chief Information Officer",
)


def message_row(
    *,
    mid: str,
    thread: str,
    conversation: str,
    sender: dict[str, Any],
    to: list[str],
    subject: str,
    body: str,
    when: datetime,
    owner_id: str,
    folder_id: str,
    read: bool,
) -> dict[str, Any]:
    """One mailbox's copy of a mail a world part plants: an `office_message` row, sent and received at `when`.

    Args:
        mid: the copy's message id.
        thread: the message id its Internet-Message-ID is made from (the first copy's, so copies share it).
        conversation: the conversation id.
        sender: who sent it (`mail`, `display_name`).
        to: the recipients' addresses.
        subject: the subject line.
        body: the body text.
        when: when it was sent (naive UTC).
        owner_id: whose mailbox holds this copy.
        folder_id: the folder it is in.
        read: whether it is read.
    """
    return {
        "bcc_recipients": [],
        "body_content": body,
        "body_preview": " ".join(body.split())[:255],
        "categories": [],
        "cc_recipients": [],
        "conversation_id": conversation,
        "created_date_time": fmt_dt(when),
        "event_id": None,
        "flag_status": "notFlagged",
        "from_address": sender["mail"],
        "from_name": sender["display_name"],
        "has_attachments": False,
        "ics_content": None,
        "id": mid,
        "importance": "normal",
        "in_reply_to_id": None,
        "internet_message_id": f"<{thread}@{sender['mail'].split('@')[1]}>",
        "is_draft": False,
        "is_read": read,
        "last_modified_date_time": fmt_dt(when),
        "meeting_message_type": None,
        "owner_id": owner_id,
        "parent_folder_id": folder_id,
        "received_date_time": fmt_dt(when),
        "sent_date_time": fmt_dt(when),
        "subject": subject,
        "to_recipients": to,
    }


@dataclass
class Inbox:
    """The part's rows as they are made: messages, briefs and the requests' truth."""

    office: Any
    now: datetime
    world: str  # the world's name (its folder's): the splits the families hold its accounts out by
    messages: list[dict[str, Any]] = field(default_factory=list)
    briefs: list[dict[str, Any]] = field(default_factory=list)
    requests: list[dict[str, Any]] = field(default_factory=list)
    taken: set[str] = field(default_factory=set)  # addresses that already asked something
    prefix: str = "Request"  # the id namespace of the rows (a part's own: another part passes its name)

    @property
    def actor(self) -> dict[str, Any]:
        return self.office.actor

    def known(self) -> set[str]:
        """Every address that appears in the acting user's mailbox (sender or recipient)."""
        me = self.actor["id"]
        found = set()
        for m in self.office.rows["message"]:
            if m["owner_id"] == me:
                found.add(m["from_address"].lower())
                found.update(a.lower() for a in (*m["to_recipients"], *m["cc_recipients"]))
        return found

    def free(self, address: str) -> bool:
        """Whether `address` may send a request: no mail with the acting user yet, not asked already."""
        a = address.lower()
        return a not in self._known and a not in self.taken

    def __post_init__(self) -> None:
        self._known = self.known()
        self._ids = {n: graph_guid(f"{self.prefix}{n}") for n in ("Message", "Conversation", "Brief")}

    def spread(self, rng: random.Random, pool: list[Any], account_of: Any) -> list[Any]:
        """`pool` shuffled, then taken in turn from each split its accounts are held out in (test, train,
        dev, …): the requests a family grades reach every split, not only the one most accounts fall in."""
        from worlds.splits import SPLITS, entity_split

        pool = list(pool)
        rng.shuffle(pool)
        by_split = {
            s: [x for x in pool if entity_split(self.world, "account", account_of(x)) == s] for s in SPLITS
        }
        order = ("test", "train", "dev")
        out = []
        while any(by_split.values()):
            for s in order:
                if by_split[s]:
                    out.append(by_split[s].pop(0))
        return out

    def sent_at(self, rng: random.Random, zone: str, hours: tuple[int, int] = (9, 16)) -> datetime:
        """A moment in the sender's working hours on one of the last three working days before now (UTC)."""
        days, day = [], self.now.date() - timedelta(days=1)
        while len(days) < 3:
            if day.weekday() < 5:
                days.append(day)
            day -= timedelta(days=1)
        local = datetime.combine(rng.choice(days), time(rng.randint(*hours), rng.randint(0, 59)))
        when = local.replace(tzinfo=ZoneInfo(zone)).astimezone(ZoneInfo("UTC")).replace(tzinfo=None)
        return min(when, self.now - timedelta(hours=1))

    def deliver(
        self, *, sender: dict[str, Any], subject: str, body: str, when: datetime, conversation: str
    ) -> str:
        """A mail from `sender` to the acting user: the sender's Sent Items copy when they are a colleague,
        then the inbox copy; the first copy's id (the thread's).

        Args:
            sender: the writer (a colleague's user row, or a customer without an id).
            subject: the mail's subject.
            body: the mail's text.
            when: when it was sent (UTC).
            conversation: the conversation id it belongs to.
        """
        copies = [(self.actor, "inbox", False)]
        if sender.get("id"):
            copies.insert(0, (sender, "sentitems", True))
        first_id = None
        for owner, folder, read in copies:
            mid = self._ids["Message"](len(self.messages) + 1)
            first_id = first_id or mid
            self.messages.append(
                message_row(
                    mid=mid,
                    thread=first_id,
                    conversation=conversation,
                    sender=sender,
                    to=[self.actor["mail"]],
                    subject=subject,
                    body=body,
                    when=when,
                    owner_id=owner["id"],
                    folder_id=self.office.folder[owner["id"], folder],
                    read=read,
                )
            )
        return first_id

    def mail(
        self,
        *,
        kind: str,
        sender: dict[str, Any],
        subject: str,
        body: str,
        when: datetime,
        params: dict[str, Any],
        brief: tuple[list[str], str] | None = None,
    ) -> dict[str, Any]:
        """A request mail to the acting user (an inbox copy; a Sent Items copy for a colleague), its brief
        (keywords, clarification) when it is under-specified, and its truth row."""
        conversation = self._ids["Conversation"](len(self.requests) + 1)
        self.deliver(sender=sender, subject=subject, body=body, when=when, conversation=conversation)
        if brief is not None and sender.get("id"):
            keywords, clarification = brief
            self.briefs.append(
                {
                    "clarification": clarification,
                    "conversation_id": conversation,
                    "id": self._ids["Brief"](len(self.briefs) + 1),
                    "keywords": keywords,
                    "user_id": sender["id"],
                }
            )
        self.taken.add(sender["mail"].lower())
        row = {
            "kind": kind,
            "id": f"{kind}-{sum(r['kind'] == kind for r in self.requests) + 1:02d}",
            "message_id": self.messages[-1]["id"],
            "conversation_id": conversation,
            "sender": sender["mail"],
            "sender_name": sender["display_name"],
            "subject": subject,
            "sent": fmt_dt(when),
            "under_specified": brief is not None,
            **params,
        }
        self.requests.append(row)
        return row

    def customer_mail(
        self,
        *,
        kind: str,
        customer: dict[str, Any],
        via: dict[str, Any] | None,
        subject: str,
        body: str,
        rng: random.Random,
        params: dict[str, Any],
        when: datetime | None = None,
    ) -> dict[str, Any]:
        """A customer's request: mailed to the acting user, or forwarded to her by the account's owner (`via`)
        while they are out; the truth names the customer either way. `when`: the moment it was sent (default:
        in the customer's working hours on one of the last three working days)."""
        when = when or self.sent_at(rng, "America/New_York")
        self.taken.add(customer["mail"].lower())
        extra = {"customer": customer["mail"], "customer_name": customer["display_name"]}
        if via is None:
            return self.mail(kind=kind, sender=customer, subject=subject, body=body, when=when,
                             params={**params, **extra})  # fmt: skip
        asked = when - timedelta(hours=rng.randint(2, 20))
        text = _forwarded(via, customer, subject, body, asked)
        return self.mail(kind=kind, sender=via, subject=f"FW: {subject}", body=text, when=when,
                         params={**params, **extra, "forwarded_by": via["mail"]})  # fmt: skip


def _forwarded(via: dict[str, Any], customer: dict[str, Any], subject: str, body: str, when: datetime) -> str:
    back = when.date() + timedelta(days=7)
    return (
        f"Hi Amber,\n\nI'm out until {back:%A, %B} {back.day} — could you take care of this one for me? "
        f"Please answer {customer['display_name'].split()[0]} directly.\n\nThanks,\n{via['given_name']}\n\n"
        f"________________________________\nFrom: {customer['display_name']} <{customer['mail']}>\nSent: "
        f"{when:%Y-%m-%d %H:%M}\nTo: {via['mail']}\nSubject: {subject}\n\n{body}"
    )


def may_ask(office: Any, user: dict[str, Any]) -> bool:
    """Whether a colleague may ask the acting user for something: no handbook approval role, not her manager,
    no hand-written persona (their answers to other work must stay what they were)."""
    actor = office.actor
    personas = {p["user_id"] for p in office.personas}
    return (
        user["id"] not in (actor["id"], actor.get("manager_id"))
        and user["id"] not in personas
        and not holds_approval_role(user)
    )


def holds_approval_role(user: dict[str, Any]) -> bool:
    """Whether the colleague holds a role the handbook's approval matrices name."""
    title = user.get("job_title") or ""
    return any(title == t or title.startswith(t + ",") for t in APPROVER_TITLES)


def colleagues(office: Any, departments: tuple[str, ...]) -> list[dict[str, Any]]:
    """Who may ask the acting user for something: people of `departments` who hold no handbook approval
    role, are not the acting user's manager and have no hand-written persona, by mail."""
    return sorted(
        (u for u in office.users if u["department"] in departments and may_ask(office, u)),
        key=lambda u: u["mail"],
    )


def day_name(day: date) -> str:
    return f"{day:%A, %B} {day.day}"
