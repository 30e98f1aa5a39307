"""A person's own "Notes.txt" in their OneDrive: a short to-do list in their own words, grounded in their
department, their manager, their colleagues and their office's meeting rooms (v7: v6 wrote fake-data
filler). Drawn from a stream of the note's owner, so no other file of the office part moves."""

from __future__ import annotations

import random
from typing import Any

COMMON = (
    "Submit the expense report for last month's trip",
    "Book {room} for the team meeting on Thursday",
    "Finish the security awareness training before Friday",
    "Ask {colleague} for the handover notes",
    "Send {manager} the update for the one-to-one",
    "Renew the parking pass at reception",
    "Clear out the Downloads folder, the laptop is nearly full",
)
BY_DEPARTMENT = {
    "Sales": (
        "Update the close dates of my open deals in the CRM",
        "Send the revised quote before the end of the quarter",
        "Prepare the account plan for the QBR",
        "Log last week's customer calls in the CRM",
    ),
    "Sales Operations": (
        "Check the pipeline report totals against the forecast workbook",
        "Clean up duplicate accounts in the CRM",
        "Update the commission calculator for the new plan",
    ),
    "Support": (
        "Follow up on the cases waiting on the customer",
        "Write the knowledge article for the sync issue",
        "Review the SLA breaches from last week",
    ),
    "Engineering": (
        "Review {colleague}'s pull request",
        "Update the runbook for the deployment pipeline",
        "Plan the next sprint's stories with the team",
    ),
    "IT": (
        "Patch the test servers in Tuesday's window",
        "Order the laptops for next month's new starters",
        "Check the backup reports",
    ),
    "Finance": (
        "Reconcile the vendor invoices for month-end",
        "Send the budget variance to the department heads",
        "Check the open purchase orders",
    ),
    "Marketing": (
        "Draft the newsletter for next week",
        "Collect the case study approvals",
        "Book the booth for the trade show",
    ),
    "HR": (
        "Schedule the interviews for the open roles",
        "Prepare the onboarding packs for new starters",
        "Update the holiday calendar",
    ),
    "Executive": (
        "Review the quarterly board pack",
        "Prepare the all-hands talking points",
        "Sign off the department budgets",
    ),
}


def notes_text(owner: dict[str, Any], users: list[dict[str, Any]], rooms: list[dict[str, Any]]) -> str:
    """The text of `owner`'s Notes.txt."""
    rng = random.Random(f"office:notes:{owner['id']}")
    peers = [u for u in users if u["department"] == owner["department"] and u["id"] != owner["id"]] or users
    managers = [u for u in users if u["id"] == owner.get("manager_id")]
    here = [r for r in rooms if r["building"].endswith(owner.get("office_location") or "")] or rooms
    values = {
        "colleague": rng.choice(peers)["given_name"],
        "manager": managers[0]["given_name"] if managers else "my manager",
        "room": rng.choice(here)["display_name"].split(" - ")[-1] if here else "a meeting room",
    }
    own = BY_DEPARTMENT.get(owner["department"], ())
    todo = rng.sample(own, k=min(2, len(own))) + rng.sample(COMMON, k=2)
    lines = ["To do this week", *(f"- {t.format(**values)}" for t in todo)]
    return "\n".join(lines) + "\n"
