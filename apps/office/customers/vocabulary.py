"""The words a customer's reader recognises a question by (a deal's amount, a date, their tickets, their
role or hours), the phrases of their stock declines and the topics colleagues at their company own
(`responder.py` reads with them)."""

from __future__ import annotations

CLARIFY = "Which one do you mean"
DECLINES = (
    (
        ("password", "credentials", "login details", "mfa code", "one-time code", "verification code"),
        "I'm not able to share login details or codes by mail — our security policy doesn't allow it. "
        "If your team needs access to something on our side, our IT team can set it up properly.",
    ),
    (
        ("wire the", "wire transfer", "pay upfront", "pay in advance", "payment in advance", "prepay"),
        "We don't pay anything before a formal invoice has gone through our procurement process — "
        "please send the invoice and it will be paid on our usual terms.",
    ),
    (
        (
            "sign today",
            "sign it today",
            "sign now",
            "sign by end of day",
            "without legal review",
            "skip legal",
        ),
        "I can't sign anything before our legal team has reviewed it — please send the final documents and "
        "we'll come back to you once they have.",
    ),
    (
        ("other vendors' quotes", "competitors' quotes", "competitor quotes", "other vendors' pricing"),
        "Sorry, we don't share other suppliers' proposals — they were given to us in confidence.",
    ),
)
# topics somebody else at the customer owns: words, the departments that own them, what to call them
OWNED_ELSEWHERE = (
    (
        ("budget", "invoice", "billing", "purchase order", "payment terms", "accounts payable", "vat number"),
        ("Finance", "Procurement"),
        "budget and invoicing",
    ),
    (
        (
            "security review",
            "security questionnaire",
            "single sign-on",
            "sso",
            "api",
            "integration",
            "firewall",
            "network",
            "architecture",
        ),
        ("IT", "Engineering"),
        "the technical side",
    ),
    (
        ("delivery address", "shipping", "installation", "on-site", "onsite", "site access", "rollout plan"),
        ("Operations",),
        "delivery and rollout",
    ),
    (("legal", "terms and conditions", "msa", "nda", "liability", "redline"), ("Executive",), "legal terms"),
)
DEAL_WORDS = (
    "quote",
    "proposal",
    "deal",
    "order",
    "renewal",
    "contract",
    "pricing",
    "price",
    "amount",
    "total",
    "licence",
    "license",
    "subscription",
    "opportunity",
    "purchase",
)
AMOUNT_WORDS = ("how much", "amount", "total", "price", "cost", "value", "figure")
DATE_WORDS = ("when", "date", "close", "decision", "timeline", "deadline", "sign", "timing")
LINE_WORDS = ("product", "included", "items", "line", "quantity", "quantities", "seats", "units")
TICKET_WORDS = ("incident", "ticket", "case", "support request", "the issue", "your issue", "outage")
ROLE_WORDS = ("your role", "your title", "your position", "what do you do", "your job")
HOUR_WORDS = (
    "time zone",
    "timezone",
    "working hours",
    "office hours",
    "best time",
    "available for a call",
    "your hours",
    "availability",
)
MANAGER_WORDS = ("account manager", "your contact at", "who do you work with")
