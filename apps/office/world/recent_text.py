"""What the last working week's mail says (apps/office/world/recent_mail.py): subjects that carry a record
(account, case, invoice, document, date) so threads stay distinct, and bodies of two or three sentences
from separate pools, each quoting values, so two mails of one kind are not near-duplicates."""

from __future__ import annotations

# what a customer writes about, per department (subject, ask); {account}, {product}, {n}, {date}, ...
CUSTOMER = {
    "Sales": (
        (
            "{account}: {n} more seats of {product}",
            "we want to add {n} seats of {product} before {date}; "
            "can you send a quote that keeps our current discount?",
        ),
        (
            "{account} budget for {product} ({date})",
            "our budget meeting moved to {date}; I need the total "
            "for {product} with {n} users and the multi-year option.",
        ),
        (
            "{account}: contract question before {date}",
            "legal asks whether the {product} order form can "
            "start on {date} instead of the first of the month.",
        ),
        (
            "Renewal of {product} at {account}",
            "our renewal of {product} is due on {date}; what changes for {n} seats this year?",
        ),
    ),
    "Support": (
        (
            "Case {case}: {product} at {account}",
            "the {product} error came back at {clock}; {n} of our users saw it this morning.",
        ),
        (
            "{account}: case {case} still open",
            "we are still waiting for an update on case {case}; our go-live for {product} is on {date}.",
        ),
        (
            "Case {case} - {product} slow since {version}",
            "since version {version} the {product} pages load in {n} seconds instead of two.",
        ),
    ),
    "default": (
        (
            "{account}: question on {product} ({case})",
            "our team has a question on {product} for the project "
            "starting {date}; {n} people are involved on our side.",
        ),
        (
            "{account} - documents for {date}",
            "could you send the documents for {product} before {date}? Our "
            "review board meets with {n} items on the agenda.",
        ),
    ),
}
ANSWERS = (
    "thanks for the details; I am on it and will come back by {date} with what {colleague} finds.",
    "I checked with {colleague}: we can do it for {n} seats of {product}, confirmation follows by {date}.",
    "good news, the fix for {product} is in version {version}; I will confirm the rollout at {clock}.",
    "understood. I put it on the agenda of our {doc} review and will send you the outcome on {date}.",
    "I attached what we have today; the rest ({n} items) follows by {date} at the latest.",
)
FOLLOW_UPS = (
    "Thanks {first}, that works for {account}. I will brief our {n} users before {date}.",
    "Thank you {first}. Could {colleague} join our call on {date} at {clock} to close the open points?",
    "Noted, {first}; we plan {product} for {date} then, with {n} people on our side.",
    "Great, {first}. I shared it with our project lead; expect our sign-off by {date}.",
)
# a colleague-to-colleague thread: (subject, ask)
INTERNAL = (
    ("{doc}: {n} comments before {date}", "could you go through my {n} comments on the {doc} before {date}?"),
    ("{account} - who covers {duty} on {date}?", "I am with {account} on {date}; could you take {duty}?"),
    (
        "Numbers for {duty} (week {week})",
        "can you send me your numbers for {duty} by {clock}? {n} are still missing from the sheet.",
    ),
    (
        "{account}: prep for the {date} call",
        "before our call with {account} on {date}: do you have the latest on {product}?",
    ),
    (
        "Quick one on the {doc} ({date})",
        "is section {n} of the {doc} still current, or did it change after {date}?",
    ),
)
REPLIES = (
    "Sure, {first}; I will send it by {clock}. {n} of them are already done.",
    "Yes, I can take it on {date}; I blocked {clock} in my calendar.",
    "It changed on {date}, {first}; the new version of the {doc} is in the team folder.",
    "Done: {n} comments answered, two left for {colleague}.",
    "Not before {date}, sorry; {colleague} may be able to help sooner.",
)
# a mail to a manager's whole team: (subject, text)
TEAM = (
    ("Team update, week {week}: {doc}", "a short update: the {doc} is at {n} % and {duty} moves to {date}."),
    (
        "{duty}: rota for {date}",
        "I drafted the rota for {duty} on {date}; {n} slots are still open, please add your name.",
    ),
    (
        "Heads-up: {account} visit on {date}",
        "{account} visits us on {date} at {clock}; {colleague} hosts, please keep the {doc} ready.",
    ),
    (
        "Reminder: {doc} due {date}",
        "reminder that the {doc} is due on {date}; {n} sections have no owner yet.",
    ),
    (
        "Lessons from {duty} (week {week})",
        "notes from {duty} this week: {n} actions, owners in the {doc}; we look at them again on {date}.",
    ),
    (
        "Who joins the {product} training on {date}?",
        "there are {n} seats for the {product} training on {date} at {clock}; reply if you want one.",
    ),
)
TEAM_REPLIES = (
    "Thanks {first}. I take the slot at {clock} on {date}.",
    "Count me in, {first}; I will also bring {colleague}'s notes on the {doc}.",
    "I added my part to the {doc}: {n} points, one needs a decision.",
    "Can we move it to {date}? I have {duty} then.",
)
DIGEST_ITEMS = (
    "{won} deals closed won yesterday, the largest {deal}.",
    "The service desk opened {opened} incidents yesterday and resolved {resolved}.",
    "Welcome to {hire}, who joined this week.",
    "Reminder: the all-hands is on {allhands}.",
)
