"""Ticketing world, part 1: the desk (shared state), groups and members, CMDB, SLA definitions."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from apps.ticketing import models_itsm  # noqa: F401  (registers the ITSM tables)
from apps.ticketing.ids import ID_FORMATS, number_of, user_sys_id
from apps.ticketing.models import ticketing_registry
from apps.ticketing.world.text import GROUPS
from worlds.generator.common import fmt_dt, rand_dt, scaled

# Tables a world never holds rows for: those only an episode fills (a caller's or an approver's pending
# reaction) and the handbook's rules, which seeding loads from the world's handbook part.
EPISODE_ONLY = frozenset({"caller_followup", "approval_followup", "handbook_rule"})
TABLES = {
    t.name.removeprefix("ticketing_"): t
    for t in ticketing_registry.metadata.sorted_tables
    if t.name.removeprefix("ticketing_") not in EPISODE_ONLY
}
MODELS = {m.class_.__tablename__.removeprefix("ticketing_"): m.class_ for m in ticketing_registry.mappers}


@dataclass
class Desk:
    """Everything generated so far, plus lookups the later steps need."""

    rng: random.Random
    fake: Any
    scale: float
    now: datetime
    company: Any
    crm: Any
    rows: dict[str, list[dict[str, Any]]] = field(
        default_factory=lambda: {t: [] for t in TABLES if t != "sys_user"}
    )
    actor: str = ""
    groups: dict[str, str] = field(default_factory=dict)  # name -> sys_id
    members: dict[str, list[str]] = field(default_factory=dict)  # group sys_id -> user sys_ids
    managers: dict[str, str] = field(default_factory=dict)  # user sys_id -> manager sys_id
    employees: list[str] = field(default_factory=list)
    contacts: list[tuple[str, str]] = field(default_factory=list)  # (user sys_id, company name)
    cis: list[dict[str, Any]] = field(default_factory=list)
    slas: dict[tuple[int, str], dict[str, Any]] = field(default_factory=dict)
    issue_of: dict[str, str | None] = field(default_factory=dict)  # incident sys_id -> issue (None: customer)
    story_of: dict[str, Any] = field(default_factory=dict)  # incident sys_id -> its fix_model.Fix (realism)
    kb_topics: dict[str, Any] = field(default_factory=dict)  # article number -> its kb_articles.Topic

    def add(self, table: str, numbered: bool = False, **values: Any) -> dict[str, Any]:
        """Append a `ticketing_<table>` row with the next sys_id (and number); unknown keys are an error."""
        columns = TABLES[table].columns.keys()
        unknown = set(values) - set(columns)
        if unknown:
            raise KeyError(f"ticketing_{table}: unknown columns {sorted(unknown)}")
        n = len(self.rows[table]) + 1
        values["sys_id"] = ID_FORMATS[table](n)
        if numbered and "number" not in values:
            values["number"] = number_of(table, n)
        fields = MODELS[table].model_fields
        row = {c: values[c] if c in values else fields[c].get_default() for c in columns}
        self.rows[table].append(row)
        return row

    def member(self, group: str) -> str:
        return self.rng.choice(self.members[self.groups[group]])

    def dt(self, value: datetime | None) -> str | None:
        return fmt_dt(value) if value else None

    def when(self, start: datetime, end: datetime) -> datetime:
        return rand_dt(self.rng, start, end)

    def count(self, base: int, minimum: int) -> int:
        return scaled(self.scale, base, minimum)


def build_groups(desk: Desk) -> None:
    """Assignment groups with members from the matching departments; the actor is a service-desk agent."""
    emps = sorted(desk.company.employees, key=lambda e: e["employee_number"])
    by_dept: dict[str, list[str]] = {}
    for e in emps:
        uid = user_sys_id(e["employee_number"])
        by_dept.setdefault(e["department"], []).append(uid)
        desk.employees.append(uid)
        if e.get("manager_employee_number"):
            desk.managers[uid] = user_sys_id(e["manager_employee_number"])
    it = [e for e in emps if e["department"] == "IT"]
    agent = next((e for e in it if e["title"] == "IT Service Desk Analyst"), it[0])
    desk.actor = user_sys_id(agent["employee_number"])
    execs = {e["title"]: user_sys_id(e["employee_number"]) for e in emps if e["department"] == "Executive"}
    pool = by_dept.get("IT", []) + by_dept.get("Support", []) + by_dept.get("Engineering", [])
    created = desk.dt(desk.now.replace(year=desk.now.year - 2))
    for name, description, depts in GROUPS:
        people = [u for d in depts for u in by_dept.get(d, [])]
        if name == "Change Advisory Board":
            people = [execs["Chief Information Officer"], execs["Chief Technology Officer"]] + by_dept.get(
                "IT", []
            )[:4]
        size = min(len(people), max(3, desk.rng.randint(4, 9)))
        chosen = (
            sorted(set(desk.rng.sample(people, size))) if people else desk.rng.sample(pool, min(3, len(pool)))
        )
        if name in ("Service Desk", "Change Advisory Board") or len(chosen) < 2:
            chosen = sorted(set(chosen) | {desk.actor})
        manager = desk.actor if name == "Service Desk" else chosen[0]
        row = desk.add(
            "sys_user_group",
            name=name,
            description=description,
            manager=manager,
            type="itil",
            email=f"{name.lower().replace(' ', '.')}@acme.example",
            active=True,
            sys_created_on=created,
            sys_updated_on=created,
        )
        desk.groups[name] = row["sys_id"]
        desk.members[row["sys_id"]] = chosen
        for uid in chosen:
            desk.add("sys_user_grmember", group=row["sys_id"], user=uid)
    accounts = {a["id"]: a["name"] for a in desk.crm.rows["account"]}
    desk.contacts = [
        (user_sys_id(c["id"]), accounts.get(c["account_id"], "")) for c in desk.crm.rows["contact"]
    ]


SERVICES = (
    "Email",
    "VPN",
    "ERP",
    "HR Portal",
    "Expense Tool",
    "BI Dashboards",
    "Customer Portal",
    "Intranet",
    "Build Pipeline",
    "Licence Server",
)
NETGEAR = ("core-sw", "edge-fw", "wlc", "dist-sw")


def _ci(desk: Desk, name: str, cls: str, group: str, **extra: Any) -> dict[str, Any]:
    created = desk.dt(
        desk.when(desk.now.replace(year=desk.now.year - 3), desk.now.replace(year=desk.now.year - 1))
    )
    row = desk.add(
        "cmdb_ci",
        name=name,
        sys_class_name=cls,
        support_group=desk.groups[group],
        company="Acme Corporation",
        operational_status=1,
        sys_created_on=created,
        sys_updated_on=created,
        **extra,
    )
    desk.cis.append(row)
    return row


def _rel(desk: Desk, parent: dict, child: dict, kind: str) -> None:
    desk.add(
        "cmdb_rel_ci",
        parent=parent["sys_id"],
        child=child["sys_id"],
        type=kind,
        sys_created_on=parent["sys_created_on"],
        sys_updated_on=parent["sys_created_on"],
    )


def build_cmdb(desk: Desk) -> None:
    """Services -> applications -> servers and databases -> network gear; plus laptops and printers."""
    rng = desk.rng
    nets = [
        _ci(
            desk, f"{n}-{i:02d}", "cmdb_ci_netgear", "Network", manufacturer="Cisco", ip_address=f"10.0.{i}.1"
        )
        for i, n in enumerate(NETGEAR * max(1, desk.count(3, 1)), start=1)
    ]
    n_services = min(len(SERVICES), desk.count(10, 4))
    for s, service in enumerate(SERVICES[:n_services], start=1):
        svc = _ci(
            desk,
            service,
            "cmdb_ci_service",
            "Application Support",
            short_description=f"{service} business service",
        )
        app = _ci(desk, f"{service} Application", "cmdb_ci_appl", "Application Support")
        _rel(desk, svc, app, "Depends on::Used by")
        for k in range(1, desk.count(3, 1) + 1):
            linux = rng.random() < 0.6
            host = _ci(
                desk,
                f"{'lnx' if linux else 'win'}-{service.lower().replace(' ', '')[:6]}-{k:02d}",
                "cmdb_ci_linux_server" if linux else "cmdb_ci_win_server",
                "Linux Server Team" if linux else "Windows Server Team",
                os="Ubuntu 24.04" if linux else "Windows Server 2022",
                ip_address=f"10.{s}.{k}.10",
                environment=rng.choice(("Production", "Production", "Test")),
                serial_number=f"SRV{s:02d}{k:02d}{rng.randint(1000, 9999)}",
            )
            _rel(desk, app, host, "Runs on::Runs")
            _rel(desk, host, rng.choice(nets), "Connects to::Connected by")
        db = _ci(
            desk,
            f"db-{service.lower().replace(' ', '')[:6]}-01",
            "cmdb_ci_db_instance",
            "Database",
            ip_address=f"10.{s}.9.20",
        )
        _rel(desk, app, db, "Depends on::Used by")
    for i in range(desk.count(200, 8)):
        owner = rng.choice(desk.employees)
        _ci(
            desk,
            f"ACME-LT-{i + 1:04d}",
            "cmdb_ci_computer",
            "Hardware",
            assigned_to=owner,
            manufacturer=rng.choice(("Dell", "Lenovo", "Apple")),
            asset_tag=f"P{100000 + i}",
            serial_number=f"LT{rng.randint(10**7, 10**8 - 1)}",
        )
    for i in range(desk.count(12, 2)):
        _ci(
            desk,
            f"PRN-{i + 1:03d}",
            "cmdb_ci_printer",
            "Hardware",
            manufacturer="HP",
            ip_address=f"10.50.0.{i + 10}",
        )


SLA_TARGETS = {
    1: (15 * 60, 4 * 3600),
    2: (30 * 60, 8 * 3600),
    3: (4 * 3600, 48 * 3600),
    4: (8 * 3600, 120 * 3600),
    5: (24 * 3600, 240 * 3600),
}
PRIORITY_NAMES = {1: "P1", 2: "P2", 3: "P3", 4: "P4", 5: "P5"}


def build_slas(desk: Desk) -> None:
    """A response and a resolution SLA definition per priority (24 x 7)."""
    created = desk.dt(desk.now.replace(year=desk.now.year - 2))
    for priority, (response, resolution) in SLA_TARGETS.items():
        for target, seconds in (("response", response), ("resolution", resolution)):
            hours = seconds / 3600
            label = f"{int(hours)} hours" if hours >= 1 else f"{int(seconds / 60)} minutes"
            desk.slas[(priority, target)] = desk.add(
                "contract_sla",
                name=f"{PRIORITY_NAMES[priority]} {target} ({label})",
                type="SLA",
                target=target,
                collection="incident",
                priority=priority,
                duration=seconds,
                schedule="24 x 7",
                active=True,
                sys_created_on=created,
                sys_updated_on=created,
            )
