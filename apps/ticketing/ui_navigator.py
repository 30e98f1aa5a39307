"""ServiceNow's application navigator: the left pane of every desk page, applications (Incident,
Problem, Change ...) with their modules (lists with a fixed filter, New forms), narrowed by the
"Filter navigator" box as one types. The Service Desk application comes first with the desk's main lists
(Incidents, Problems, Changes ... Service Catalog), as on an ITSM instance."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Module:
    label: str  # the visible module name, e.g. "Open"
    path: str  # the app-relative address it opens


@dataclass(frozen=True)
class Application:
    label: str  # "Incident"
    modules: tuple[Module, ...]


NAVIGATOR = (
    Application(
        "Service Desk",
        (
            Module("Incidents", "/incidents?active=true"),
            Module("Problems", "/problems"),
            Module("Changes", "/changes"),
            Module("Requests", "/requests"),
            Module("My Approvals", "/approvals"),
            Module("Knowledge", "/kb"),
            Module("CMDB", "/cmdb"),
            Module("Service Catalog", "/catalog"),
        ),
    ),
    Application(
        "Incident",
        (
            Module("Create New", "/incidents/new"),
            Module("Assigned to me", "/incidents?active=true&assigned_to_me=true"),
            Module("Open", "/incidents?active=true"),
            Module("Open - Unassigned", "/incidents?active=true&unassigned=true"),
            Module("All", "/incidents"),
        ),
    ),
    Application(
        "Problem",
        (
            Module("Create New", "/problems/new"),
            Module("Open", "/problems?active=true"),
            Module("Known Error", "/problems?known_error=true"),
            Module("All", "/problems"),
        ),
    ),
    Application(
        "Change",
        (
            Module("Create New", "/changes/new"),
            Module("All", "/changes"),
        ),
    ),
    Application(
        "Service Catalog",
        (
            Module("Catalog", "/catalog"),
            Module("Requested Items", "/requests"),
        ),
    ),
    Application(
        "Knowledge",
        (
            Module("Articles", "/kb"),
            Module("Create New", "/kb/new"),
        ),
    ),
    Application(
        "Service Level Management",
        (
            Module("Task SLAs", "/task_slas"),
            Module("Breached", "/task_slas?breached=true"),
        ),
    ),
    Application(
        "Configuration",
        (
            Module("Configuration Items", "/cmdb"),
            Module("Computers", "/cmdb?sys_class_name=cmdb_ci_computer"),
            Module("Linux Servers", "/cmdb?sys_class_name=cmdb_ci_linux_server"),
            Module("Windows Servers", "/cmdb?sys_class_name=cmdb_ci_win_server"),
        ),
    ),
)
