"""Choice lists exactly as ServiceNow's base system defines them (values and labels)."""

from __future__ import annotations

# -- incident --------------------------------------------------------------------------------------
NEW, IN_PROGRESS, ON_HOLD, RESOLVED, CLOSED, CANCELED = 1, 2, 3, 6, 7, 8
INCIDENT_STATES = {
    NEW: "New",
    IN_PROGRESS: "In Progress",
    ON_HOLD: "On Hold",
    RESOLVED: "Resolved",
    CLOSED: "Closed",
    CANCELED: "Canceled",
}
HOLD_REASONS = {
    "1": "Awaiting Caller",
    "5": "Awaiting Change",
    "3": "Awaiting Problem",
    "4": "Awaiting Vendor",
}
IMPACTS = {1: "1 - High", 2: "2 - Medium", 3: "3 - Low"}
URGENCIES = {1: "1 - High", 2: "2 - Medium", 3: "3 - Low"}
PRIORITIES = {1: "1 - Critical", 2: "2 - High", 3: "3 - Moderate", 4: "4 - Low", 5: "5 - Planning"}
CLOSE_CODES = (
    "Duplicate",
    "Known error",
    "No resolution provided",
    "Resolved by caller",
    "Resolved by change",
    "Resolved by problem",
    "Resolved by request",
    "Solution provided",
    "Workaround provided",
    "User error",
)
CONTACT_TYPES = ("phone", "email", "self-service", "walk-in", "chat", "virtual_agent")
CATEGORIES = {
    "inquiry": ("Inquiry / Help", ("antivirus", "email", "internal application")),
    "software": ("Software", ("email", "operating system", "internal application")),
    "hardware": ("Hardware", ("cpu", "disk", "keyboard", "memory", "monitor", "mouse")),
    "network": ("Network", ("dhcp", "dns", "ip address", "vpn", "wireless")),
    "database": ("Database", ("db2", "ms sql server", "oracle")),
}
AUTO_CLOSE_DAYS = 7  # glide.ui.autoclose.time


def priority_of(impact: int, urgency: int) -> int:
    """The base-system priority lookup: impact + urgency 2 -> 1 Critical ... 6 -> 5 Planning."""
    return {2: 1, 3: 2, 4: 3, 5: 4, 6: 5}[impact + urgency]


# -- problem ---------------------------------------------------------------------------------------
PROBLEM_STATES = {
    101: "New",
    102: "Assess",
    103: "Root Cause Analysis",
    104: "Fix in Progress",
    106: "Resolved",
    107: "Closed",
}
PROBLEM_RESOLUTION_CODES = {
    "fix_applied": "Fix Applied",
    "risk_accepted": "Risk Accepted",
    "duplicate": "Duplicate",
    "canceled": "Canceled",
}

# -- change request --------------------------------------------------------------------------------
CHANGE_STATES = {
    -5: "New",
    -4: "Assess",
    -3: "Authorize",
    -2: "Scheduled",
    -1: "Implement",
    0: "Review",
    3: "Closed",
    4: "Canceled",
}
CHANGE_TYPES = ("normal", "standard", "emergency")
CHANGE_RISKS = {1: "Very High", 2: "High", 3: "Moderate", 4: "Low"}
CHANGE_CLOSE_CODES = {
    "successful": "Successful",
    "successful_issues": "Successful with issues",
    "unsuccessful": "Unsuccessful",
}
CHANGE_CATEGORIES = ("Hardware", "Software", "Network", "Service", "Database", "Documentation", "Other")
APPROVAL_STATES = ("not requested", "requested", "approved", "rejected")
APPROVER_STATES = ("requested", "approved", "rejected", "cancelled", "not_required")
APPROVAL_LABELS = {  # the approval fields' choice labels, as ServiceNow shows them on lists and forms
    "not requested": "Not Yet Requested",
    "requested": "Requested",
    "approved": "Approved",
    "rejected": "Rejected",
    "cancelled": "Cancelled",
    "not_required": "No Longer Required",
}
CONFLICT_STATUSES = ("Not Run", "No Conflict", "Conflict")

# -- service catalog -------------------------------------------------------------------------------
REQUEST_STATES = {
    "requested": "Pending Approval",
    "in_process": "Approved",
    "closed_complete": "Closed Complete",
    "closed_incomplete": "Closed Incomplete",
    "closed_cancelled": "Closed Cancelled",
    "closed_rejected": "Closed Rejected",
}
TASK_STATES = {
    -5: "Pending",
    1: "Open",
    2: "Work in Progress",
    3: "Closed Complete",
    4: "Closed Incomplete",
    7: "Closed Skipped",
}
RITM_STAGES = {
    "waiting_for_approval": "Waiting for Approval",
    "fulfillment": "Fulfillment",
    "complete": "Completed",
    "Request Cancelled": "Request Cancelled",
}
VARIABLE_TYPES = {
    1: "Yes / No",
    2: "Multi Line Text",
    5: "Select Box",
    6: "Single Line Text",
    7: "CheckBox",
    9: "Date",
}

# -- knowledge -------------------------------------------------------------------------------------
KB_STATES = {
    "draft": "Draft",
    "review": "Review",
    "published": "Published",
    "pending_retirement": "Pending Retirement",
    "retired": "Retired",
    "outdated": "Outdated",
}

# -- CMDB ------------------------------------------------------------------------------------------
CI_CLASSES = {
    "cmdb_ci_service": "Business Service",
    "cmdb_ci_appl": "Application",
    "cmdb_ci_app_server": "Application Server",
    "cmdb_ci_db_instance": "Database Instance",
    "cmdb_ci_server": "Server",
    "cmdb_ci_linux_server": "Linux Server",
    "cmdb_ci_win_server": "Windows Server",
    "cmdb_ci_netgear": "Network Gear",
    "cmdb_ci_computer": "Computer",
    "cmdb_ci_printer": "Printer",
}
OPERATIONAL_STATUSES = {
    1: "Operational",
    2: "Non-Operational",
    3: "Repair in Progress",
    4: "DR Standby",
    5: "Ready",
    6: "Retired",
}
REL_TYPES = (
    "Depends on::Used by",
    "Runs on::Runs",
    "Hosted on::Hosts",
    "Contains::Contained by",
    "Connects to::Connected by",
    "Members::Member of",
)

# -- SLA -------------------------------------------------------------------------------------------
SLA_STAGES = ("in_progress", "paused", "completed", "cancelled")


def labels(choices: dict) -> str:
    """ "1 New, 2 In Progress, ..." for docstrings and messages."""
    return ", ".join(f"{k} {v}" for k, v in choices.items())
