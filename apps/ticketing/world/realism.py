"""The desk's texts, written after the records exist so they are grounded in them: each incident's short
description, description, configuration item, work notes, comments and resolution notes agree with its
category and with what the caller owns (a laptop ticket names the caller's laptop from the CMDB; a
customer ticket names a product the customer bought, with templates valid for that product's kind).

Draws from its own stream (`{seed}:ticketing:text`), after every record is made: the records' ids,
numbers, callers, states and priorities are exactly those of the skeleton.
"""

from __future__ import annotations

import random
from datetime import datetime
from typing import Any

from apps.ticketing.ids import user_sys_id
from apps.ticketing.world.core import Desk
from apps.ticketing.world.customer_issues import CUSTOMER, CUSTOMER_CATEGORY
from apps.ticketing.world.details import device_entity, laptop_details, site_entity, values
from apps.ticketing.world.fix_customer import customer_fix
from apps.ticketing.world.fix_model import Fix
from apps.ticketing.world.fix_texts import EMPLOYEE_FIXES, MAC_FIXES
from apps.ticketing.world.fixes import fix_for_text
from apps.ticketing.world.issue_details import detail
from apps.ticketing.world.issues import EMPLOYEE, TRIED_GENERIC, Issue
from apps.ticketing.world.mac_issues import mac_values, on_mac
from worlds.generator.company import ROOMS
from worlds.generator.vocab import Entity, Kind, product_entity

IMPACT = (
    "This blocks my work on {duty}.",
    "I can work around it for now but it slows me down.",
    "Three people in my team are affected.",
    "I have a customer call at {clock} and need this fixed before then.",
    "Not urgent, but it happens every day.",
    "Please call me on my mobile if you need details.",
)
# where the caller is: the first and fourth also fit issues that are not about their own device
WHERE = (
    "I sit in {site}, floor {floor}, near {room}.",
    "Working from home today; back in {site} on Thursday.",
    "My desk is on floor {floor} in {site}, next to {room}.",
    "Noticed it first at {clock}, again after lunch.",
    "It happens both in the {site} office and at home.",
    "",
)
DEVICE_CIS = ("laptop", "VPN", "wlc-", "Email", "Intranet")
_RUNNING = (  # what a customer adds about a product that runs (software, a service, a device)
    "About {attendees} of our users are affected.",
    "This is holding up our go-live; please treat it as urgent.",
    "We have a board review at {clock} and need an update before then.",
    "Our account manager is in copy.",
    "Reference number on our side: {report_no}.",
)
# ... and about a contract, a course or an engagement (as many lines: the draws stay those of v4)
_AGREED = (
    "Our project lead is waiting for your answer.",
    "We need this settled before the end of the month; please treat it as urgent.",
    "We have a board review at {clock} and need an update before then.",
    "Our account manager is in copy.",
    "Reference number on our side: {report_no}.",
)
CUSTOMER_IMPACT = {
    Kind.SAAS_SERVICE: _RUNNING,
    Kind.SOFTWARE_PRODUCT: _RUNNING,
    Kind.HARDWARE_MODEL: _RUNNING,
    Kind.SUPPORT_CONTRACT: _AGREED,
    Kind.TRAINING_COURSE: _AGREED,
    Kind.PROFESSIONAL_SERVICE: _AGREED,
}
NOTES = {
    "network": (
        "Checked the gateway logs: {times} tunnel resets for this user since {since}.",
        "Controller shows the AP on floor {floor} rebooting; raised with Network.",
        "Packet capture from the user's session attached; latency spikes of {seconds} ms.",
    ),
    "hardware": (
        "Remote session with the user; {asset} shows the fault as described.",
        "Ordered a replacement part for {asset}; ETA {times} working days.",
        "Ran vendor diagnostics on {asset}: error {error_code}.",
    ),
    "software": (
        "Reproduced on a test machine with {os}.",
        "Collected the logs from {asset}; error {error_code}.",
        "Cleared the profile cache and re-registered the client on {asset}.",
    ),
    "inquiry": (
        "Checked the request against the access policy.",
        "Confirmed the caller's identity by phone.",
        "Asked the line manager for approval by mail.",
    ),
    "database": (
        "Top wait is {db_wait}; blocking session killed after approval.",
        "Statistics on the reporting schema were {times} days old; refreshed.",
        "Listener log shows {ora} bursts every {minutes} minutes.",
    ),
    "customer": (
        "Asked {account} for the logs and the exact time of the error {error_code}.",
        "Reproduced with a test tenant on version {version}.",
        "Engineering ticket opened for error {error_code}; linked to this incident.",
    ),
}
COMMENTS = (
    "Hi {first}, thanks for the details. Could you send a screenshot of the error?",
    "Hi {first}, we are looking into it and will update you by {clock}.",
    "Hi {first}, could you try again now and let us know whether it still happens?",
    "Hi {first}, we need your device for about {minutes} minutes; when suits you?",
)


def _people(desk: Desk) -> dict[str, dict[str, Any]]:
    out = {
        user_sys_id(e["employee_number"]): {"first": e["first_name"], "city": e["office"]}
        for e in desk.company.employees
    }
    for c in desk.crm.rows["contact"]:
        out[user_sys_id(c["id"])] = {"first": c["first_name"], "account": c["account_id"]}
    return out


def _bought(desk: Desk) -> dict[str, list[Entity]]:
    """Products each account bought on won deals, as typed entities."""
    by_name = {p["name"]: p for p in desk.company.products}
    products = {p["id"]: by_name[p["name"]] for p in desk.crm.rows["product"]}
    won = {o["id"]: o["account_id"] for o in desk.crm.rows["opportunity"] if o["is_won"]}
    out: dict[str, list[Entity]] = {}
    for li in desk.crm.rows["opportunity_line_item"]:
        if li["opportunity_id"] in won:
            out.setdefault(won[li["opportunity_id"]], []).append(product_entity(products[li["product_id"]]))
    return out


def _unique(rng: random.Random, seen: set[str], render) -> str:  # noqa: ANN001
    text = render()
    for _ in range(8):
        if text not in seen:
            break
        text = render()
    seen.add(text)
    return text


def realize(desk: Desk, seed: int) -> None:
    """Give laptops a model and OS, then write every incident's texts and fix its CI from its records
    (and each problem's CI and category from the incident that first reported it)."""
    rng = random.Random(f"{seed}:ticketing:text")
    for ci in desk.cis:
        if ci["sys_class_name"] == "cmdb_ci_computer":
            ci.update(laptop_details(rng, ci["manufacturer"]))
    laptops = _laptops(desk, rng)
    people, bought = _people(desk), _bought(desk)
    accounts = {a["id"]: a["name"] for a in desk.crm.rows["account"]}
    portal = next((c["sys_id"] for c in desk.cis if c["name"] == "Customer Portal"), None)
    fallback = [product_entity(p) for p in desk.company.products]
    seen: set[str] = set()
    notes = {j["element_id"]: [] for j in desk.rows["sys_journal_field"]}
    for j in desk.rows["sys_journal_field"]:
        notes[j["element_id"]].append(j)
    for inc in desk.rows["incident"]:
        opened = datetime.fromisoformat(inc["opened_at"])
        v = values(rng, opened)
        who = people.get(inc["caller_id"], {"first": "there"})
        v["first"] = who["first"]
        issue_key = desk.issue_of.get(inc["sys_id"])
        if issue_key is None:
            account = who.get("account")
            product = rng.choice(bought.get(account) or fallback)
            v["account"] = accounts.get(account, inc["company"] or "the customer")
            chosen: list[tuple[Any, Any]] = []

            def pick(t=CUSTOMER[product.kind], p=product, v=v, chosen=chosen):  # noqa: ANN001, ANN202
                chosen.append(rng.choice(t))
                return chosen[-1][0].render(product=p, **v)

            inc["short_description"] = _unique(rng, seen, pick)  # the last pair drawn is the one kept
            inc["description"] = (
                chosen[-1][1].render(product=product, **v)
                + " "
                + rng.choice(CUSTOMER_IMPACT[product.kind]).format(**v)
            )
            inc["category"] = CUSTOMER_CATEGORY[product.kind]
            index = CUSTOMER[product.kind].index(chosen[-1])
            desk.story_of[inc["sys_id"]] = customer_fix(product.kind, index, product.name)
            inc["subcategory"] = None
            sign_in = "sign in" in inc["short_description"] or "invalid session" in inc["short_description"]
            inc["cmdb_ci"] = portal if sign_in else None
            family, device = "customer", Entity(Kind.HARDWARE_MODEL, "n/a", {"asset": "", "os": ""})
        else:
            issue = EMPLOYEE[issue_key]
            device = device_entity(laptops.get(inc["caller_id"]), rng)
            site = site_entity(
                rng,
                who.get("city") or "San Francisco",
                [(city, name, floor) for city, name, _, floor in ROOMS],
            )
            slots = {"device": device, "site": site}

            def render(options, v=v, slots=slots):  # noqa: ANN001, ANN202
                t = rng.choice(options)
                return t.render(**v, **{k: e for k, e in slots.items() if k in t.accepts})

            inc["short_description"] = _unique(rng, seen, lambda i=issue: render(i.shorts))
            on_device = issue.ci in DEVICE_CIS
            tried = rng.choice(issue.tried + (TRIED_GENERIC if on_device else ()))
            where = rng.choice(WHERE if on_device else WHERE[:1] + WHERE[3:4]).format(
                site=site, floor=site.floor, room=site.room, **v
            )
            parts = (render(issue.openers), tried, where, rng.choice(IMPACT).format(**v))
            # the incident's own stream: what it adds leaves every other incident's text as it was
            local = random.Random(f"{seed}:ticketing:text:{inc['number']}")
            extra = detail(issue_key, local, v)
            parts = parts[:1] + (extra,) + parts[1:] if extra else parts
            inc["description"] = " ".join(p for p in parts if p)
            mac = on_mac(issue_key, device.os)
            own = MAC_FIXES.get(issue_key) if mac is not None else None
            desk.story_of[inc["sys_id"]] = own or EMPLOYEE_FIXES[issue_key]
            if mac is not None:
                _write_for_mac(local, inc, mac, {**v, **mac_values(local)}, slots, seen, parts[-2:])
            inc["cmdb_ci"] = _ci_for(desk, issue.ci, device)
            family = inc["category"]
            v["floor"] = site.floor
        v["asset"], v["os"] = device.asset, device.os
        _rewrite_journal(rng, inc, notes.get(inc["sys_id"], []), family, v, desk.story_of[inc["sys_id"]])
    by_id = {i["sys_id"]: i for i in desk.rows["incident"]}
    for prb in desk.rows["problem"]:
        first = by_id.get(prb["first_reported_by_task"] or "")
        if first:
            prb["cmdb_ci"], prb["category"] = first["cmdb_ci"], first["category"]
        _problem_notes(
            prb, desk.story_of[first["sys_id"]] if first else fix_for_text(prb["short_description"])
        )


def _write_for_mac(
    rng: random.Random, inc: dict, issue: Issue, v: dict, slots: dict, seen: set[str], rest: tuple
) -> None:
    """Rewrite a Windows-only ticket's short description and description the way a Mac's owner reports it."""

    def render(options):  # noqa: ANN001, ANN202
        t = rng.choice(options)
        return t.render(**v, **{k: e for k, e in slots.items() if k in t.accepts})

    # distinct from the texts so far, but left out of `seen`: later incidents draw exactly as before
    inc["short_description"] = _unique(rng, set(seen), lambda: render(issue.shorts))
    tried = rng.choice(issue.tried + TRIED_GENERIC)
    inc["description"] = " ".join(p for p in (render(issue.openers), tried, *rest) if p)


def _laptops(desk: Desk, rng: random.Random) -> dict[str, dict[str, Any]]:
    """Each employee's first laptop; employees without one get one (appended: existing CIs keep their ids)."""
    mine: dict[str, dict[str, Any]] = {}
    for ci in desk.cis:
        if ci["sys_class_name"] == "cmdb_ci_computer":
            mine.setdefault(ci["assigned_to"], ci)
    n = sum(1 for c in desk.cis if c["sys_class_name"] == "cmdb_ci_computer")
    group = desk.groups["Hardware"]
    for uid in desk.employees:
        if uid in mine:
            continue
        n += 1
        maker = rng.choice(("Dell", "Lenovo", "Apple"))
        created = desk.dt(
            desk.now.replace(year=desk.now.year - 1, month=rng.randint(1, 12), day=rng.randint(1, 28))
        )
        ci = desk.add(
            "cmdb_ci",
            name=f"ACME-LT-{n:04d}",
            sys_class_name="cmdb_ci_computer",
            support_group=group,
            company="Acme Corporation",
            operational_status=1,
            assigned_to=uid,
            manufacturer=maker,
            asset_tag=f"P{100000 + n - 1}",
            serial_number=f"LT{rng.randint(10**7, 10**8 - 1)}",
            sys_created_on=created,
            sys_updated_on=created,
            **laptop_details(rng, maker),
        )
        desk.cis.append(ci)
        mine[uid] = ci
    return mine


def _ci_for(desk: Desk, rule: str | None, device: Entity) -> str | None:
    if rule is None:
        return None
    if rule == "laptop":
        return device.attrs.get("ci")
    for ci in desk.cis:
        if ci["name"].startswith(rule):
            return ci["sys_id"]
    return None


def _problem_notes(prb: dict, fix: Fix | None) -> None:
    """A problem's cause, fix and workaround are its issue's (v7; v6 gave every problem the same three)."""
    if fix is None:
        return
    for field, text in (
        ("cause_notes", fix.cause),
        ("fix_notes", f"{fix.fix}."),
        ("workaround", fix.workaround),
    ):
        if prb[field]:
            prb[field] = text


def _rewrite_journal(
    rng: random.Random, inc: dict, entries: list[dict], family: str, v: dict, fix: Fix
) -> None:
    """Work notes and comments from the family's pools; resolution notes from the incident's own fix (v7: a
    close code the issue has no note for becomes "Solution provided")."""
    if inc["close_code"]:
        inc["close_code"] = fix.code_for(inc["close_code"])
        inc["close_notes"] = fix.close_notes(inc["close_code"], v["first"])
    pool = NOTES.get(family, NOTES["software"])
    for j in entries:
        if j["element"] == "work_notes" and not j["value"].startswith("Canceled"):
            j["value"] = rng.choice(pool).format(**v)
        elif j["element"] == "comments" and inc["close_code"] and j["sys_created_on"] == inc["resolved_at"]:
            j["value"] = inc["close_notes"]
        elif j["element"] == "comments":
            j["value"] = rng.choice(COMMENTS).format(**v)
