"""What the other employees' mail says: per department, what customers write to them and how they answer,
what colleagues ask each other, and the role each has on the account teams the CRM notifies them about.

Every body is put together from several pools and quotes the records it is about (account, product,
colleague, dates, numbers), so two mails of the same kind are not near-duplicates.
"""

from __future__ import annotations

# department -> (customer subjects, customer asks, the employee's answers, account team role)
CUSTOMER = {
    "Engineering": (
        ("API rate limits for {account}", "Integration question: {product}", "Webhook retries at {account}"),
        (
            "our integration with {product} returns HTTP 429 after about {n} calls a minute; is that limit "
            "per tenant or per API key?",
            "we are connecting {product} to our data warehouse and need the field list of the export "
            "endpoint before {date}.",
            "the webhook for {product} retried {n} times last night although our endpoint answered 200; "
            "can you check the delivery log?",
            "our security team asks whether {product} supports SSO with SCIM provisioning for {n} users.",
        ),
        (
            "the limit is per API key; I asked for a temporary raise to {n2} calls a minute for {account} "
            "while you batch the sync.",
            "the field list is attached to our developer guide; I added the two custom fields you use at "
            "{account} and will confirm by {date}.",
            "the log shows {n} timeouts on our side; a fix is scheduled for the next release and I will "
            "confirm when it is live.",
            "SCIM is supported from version {version}; I can walk your team through the setup on {date}.",
        ),
        "Solutions Engineer",
    ),
    "Support": (
        ("Case {case}: {product} error", "Follow-up on case {case}", "{account}: open support case"),
        (
            "the error on {product} came back this morning at {clock}; our users at {account} see it "
            "about {n} times a day.",
            "thanks for the workaround on case {case}. Can you tell us when the permanent fix ships?",
            "we still wait for an update on case {case}; our go-live for {product} is on {date}.",
            "after the update to version {version} the {product} dashboard loads in {n} seconds, not 2.",
        ),
        (
            "I reproduced it with the logs you sent and escalated case {case} to engineering; next update "
            "by {date}.",
            "the fix is in version {version}, planned for {date}; until then the workaround stays in place.",
            "I raised the priority of case {case} given your go-live on {date} and will call you at {clock}.",
            "could you send the browser console output and the time of the last failure? Then I can close "
            "the gap on case {case}.",
        ),
        "Support Lead",
    ),
    "Finance": (
        ("Invoice {invoice} for {account}", "PO number for {product}", "Payment terms for {account}"),
        (
            "invoice {invoice} shows {n} licences of {product}, but our order form says {n2}; can you "
            "issue a credit note?",
            "our accounts payable needs the PO number on invoice {invoice} before {date}, otherwise it is "
            "not released.",
            "can we move {account} from net 30 to net 45 payment terms from the next invoice on?",
            "please send the W-9 and the bank letter again; our vendor record for Acme expired on {date}.",
        ),
        (
            "I checked the order: the credit note for invoice {invoice} goes out today and the corrected "
            "invoice by {date}.",
            "I reissued invoice {invoice} with your PO reference; it is attached.",
            "net 45 needs our controller's approval; I asked and will confirm by {date}.",
            "both documents are attached; the bank details did not change since {date}.",
        ),
        "Billing Contact",
    ),
    "Marketing": (
        ("Case study with {account}", "Webinar on {product}", "Press release quote: {account}"),
        (
            "we would be glad to be a reference for {product}; our team can do an interview on {date}.",
            "thanks for the invitation to the {product} webinar; can our CTO speak for {n} minutes?",
            "legal approved the quote for the press release, with one change to the second paragraph.",
            "could you send the draft of the {account} case study before {date} so our comms team can "
            "review it?",
        ),
        (
            "wonderful, I booked {date} at {clock} for the interview and will send the questions ahead.",
            "yes, a {n}-minute slot works; I put your CTO in the agenda after the product demo.",
            "thanks, I applied the change and will share the final version by {date}.",
            "the draft is attached; it runs {n} paragraphs and quotes the numbers you gave us.",
        ),
        "Customer Marketing",
    ),
    "IT": (
        ("Security questionnaire: {account}", "SSO setup for {account}", "Data residency of {product}"),
        (
            "our vendor risk team sent {n} questions on {product}; the deadline on our side is {date}.",
            "we are moving to a new identity provider on {date}; what do you need to switch the SSO "
            "for {product}?",
            "where are the backups of {product} stored, and can they stay in the EU region?",
            "can you confirm that {product} supports TLS 1.3 only, and send your latest pen test summary?",
        ),
        (
            "I filled in the questionnaire; {n} answers point to our SOC 2 report, attached.",
            "send me the new metadata file and we switch on {date} at {clock}, with a rollback ready.",
            "backups stay in the region of the tenant; {account} is in the EU region since {date}.",
            "yes, TLS 1.3 only since version {version}; the pen test summary is attached under NDA.",
        ),
        "Security Reviewer",
    ),
    "HR": (
        (
            "Background checks for {account} onsite staff",
            "Onsite badge request for {account}",
            "Contractor compliance at {account}",
        ),
        (
            "our site rules require a background check for anyone of Acme working onsite for {product}; "
            "can you confirm for the {n} engineers starting {date}?",
            "please send the names of the consultants who need a badge for our site from {date}.",
            "our compliance team asks for Acme's code of conduct and the training records of your onsite "
            "team.",
        ),
        (
            "all {n} engineers passed the background check; the confirmation letter is attached.",
            "the list with {n} names is attached; they arrive on {date} at {clock}.",
            "attached are the code of conduct and the training records, valid until {date}.",
        ),
        "Compliance Contact",
    ),
}
SALES = (
    ("{account}: next steps", "Pricing for {product}", "{account} renewal"),
    (
        "we reviewed the proposal for {product} and want to add {n} seats before {date}; can you "
        "update the quote?",
        "our budget meeting is on {date}; could you send the pricing for {product} with {n} users?",
        "the renewal of {account} is due on {date}; what changes for us this year?",
    ),
    (
        "thanks, the updated quote with {n} more seats of {product} is attached; valid until {date}.",
        "the pricing for {n} users of {product} is attached, with the multi-year option on page 2.",
        "I will send the renewal terms by {date}; pricing stays as it is for {n} seats.",
    ),
    "Account Manager",
)
CUSTOMER_THANKS = (
    "Thanks {first}, that helps; I will share it with the team at {account} and come back by {date}.",
    "Perfect, thank you {first}. We will confirm on our side by {date}.",
    "Thanks {first}. One more thing: can you copy {colleague} from our team on the next update?",
)
INTERNAL = (
    (
        "Review of the {doc} by {date}",
        "Could you review the {doc} before {date}? I need your comments on section {n}.",
    ),
    ("Coverage on {date}", "I am out on {date}; could you cover the {duty} that day?"),
    (
        "Question about {duty} on {date}",
        "Quick question on {duty}: do we still do it the way we agreed on {date}?",
    ),
    (
        "Numbers for {duty}, {n} open",
        "Can you send me the numbers for {duty} by {date}? {n} items are still open.",
    ),
    (
        "Handover: {doc} ({date})",
        "I moved the {doc} to the team folder; {n} open points are marked in yellow.",
    ),
    ("Interview panel on {date}", "Would you join the interview panel on {date} at {clock}? About {n} min."),
)
INTERNAL_REPLIES = (
    "Sure {first}, I will look at it by {date}.",
    "Done, {first}: my comments are in the file, {n} of them.",
    "Yes, that works for me on {date}; I put it in my calendar.",
    "Not quite, {first}: since {date} we do it the new way; I will send you the note.",
    "I can do it, but only after {clock}; is that fine?",
)
INTERNAL_CLOSERS = (
    "Great, thanks {first}! That settles {duty} for {date}.",
    "Thanks {first}, much appreciated; I will update the {doc} tonight.",
    "Perfect, {first}. I will tell the others before {clock}.",
    "Thanks {first}! Then I close the {n} open points on the {doc}.",
)
# a second sentence for internal mail, so two asks of the same kind still read differently
CONTEXT = (
    "{account} asked about it on their last call.",
    "I have {n} items left on my list this week.",
    "The deadline moved to {date} at {clock}.",
    "No rush before {date}, but I want it off my plate.",
    "I already checked the {doc}; it does not say.",
    "My manager asked for an answer by {clock}.",
    "It is the third time this month that this comes up.",
    "I copied the notes from {date} into the team folder.",
)
DOCS = {
    "Engineering": ("design doc for the export API", "release checklist", "on-call runbook"),
    "Support": ("escalation playbook", "weekly backlog report", "macro library"),
    "Finance": ("month-end close checklist", "revenue forecast", "accruals sheet"),
    "Marketing": ("campaign brief", "webinar plan", "launch messaging"),
    "IT": ("laptop refresh plan", "access review", "patch schedule"),
    "HR": ("onboarding checklist", "benefits summary", "review calendar"),
    "Sales": ("account plan", "territory plan", "deal review notes"),
    "Executive": ("board deck", "quarterly plan", "hiring plan"),
    "Sales Operations": ("commission report", "forecast roll-up", "territory map"),
}
DUTIES = {
    "Engineering": ("code reviews", "the on-call rotation", "the sprint demo"),
    "Support": ("the weekend queue", "the escalations review", "the customer satisfaction survey"),
    "Finance": ("the invoice run", "the expense audit", "the cash forecast"),
    "Marketing": ("the newsletter", "the event booth", "the lead scoring review"),
    "IT": ("the patch window", "the new-hire laptops", "the access reviews"),
    "HR": ("the onboarding sessions", "the payroll cut-off", "the benefits enrolment"),
    "Sales": ("the pipeline review", "the forecast call", "the QBR preparation"),
    "Executive": ("the board meeting", "the all-hands", "the budget review"),
    "Sales Operations": ("the forecast roll-up", "the quota letters", "the CRM data cleanup"),
}
