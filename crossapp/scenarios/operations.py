"""Scenarios of finance, onboarding and the executive assistant's desk: expenses and purchase orders for
customers, onboarding kickoffs, executive briefings and thank-yous."""

from crossapp.scenarios.story import C, D, E, G, P, Scenario

FIN, ONB, EA = "finance", "onboarding", "exec-assistant"

FAMILIES = [
    Scenario(
        "customer-visit-expense",
        FIN,
        "a customer visit's expense claim approved, then logged on the account, the owner told, a task",
        (E,),
        ("account_note", "mail_owner", "my_task"),
        "Visit expense",
        (
            "I visited {acct} last week and met {caller}; the expense claim needs sorting.",
            "Expense claim for my {acct} trip (I met {caller}), please.",
            "Please push through my expenses from visiting {caller} at {acct}.",
        ),
    ),
    Scenario(
        "trade-show-expense",
        FIN,
        "a trade show meeting with a customer: expense approved, the "
        "meeting booked, account noted, customer mailed",
        (E,),
        ("meeting", "account_note", "mail_contact"),
        "Trade show meeting",
        (
            "{caller} from {acct} will be at the trade show; let's meet them there.",
            "Book time with {acct} at the trade show — {caller} confirmed they're going.",
            "Trade show prep: a meeting with {caller} of {acct}, and the costs approved.",
        ),
    ),
    Scenario(
        "contract-purchase-order",
        FIN,
        "a purchase order for a customer contract: approved, deal and account noted, owner mailed",
        (P,),
        ("deal_note", "account_note", "mail_owner"),
        "Contract PO",
        (
            "Finance needs a purchase order raised for the {acct} contract; {caller} signs on their side.",
            "PO for {acct}, please — {caller} is waiting for our paperwork.",
            "Controller request: raise the purchase order for {acct} (contact {caller}).",
        ),
    ),
    Scenario(
        "credit-memo-controller",
        FIN,
        "a credit memo for a customer: credit approved, account and deal noted, owner mailed",
        (C,),
        ("account_note", "deal_note", "mail_owner"),
        "Credit memo",
        (
            "The controller wants the {acct} credit memo settled; {caller} raised the dispute.",
            "Month-end: {acct} still has an open credit dispute from {caller}.",
            "Please close out the credit for {acct} that {caller} asked about.",
        ),
    ),
    Scenario(
        "pilot-purchase-order",
        FIN,
        "a pilot's purchase order: approved, deal next step, own task, customer mail",
        (P,),
        ("deal_next_step", "my_task", "mail_contact"),
        "Pilot PO",
        (
            "{acct} wants to run a pilot and {caller} needs our hardware on site first.",
            "Pilot for {acct}: we buy the kit, {caller} runs it.",
            "Let's get the {acct} pilot moving — {caller} is ready when we are.",
        ),
    ),
    Scenario(
        "onboarding-kickoff",
        ONB,
        "onboarding a customer: equipment purchase approved, kickoff "
        "booked, account noted, owner tasked, customer mailed",
        (P,),
        ("meeting", "account_note", "owner_task", "mail_contact"),
        "Onboarding kickoff",
        (
            "We're onboarding {acct}; {caller} leads the project on their side.",
            "Onboarding starts for {acct} — {caller} is our project contact.",
            "Please kick off the {acct} onboarding with {caller}.",
        ),
    ),
    Scenario(
        "onboarding-training",
        ONB,
        "training for a new customer: expense approved, the session booked, deal noted, customer mailed",
        (E,),
        ("meeting", "deal_note", "mail_contact"),
        "Onboarding training",
        (
            "{acct}'s users need training; {caller} will organise their side.",
            "Training session for {acct}, please — {caller} asked for it.",
            "Let's train the {acct} team; {caller} is the coordinator.",
        ),
    ),
    Scenario(
        "onboarding-handoff",
        ONB,
        "the hand-off from sales to support: purchase approved, account noted, desk note, handoff meeting",
        (P,),
        ("account_note", "work_note", "meeting"),
        "Support handoff",
        (
            "{acct} is live; time to hand them from sales to support. {caller} is the contact.",
            "Sales-to-support handoff for {acct} with {caller}, please.",
            "Please run the {acct} handoff — {caller} already has an incident open.",
        ),
    ),
    Scenario(
        "welcome-package",
        ONB,
        "a welcome gift for a new customer: hospitality approved, customer mailed, account noted, own task",
        (G,),
        ("mail_contact", "account_note", "my_task"),
        "Welcome package",
        (
            "{acct} just signed — let's send {caller} a welcome package.",
            "Welcome {acct} aboard: something nice for {caller}.",
            "New customer {acct}: {caller} should get our welcome package.",
        ),
    ),
    Scenario(
        "success-plan",
        ONB,
        "a success plan for a new customer: discount approved, next step, planning session, account note",
        (D,),
        ("deal_next_step", "meeting", "account_note"),
        "Success plan",
        (
            "{acct} wants a success plan before expanding; {caller} will work on it with us.",
            "Success planning for {acct} — {caller} asked for a session and better terms.",
            "Let's build the {acct} success plan with {caller}.",
        ),
    ),
    Scenario(
        "exec-briefing",
        EA,
        "an executive briefing: hospitality approved, the briefing booked, the owner mailed, own task",
        (G,),
        ("meeting", "mail_owner", "my_task"),
        "Executive briefing",
        (
            "Our CEO wants to brief {acct}'s leadership; {caller} arranges it for them.",
            "Executive briefing with {acct}: {caller} is the organiser on their side.",
            "Set up the exec briefing for {acct} through {caller}, please.",
        ),
    ),
    Scenario(
        "board-dinner",
        EA,
        "a dinner with a customer's board member: hospitality approved, "
        "dinner booked, account noted, customer mailed",
        (G,),
        ("meeting", "account_note", "mail_contact"),
        "Board dinner",
        (
            "{caller} sits on the {acct} board and accepted a dinner invitation.",
            "Dinner with {caller} of {acct}'s board — please organise it.",
            "Our exec team is hosting {caller} from {acct} for dinner.",
        ),
    ),
    Scenario(
        "exec-travel",
        EA,
        "executive travel to a customer: expense approved, meeting booked, owner mailed, account noted",
        (E,),
        ("meeting", "mail_owner", "account_note"),
        "Executive visit",
        (
            "Our VP is flying to see {acct}; {caller} hosts the visit.",
            "Executive visit to {acct} — {caller} confirmed, now the costs and the calendar.",
            "Please arrange the exec trip to {acct} with {caller}.",
        ),
    ),
    Scenario(
        "exec-sponsor-call",
        EA,
        "an executive sponsor call: expense approved, call booked, owner tasked, desk note",
        (E,),
        ("meeting", "owner_task", "work_note"),
        "Sponsor call",
        (
            "Our exec sponsor for {acct} wants a call with {caller} about their open incident.",
            "Set up the sponsor call with {acct} — {caller} asked for it.",
            "Exec sponsor check-in with {caller} of {acct}, please.",
        ),
    ),
    Scenario(
        "exec-thank-you",
        EA,
        "an executive thank-you: hospitality approved, customer mailed, deal noted, owner tasked",
        (G,),
        ("mail_contact", "deal_note", "owner_task"),
        "Executive thank-you",
        (
            "Our CEO wants to thank {caller} at {acct} for the case study.",
            "A thank-you from our exec team to {caller} of {acct}, please.",
            "{caller} at {acct} did us a big favour — the exec team wants to say thanks.",
        ),
    ),
]
