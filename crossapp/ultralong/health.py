"""Service health of a book of accounts before the quarterly business reviews: every account Amber owns,
every contact of it who calls the service desk, their open incidents; a CRM note on each account with open
incidents listing them, a mail to each incident's analyst asking for the expected resolution date (the
analysts answer over the day), and the table for Amber's manager."""

from __future__ import annotations

from typing import Any

from crossapp.ultralong.common import (
    AMBER,
    MAIL_SIDE_EFFECTS,
    LongFamily,
    Plan,
    mail,
    manager_of,
    office_id,
    open_page,
    reply_from,
    sent_mail,
    wait,
    workload,
)
from crossapp.xapp.common import note_ui
from tasks.families.base import Draw, Redraw, Spec, eq
from tasks.match_model import Match, TableMatch, TableRow
from tasks.truth_model import Expectation

ACCOUNTS = """
SELECT a.id, a.name FROM crm_account a JOIN crm_user u ON u.id = a.owner_id
WHERE u.email = ? ORDER BY a.name, a.id
"""
CALLERS = """
SELECT c.id, c.email, u.sys_id AS caller
FROM crm_contact c JOIN ticketing_sys_user u ON u.crm_contact_id = c.id
WHERE c.account_id = ? ORDER BY c.last_name, c.first_name, c.id
"""
OPEN = """
SELECT i.sys_id, i.number, i.short_description, s.name AS analyst, s.email AS analyst_email
FROM ticketing_incident i LEFT JOIN ticketing_sys_user s ON s.sys_id = i.assigned_to
WHERE i.caller_id = ? AND i.state IN (1, 2, 3) ORDER BY i.number
"""
NOTE_TITLE = "Open service incidents"
ACC_ID = r"\b001[0-9A-Za-z]{15}\b"
PRIORITY_WORDS = ["ahead of the QBR", "before the quarterly review"]


class AccountServiceHealth(LongFamily):
    name = "long.account-service-health"
    # v2: the browser waits with Let time pass (the whole time), not hourly clicks; v3: the analyst's answer
    # is any answer on the thread; v4: v3's stream drew two of the three seeds with one truth
    version = 4
    apps = ("crm", "ticketing", "office")
    surfaces = ("mcp", "cli", "ui", "python")
    summary = (
        "every owned account's open incidents: CRM notes, analysts asked for dates and waited for, table"
    )

    def build(self, d: Draw) -> Spec:
        accounts = d.world.rows(ACCOUNTS, AMBER)
        first = d.rng.randrange(0, 16)  # the knob: which 25 accounts of the book (by name) this review covers
        book = accounts[first : first + 25]
        workload(d, f"{self.name}:{first}")
        why = d.choice(PRIORITY_WORDS)
        me = office_id(d, AMBER)
        mailboxes = {r["mail"] for r in d.world.rows("SELECT mail FROM office_user")}
        plan = Plan()
        plan.call("crm_list_accounts", mine=True, limit=100)
        found: dict[str, list[dict[str, Any]]] = {}
        for acc in book:
            plan.call("crm_get_account", open_page(f"/s/crm/accounts/{acc['id']}"), account_id=acc["id"])
            plan.call("crm_list_contacts", account_id=acc["id"], limit=100)
            for c in d.world.rows(CALLERS, acc["id"]):
                plan.call("ticketing_list_incidents", caller_id=c["email"], active=True)
                found.setdefault(acc["id"], []).extend(d.world.rows(OPEN, c["caller"]))
        hit = [a for a in book if found.get(a["id"])]
        asks = [
            i
            for a in hit
            for i in found[a["id"]]
            if i["analyst_email"] in mailboxes and i["analyst_email"] != AMBER
        ]
        if len(hit) < 3 or len(asks) < 3:
            raise Redraw("too few accounts with open incidents")
        for acc in hit:
            numbers = ", ".join(i["number"] for i in found[acc["id"]])
            body = f"Open incidents {why}: {numbers}."
            plan.call(
                "crm_add_note",
                note_ui(acc["id"], NOTE_TITLE, body),
                parent_id=acc["id"],
                title=NOTE_TITLE,
                body=body,
            )
            fields = {
                "parent_id": eq(acc["id"]),
                "title": eq(NOTE_TITLE),
                "body": Match(contains=found[acc["id"]][0]["number"]),
            }
            plan.must(Expectation(table="crm_note", op="insert", fields=fields, note=f"{acc['name']}: note"))
        plan.milestone("a note on every account with open incidents")
        for inc in asks:
            subject = f"{inc['number']}: expected resolution date?"
            first = inc["analyst"].split()[0]
            text = f"Hi {first}, could you let me know when you expect to resolve {inc['number']}?"
            mail(plan, inc["analyst_email"], subject, text)
            plan.must(sent_mail(me, inc["analyst_email"], inc["number"], Match(contains=inc["number"])))
        plan.milestone("every open incident's analyst asked for a date")
        wait(plan, 1440)
        wait(plan, 1440)
        plan.call("office_list_messages", folder="inbox", limit=100)
        for inc in asks:
            plan.must(
                reply_from(
                    me, [inc["analyst_email"]], inc["number"], None, f"{inc['number']}: the analyst answered"
                )
            )
        plan.milestone("every analyst's answer received")
        boss = manager_of(d, AMBER)
        subject = "Service health of my accounts"
        lines = [f"{a['id']} | {a['name']} | {len(found[a['id']])}" for a in hit]
        mail(plan, boss["mail"], subject, "Account | Name | Open incidents\n" + "\n".join(lines))
        rows = [TableRow(key=a["id"], amounts=[float(len(found[a["id"]]))]) for a in hit]
        plan.must(sent_mail(me, boss["mail"], subject, Match(table=TableMatch(rows=rows, other_keys=ACC_ID))))
        plan.milestone("the table mailed to the manager")
        names = f"{book[0]['name']} to {book[-1]['name']}"
        prompt = " ".join(
            [
                f"Review the service health of your accounts {names} (by name, {len(book)} accounts) {why}:",
                "find the open incidents (New, In Progress or On Hold) raised on the service desk by each",
                f'account\'s contacts. On every account that has some, add a CRM note titled "{NOTE_TITLE}"',
                "listing their numbers. Mail the analyst assigned to each of those incidents (one mail per",
                "incident, its number in the subject) asking when they expect to resolve it, and wait for",
                "their answers (analysts can take two days). Finally mail your manager the subject",
                f'"{subject}" with a table of one line per account with open incidents: account id, name,',
                "number of open incidents.",
            ]
        )
        return plan.spec(
            prompt,
            [*MAIL_SIDE_EFFECTS],
            wrong_record={asks[0]["analyst_email"]: boss["mail"]},
            tags=["ultralong", "qbr", "service-health", "cross-app"],
            records=len(book),
        )


FAMILIES = [AccountServiceHealth()]
