"""Scenarios of the service desk and IT: service credits after outages and breaches, escalated customer
incidents, hardware bought for a fix, on-site engineer visits and change reviews with the customer."""

from crossapp.scenarios.story import C, E, G, P, Scenario

DESK, IT = "service-desk", "it-change"

FAMILIES = [
    Scenario(
        "apology-credit",
        DESK,
        "a service credit for a customer's incident: approved, noted "
        "on the desk and the account, customer told",
        (C,),
        ("work_note", "account_note", "mail_contact"),
        "Service credit",
        (
            "{caller} at {acct} is angry about their open incident and asked for compensation.",
            "The incident {caller} of {acct} raised has dragged on — we owe them a credit.",
            "Make it right with {acct}: {caller} has waited too long on the desk.",
        ),
    ),
    Scenario(
        "sla-breach-credit",
        DESK,
        "an SLA breach credit: approved by the credit policy, work note, owner task, customer mail",
        (C,),
        ("work_note", "owner_task", "mail_contact"),
        "SLA credit",
        (
            "We breached the SLA on {acct}'s incident; {caller} reminded us of the contract.",
            "SLA breach for {acct} — {caller} wants the credit the contract promises.",
            "{caller} says we missed our response time at {acct}. Please handle the credit.",
        ),
    ),
    Scenario(
        "credit-and-service-review",
        DESK,
        "a credit approved, then a service review meeting, a work note and a deal note",
        (C,),
        ("meeting", "work_note", "deal_note"),
        "Service review",
        (
            "{acct} wants a proper service review after their incident; {caller} will join.",
            "After the trouble at {acct}, let's credit them and review the service with {caller}.",
            "Service review for {acct}, please — {caller} is not happy with the desk.",
        ),
    ),
    Scenario(
        "escalated-customer-incident",
        DESK,
        "an escalated customer incident: credit approved, desk note, account owner mailed and tasked",
        (C,),
        ("work_note", "mail_owner", "owner_task"),
        "Escalation credit",
        (
            "{caller} escalated their incident at {acct} to our CEO's office.",
            "Escalation from {acct}: {caller} went over our heads about the open incident.",
            "Executive escalation — {caller} of {acct} wants action on their incident.",
        ),
    ),
    Scenario(
        "incident-comms",
        DESK,
        "incident communications for a customer: credit approved, desk "
        "note, customer mail, account note, own task",
        (C,),
        ("work_note", "mail_contact", "account_note", "my_task"),
        "Incident credit",
        (
            "Comms for {acct}'s incident: {caller} needs an update and a gesture.",
            "Please own the customer communication on the incident {caller} of {acct} raised.",
            "{acct} has been in the dark on their incident — {caller} asked for an update.",
        ),
    ),
    Scenario(
        "vip-caller-followup",
        DESK,
        "a VIP caller's follow-up: credit approved, desk note, a call booked, owner told",
        (C,),
        ("work_note", "meeting", "mail_owner"),
        "VIP follow-up",
        (
            "{caller} is a VIP at {acct} and their incident is still open.",
            "VIP treatment for {caller} of {acct}, please — the incident is taking too long.",
            "Our most important contact at {acct}, {caller}, is waiting on the desk.",
        ),
    ),
    Scenario(
        "outage-goodwill",
        DESK,
        "goodwill after an outage: credit approved, desk note, account note, the deal's next step",
        (C,),
        ("work_note", "account_note", "deal_next_step"),
        "Outage credit",
        (
            "The outage hit {acct} hard; {caller} reported it.",
            "After the outage {caller} of {acct} reported, the renewal needs goodwill.",
            "{acct} lost a day to the outage — {caller} wants it recognised.",
        ),
    ),
    Scenario(
        "replacement-hardware",
        IT,
        "spare hardware bought for a customer's fix: purchase approved, desk note, owner task, customer mail",
        (P,),
        ("work_note", "owner_task", "mail_contact"),
        "Spare hardware",
        (
            "The fix for {acct}'s incident needs spare hardware on site; {caller} is waiting.",
            "We have to buy a replacement unit for {acct} — {caller}'s incident depends on it.",
            "Hardware swap for {acct}: {caller}'s problem won't go away without it.",
        ),
    ),
    Scenario(
        "capacity-upgrade",
        IT,
        "a capacity upgrade purchase for a customer: approved, desk note, deal note, owner mail",
        (P,),
        ("work_note", "deal_note", "mail_owner"),
        "Capacity upgrade",
        (
            "{acct} keeps running out of capacity — {caller}'s incident is the symptom.",
            "The root of {caller}'s incident at {acct} is capacity; let's buy the upgrade.",
            "Capacity upgrade for {acct}, please: {caller} reported the slowdown.",
        ),
    ),
    Scenario(
        "emergency-fix-review",
        IT,
        "an emergency fix: the purchase approved, a change review booked with the customer, account noted",
        (P,),
        ("work_note", "meeting", "account_note"),
        "Change review",
        (
            "{acct} needs an emergency fix for the incident {caller} raised; we must buy parts first.",
            "Emergency work at {acct}: {caller}'s incident needs new kit and a change review.",
            "Let's fix {acct} properly this time — {caller} agreed to review the change with us.",
        ),
    ),
    Scenario(
        "monitoring-addon",
        IT,
        "a monitoring add-on purchased to stop repeat incidents: deal next step, desk note, customer mail",
        (P,),
        ("deal_next_step", "work_note", "mail_contact"),
        "Monitoring add-on",
        (
            "{acct} keeps hitting the same incident; {caller} agreed to add monitoring.",
            "Monitoring for {acct}, please — {caller} is tired of repeat incidents.",
            "To stop {caller}'s repeat incidents at {acct}, we'll buy the monitoring add-on.",
        ),
    ),
    Scenario(
        "onsite-engineer-visit",
        IT,
        "an engineer visit on site: travel expense approved, desk note, the visit booked, own task",
        (E,),
        ("work_note", "meeting", "my_task"),
        "Site visit",
        (
            "{caller}'s incident at {acct} needs someone on site.",
            "Remote fixes failed at {acct}; {caller} asked for an engineer visit.",
            "We need to visit {acct} in person for {caller}'s incident.",
        ),
    ),
    Scenario(
        "post-incident-dinner",
        DESK,
        "after a rough incident: hospitality approved, desk note, dinner booked with the customer and owner",
        (G,),
        ("work_note", "meeting", "account_note"),
        "Post-incident dinner",
        (
            "{acct} had a rough month with their incident; {caller} deserves some attention.",
            "Rebuild the relationship with {acct} after {caller}'s incident.",
            "{caller} of {acct} stuck with us through the incident — let's thank them.",
        ),
    ),
]
