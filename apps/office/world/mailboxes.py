"""Everyone's mailbox, not only the acting user's: over the last four weeks each employee gets customer
threads (their accounts' contacts for sales, their department's kind of customer question for the
others), internal threads with replies, the CRM's notifications (stage changes of their deals, being
added to an account team), the service desk's (their requests, incidents assigned to them) and the
invitations of the meetings they attend. Volumes per person are in `worlds.generator.distributions`
(MAILBOX) and were chosen against the cost of each copy (docs/WORLDS.md).

Appended after every other office row from its own stream (`{seed}:office:mailboxes`): the ids and texts
of the rows before it stay as they were.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import datetime, timedelta
from typing import Any

from apps.office.world import mailbox_text as T
from apps.office.world.calendar import add_event, invite, utc_at
from apps.office.world.mail import post
from apps.office.world.people import Office
from apps.ticketing.ids import user_sys_id
from worlds.generator import distributions as D
from worlds.generator.common import business_dt

CRM = ("noreply@crm.acme.example", "Acme CRM")
DESK = ("servicedesk@acme.example", "IT Service Desk")
WINDOW = timedelta(days=D.MAILBOX["window_days"])


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


class _Filler:
    def __init__(self, office: Office, rng: random.Random) -> None:
        self.office, self.rng = office, rng
        crm = office.crm
        self.crm_user = {u["employee_number"]: u for u in crm.rows["user"] if u.get("employee_number")}
        self.contacts: dict[str, list[dict]] = {}
        for c in crm.rows["contact"]:
            if c.get("email"):
                self.contacts.setdefault(c["account_id"], []).append(c)
        self.accounts = [a for a in crm.rows["account"] if a["id"] in self.contacts]
        self.names = {p["id"]: p["name"] for p in crm.rows["product"]}

    def when(self, earliest: datetime | None = None) -> datetime:
        start = max(earliest or self.office.now - WINDOW, self.office.now - WINDOW)
        day = start.date() + timedelta(days=self.rng.randint(0, max(0, (self.office.now - start).days - 1)))
        return min(business_dt(self.rng, day), self.office.now - timedelta(hours=1))

    def values(self, account: dict, first: str, department: str) -> dict[str, Any]:
        rng, now = self.rng, self.office.now
        products = list(self.names.values())
        later = now + timedelta(days=rng.randint(2, 40))
        return {
            "account": account["name"],
            "product": rng.choice(products),
            "first": first,
            "n": rng.randint(3, 60),
            "n2": rng.randint(61, 400),
            "date": f"{later:%B} {later.day}",
            "clock": f"{rng.randint(8, 17):02d}:{rng.choice(('00', '15', '30', '45'))}",
            "version": f"{rng.randint(3, 7)}.{rng.randint(0, 12)}",
            "case": f"CS{rng.randint(100000, 999999)}",
            "invoice": f"INV-{now.year}-{rng.randint(1000, 9999)}",
            "colleague": rng.choice(self.office.users)["given_name"],
            "doc": rng.choice(T.DOCS.get(department, T.DOCS["Sales"])),
            "duty": rng.choice(T.DUTIES.get(department, T.DUTIES["Sales"])),
        }

    def account_for(self, user: dict) -> dict:
        mine = self.crm_user.get(user["employee_number"])
        owned = [a for a in self.accounts if mine and a["owner_id"] == mine["id"]]
        return self.rng.choice(owned or self.accounts)

    def customer_thread(self, user: dict) -> dict:
        rng, office = self.rng, self.office
        account = self.account_for(user)
        contact = rng.choice(self.contacts[account["id"]])
        c_mail, c_name = contact["email"].lower(), f"{contact['first_name']} {contact['last_name']}"
        sales = user["employee_number"] in self.crm_user
        subjects, asks, answers, _ = T.SALES if sales else T.CUSTOMER.get(user["department"], T.SALES)
        v = self.values(account, user["given_name"], user["department"])
        subject = rng.choice(subjects).format(**v)
        when, conv = self.when(), office.conversation()
        k = rng.randrange(len(asks))
        ask, answer = _cap(asks[k].format(**v)), _cap(answers[k % len(answers)].format(**v))
        mails = [
            (None, c_mail, c_name, user["mail"], f"Hi {user['given_name']},\n\n{ask}"),
            (user, user["mail"], user["display_name"], c_mail, f"Hi {contact['first_name']},\n\n{answer}"),
        ]
        if rng.random() < 0.5:
            mails.append((None, c_mail, c_name, user["mail"], rng.choice(T.CUSTOMER_THANKS).format(**v)))
        for turn, (sender, address, name, to, body) in enumerate(mails):
            post(office, sender=sender, from_address=address, from_name=name, to=[to],
                 subject=("RE: " if turn else "") + subject, body=f"{body}\n\nBest regards,\n{name}",
                 when=when, conversation=conv)  # fmt: skip
            when = min(when + timedelta(hours=rng.randint(1, 30)), office.now - timedelta(minutes=5))
        return account

    def internal_thread(self, user: dict, peers: list[dict]) -> None:
        rng, office = self.rng, self.office
        other = rng.choice(peers)
        v = self.values(rng.choice(self.accounts), other["given_name"], user["department"])
        subject, ask = rng.choice(T.INTERNAL)
        subject, when, conv = subject.format(**v), self.when(), office.conversation()
        reply = rng.choice(T.INTERNAL_REPLIES).format(**{**v, "first": user["given_name"]})
        reply += " " + rng.choice(T.CONTEXT).format(**v)
        opener = f"Hi {other['given_name']},\n\n{ask.format(**v)} {rng.choice(T.CONTEXT).format(**v)}"
        turns = [(user, other, opener), (other, user, reply)]
        if rng.random() < 0.4:
            turns.append((user, other, rng.choice(T.INTERNAL_CLOSERS).format(**v)))
        for k, (a, b, body) in enumerate(turns):
            post(office, sender=a, from_address=a["mail"], from_name=a["display_name"], to=[b["mail"]],
                 subject=("RE: " if k else "") + subject, body=f"{body}\n\n{a['given_name']}", when=when,
                 conversation=conv)  # fmt: skip
            when = min(when + timedelta(minutes=rng.randint(15, 300)), office.now - timedelta(minutes=1))

    def notify(self, sender: tuple[str, str], user: dict, subject: str, body: str, when: datetime) -> None:
        post(self.office, sender=None, from_address=sender[0], from_name=sender[1], to=[user["mail"]],
             subject=subject, body=body, when=when, conversation=self.office.conversation())  # fmt: skip

    def account_team(self, user: dict, account: dict) -> None:
        crm = self.office.crm
        owner = crm.by_id.get(account["owner_id"], {})
        role = (T.CUSTOMER.get(user["department"]) or T.SALES)[3]
        opens = sum(1 for o in crm.opps_of.get(account["id"], []) if not o["is_closed"])
        self.notify(
            CRM,
            user,
            f"You were added to the account team of {account['name']}",
            f"{owner.get('name', 'The account owner')} added you to the account team of {account['name']} "
            f"as {role}.\n\nAccount owner: {owner.get('name', '')}\nOpen opportunities: {opens}",
            self.when() - timedelta(days=1),
        )

    def stage_changes(self, user: dict) -> int:
        """Notifications of the user's deals that changed stage in the window (how many were sent)."""
        mine = self.crm_user.get(user["employee_number"])
        if not mine:
            return 0
        opps = {o["id"]: o for o in self.office.crm.rows["opportunity"] if o["owner_id"] == mine["id"]}
        recent = [
            h
            for h in self.office.crm.rows["opportunity_history"]
            if h["opportunity_id"] in opps
            and self.office.now - WINDOW < datetime.fromisoformat(h["created_date"]) < self.office.now
        ]
        for h in recent[: D.MAILBOX["crm_stage_changes_max"]]:
            opp = opps[h["opportunity_id"]]
            self.notify(
                CRM,
                user,
                f"Stage changed to {h['stage_name']}: {opp['name']}",
                f"{opp['name']} moved to {h['stage_name']} ({h['probability']}% probability); close date "
                f"{h['close_date']}.",
                datetime.fromisoformat(h["created_date"]),
            )
        return min(len(recent), D.MAILBOX["crm_stage_changes_max"])


def _desk_notices(filler: _Filler, desk: Any) -> None:
    """Requests an employee raised and incidents assigned to them, in the window."""
    office = filler.office
    user_of = {user_sys_id(e["employee_number"]): office.user_by_number[e["employee_number"]]
               for e in desk.company.employees if e["employee_number"] in office.user_by_number}  # fmt: skip

    def recent(rows: list[dict], field: str) -> Iterator[tuple[dict, dict, datetime]]:
        for r in rows:
            user, opened = user_of.get(r[field] or ""), datetime.fromisoformat(r["opened_at"])
            if user is not None and user is not office.actor and office.now - WINDOW < opened < office.now:
                yield user, r, opened

    for user, item, opened in recent(desk.rows["sc_req_item"], "requested_for"):
        filler.notify(DESK, user, f"Request {item['number']} opened: {item['short_description']}",
                      f"Your request {item['number']} for {item['short_description']} has been opened "
                      f"(stage: {item['stage']}).", opened)  # fmt: skip
    have = {m["owner_id"] for m in office.rows["message"] if m["from_address"] == DESK[0]}
    for ci in desk.cis:  # whoever had no ticket or request: the service desk's note on their laptop
        user = user_of.get(ci.get("assigned_to") or "")
        if ci["sys_class_name"] == "cmdb_ci_computer" and user is not None and user["id"] not in have:
            have.add(user["id"])
            model = f"{ci['manufacturer']} {ci['model_number']}"
            body = f"The laptop {ci['name']} ({model}, {ci['os']}) is now registered to you."
            filler.notify(DESK, user, f"Asset {ci['name']} assigned to you: {model}", body, filler.when())
    for user, inc, opened in recent(desk.rows["incident"], "assigned_to"):
        filler.notify(DESK, user, f"Incident {inc['number']} assigned to you: {inc['short_description']}",
                      f"Incident {inc['number']} ({inc['short_description']}) is assigned to you; priority "
                      f"{inc['priority']}.", opened + timedelta(minutes=20))  # fmt: skip


def _invitations(office: Office) -> None:
    """The invitation of every recent meeting, to each attendee who has none yet (never its organizer)."""
    invited = {(m["event_id"], m["owner_id"]) for m in office.rows["message"] if m["event_id"]}
    attendees: dict[str, list[str]] = {}
    for a in office.rows["attendee"]:
        attendees.setdefault(a["event_id"], []).append(a["email_address"])
    for event in list(office.rows["event"]):
        sent = datetime.fromisoformat(event["created_date_time"])
        if not office.now - WINDOW < sent < office.now:
            continue
        host = office.by_id[event["organizer_id"]]
        to = [
            m
            for m in attendees.get(event["id"], [])
            if (u := office.by_mail.get(m)) and u is not host and (event["id"], u["id"]) not in invited
        ]
        if to:
            invite(office, host, event, sent, sent, to=to)
    _latest_invitation(office, attendees)


def _latest_invitation(office: Office, attendees: dict[str, list[str]]) -> None:
    """Whoever got no invitation in the window still has the one of the latest meeting they attend."""
    have = {m["owner_id"] for m in office.rows["message"] if m["meeting_message_type"] == "meetingRequest"}
    events = sorted(office.rows["event"], key=lambda e: e["created_date_time"], reverse=True)
    for user in office.users:
        if user["id"] in have:
            continue
        event = next(
            (
                e
                for e in events
                if user["mail"] in attendees.get(e["id"], ())
                and e["organizer_id"] != user["id"]
                and datetime.fromisoformat(e["created_date_time"]) < office.now
            ),
            None,
        )
        if event is None:  # nobody invited them to anything yet: their manager books a 1:1
            event = _one_to_one(office, user)
        sent = datetime.fromisoformat(event["created_date_time"])
        invite(office, office.by_id[event["organizer_id"]], event, sent, sent, to=[user["mail"]])


def _one_to_one(office: Office, user: dict) -> dict:
    """A 30-minute 1:1 next week that the user's manager (or a colleague) organizes, inviting them."""
    host = office.by_id.get(user["manager_id"] or "") or next(u for u in office.users if u is not user)
    day = (office.now + timedelta(days=7 - office.now.weekday())).date()
    start = utc_at(day, office.rng.randint(9, 15), 0, host["time_zone"])
    return add_event(
        office,
        host,
        f"1:1 {host['given_name']} / {user['given_name']}",
        start,
        30,
        [(user["mail"], user["display_name"], "required", "none")],
        online=True,
        body=f"{host['given_name']} set up a 1:1 with {user['given_name']} to go through priorities.",
    )


def fill_mailboxes(office: Office, desk: Any, seed: int) -> None:
    """Give every employee's mailbox the mix of a knowledge worker's (see the module docstring)."""
    filler = _Filler(office, random.Random(f"{seed}:office:mailboxes"))
    saved, office.rng = office.rng, filler.rng  # `post` draws flags from office.rng: use this stream
    try:
        by_dept: dict[str, list[dict]] = {}
        for u in office.users:
            by_dept.setdefault(u["department"], []).append(u)
        for user in office.users:
            if user is office.actor:
                continue
            sales = user["employee_number"] in filler.crm_user
            n = D.MAILBOX["customer_threads_sales" if sales else "customer_threads"]
            accounts = list({filler.customer_thread(user)["id"]: None for _ in range(n)})
            if not filler.stage_changes(user) or not sales:
                for account in accounts[: 1 if sales else None]:
                    filler.account_team(user, office.crm.by_id[account])
            peers = [u for u in by_dept[user["department"]] if u is not user]
            boss = office.by_id.get(user["manager_id"] or "")
            peers += [boss] if boss else []
            for _ in range(D.MAILBOX["internal_threads"] if peers else 0):
                filler.internal_thread(user, peers)
        if desk is not None:
            _desk_notices(filler, desk)
        _invitations(office)
    finally:
        office.rng = saved
