"""What a caller knows, read from the episode's records when they answer (so it is always current)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

from sqlmodel import select

from apps.core.actions import Ctx
from apps.core.stable_hash import stable_number
from apps.ticketing.models import ConfigurationItem, Group, Incident, SysUser

TONES = ("formal", "friendly", "brief")
# CMDB classes a caller holds in their hands, and what they call them
HARDWARE_CLASSES = {
    "cmdb_ci_computer": "laptop",
    "cmdb_ci_pc_hardware": "computer",
    "cmdb_ci_handheld_computing": "phone",
    "cmdb_ci_comm": "phone",
    "cmdb_ci_printer": "printer",
    "cmdb_ci_peripheral": "monitor",
}
_QUOTED = re.compile(r"[\"“']([^\"”']{6,160})[\"”']")
_ERROR = re.compile(
    r"\b((?:error|code|exception)\b[^.\n]{0,80}|0x[0-9A-Fa-f]{4,}[^.\n]{0,60})", re.IGNORECASE
)


@dataclass(frozen=True)
class Device:
    """A configuration item the caller uses."""

    name: str
    kind: str
    manufacturer: str | None
    model: str | None
    serial: str | None
    asset_tag: str | None
    os: str | None

    @property
    def kind_label(self) -> str:
        """How the caller calls it ("laptop", "phone" ...)."""
        return HARDWARE_CLASSES.get(self.kind, "device")


@dataclass(frozen=True)
class Referral:
    """Who to ask about what the caller does not know, and why them."""

    name: str
    why: str


@dataclass(frozen=True)
class CallerFacts:
    """A caller's persona as of now: who they are, how they write, what they know about their incident."""

    caller_id: str
    name: str
    first_name: str
    location: str | None
    phone: str | None
    department: str | None
    company: str | None
    vip: bool
    employee_number: str | None
    manager: str | None
    tone: str
    reply_delay_minutes: int
    number: str
    symptom: str
    started: datetime
    error_text: str | None
    device: Device | None
    service: str | None
    referral: Referral | None


def facts_of(ctx: Ctx, inc: Incident) -> CallerFacts | None:
    """The incident's caller as a persona (None when it has no caller)."""
    caller = ctx.db.get(SysUser, inc.caller_id) if inc.caller_id else None
    if caller is None:
        return None
    seed = stable_number(f"caller:{caller.sys_id}")
    return CallerFacts(
        caller_id=caller.sys_id,
        name=caller.name,
        first_name=caller.first_name or caller.name.split()[0],
        location=caller.location,
        phone=caller.phone,
        department=caller.department,
        company=caller.company,
        vip=caller.vip,
        employee_number=caller.employee_number,
        manager=_name(ctx, caller.manager),
        tone="brief" if caller.vip else TONES[seed % len(TONES)],
        reply_delay_minutes=15 + seed % 106,  # 15 min to 2 h
        number=inc.number,
        symptom=inc.short_description,
        started=inc.opened_at,
        error_text=_error_text(inc.description or ""),
        device=_device(ctx, inc, caller),
        service=_service(ctx, inc),
        referral=_referral(ctx, inc, caller),
    )


def _name(ctx: Ctx, user_id: str | None) -> str | None:
    user = ctx.db.get(SysUser, user_id) if user_id else None
    return user.name if user is not None else None


def _error_text(description: str) -> str | None:
    quoted = _QUOTED.search(description)
    if quoted:
        return quoted.group(1).strip()
    found = _ERROR.search(description)
    return found.group(1).strip() if found else None


def _device(ctx: Ctx, inc: Incident, caller: SysUser) -> Device | None:
    """The incident's configuration item when the caller holds it, else the first one assigned to them."""
    ci = ctx.db.get(ConfigurationItem, inc.cmdb_ci) if inc.cmdb_ci else None
    if ci is None or ci.assigned_to != caller.sys_id:
        stmt = select(ConfigurationItem).where(ConfigurationItem.assigned_to == caller.sys_id)
        ci = ctx.db.exec(stmt.order_by(ConfigurationItem.name, ConfigurationItem.sys_id)).first()
    if ci is None:
        return None
    return Device(
        ci.name, ci.sys_class_name, ci.manufacturer, ci.model_number, ci.serial_number, ci.asset_tag, ci.os
    )


def _service(ctx: Ctx, inc: Incident) -> str | None:
    """The application or service the incident is about, when its configuration item is not a device."""
    ci = ctx.db.get(ConfigurationItem, inc.cmdb_ci) if inc.cmdb_ci else None
    return ci.name if ci is not None and ci.sys_class_name not in HARDWARE_CLASSES else None


def _referral(ctx: Ctx, inc: Incident, caller: SysUser) -> Referral | None:
    ci = ctx.db.get(ConfigurationItem, inc.cmdb_ci) if inc.cmdb_ci else None
    if ci is not None and ci.support_group:
        group = ctx.db.get(Group, ci.support_group)
        manager = ctx.db.get(SysUser, group.manager) if group and group.manager else None
        if manager is not None and manager.sys_id != caller.sys_id:
            return Referral(manager.name, f"who manages {group.name}, which supports {ci.name}")
    boss = ctx.db.get(SysUser, caller.manager) if caller.manager else None
    if boss is not None:
        return Referral(boss.name, "my manager")
    return None
