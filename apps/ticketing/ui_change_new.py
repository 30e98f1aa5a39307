"""UI16's new change request: first the type chooser ("What type of change is required?": Standard,
Normal, Emergency as cards), then the form with that type. Standard opens the standard change templates
(pre-approved changes, each filling the form's texts); the form is the New form of ui_forms, the type
given as ?type=."""

from __future__ import annotations

from dataclasses import dataclass

from fastapi import Request
from fastapi.responses import Response

from apps.core.ui_kit import UiKit

# the cards: type, title, what it is for
TYPES = (
    (
        "standard",
        "Standard",
        "Select from available pre-approved change templates. These changes do not require approval.",
    ),
    (
        "normal",
        "Normal",
        "Changes without predefined plans that require approval and CAB authorization.",
    ),
    (
        "emergency",
        "Emergency",
        "Unplanned changes necessary to restore service. These changes require CAB authorization and only "
        "Change Management approval.",
    ),
)


@dataclass(frozen=True)
class Template:
    """A standard change template: the texts it fills into a new standard change."""

    short_description: str
    category: str
    description: str
    implementation_plan: str
    backout_plan: str
    test_plan: str


TEMPLATES = (
    Template(
        "Apply the monthly security updates to a server",
        "Software",
        "Install this month's operating system security updates on one server in its maintenance window.",
        "1. Take a snapshot. 2. Drain the server from its load balancer. 3. Install the updates and restart. "
        "4. Put the server back into service.",
        "Uninstall the updates or restore the snapshot.",
        "Check that the services started and run the service's health check.",
    ),
    Template(
        "Restart an application service",
        "Service",
        "Restart one application service out of hours to clear a known memory leak.",
        "1. Tell the service's users. 2. Stop the service. 3. Start it again. 4. Watch its error rate.",
        "Start the service from the last known good configuration.",
        "Sign in to the application and open a record.",
    ),
    Template(
        "Add a port to a firewall rule",
        "Network",
        "Open one port between two known networks through an existing firewall rule.",
        "1. Export the rule base. 2. Add the port to the rule. 3. Commit the policy.",
        "Import the exported rule base and commit it.",
        "Test the new connection and confirm the existing traffic still flows.",
    ),
    Template(
        "Replace a failed disk in a storage array",
        "Hardware",
        "Swap a failed disk of a redundant storage array for a spare of the same model.",
        "1. Confirm the array is redundant without the disk. 2. Swap the disk. 3. Let the array rebuild.",
        "Put the failed disk's slot out of service and order a new spare.",
        "Check that the rebuild finished and the array reports healthy.",
    ),
)


async def change_chooser(kit: UiKit, request: Request) -> Response:
    """The page before a new change's form: the type cards, or with ?standard=1 the standard templates.

    Args:
        kit: the UI kit.
        request: the page's request.
    """
    standard = request.query_params.get("standard") == "1"
    context = {
        "title": "Standard change templates" if standard else "Create Change Request",
        "types": TYPES,
        "templates": TEMPLATES if standard else (),
        "standard": standard,
    }
    return kit.render(request, "sn_change_new.html", context)
