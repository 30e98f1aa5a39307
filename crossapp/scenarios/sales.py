"""Scenarios of sales operations and account management: discounts through the deal desk, renewals,
hospitality and quarterly reviews."""

from crossapp.scenarios.story import D, E, G, Scenario

SALES, AM = "sales-ops", "account-management"

FAMILIES = [
    Scenario(
        "deal-desk-discount",
        SALES,
        "a discount through the deal desk: approval by the matrix, the "
        "deal's next step, a note, the customer told",
        (D,),
        ("deal_next_step", "deal_note", "mail_contact"),
        "Discount",
        (
            "{acct} pushed back on price and {caller} asked for a better offer.",
            "Deal desk request for {acct}: {caller} wants a sharper price before they sign.",
            "Can you take the {acct} pricing ask off my plate? {caller} has been chasing it.",
        ),
    ),
    Scenario(
        "discount-owner-handoff",
        SALES,
        "a discount approved, then handed to the account owner with a task and a mail",
        (D,),
        ("deal_note", "owner_task", "mail_owner"),
        "Discount",
        (
            "I'm covering {acct} this week while its owner is travelling; {caller} asked for a discount.",
            "Quick one for {acct}: the customer ({caller}) needs a "
            "discount to close, and the owner must pick it up.",
            "{caller} at {acct} asked for a price concession — please sort it and hand it back to the owner.",
        ),
    ),
    Scenario(
        "discount-kickoff",
        SALES,
        "a discount approved, the next step recorded and a commercial call booked with the customer",
        (D,),
        ("deal_next_step", "meeting", "my_task"),
        "Commercial review",
        (
            "{acct} is close to signing if we can move on price; {caller} wants to talk it through.",
            "Let's get {acct} over the line: {caller} asked for a discount and a call.",
            "Pricing call for {acct}: {caller} is waiting on us.",
        ),
    ),
    Scenario(
        "discount-support-check",
        SALES,
        "check the customer's open incident before a discount; note it "
        "on the desk and the deal, tell the customer",
        (D,),
        ("work_note", "deal_note", "mail_contact"),
        "Goodwill discount",
        (
            "{caller} at {acct} is unhappy about an open support issue and asked for a goodwill discount.",
            "Support trouble at {acct} is hurting the deal; {caller} wants a gesture on price.",
            "Before {acct} renews, {caller} wants something for the "
            "open incident — a discount is on the table.",
        ),
    ),
    Scenario(
        "renewal-rescue",
        AM,
        "a renewal at risk: discount approved, account and deal updated, owner tasked, customer told",
        (D,),
        ("account_note", "deal_next_step", "owner_task", "mail_contact"),
        "Renewal discount",
        (
            "{acct}'s renewal is at risk — {caller} hinted they are looking at competitors.",
            "Renewal rescue for {acct}: {caller} says the price has to move.",
            "We might lose {acct} at renewal; {caller} asked for a better deal.",
        ),
    ),
    Scenario(
        "competitive-save",
        SALES,
        "a competitive save: discount approved, deal note, a call "
        "with the customer and owner, owner informed",
        (D,),
        ("deal_note", "meeting", "mail_owner"),
        "Competitive offer",
        (
            "A competitor is undercutting us at {acct}; {caller} told me so this morning.",
            "{acct} got a cheaper quote elsewhere, says {caller}. Let's respond.",
            "Competitive situation at {acct} — {caller} needs our best offer.",
        ),
    ),
    Scenario(
        "customer-dinner",
        AM,
        "customer hospitality approved by the gifts policy, the dinner booked and logged",
        (G,),
        ("meeting", "account_note", "my_task"),
        "Customer dinner",
        (
            "I'd like to take the {acct} team out to dinner; {caller} is our main contact.",
            "Relationship building at {acct}: let's host {caller} and the account owner for dinner.",
            "{caller} from {acct} is in town — a dinner would go a long way.",
        ),
    ),
    Scenario(
        "sponsor-hospitality",
        AM,
        "hospitality for an executive sponsor approved; the customer "
        "invited, the account noted, the owner tasked",
        (G,),
        ("mail_contact", "account_note", "owner_task"),
        "Sponsor hospitality",
        (
            "{caller} at {acct} has become our executive sponsor; I want to thank them properly.",
            "Let's invest in the {acct} relationship — {caller} deserves some hospitality.",
            "Hospitality for {caller} of {acct}, please; they helped us a lot this quarter.",
        ),
    ),
    Scenario(
        "qbr-preparation",
        AM,
        "a quarterly business review: travel expense approved, the QBR "
        "booked, account and deal noted, owner told",
        (E,),
        ("meeting", "account_note", "deal_note", "mail_owner"),
        "QBR",
        (
            "Time for the quarterly business review with {acct}; {caller} will attend for the customer.",
            "Please prepare the {acct} QBR — I'll travel on site and {caller} hosts.",
            "QBR season: {acct} is next, with {caller} on their side.",
        ),
    ),
    Scenario(
        "pipeline-review",
        SALES,
        "pipeline review of an account: discount approved, next step, owner task and mail, account note",
        (D,),
        ("deal_next_step", "owner_task", "mail_owner", "account_note"),
        "Pipeline review",
        (
            "In the pipeline review {acct} came up as stuck; {caller} wants a price move.",
            "Forecast call action: unblock {acct} — {caller} is waiting on a discount.",
            "Sales ops follow-up on {acct}: the deal stalls on price, says {caller}.",
        ),
    ),
    Scenario(
        "multi-year-proposal",
        SALES,
        "a multi-year proposal: discount approved, deal note, "
        "proposal call, customer mail and a follow-up task",
        (D,),
        ("deal_note", "meeting", "mail_contact", "my_task"),
        "Multi-year proposal",
        (
            "{caller} at {acct} is open to a multi-year commitment if the discount is right.",
            "Let's propose a multi-year deal to {acct}; {caller} is keen.",
            "{acct} could sign for three years — {caller} wants the numbers.",
        ),
    ),
    Scenario(
        "referral-thank-you",
        AM,
        "a thank-you for a referral: hospitality approved, account note, owner task and mail",
        (G,),
        ("account_note", "owner_task", "mail_owner"),
        "Referral thank-you",
        (
            "{caller} at {acct} referred us to two prospects; let's thank them.",
            "A referral came in from {caller} of {acct} — a thank-you is in order.",
            "{acct} sent us a great referral via {caller}. Please handle the thank-you.",
        ),
    ),
    Scenario(
        "double-approval-renewal",
        AM,
        "a renewal needing two approvals (discount and hospitality) before the call, notes and mail",
        (D, G),
        ("deal_next_step", "meeting", "mail_contact"),
        "Renewal package",
        (
            "For the {acct} renewal I want both a discount and a customer dinner; {caller} is our contact.",
            "Renewal package for {acct}: price and hospitality, with {caller}.",
            "{caller} at {acct} will renew with a discount and some attention — let's do both.",
        ),
    ),
    Scenario(
        "upsell-workshop",
        SALES,
        "an upsell workshop: expense approved, workshop booked, deal next step and a task for the owner",
        (E,),
        ("meeting", "deal_next_step", "owner_task"),
        "Upsell workshop",
        (
            "{acct} could expand; {caller} agreed to a workshop on site.",
            "Upsell opportunity at {acct}: run a workshop with {caller}.",
            "Let's grow {acct} — {caller} invited us for a workshop.",
        ),
    ),
]
