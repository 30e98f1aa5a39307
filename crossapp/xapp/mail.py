"""Cross-app families that end in a mail: tell an account's CRM owner about their account, tell an
employee the status of their incident."""

from __future__ import annotations

from crossapp.xapp.common import compose_ui
from tasks.families.base import Draw, Family, Redraw, Spec, eq, step
from tasks.match_model import Match
from tasks.rubric.build import fact_and_reading, mail_body
from tasks.truth_model import Allowance, Expectation, UiStep

AMBER = "amber.miller@acme.example"
HEADS_UP = [
    ("is asking about a multi-year discount", "multi-year discount"),
    ("mentioned a merger that may change their renewal", "merger"),
    ("wants a security review before signing", "security review"),
    ("has a new procurement contact", "new procurement contact"),
    ("is evaluating a competitor", "evaluating a competitor"),
]
STATES = {1: "New", 2: "In Progress", 3: "On Hold"}


def _sent(d: Draw, to: str, subject: str, phrase: str) -> list[Expectation]:
    owner = d.world.value("SELECT id FROM office_user WHERE mail = ?", AMBER)
    return [
        Expectation(
            table="office_message",
            op="insert",
            fields={
                "owner_id": eq(owner),
                "to_recipients": Match(contains=to),
                "subject": Match(contains=subject),
                "body_content": Match(contains=phrase),
                "is_draft": eq(False),
            },
        )
    ]


MAIL_SIDE_EFFECTS = [
    Allowance(table="office_message", ops=["insert"]),
    Allowance(table="office_scheduled_reply", ops=["insert"]),
]


class AccountOwnerMail(Family):
    name = "xapp.account-owner-mail"
    apps = ("crm", "office")
    surfaces = ("mcp", "cli", "ui", "python")
    # v2: the browser oracle (the account's page shows its owner, then Outlook's new mail); v3: the request as
    # a colleague makes it (the news, never a dictated subject or text), the body read by rubric criteria
    version = 3
    author = "saasgym-office-team"
    summary = "mail an account's CRM owner a heads-up about the account (owner looked up in the CRM)"

    def build(self, d: Draw) -> Spec:
        pool = d.world.rows(
            "SELECT a.id, a.name, u.name AS owner, u.email FROM crm_account a JOIN crm_user u ON "
            "u.id = a.owner_id "
            "WHERE u.email != ? ORDER BY a.id",
            AMBER,
        )
        acct = d.pick("account", pool, key="id")
        if sum(1 for r in pool if r["name"] == acct["name"]) > 1:
            raise Redraw("two accounts share the name")
        news, _ = d.choice(HEADS_UP)
        subject = f"Heads-up: {acct['name']}"
        body = f"Hi {acct['owner'].split()[0]}, a quick heads-up: {acct['name']} {news}."
        a = acct["name"]
        phrasings = [
            f"I just heard that {a} {news}. Whoever owns them in the CRM should know — drop them a mail.",
            f"Whoever owns {a} in the CRM should know that it {news}. Let them know by mail.",
            f"{a} {news}. Please give their account owner a heads-up by e-mail.",
            f"Please let {a}'s account owner know by mail that the customer {news}.",
            f"Can you e-mail the Acme rep who owns {a} (see the CRM)? They {news}.",
        ]
        k = d.rng.randrange(len(phrasings))
        other = next(r["email"] for r in pool if r["email"] != acct["email"])
        expect = _sent(d, acct["email"], subject, "")
        for field in ("subject", "body_content"):  # the performer's own words: read by the criteria
            del expect[0].fields[field]
        return Spec(
            prompt=phrasings[k],
            oracle=[
                step("crm_list_accounts", search=a),
                step("crm_get_account", account_id=acct["id"]),
                step("office_find_people", query=acct["owner"]),
                step("office_send_mail", to=[acct["email"]], subject=subject, body=body),
            ],
            expect=expect,
            allow=MAIL_SIDE_EFFECTS,
            ui_oracle=[
                UiStep(goto=f"/s/crm/accounts/{acct['id']}"),
                UiStep(expect_text=acct["owner"]),
                *compose_ui(acct["email"], subject, body),
                UiStep(expect_text=subject),
            ],
            wrong_record={acct["email"]: other},
            tags=["mail", "account", "cross-app"],
            phrasing=k,
            criteria=fact_and_reading(
                mail_body(dict(expect[0].fields)),
                ("names-the-account", f"the mail names the account, {a}", {"names": [a]}),
                ("passes-on-the-news", "answers_request", f"tells {acct['owner']} that {a} {news}"),
            ),
        )


class IncidentStatusMail(Family):
    name = "xapp.incident-status-mail"
    apps = ("office", "ticketing")
    surfaces = ("mcp", "cli", "ui", "python")
    # v2 was test only: too few test-split callers for 50 distinct instances; v4: the browser oracle (the
    # incident's form shows its state and assignee, then Outlook's new mail); v5: the body is read by rubric
    # criteria (the state and the assignee in any wording; a judged answer to the caller), not one phrase
    version = 5
    author = "saasgym-itsm-team"
    summary = "mail an employee the state and assignee of their open incident (read from the desk)"

    def build(self, d: Draw) -> Spec:
        pool = d.world.rows(
            "SELECT i.number, i.short_description, i.state, u.name AS caller, u.email, a.name AS assignee "
            "FROM ticketing_incident i JOIN ticketing_sys_user u ON u.sys_id = i.caller_id "
            "JOIN ticketing_sys_user a ON a.sys_id = i.assigned_to "
            "WHERE i.state IN (2, 3) AND u.email LIKE '%@acme.example' AND u.email != ? "
            "ORDER BY u.email, i.number",
            AMBER,
        )
        inc = d.pick("caller", pool, key="email")
        d.note("incident", inc["number"])
        n, state = inc["number"], STATES[inc["state"]]
        subject = f"Status of {n}"
        phrasings = [
            f'{inc["caller"]} asked me about {n}. Mail them (subject "{subject}") its current state and who '
            "it is assigned to.",
            f'Please e-mail the caller of {n} an update: subject "{subject}", with the incident\'s state and '
            "the assignee's name from the service desk.",
            f'Look up {n} on the desk and send {inc["caller"]} a short mail "{subject}" saying what state it '
            "is in and which analyst has it.",
            f'Send {inc["caller"]} the status of their incident {n} by mail (subject "{subject}"): state and '
            "assignee.",
            f'Can you write to whoever raised {n}? Subject "{subject}"; tell them the state and the analyst '
            "working on it.",
        ]
        k = d.rng.randrange(len(phrasings))
        body = f"Hi, {n} is {state} and assigned to {inc['assignee']}."
        other = next(r["email"] for r in pool if r["email"] != inc["email"])
        expect = _sent(d, inc["email"], subject, inc["assignee"])
        del expect[0].fields["body_content"]  # the body is the performer's words: read by the criteria
        return Spec(
            criteria=fact_and_reading(
                mail_body(dict(expect[0].fields)),
                (
                    "state-and-assignee",
                    f"the mail says {n} is {state} and names {inc['assignee']} as its assignee",
                    {"phrases": [state], "names": [inc["assignee"]]},
                ),
                (
                    "answers-the-caller",
                    "answers_request",
                    f"tells {inc['caller']} that their incident {n} is currently {state} and that "
                    f"{inc['assignee']} is the analyst it is assigned to",
                ),
            ),
            prompt=phrasings[k],
            oracle=[
                step("ticketing_get_incident", incident_id=n),
                step("office_find_people", query=inc["caller"]),
                step("office_send_mail", to=[inc["email"]], subject=subject, body=body),
            ],
            expect=expect,
            allow=MAIL_SIDE_EFFECTS,
            ui_oracle=[
                UiStep(goto=f"/s/ticketing/incidents/{n}"),
                UiStep(expect_text=inc["assignee"]),
                *compose_ui(inc["email"], subject, body),
                UiStep(expect_text=subject),
            ],
            wrong_record={inc["email"]: other},
            tags=["mail", "incident", "cross-app"],
            phrasing=k,
        )


FAMILIES = [AccountOwnerMail(), IncidentStatusMail()]
