"""The knowledge base's articles, written from what the desk knows (`fix_texts`, `fix_customer`) and from
the world's records: one article per issue employees report (symptoms, cause, resolution steps, a
workaround, what it applies to: the laptop models in the CMDB, a service, a product), one per product and
issue customers report, and a few how-to articles; each names the latest incidents it was used for.

`topics` fixes which articles exist (`requests.build_knowledge` makes their records, drawing their
states and dates as before); `write_articles` writes their bodies once every incident exists.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Any

from apps.ticketing.world.core import Desk
from apps.ticketing.world.customer_issues import CUSTOMER
from apps.ticketing.world.fix_customer import customer_fix
from apps.ticketing.world.fix_model import Fix
from apps.ticketing.world.fix_texts import EMPLOYEE_FIXES, MAC_FIXES
from worlds.generator.vocab import product_entity

RELATED = 3  # incidents an article names


@dataclass(frozen=True)
class HowTo:
    """A how-to article: what it is for, the steps, what it applies to."""

    title: str
    category: str
    overview: str
    steps: tuple[str, ...]
    applies: str


HOWTOS = (
    HowTo(
        "How to connect to the VPN",
        "VPN",
        "Connect to the VPN to reach file shares and internal sites from outside an office.",
        (
            "Install GlobalProtect from the Company Portal (Windows) or Self Service (macOS).",
            "Enter the portal address vpn.acme.example.",
            "Sign in with your Acme account and approve the MFA prompt.",
            "GlobalProtect picks the nearest gateway; the icon turns solid when connected.",
        ),
        "GlobalProtect on Windows and macOS laptops",
    ),
    HowTo(
        "Resetting your password",
        "Access",
        "Reset a forgotten or expired password yourself, without calling the service desk.",
        (
            "Go to passwordreset.acme.example from any browser.",
            "Enter your e-mail address and approve the MFA prompt on your phone.",
            "Choose a new password of at least 14 characters, not one of your last 10.",
            "Sign out and in again on your laptop, then update the password on your phone's mail app.",
        ),
        "Acme accounts (single sign-on)",
    ),
    HowTo(
        "Setting up work mail on a mobile phone",
        "Email",
        "Read your work mail and calendar on a phone with the Outlook app.",
        (
            "Install Microsoft Outlook from the App Store or Google Play.",
            "Add your work address and sign in with single sign-on and MFA.",
            "Allow the Intune Company Portal to register the phone when asked.",
            "Other mail apps are blocked for work mail.",
        ),
        "iPhone and Android phones",
    ),
    HowTo(
        "Requesting a new laptop",
        "Hardware",
        "Order a laptop for a new starter or to replace one that is out of warranty.",
        (
            "Open the service catalog and choose Standard Laptop (or Developer Laptop for engineers).",
            "Choose the model and give a business justification.",
            "Your line manager approves the request.",
            "The Hardware group prepares the laptop within five working days and mails you when to collect "
            "it.",
        ),
        "laptop",
    ),
    HowTo(
        "Joining the guest Wi-Fi",
        "Network",
        "Give visitors internet access in an Acme office.",
        (
            "Ask reception for the day's guest code.",
            "The visitor joins ACME-GUEST and enters the code on the sign-in page.",
            "The code works for one day; staff use ACME-CORP, not the guest network.",
        ),
        "ACME-GUEST wireless in every office",
    ),
    HowTo(
        "Getting a shared mailbox for your team",
        "Email",
        "Give a team one address that several people read and answer.",
        (
            "Order Shared Mailbox from the service catalog.",
            "Give the mailbox name and its owners.",
            "The Email and Collaboration group creates it; it appears in the owners' Outlook within an hour.",
        ),
        "Outlook for Windows and Mac",
    ),
    HowTo(
        "Submitting expenses in the Expense Tool",
        "Software",
        "Claim business expenses with their receipts.",
        (
            "Create a report in the Expense Tool and add one line per expense.",
            "Attach each receipt as a PDF or JPG under 10 MB.",
            "Submit within 30 days of the expense; your line manager approves it.",
            "Approved reports are paid with the next payroll run.",
        ),
        "Expense Tool",
    ),
)


@dataclass(frozen=True)
class Topic:
    """One article to write: its title, category, and what it is written from."""

    title: str
    category: str
    source: Fix | HowTo


def topics(desk: Desk) -> list[Topic]:
    """Every article the world can have, how-tos, employees' issues and customers' issues interleaved (so
    a small world's first few cover each kind)."""
    howtos = [Topic(h.title, h.category, h) for h in HOWTOS]
    employee = [Topic(f.title, f.category, f) for f in [*EMPLOYEE_FIXES.values(), *MAC_FIXES.values()]]
    customer = []  # each product's first issue, then each one's second ...
    kinds = [(product["name"], product_entity(product).kind) for product in desk.company.products]
    for index in range(max(len(issues) for issues in CUSTOMER.values())):
        for name, kind in kinds:
            if index < len(CUSTOMER[kind]):
                fix = customer_fix(kind, index, name)
                customer.append(Topic(fix.title, fix.category, fix))
    lists, out = [howtos, employee, customer], []
    for i in range(max(map(len, lists))):
        out += [kind[i] for kind in lists if i < len(kind)]
    return out


def _laptops(desk: Desk, which: str) -> tuple[str, ...]:
    """The laptop models of the CMDB an article about `which` ("laptop", "windows", "mac") applies to."""
    models: dict[str, set[str]] = {}
    for ci in desk.cis:
        if ci["sys_class_name"] != "cmdb_ci_computer" or not ci.get("model_number"):
            continue
        mac = (ci.get("os") or "").startswith("macOS")
        if which == "laptop" or (which == "mac") == mac:
            family = " ".join((ci.get("os") or "").split()[:2])
            models.setdefault(f"{ci['manufacturer']} {ci['model_number']}", set()).add(family)
    return tuple(f"{m} ({', '.join(sorted(os))})" for m, os in sorted(models.items()))


def _list(items: tuple[str, ...], tag: str = "ol") -> str:
    return f"<{tag}>" + "".join(f"<li>{escape(i)}</li>" for i in items) + f"</{tag}>"


def article_html(desk: Desk, topic: Topic, related: list[str], *, outdated: bool) -> str:
    """An article's body as ServiceNow stores it (HTML); an outdated version lacks what was added later
    (the last step and the workaround)."""
    src = topic.source
    laptops = src.applies in ("laptop", "windows", "mac")
    applies = _list(_laptops(desk, src.applies), "ul") if laptops else f"<p>{escape(src.applies)}</p>"
    if isinstance(src, HowTo):
        steps = src.steps[:-1] if outdated else src.steps
        parts = [("Overview", f"<p>{escape(src.overview)}</p>"), ("Steps", _list(steps))]
    else:
        steps = src.steps[:-1] if outdated and len(src.steps) > 2 else src.steps
        parts = [
            ("Symptoms", f"<p>{escape(src.symptoms)}</p>"),
            ("Cause", f"<p>{escape(src.cause)}</p>"),
            ("Resolution", _list(steps)),
        ]
        if not outdated:
            parts.append(("Workaround", f"<p>{escape(src.workaround)}</p>"))
    parts.append(("Applies to", applies))
    if related:
        parts.append(("Related incidents", f"<p>{', '.join(related)}</p>"))
    return "".join(f"<h2>{title}</h2>{body}" for title, body in parts)


def write_articles(desk: Desk) -> None:
    """Write every article's body from its topic (`desk.kb_topics`) and the incidents of its issue opened
    before the article was last updated."""
    by_fix: dict[Fix, list[dict[str, Any]]] = {}
    for inc in desk.rows["incident"]:
        fix = desk.story_of.get(inc["sys_id"])
        if fix is not None:
            by_fix.setdefault(fix, []).append(inc)
    for row in desk.rows["kb_knowledge"]:
        topic = desk.kb_topics[row["number"]]
        seen = [i for i in by_fix.get(topic.source, []) if i["opened_at"] <= row["sys_updated_on"]]
        latest = sorted(seen, key=lambda i: (i["opened_at"], i["number"]))[-RELATED:]
        related = [i["number"] for i in reversed(latest)]
        row["text"] = article_html(desk, topic, related, outdated=row["workflow_state"] == "outdated")
