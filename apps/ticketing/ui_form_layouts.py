"""Form layouts of the ticketing create and edit forms (ServiceNow form views).

A field's `name` is the action argument it fills; a form shows only the fields its action accepts, so
one layout serves both the New and the Edit form of a table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from apps.ticketing import choices as c


@dataclass(frozen=True)
class Fld:
    """One form control. kind: text textarea select lookup datetime date checkbox; `ref` names the table a
    reference field points to ("user", "group" or "ci"): the person types a display name (a type-ahead
    combobox), the form sends a sys_id (a group: its exact name)."""

    name: str
    label: str
    kind: str = "text"
    choices: tuple[Any, ...] = ()
    required: bool = False
    help: str | None = None
    wide: bool = False
    ref: str | None = None
    integer: bool = False  # a select whose values are numbers (impact, urgency, risk, state)
    needs: tuple[str, ...] = ()  # an "output" field (read-only, computed) shows when these are on the form

    @property
    def input_type(self) -> str:
        return {"datetime": "datetime-local", "date": "date"}.get(self.kind, "text")


Section = tuple[str, tuple[Fld, ...]]

SUBCATEGORY_LABELS = {
    "dhcp": "DHCP",
    "dns": "DNS",
    "ip address": "IP Address",
    "vpn": "VPN",
    "cpu": "CPU",
    "db2": "DB2",
    "ms sql server": "MS SQL Server",
}


def _pairs(mapping: dict[Any, str]) -> tuple[tuple[str, str], ...]:
    return tuple((str(k), v) for k, v in mapping.items())


def _label(value: str) -> str:
    return SUBCATEGORY_LABELS.get(value, value[:1].upper() + value[1:])


CATEGORY_CHOICES = tuple((k, label) for k, (label, _) in c.CATEGORIES.items())
SUBCATEGORY_CHOICES = tuple(
    (s, _label(s)) for s in dict.fromkeys(s for _, subs in c.CATEGORIES.values() for s in subs)
)
SUBCATEGORIES_OF = {k: list(subs) for k, (_, subs) in c.CATEGORIES.items()}
CHANNEL_CHOICES = tuple((t, _label(t).replace("_", " ")) for t in c.CONTACT_TYPES)
LEVEL_CHOICES = _pairs(c.IMPACTS)
RISK_CHOICES = tuple((str(k), v) for k, v in c.CHANGE_RISKS.items())  # no number, as ServiceNow's
OPEN_PROBLEM_STATES = (101, 102, 103, 104)  # New, Assess, Root Cause Analysis, Fix in Progress
PROBLEM_STATE_CHOICES = tuple((str(k), c.PROBLEM_STATES[k]) for k in OPEN_PROBLEM_STATES)
CHANGE_TYPE_CHOICES = tuple((t, t.capitalize()) for t in c.CHANGE_TYPES)
KB_CATEGORIES = ("Access", "Email", "Hardware", "Network", "Software", "VPN")
# value -> label of the incident choice fields, for the record page
INCIDENT_LABELS = {
    "category": dict(CATEGORY_CHOICES),
    "subcategory": dict(SUBCATEGORY_CHOICES),
    "contact_type": dict(CHANNEL_CHOICES),
    "level": dict(c.IMPACTS),
}
QUANTITY_CHOICES = tuple((str(n), str(n)) for n in range(1, 11))


def flow_steps(order: tuple[int, ...], labels: dict[int, str], state: int) -> list[dict[str, Any]]:
    """ServiceNow's process flow formatter: each state of `order` by its label, `done` before the current
    one, `current` at it (a state outside the order marks none)."""
    at = order.index(state) if state in order else -1
    return [{"label": labels[s], "done": i < at, "current": i == at} for i, s in enumerate(order)]


def sel(name: str, label: str, choices: tuple[Any, ...], **kw: Any) -> Fld:
    return Fld(name, label, "select", choices=choices, **kw)


def level(name: str, label: str) -> Fld:
    return sel(name, label, LEVEL_CHOICES, required=True, integer=True)


CALLER = Fld("caller_id", "Caller", "lookup", ref="user", required=True, help="The person who reported it.")
CI = Fld("cmdb_ci", "Configuration item", "lookup", ref="ci", help="Type the configuration item's name.")
GROUP = Fld("assignment_group", "Assignment group", "lookup", ref="group", help="Type the group's name.")
ASSIGNEE = Fld("assigned_to", "Assigned to", "lookup", ref="user", help="A member of the assignment group.")
PRIORITY = Fld("priority", "Priority", "output", needs=("impact", "urgency"))
SERVICE = Fld("business_service", "Service", "lookup", ref="ci", help="Type the business service's name.")
SHORT = Fld("short_description", "Short description", required=True, wide=True)
DESCRIPTION = Fld("description", "Description", "textarea", wide=True)

# what incidents and problems share, in the order the two-column grid fills (left, right, left ...)
TASK_FIELDS = (
    sel("category", "Category", CATEGORY_CHOICES),
    level("impact", "Impact"),
    sel("subcategory", "Subcategory", SUBCATEGORY_CHOICES),
    level("urgency", "Urgency"),
    CI,
    PRIORITY,
    GROUP,
    ASSIGNEE,
    SHORT,
    DESCRIPTION,
)

INCIDENT_FORM: tuple[Section, ...] = (
    (
        "Incident",
        (
            CALLER,
            sel("contact_type", "Channel", CHANNEL_CHOICES),
            *TASK_FIELDS,
        ),
    ),
)

# the New incident form's grid in the saved form's order (incident.html): the left column Number, Caller,
# Category, Subcategory, Configuration item, Assignment group, Assigned to; the right Channel, State, Impact,
# Urgency, Priority, Opened; then the wide Short description and Description
INCIDENT_GRID = (
    *("number", "contact_type", "caller_id", "state", "category", "impact", "subcategory", "urgency"),
    *(
        "cmdb_ci",
        "priority",
        "assignment_group",
        "opened_at",
        "assigned_to",
        "short_description",
        "description",
    ),
)

PROBLEM_FORM: tuple[Section, ...] = (
    (
        "Problem",
        (
            Fld(
                "from_incident",
                "First reported by",
                help="The incident number this problem comes from, e.g. INC0010001.",
            ),
            sel("state", "State", PROBLEM_STATE_CHOICES, required=True, integer=True),
            *TASK_FIELDS,
        ),
    ),
    (
        "Analysis Information",
        (
            Fld("workaround", "Workaround", "textarea", wide=True),
            Fld("cause_notes", "Cause notes", "textarea", wide=True),
        ),
    ),
)

CHANGE_FORM: tuple[Section, ...] = (
    (
        "Change Request",
        (
            sel("type", "Type", CHANGE_TYPE_CHOICES, required=True),
            sel("category", "Category", tuple((x, x) for x in c.CHANGE_CATEGORIES)),
            SERVICE,
            Fld("service_offering", "Service offering", "lookup", ref="ci", help="Type the offering's name."),
            CI,
            sel("risk", "Risk", RISK_CHOICES, required=True, integer=True),
            GROUP,
            level("impact", "Impact"),
            ASSIGNEE,
            SHORT,
            DESCRIPTION,
        ),
    ),
    (
        "Planning",
        (
            Fld("justification", "Justification", "textarea", wide=True),
            Fld("implementation_plan", "Implementation plan", "textarea", wide=True),
            Fld("backout_plan", "Backout plan", "textarea", wide=True),
            Fld("test_plan", "Test plan", "textarea", wide=True),
        ),
    ),
    (
        "Schedule",
        (
            Fld("start_date", "Planned start date", "datetime", help="UTC"),
            Fld("end_date", "Planned end date", "datetime", help="UTC"),
        ),
    ),
)

# the New change form's grid in the real form's order: the left column Number, Requested by, Category,
# Service, Service offering, Configuration item, Priority, Impact; the right Type (the model), State,
# Conflict status, Assignment group, Assigned to, Opened, Risk; then the wide Short description, Description
CHANGE_GRID = (
    *("number", "type", "requested_by", "state", "category", "conflict_status", "business_service"),
    *("assignment_group", "service_offering", "assigned_to", "cmdb_ci", "opened_at", "priority", "risk"),
    *("impact", "short_description", "description"),
)

ARTICLE_FORM: tuple[Section, ...] = (
    (
        "Knowledge Article",
        (
            Fld("knowledge_base", "Knowledge base", help="The knowledge base's title, e.g. IT."),
            Fld("kb_category", "Category", "lookup", choices=KB_CATEGORIES),
            CI,
            Fld("meta", "Meta", help="Search keywords, separated by spaces."),
            Fld("short_description", "Title", required=True, wide=True),
            Fld("text", "Article body", "textarea", required=True, wide=True),
        ),
    ),
)

ORDER_FORM: tuple[Section, ...] = (
    (
        "Order",
        (
            Fld("requested_for", "Requested for", "lookup", ref="user", required=True),
            sel("quantity", "Quantity", QUANTITY_CHOICES, required=True, integer=True),
            Fld("special_instructions", "Special instructions", "textarea", wide=True),
        ),
    ),
)

VARIABLE_PREFIX = "var_"


def variable_field(var: dict[str, Any]) -> Fld:
    """The control of one catalog variable (its question as the label), named var_<name>."""
    name, label, required = VARIABLE_PREFIX + var["name"], var["question_text"], bool(var["mandatory"])
    kind = var["type"]
    if kind == 5:
        options = tuple((o, o) for o in (var.get("choices") or "").split("|") if o)
        return sel(name, label, options, required=required)
    if kind == 1:
        return sel(name, label, (("true", "Yes"), ("false", "No")), required=required)
    if kind == 7:
        return Fld(name, label, "checkbox")
    if kind == 9:
        return Fld(name, label, "date", required=required)
    return Fld(name, label, "textarea" if kind == 2 else "text", required=required, wide=kind == 2)
