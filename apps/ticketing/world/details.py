"""Details that vary the way real ones do: laptop models and OS builds, error codes and messages, offices,
floors and rooms, times. Each function draws from the rng it is given (the desk's text stream)."""

from __future__ import annotations

import random
from datetime import datetime, timedelta

from worlds.generator.vocab import Entity, Kind

MODELS = {
    "Dell": ("Latitude 7440", "Latitude 5540", "XPS 13 9340", "Precision 5680", "Latitude 9450"),
    "Lenovo": (
        "ThinkPad T14 Gen 4",
        "ThinkPad X1 Carbon Gen 11",
        "ThinkPad P16s Gen 2",
        "ThinkPad E14 Gen 5",
    ),
    "Apple": ('MacBook Pro 14" M3', 'MacBook Air 13" M2', 'MacBook Pro 16" M3 Pro', 'MacBook Air 15" M3'),
}
WINDOWS = ("Windows 11 23H2 (22631.{b})", "Windows 11 22H2 (22621.{b})", "Windows 10 22H2 (19045.{b})")
MACOS = ("macOS Sonoma 14.{m}", "macOS Sequoia 15.{m}", "macOS Ventura 13.{m}")
AREAS = ("the kitchen", "the north wing", "the open-plan area", "the lifts", "the print corner", "reception")
MONITORS = ("Dell U2723QE", "LG 27UL850", "Dell P2422H", "Samsung ViewFinity S8", "HP E24 G5")
VPN_ERRORS = (
    "Gateway portal.acme.example: connection timed out",
    "Error 809",
    "Error 691: access denied",
    "The network connection was terminated unexpectedly",
    "Tunnel keep-alive lost (code 1053)",
)
OUTLOOK_ERRORS = ("0x800CCC0E", "0x8004010F", "0x80040600", "Need password", "AADSTS50076")
WU_ERRORS = ("0x800f0922", "0x80070002", "0x8024a105", "0x800f081f", "0x80073712")
BSODS = (
    "DRIVER_IRQL_NOT_LESS_OR_EQUAL (igdkmdn64.sys)",
    "PAGE_FAULT_IN_NONPAGED_AREA",
    "DPC_WATCHDOG_VIOLATION",
    "KERNEL_SECURITY_CHECK_FAILURE",
    "VIDEO_TDR_FAILURE (nvlddmkm.sys)",
)
SMART = ("Reallocated sector count: {n}", "Media and data integrity errors: {n}", "Pending sectors: {n}")
HTTP = (
    "HTTP 504 Gateway Timeout",
    "HTTP 502 Bad Gateway",
    "ORA-01013: user requested cancel",
    "Query exceeded 60 s limit",
)
ORA = ("ORA-12170", "ORA-03113", "ORA-12541", "ORA-04031", "ORA-00060")
DB_WAITS = ("PAGEIOLATCH_SH", "CXPACKET", "LCK_M_S", "WRITELOG", "SOS_SCHEDULER_YIELD")
REPORTS = (
    "Revenue by region",
    "Open purchase orders",
    "Month-end accruals",
    "AR ageing",
    "Deferred revenue",
    "Inventory valuation",
    "Headcount by cost centre",
)
DASHBOARDS = (
    "Pipeline by segment",
    "Support backlog",
    "Renewals forecast",
    "Bookings vs target",
    "Churn risk",
    "Marketing funnel",
)
DUTIES = (
    "the month-end close",
    "my team's timesheets",
    "the renewal forecast",
    "onboarding a new hire",
    "the customer escalations queue",
    "the quarterly audit",
)
TEAMS = ("Finance", "Sales Ops", "Support", "Payroll", "Legal", "Procurement", "Marketing")
BROWSERS = ("Chrome 131", "Edge 131", "Safari 18.1", "Firefox 133")
FILES = ("invoice_Q3.zip", "setup_v2.4.exe", "quote-2026-118.xlsm", "drivers_pack.msi", "statement.pdf.exe")
THREATS = (
    "Trojan:Win32/Wacatac.B!ml",
    "Trojan:Script/Phonzy.A!ml",
    "PUA:Win32/Presenoker",
    "Trojan:O97M/Sadoca.C!ml",
)
LURES = (
    "Your mailbox is almost full",
    "Action required: password expiry",
    "Invoice overdue - pay today",
    "DocuSign: document waiting",
    "Payroll update for November",
)
HOSTS = ("intranet.acme.example", "wiki.acme.example", "hr.acme.example", "jira.acme.example")
KEYS = "QWERTYUIOPASDFGHJKLZXCVBNM"
MESSAGES = (
    "Request failed with status 500",
    "Session token expired",
    "Unable to reach upstream service",
    "Checksum mismatch on batch",
    "Device heartbeat missing",
    "Certificate has expired",
    "Rate limit exceeded",
    "Schema validation failed on field 'region'",
)


def laptop_details(rng: random.Random, maker: str | None) -> dict[str, str]:
    """A model and OS build for a laptop of `maker` (Apple runs macOS, the others Windows)."""
    maker = maker if maker in MODELS else "Dell"
    model = rng.choice(MODELS[maker])
    if maker == "Apple":
        os_name = rng.choice(MACOS).format(m=rng.randint(0, 6))
    else:
        os_name = rng.choice(WINDOWS).format(b=rng.randint(2000, 4600))
    return {"model_number": model, "os": os_name}


def device_entity(ci: dict | None, rng: random.Random) -> Entity:
    """The caller's laptop as a hardware-model entity, or an unregistered laptop when the CMDB has none."""
    if ci:
        name = f"{ci['manufacturer']} {ci['model_number']}"
        return Entity(Kind.HARDWARE_MODEL, name, {"asset": ci["name"], "os": ci["os"], "ci": ci["sys_id"]})
    raise ValueError("every employee has a laptop in the CMDB (realism.realize adds the missing ones)")


def site_entity(rng: random.Random, city: str, rooms: list[tuple[str, str, str]]) -> Entity:
    """An office as a location entity with a floor, an area and a meeting room there."""
    here = [r for r in rooms if r[0] == city] or rooms
    _, room, floor = rng.choice(here)
    return Entity(Kind.LOCATION, city, {"floor": floor, "area": rng.choice(AREAS), "room": room})


def since(rng: random.Random, opened: datetime) -> str:
    """When the trouble started, said the way callers say it (relative to when they opened the ticket)."""
    back = opened - timedelta(hours=rng.choice((1, 2, 3, 20, 26, 50, 72)))
    return rng.choice(
        (
            f"{back:%A} around {back:%H}:00",
            f"{back:%B} {back.day}",
            "this morning",
            f"{back:%H}:{back.minute // 15 * 15:02d} yesterday",
            "the last update",
            "Monday",
        )
    )


def _lookalike_domain(rng: random.Random) -> str:
    first = rng.choice(("secure", "account", "mail", "docs"))
    second = rng.choice(("acme", "acrne", "acme-it"))
    return f"{first}-{second}.{rng.choice(('net', 'co', 'info', 'top'))}"


def values(rng: random.Random, opened: datetime) -> dict[str, object]:
    """Every untyped detail a template may quote, drawn once per incident."""
    keys = rng.sample(KEYS, rng.randint(2, 3))
    return {
        "since": since(rng, opened),
        "minutes": rng.choice((3, 5, 8, 10, 15, 20, 30)),
        "mbps": rng.choice((0.4, 0.8, 1.2, 2, 3, 5)),
        "times": rng.randint(3, 12),
        "clock": f"{rng.randint(8, 17):02d}:{rng.choice(('00', '15', '30', '45'))}",
        "monitor": rng.choice(MONITORS),
        "gb": rng.choice((0.4, 0.9, 1.2, 1.8, 2.5, 3.1)),
        "smart": rng.choice(SMART).format(n=rng.randint(8, 900)),
        "keys": ", ".join(keys[:-1]) + " and " + keys[-1],
        "percent": rng.randint(60, 99),
        "vpn_error": rng.choice(VPN_ERRORS),
        "outlook_error": rng.choice(OUTLOOK_ERRORS),
        "mb": rng.choice((12, 18, 24, 35, 48)),
        "team": rng.choice(TEAMS),
        "duty": rng.choice(DUTIES),
        "kb": f"KB50{rng.randint(30000, 49999)}",
        "wu_error": rng.choice(WU_ERRORS),
        "bsod": rng.choice(BSODS),
        "report": rng.choice(REPORTS),
        "period": f"{opened:%B %Y}",
        "seconds": rng.choice((45, 60, 90, 120, 180, 300)),
        "http_error": rng.choice(HTTP),
        "request_id": f"{rng.getrandbits(32):08x}",
        "report_no": f"EXP-{rng.randint(10000, 99999)}",
        "amount": f"${rng.randint(40, 4800):,}.{rng.randint(0, 99):02d}",
        "browser": rng.choice(BROWSERS),
        "dashboard": rng.choice(DASHBOARDS),
        "attempts": rng.randint(3, 10),
        "file": rng.choice(FILES),
        "threat": rng.choice(THREATS),
        "lure": rng.choice(LURES),
        "sender_domain": _lookalike_domain(rng),
        "host": rng.choice(HOSTS),
        "db_wait": rng.choice(DB_WAITS),
        "ora": rng.choice(ORA),
        "error_code": f"{rng.choice(('E', 'ERR-', 'AX'))}{rng.randint(1000, 9999)}",
        "message": rng.choice(MESSAGES),
        "version": f"{rng.randint(3, 7)}.{rng.randint(0, 12)}.{rng.randint(0, 9)}",
        "serial": f"{rng.choice(('EG', 'SA', 'RT', 'WS'))}{rng.randint(100000, 999999)}",
        "firmware": f"{rng.randint(1, 4)}.{rng.randint(0, 9)}.{rng.randint(0, 30)}",
        "case": f"CS{rng.randint(100000, 999999)}",
        "attendees": rng.randint(4, 15),
        "milestone": rng.choice(("M2 data load", "M3 user acceptance", "go-live", "M1 design sign-off")),
    }
