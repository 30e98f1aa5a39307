"""The last working week at a knowledge worker's volume: for everyone but the acting user (whose mailbox
tasks read), each working day of `distributions.MAIL_VOLUME["window_days"]` before the world's now brings
customer threads (more for sales and support; their manager copied on some answers), 1:1 threads with
colleagues, threads to the whole team of a manager's direct reports with replies to all, the service
desk's notices to the assignment group of every incident opened that day, a seller's CRM notices (close
dates and task reminders of their own open deals, quoting the deal's real stage and amount) and the daily
company digest (yesterday's wins and the desk's counts, from the records). The weeks before keep the
thinner mix of `mailboxes.py`.

Appended after every other office row from its own stream (`{seed}:office:recent`): the ids and texts of
the rows before it stay as they were.
"""

from __future__ import annotations

import random
from datetime import date, datetime, timedelta
from typing import Any

from apps.office.world import recent_text as R
from apps.office.world.mail import post
from apps.office.world.mail_text import deal_phrase
from apps.office.world.mailboxes import _cap, _Filler
from apps.office.world.notices import ALL_STAFF, CRM, DESK, NEWS, PRIORITY, _send
from apps.office.world.people import Office
from apps.ticketing.ids import user_sys_id
from worlds.generator import distributions as D

V = D.MAIL_VOLUME


def working_days(now: datetime) -> list[date]:
    """The weekdays of the recent window, oldest first."""
    start = (now - timedelta(days=V["window_days"])).date()
    days = [start + timedelta(days=k) for k in range((now.date() - start).days)]
    return [d for d in days if d.weekday() < 5]


class _Week(_Filler):
    """Writes one person-day at a time; `when` draws within the current day's business hours."""

    day: date

    def when(self, earliest: datetime | None = None) -> datetime:
        minutes = self.rng.randrange(8 * 60, 18 * 60, 5)
        at = datetime(self.day.year, self.day.month, self.day.day, minutes // 60, minutes % 60)
        return min(at, self.office.now - timedelta(hours=1))

    def fill(self, user: dict, first: str, account: dict | None = None, any_product: bool = False) -> dict:
        """Template values: `values`' plus the ISO week, the product a software one unless `any_product`
        (seats, versions, errors and trainings are said of software)."""
        v = self.values(account or self.account_for(user), first, user["department"])
        software = sorted(p["name"] for p in self.office.crm.rows["product"] if p["family"] == "Software")
        product = v["product"] if any_product or not software else self.rng.choice(software)
        return {**v, "product": product, "week": self.day.isocalendar().week}

    def send(
        self,
        sender: dict,
        to: list[dict],
        subject: str,
        body: str,
        when: datetime,
        conv: str,
        cc: list[dict] | None = None,
    ) -> None:
        post(
            self.office,
            sender=sender,
            from_address=sender["mail"],
            from_name=sender["display_name"],
            to=[u["mail"] for u in to],
            cc=[u["mail"] for u in cc or []],
            subject=subject,
            body=body,
            when=when,
            conversation=conv,
        )

    def later(self, when: datetime, low: int, high: int) -> datetime:
        return min(
            when + timedelta(minutes=self.rng.randint(low, high)), self.office.now - timedelta(minutes=5)
        )

    def customer(self, user: dict, boss: dict | None) -> None:
        """A customer's ask, the employee's answer (their manager copied at times) and often a follow-up."""
        rng, office = self.rng, self.office
        account = self.account_for(user)
        contact = rng.choice(self.contacts[account["id"]])
        c_mail, c_name = contact["email"].lower(), f"{contact['first_name']} {contact['last_name']}"
        pool = R.CUSTOMER.get(user["department"], R.CUSTOMER["default"])
        v = self.fill(user, user["given_name"], account, pool is R.CUSTOMER["default"])
        subject, ask = rng.choice(pool)
        subject, when, conv = subject.format(**v), self.when(), office.conversation()

        def from_contact(subject: str, body: str, when: datetime) -> None:
            post(office, sender=None, from_address=c_mail, from_name=c_name, to=[user["mail"]],
                 subject=subject, body=body, when=when, conversation=conv)  # fmt: skip

        from_contact(
            subject, f"Hi {user['given_name']},\n\n{_cap(ask.format(**v))}\n\nBest regards,\n{c_name}", when
        )
        when = self.later(when, 20, 240)
        answer = _cap(rng.choice(R.ANSWERS).format(**v))
        cc = [boss["mail"]] if boss and rng.random() < V["manager_cc"] else []
        post(
            office,
            sender=user,
            from_address=user["mail"],
            from_name=user["display_name"],
            to=[c_mail],
            cc=cc,
            subject="RE: " + subject,
            body=f"Hi {contact['first_name']},\n\n{answer}\n\n{user['display_name']}",
            when=when,
            conversation=conv,
        )
        if rng.random() < 0.6:
            text = rng.choice(R.FOLLOW_UPS).format(**v)
            from_contact("RE: " + subject, f"{text}\n\n{c_name}", self.later(when, 30, 600))

    def one_to_one(self, user: dict, other: dict) -> None:
        """A question to a colleague, their answer and sometimes a thank-you."""
        rng = self.rng
        v = self.fill(user, other["given_name"])
        subject, ask = rng.choice(R.INTERNAL)
        subject, when, conv = subject.format(**v), self.when(), self.office.conversation()
        self.send(
            user,
            [other],
            subject,
            f"Hi {other['given_name']},\n\n{_cap(ask.format(**v))}\n\n{user['given_name']}",
            when,
            conv,
        )
        when = self.later(when, 10, 200)
        reply = rng.choice(R.REPLIES).format(**{**v, "first": user["given_name"]})
        self.send(other, [user], "RE: " + subject, f"{reply}\n\n{other['given_name']}", when, conv)
        if rng.random() < 0.3:
            self.send(
                user,
                [other],
                "RE: " + subject,
                f"Thanks {other['given_name']}, that settles it for {v['date']}.\n\n{user['given_name']}",
                self.later(when, 5, 90),
                conv,
            )

    def team(self, team: list[dict]) -> None:
        """A mail from one member to the whole team, with one or two replies to all."""
        rng = self.rng
        author = rng.choice(team)
        v = self.fill(author, "team")
        subject, text = rng.choice(R.TEAM)
        subject, when, conv = subject.format(**v), self.when(), self.office.conversation()
        others = [u for u in team if u is not author]
        self.send(
            author,
            others,
            subject,
            f"Hi all,\n\n{_cap(text.format(**v))}\n\n{author['given_name']}",
            when,
            conv,
        )
        for replier in rng.sample(others, min(len(others), rng.randint(1, 2))):
            when = self.later(when, 10, 300)
            reply = rng.choice(R.TEAM_REPLIES).format(**{**v, "first": author["given_name"]})
            self.send(
                replier,
                [u for u in team if u is not replier],
                "RE: " + subject,
                f"{reply}\n\n{replier['given_name']}",
                when,
                conv,
            )

    def crm_notices(self, user: dict, opps: list[dict], tasks: list[dict], sent: set[str]) -> None:
        """Up to `crm_notices` a day: reminders of the seller's open tasks due soon, else close dates of
        their open deals; each deal or task once in the window."""
        crm, budget = self.office.crm, V["crm_notices"]
        soon = (self.day + timedelta(days=7)).isoformat()
        for t in tasks:
            if budget and t["id"] not in sent and self.day.isoformat() <= t["activity_date"] <= soon:
                sent.add(t["id"])
                budget -= 1
                deal = crm.by_id.get(t["what_id"] or "")
                about = f"\n\nRelated to: {deal_phrase(deal)}" if deal and "stage_name" in deal else ""
                self.notify(
                    CRM,
                    user,
                    f"Task due {t['activity_date']}: {t['subject']} ({t['id'][-6:]})",
                    f'Reminder: your task "{t["subject"]}" is due on {t["activity_date"]} (priority '
                    f"{t['priority']}).{about}",
                    self.when(),
                )
        for o in opps:
            if budget and o["id"] not in sent:
                sent.add(o["id"])
                budget -= 1
                self.notify(
                    CRM,
                    user,
                    f"Close date {o['close_date']} coming up: {o['name']}",
                    f"{deal_phrase(o)} is due to close on {o['close_date']} ({o['probability']}% "
                    f"probability). Update the next step or the close date.",
                    self.when(),
                )


def _teams(office: Office) -> list[list[dict]]:
    """Each manager's direct reports (the acting user left out) in squads of at most `squad` people, the
    manager in the first `manager_squads` of them; two people at least."""
    by_boss: dict[str, list[dict]] = {}
    for u in office.users:
        if u["manager_id"] and u is not office.actor:
            by_boss.setdefault(u["manager_id"], []).append(u)
    teams, size = [], V["squad"]
    for boss_id, reports in by_boss.items():
        boss = office.by_id[boss_id]
        for k in range(0, len(reports), size):
            head = [boss] if boss is not office.actor and k < size * V["manager_squads"] else []
            if len(team := head + reports[k : k + size]) > 1:
                teams.append(team)
    return teams


def _desk_day(week: _Week, desk: Any, day: date) -> None:
    """The desk's notice to the members of the assignment group of each incident opened that day."""
    office = week.office
    mail_of = {
        user_sys_id(e["employee_number"]): office.user_by_number.get(e["employee_number"])
        for e in desk.company.employees
    }
    names = {sys_id: name for name, sys_id in desk.groups.items()}
    for inc in desk.rows["incident"]:
        opened = datetime.fromisoformat(inc["opened_at"])
        if opened.date() != day or opened >= office.now:
            continue
        to = [
            u["mail"]
            for m in desk.members.get(inc["assignment_group"], [])
            if (u := mail_of.get(m)) and u is not office.actor
        ]
        if to:
            _send(
                office,
                DESK,
                to,
                f"Incident {inc['number']} assigned to {names[inc['assignment_group']]}: "
                f"{inc['short_description']}",
                f"A new incident is assigned to your group.\n\nNumber: {inc['number']}\nPriority: "
                f"{PRIORITY[inc['priority']]}\nShort description: {inc['short_description']}",
                opened + timedelta(minutes=2),
            )


def _digest(office: Office, desk: Any, day: date) -> None:
    """The daily company digest to the all-staff list, from the records of the day before."""
    before = (day - timedelta(days=1)).isoformat()
    won = sorted(
        (o for o in office.crm.rows["opportunity"] if o["is_won"] and o["close_date"] == before),
        key=lambda o: -(o["amount"] or 0),
    )
    lines = [
        f"- {len(won)} deals closed won on {before}"
        + (f", the largest {deal_phrase(won[0])}." if won else ".")
    ]
    if desk is not None:
        opened = sum(1 for i in desk.rows["incident"] if i["opened_at"][:10] == before)
        resolved = sum(1 for i in desk.rows["incident"] if (i["resolved_at"] or "")[:10] == before)
        lines.append(f"- The service desk opened {opened} incidents and resolved {resolved}.")
    members = [u["mail"] for u in office.users if u is not office.actor]
    subject, body = f"Acme Today, {day:%A %B} {day.day}", "Good morning,\n\n" + "\n".join(lines)
    _send(
        office,
        NEWS,
        [ALL_STAFF],
        subject,
        body,
        datetime(day.year, day.month, day.day, 7, 30),
        members=members,
    )


def recent_week(office: Office, desk: Any, seed: int) -> None:
    """Bring everyone's last working week to a knowledge worker's volume (see the module docstring)."""
    week = _Week(office, random.Random(f"{seed}:office:recent"))
    saved, office.rng = office.rng, week.rng
    try:
        crm = office.crm
        teams = _teams(office)
        team_of = {u["id"]: t for t in teams for u in t}
        open_opps = {}
        for o in sorted(crm.rows["opportunity"], key=lambda o: o["close_date"]):
            if not o["is_closed"]:
                open_opps.setdefault(o["owner_id"], []).append(o)
        open_tasks = {}
        for t in crm.rows["task"]:
            if t["status"] != "Completed" and t["activity_date"]:
                open_tasks.setdefault(t["owner_id"], []).append(t)
        sent: dict[str, set[str]] = {}
        people = [u for u in office.users if u is not office.actor]
        for day in working_days(office.now):
            week.day = day
            _digest(office, desk, day)
            if desk is not None:
                _desk_day(week, desk, day)
            for team in teams:
                for _ in range(V["team_threads"]):
                    week.team(team)
            for user in people:
                boss = office.by_id.get(user["manager_id"] or "")
                rate = V["customer_threads"].get(user["department"], V["customer_threads"]["default"])
                for _ in range(int(rate) + (week.rng.random() < rate % 1)):
                    week.customer(user, boss if boss is not office.actor else None)
                peers = [u for u in team_of.get(user["id"], people) if u is not user]
                if peers and week.rng.random() < V["internal_threads"]:
                    week.one_to_one(user, week.rng.choice(peers))
                mine = week.crm_user.get(user["employee_number"])
                if mine:
                    week.crm_notices(
                        user,
                        open_opps.get(mine["id"], []),
                        open_tasks.get(mine["id"], []),
                        sent.setdefault(user["id"], set()),
                    )
    finally:
        office.rng = saved
