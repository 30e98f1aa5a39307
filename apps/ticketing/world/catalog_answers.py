"""What the service catalog says about each item (short description and description, as a catalog page
shows them), and what a requester writes into an item's free-text variables: grounded in the requester
(their department, their line manager, their team's mailbox) and in the world (database CIs, rooms)."""

from __future__ import annotations

from typing import Any

from worlds.generator.company import ROOMS

ITEM_TEXT = {
    "Standard Laptop": (
        "A 14-inch business laptop for everyday work",
        "A Dell Latitude, Lenovo ThinkPad or MacBook Air with 16 GB of memory and a 512 GB disk, set up with "
        "your account, Microsoft 365 and the VPN client. Your line manager approves the request; it is ready "
        "within five working days. Return your old laptop to the service desk when you collect the new one.",
    ),
    "Developer Laptop": (
        "A high-performance laptop for software development",
        "A MacBook Pro or Dell Precision with 32 or 64 GB of memory for building and running code locally, "
        "with administrator rights for development tools. Your line manager approves the request.",
    ),
    "External Monitor": (
        "A 24, 27 or 32-inch monitor for your desk",
        "A USB-C monitor that connects to your dock or laptop with one cable, delivered to your desk.",
    ),
    "Docking Station": (
        "A USB-C dock for your desk",
        "Connects your laptop to two monitors, keyboard, mouse, wired network and power with one cable.",
    ),
    "Headset": (
        "A headset for calls and Teams meetings",
        "A USB headset certified for Microsoft Teams, wired or wireless.",
    ),
    "Mobile Phone": (
        "A company mobile phone",
        "An iPhone, Pixel or Galaxy phone on the company plan, enrolled in Intune for work mail. Tick the "
        "box to keep your current number. Your line manager approves the request.",
    ),
    "Microsoft Visio": (
        "A Microsoft Visio Plan 2 licence",
        "Diagramming for process maps, network drawings and floor plans. Once the licence is assigned, "
        "install Visio from the Company Portal. Your line manager approves the request.",
    ),
    "Adobe Acrobat Pro": (
        "An Adobe Acrobat Pro licence",
        "Edit, combine and sign PDF files. The licence is assigned to your account; install Acrobat from the "
        "Company Portal. Your line manager approves the request.",
    ),
    "JetBrains IDE": (
        "A JetBrains IDE licence: IntelliJ IDEA, PyCharm or GoLand",
        "A named licence for one JetBrains IDE; the licence key arrives by mail.",
    ),
    "Tableau Creator": (
        "A Tableau Creator licence",
        "Build and publish dashboards on the company's Tableau server. Your line manager approves the "
        "request.",
    ),
    "VPN Access": (
        "Access to the company VPN",
        "Adds your account to the VPN Users group so that you can connect with GlobalProtect from outside an "
        "office. Tell us why you need it.",
    ),
    "Shared Mailbox": (
        "A shared mailbox for a team",
        "One address that several people read and answer. Name the mailbox and its owners; it appears in "
        "their Outlook within an hour.",
    ),
    "Distribution List": (
        "A mail distribution list",
        "An address that forwards to a list of people, such as a project team or a committee.",
    ),
    "Application Access": (
        "Access to a business application",
        "Access to ERP, the BI dashboards, the HR Portal, the Expense Tool or the CRM with the role you "
        "need. Your line manager approves the request.",
    ),
    "Database Access": (
        "Access to a database",
        "Read or write access to a named database for a limited time; the Database group grants it after "
        "your line manager approves.",
    ),
    "New Hire Onboarding": (
        "Everything a new starter needs on the first day",
        "Creates the account, mailbox and group memberships, and orders the standard laptop and headset for "
        "the start date.",
    ),
    "Offboarding": (
        "Remove a leaver's access on the last day",
        "Disables the account on the last working day, converts the mailbox to a shared one and arranges the "
        "return of the laptop and phone.",
    ),
    "Conference Room Setup": (
        "Set up a meeting room for an event",
        "Checks the room's screen, camera and microphones and tests a Teams call before your meeting.",
    ),
    "Cloud Sandbox Account": (
        "A personal cloud sandbox account",
        "An AWS, Azure or GCP sandbox with a monthly budget for experiments; its resources are removed after "
        "90 days. Your line manager approves the request.",
    ),
    "Server Provisioning": (
        "A new virtual server",
        "A Linux or Windows virtual machine in the data centre with the vCPUs you need, patched and "
        "monitored by the server teams. Your line manager approves the request.",
    ),
}

JUSTIFICATIONS = (
    "My current laptop no longer holds a charge for more than an hour.",
    "New starter joining the team next month.",
    "My laptop is five years old and out of warranty.",
    "The screen of my laptop cracked; a repair costs more than a replacement.",
    "Moving from a shared desktop to a laptop for customer visits.",
)
VPN_REASONS = (
    "I work from home two days a week.",
    "Travelling to customer sites next month.",
    "I am on the on-call rota and need access at night.",
    "Working from the {city} office, which has no direct link to the file shares.",
)
BUDGETS = ("250", "500", "1000")


def text_answer(pick: Any, name: str, requester: dict[str, Any], context: dict[str, Any]) -> str:
    """The requester's answer to free-text variable `name`. `pick(seq)` draws one element (the faker's
    own stream, so the desk's draws stay as they were); `context` holds the world's `databases` (names),
    `managers` (e-mail by employee e-mail) and `departments`."""
    team = requester["department"].lower().replace(" ", "-")
    if name == "justification":
        return pick(JUSTIFICATIONS)
    if name == "reason":
        return pick(VPN_REASONS).format(city=requester["office"])
    if name == "mailbox_name":
        return f"{team}-{pick(('team', 'requests', 'support', 'reports'))}@acme.example"
    if name == "owners":
        manager = context["managers"].get(requester["email"])
        return ", ".join(m for m in (requester["email"], manager) if m)
    if name == "list_name":
        return f"{team}-{pick(('all', 'announcements', 'leads', 'project'))}@acme.example"
    if name == "database":
        access = pick(("read only", "reporting schema, read only", "read and write"))
        return f"{pick(context['databases'] or ['db-erp-01'])} ({access})"
    if name == "department":
        return pick(context["departments"])
    if name == "room":
        city, room, _, floor = pick([r for r in ROOMS if r[0] == requester["office"]] or list(ROOMS))
        return f"{room}, floor {floor} ({city})"
    if name == "budget":
        return pick(BUDGETS)
    return pick(JUSTIFICATIONS)
