"""Office part: months of mail — customer threads about the acting user's deals, internal threads
with colleagues, and everyday mail between other employees. Each mail has a copy per mailbox."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from apps.office.world.people import Office
from worlds.generator.common import fmt_dt, rand_dt, scaled

CUSTOMER_SUBJECTS = (
    "{opp} - next steps",
    "Pricing question about {opp}",
    "Contract redlines for {account}",
    "{account} renewal timeline",
    "Follow-up from our call",
    "Security questionnaire for {account}",
)
CUSTOMER_OPENERS = (
    "Thanks for the time on our call. Our team reviewed the proposal for {opp} and has a few questions "
    "about the rollout plan and the support tier.",
    "Could you send an updated quote for {opp}? Procurement wants to compare the Standard and Premium "
    "support options before our budget meeting.",
    "We are on track to get the contract for {account} signed, but legal flagged the liability cap and the "
    "auto-renewal clause.",
    "Quick question: can the implementation start in January, and who would be our main contact during "
    "onboarding?",
)
REP_REPLIES = (
    "Thanks {first}, good questions. I'll send the updated numbers by end of week and loop in our "
    "solutions engineer for the rollout plan.",
    "Hi {first}, attached is the latest version. Let me know if your procurement team needs anything else "
    "from us.",
    "Understood. I'm checking with our legal team on the clause and will come back to you with a proposal.",
    "Great to hear. I'll set up a call with our implementation lead next week to walk through the timeline.",
)
INTERNAL_TOPICS = (
    (
        "Q4 forecast check-in",
        "Can you update your commit numbers before Friday? The VP wants the roll-up on Monday.",
    ),
    (
        "Discount approval needed: {opp}",
        "Customer is asking for 12% off list on {opp}. Amount is {amount}. OK to proceed?",
    ),
    (
        "Customer escalation - {account}",
        "{account} reported slow response times on the platform this week. Can support take a look before "
        "my call?",
    ),
    (
        "Team offsite agenda",
        "Draft agenda for the offsite is in the shared folder. Please add your topics by Wednesday.",
    ),
    (
        "Expense report reminder",
        "Reminder: October expenses are due by the 5th. Receipts over $75 need to be attached.",
    ),
    (
        "Pipeline review prep",
        "Please bring your top 3 deals and the risks on each to Monday's pipeline review.",
    ),
)
EVERYDAY = (
    (
        "Weekly status",
        "Here is my status for the week: finished the review, started on the next milestone, no blockers.",
    ),
    (
        "Lunch & learn on Thursday",
        "We're hosting a lunch & learn on Thursday at noon. Topic: our new product roadmap. All welcome.",
    ),
    ("Out of office next week", "I'll be out next week. For anything urgent please contact my manager."),
    (
        "Notes from today's meeting",
        "Thanks all. Notes: 1) timeline confirmed 2) owners assigned 3) follow-up in two weeks.",
    ),
    (
        "Question about the process",
        "Does anyone know where the latest version of the process document lives?",
    ),
    ("Quarterly planning", "Please review the planning doc and add comments before the end of the week."),
    (
        "Vendor invoice",
        "The vendor invoice for October arrived. Can you confirm the PO number so I can route it?",
    ),
)
CATEGORIES = ("Red category", "Blue category", "Green category", "Customer", "Follow up")


def post(
    office: Office,
    *,
    sender: dict[str, Any] | None,
    from_address: str,
    from_name: str,
    to: list[str],
    subject: str,
    body: str,
    when: datetime,
    conversation: str,
    cc: list[str] | None = None,
    attachments: list[dict[str, Any]] | None = None,
    meeting: dict[str, Any] | None = None,
    members: list[str] | None = None,
) -> list[dict[str, Any]]:
    """One mail: a Sent Items copy for an internal sender, an inbox copy per internal recipient (the
    `members` of a distribution list, when `to` names the list)."""
    cc = cc or []
    internet_id = None
    copies = []
    owners = [(sender, "sentitems")] if sender else []
    owners += [
        (u, "inbox")
        for a in dict.fromkeys(members or to + cc)
        if (u := office.by_mail.get(a)) and u is not sender
    ]
    rng = office.rng
    for owner, folder in owners:
        age = office.now - when
        is_read = folder == "sentitems" or age > timedelta(days=2) or rng.random() < 0.4
        if folder == "inbox" and age > timedelta(days=45) and rng.random() < 0.25:
            folder = "archive"
        row = office.add(
            "message",
            "Message",
            owner_id=owner["id"],
            parent_folder_id=office.folder[owner["id"], folder],
            conversation_id=conversation,
            internet_message_id="",
            subject=subject,
            body_content=body,
            body_preview=" ".join(body.split())[:255],
            from_address=from_address,
            from_name=from_name,
            to_recipients=list(to),
            cc_recipients=list(cc),
            bcc_recipients=[],
            is_read=is_read,
            is_draft=False,
            flag_status="flagged" if folder == "inbox" and rng.random() < 0.06 else "notFlagged",
            categories=[rng.choice(CATEGORIES)] if rng.random() < 0.08 else [],
            importance="high" if rng.random() < 0.04 else "normal",
            has_attachments=bool(attachments),
            sent_date_time=fmt_dt(when),
            received_date_time=fmt_dt(when),
            created_date_time=fmt_dt(when),
            last_modified_date_time=fmt_dt(when),
            meeting_message_type=(meeting or {}).get("type"),
            event_id=(meeting or {}).get("event_id"),
            ics_content=(meeting or {}).get("ics"),
            in_reply_to_id=None,
        )
        internet_id = internet_id or f"<{row['id']}@acme.example>"
        row["internet_message_id"] = internet_id
        for att in attachments or []:
            office.add("attachment", "Attachment", message_id=row["id"], **att)
        copies.append(row)
    return copies


def _sign(name: str) -> str:
    return f"\n\nBest regards,\n{name}"


def customer_threads(office: Office, contacts_of: dict[str, list[dict]], accounts: dict[str, dict]) -> None:
    """Threads between the acting user and their customers' contacts, about the user's opportunities."""
    rng, actor = office.rng, office.actor
    opps = [o for o in office.crm.rows["opportunity"] if o["owner_id"] == office.actor_crm_id]
    opps.sort(key=lambda o: (o["is_closed"], o["id"]))
    for opp in opps[: scaled(office.scale, 40, 6)]:
        contacts = [c for c in contacts_of.get(opp["account_id"], []) if c.get("email")]
        if not contacts:
            continue
        account = accounts[opp["account_id"]]["name"]
        for _ in range(1 if opp["is_closed"] else rng.randint(1, 2)):
            contact = rng.choice(contacts)
            c_name, c_mail = f"{contact['first_name']} {contact['last_name']}", contact["email"].lower()
            subject = rng.choice(CUSTOMER_SUBJECTS).format(opp=opp["name"], account=account)
            when = rand_dt(rng, office.now - timedelta(days=100), office.now - timedelta(hours=3))
            conv = office.conversation()

            def from_customer(
                subject: str, body: str, when: datetime, conv=conv, c_mail=c_mail, c_name=c_name
            ):
                post(office, sender=None, from_address=c_mail, from_name=c_name, to=[actor["mail"]],
                     subject=subject, body=body, when=when, conversation=conv)  # fmt: skip

            body = (
                f"Hi {actor['given_name']},\n\n"
                + rng.choice(CUSTOMER_OPENERS).format(opp=opp["name"], account=account)
                + _sign(c_name)
            )
            from_customer(subject, body, when)
            for turn in range(rng.randint(0, 3)):
                when += timedelta(hours=rng.randint(2, 40))
                if when >= office.now:
                    break
                if turn % 2 == 0:
                    files = office.attachables.get(opp["account_id"], [])
                    text = (
                        f"Hi {contact['first_name']},\n\n"
                        + rng.choice(REP_REPLIES).format(first=contact["first_name"])
                        + _sign(actor["display_name"])
                    )
                    post(
                        office,
                        sender=actor,
                        from_address=actor["mail"],
                        from_name=actor["display_name"],
                        to=[c_mail],
                        subject="RE: " + subject,
                        body=text,
                        when=when,
                        conversation=conv,
                        attachments=files[:1] if files and rng.random() < 0.5 else None,
                    )
                else:
                    text = (
                        f"Thanks {actor['given_name']}, that helps. We'll review internally and get back "
                        f"to you." + _sign(c_name)
                    )
                    from_customer("RE: " + subject, text, when)


def internal_threads(office: Office, colleagues: list[dict[str, Any]]) -> None:
    """Threads between the acting user and colleagues (their manager and personas first)."""
    rng, actor = office.rng, office.actor
    opps = [
        o
        for o in office.crm.rows["opportunity"]
        if o["owner_id"] == office.actor_crm_id and not o["is_closed"]
    ] or office.crm.rows["opportunity"][:1]
    accounts = {a["id"]: a["name"] for a in office.crm.rows["account"]}
    for _ in range(scaled(office.scale, 60, 8)):
        other = rng.choice(colleagues)
        subject, text = rng.choice(INTERNAL_TOPICS)
        opp = rng.choice(opps)
        fill = {
            "opp": opp["name"],
            "account": accounts.get(opp["account_id"], "a customer"),
            "amount": f"${opp['amount'] or 0:,.0f}",
        }
        subject, text = subject.format(**fill), text.format(**fill)
        when = rand_dt(rng, office.now - timedelta(days=90), office.now - timedelta(hours=1))
        conv = office.conversation()
        first, second = (other, actor) if rng.random() < 0.6 else (actor, other)
        for turn in range(rng.randint(1, 3)):
            body = (
                f"Hi {second['given_name']},\n\n{text}\n\n{first['given_name']}"
                if turn == 0
                else f"Thanks {second['given_name']}, noted.\n\n{first['given_name']}"
            )
            post(
                office,
                sender=first,
                from_address=first["mail"],
                from_name=first["display_name"],
                to=[second["mail"]],
                subject=subject if turn == 0 else "RE: " + subject,
                body=body,
                when=when,
                conversation=conv,
            )
            first, second = second, first
            when += timedelta(minutes=rng.randint(20, 600))
            if when >= office.now:
                break


def everyday_mail(office: Office) -> None:
    """Ordinary mail between employees of the same department (fills everyone's mailbox)."""
    rng = office.rng
    by_dept: dict[str, list[dict[str, Any]]] = {}
    for u in office.users:
        by_dept.setdefault(u["department"], []).append(u)
    groups = [g for g in by_dept.values() if len(g) > 1]
    for _ in range(scaled(office.scale, 700, 15)):
        group = rng.choice(groups)
        sender = rng.choice(group)
        others = [u for u in group if u is not sender]
        to = rng.sample(others, min(len(others), rng.randint(1, 3)))
        if rng.random() < 0.08:
            to.append(office.actor)
        subject, text = rng.choice(EVERYDAY)
        when = rand_dt(rng, office.now - timedelta(days=120), office.now - timedelta(minutes=30))
        body = f"Hi all,\n\n{text}\n\n{sender['given_name']}"
        post(
            office,
            sender=sender,
            from_address=sender["mail"],
            from_name=sender["display_name"],
            to=[u["mail"] for u in to],
            subject=subject,
            body=body,
            when=when,
            conversation=office.conversation(),
        )
