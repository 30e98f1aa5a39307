"""The realism checks of `saasgym world audit`: kind agreement, grounding, cross-app referential coherence
and variety. Each check returns `Finding`s; a finding with `ok=False` is a violation (non-zero exit).

Reads the world's JSONL files only (no database), so it runs on any world folder.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from datasketch import MinHash, MinHashLSH

from apps.ticketing.ids import user_sys_id
from apps.ticketing.world.customer_issues import CUSTOMER_CATEGORY
from worlds.generator.vocab import Kind, product_entity

SYSTEM_SENDERS = ("servicedesk@acme.example", "noreply@crm.acme.example", "news@acme.example")
# phrases a text may not use about a product of this kind (a course cannot be logged in to)
NOT_SOFTWARE = ("log in", "sign in", "licence key", "syncing", "sync ", "export", "offline", "firmware")
FORBIDDEN = {
    Kind.TRAINING_COURSE: NOT_SOFTWARE,
    Kind.SUPPORT_CONTRACT: NOT_SOFTWARE,
    Kind.PROFESSIONAL_SERVICE: NOT_SOFTWARE,
    Kind.HARDWARE_MODEL: ("log in", "sign in", "licence key", "dashboard"),
}
DEAL = re.compile(r" \((?P<stage>[A-Za-z/ ]+), \$(?P<amount>[\d,]+)\)")
VARIETY_MIN, NEAR_DUP_MAX, NEAR_DUP_JACCARD = 0.80, 0.05, 0.8
INCIDENT_NEAR_DUP_MAX = 0.03  # v3: incident descriptions held tighter than mail (v2 measured 4.6 %)
# what only one operating system has: a Mac owner's ticket says none of the first, a Windows one none
# of the second
WINDOWS_ONLY = re.compile(
    r"\bWindows\b|Task Manager|recycle bin|blue screen|cumulative update|Win32|\.exe\b|\.msi\b|IRQL|"
    r"NONPAGED|_VIOLATION|_FAILURE|\bKB\d{6,}",
    re.IGNORECASE,
)
MACOS_ONLY = re.compile(r"macOS|kernel panic|Activity Monitor|\bTrash\b|\.dmg\b|\.pkg\b|MacOS/")


@dataclass
class Finding:
    check: str
    measured: str
    ok: bool
    detail: str = ""


class World:
    """Lazy access to a world's tables: `world["ticketing/incident"]` is a list of rows."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)
        self._cache: dict[str, list[dict[str, Any]]] = {}

    def __getitem__(self, table: str) -> list[dict[str, Any]]:
        if table not in self._cache:
            path = self.folder / f"{table}.jsonl"
            self._cache[table] = [json.loads(line) for line in path.open()] if path.is_file() else []
        return self._cache[table]

    def tables(self) -> list[str]:
        """Every table of the world, as `app/table` names (world parts' too: `dataroom/ticketing/incident`),
        the task files left out."""
        paths = sorted(self.folder.rglob("*.jsonl"))
        names = [p.relative_to(self.folder).with_suffix("").as_posix() for p in paths]
        return [n for n in names if not n.startswith("tasks/")]

    def manifest(self) -> dict[str, Any]:
        return json.loads((self.folder / "manifest.json").read_text())

    def now(self) -> datetime:
        """The world's logical now (its manifest's `now`)."""
        return datetime.fromisoformat(self.manifest()["now"])

    def actor_office_id(self) -> str | None:
        """The office id of the acting user (the manifest's office actor)."""
        return self.manifest().get("actors", {}).get("office")


def _share(bad: int, total: int) -> str:
    return f"{bad}/{total}"


def _violations(check: str, wrong: list[str], total: int) -> Finding:
    """A check that fails on any of the `wrong` records (the first five named) out of `total`."""
    return Finding(check, _share(len(wrong), total), not wrong, ", ".join(wrong[:5]))


def _misused(product: Any, inc: dict[str, Any]) -> bool:
    text = inc["short_description"] + " " + inc["description"]
    return product.name in text and any(f in text.lower() for f in FORBIDDEN.get(product.kind, ()))


def kind_agreement(w: World) -> Iterator[Finding]:
    """Incident texts agree with their subject: products are spoken of as their kind allows; a laptop named
    (or attached as CI) on an employee's ticket is one the caller owns in the CMDB."""
    incidents = w["ticketing/incident"]
    products = [product_entity(p) for p in w["company/products"]]
    bad = sorted({i["number"] for i in incidents for p in products if _misused(p, i)})
    yield _violations("kind: product texts fit the product's kind", bad, len(incidents))
    yield customer_categories(incidents, products)
    cis = {c["sys_id"]: c for c in w["ticketing/cmdb_ci"]}
    laptops = {c["name"]: c for c in cis.values() if c["sys_class_name"] == "cmdb_ci_computer"}
    wrong = []
    for i in incidents:
        text = i["short_description"] + " " + i["description"]
        named = re.findall(r"ACME-LT-\d{4}", text)
        ci = cis.get(i["cmdb_ci"] or "")
        owners = {laptops[n]["assigned_to"] for n in named if n in laptops}
        foreign = any(n not in laptops for n in named) or (owners and owners != {i["caller_id"]})
        other_ci = ci and ci["sys_class_name"] == "cmdb_ci_computer" and ci["assigned_to"] != i["caller_id"]
        unnamed = i["category"] == "hardware" and i["company"] == "Acme Corporation" and not named
        if foreign or other_ci or unnamed:
            wrong.append(i["number"])
    yield _violations("kind: laptop tickets name the caller's laptop", wrong, len(incidents))
    yield os_agreement(incidents, laptops.values())


def customer_categories(incidents: list[dict[str, Any]], products: list[Any]) -> Finding:
    """A customer's ticket is filed under the category of what it is about: a course, a contract or an
    engagement is an inquiry, a device hardware, software or a service software."""
    by_length = sorted(products, key=lambda p: -len(p.name))
    customer = [i for i in incidents if i["company"] != "Acme Corporation"]
    wrong = []
    for i in customer:
        product = next((p for p in by_length if p.name in i["short_description"]), None)
        if product is None or i["category"] != CUSTOMER_CATEGORY[product.kind]:
            wrong.append(i["number"])
    return _violations("kind: customer tickets filed under their product's category", wrong, len(customer))


def os_agreement(incidents: list[dict[str, Any]], laptops: Any) -> Finding:
    """An employee's ticket speaks of the operating system their laptop runs (no Windows update on a Mac)."""
    os_of: dict[str, str] = {}
    for c in laptops:
        os_of.setdefault(c["assigned_to"], c.get("os") or "")
    wrong = []
    for i in incidents:
        os_name = os_of.get(i["caller_id"])
        if os_name is None:
            continue
        other = WINDOWS_ONLY if os_name.startswith("macOS") else MACOS_ONLY
        if other.search(i["short_description"] + " " + i["description"]):
            wrong.append(i["number"])
    return _violations("kind: tickets fit the OS of the caller's laptop", wrong, len(incidents))


def grounding(w: World) -> Iterator[Finding]:
    """Quoted records match the records: deals in mail (name, stage, amount), incidents in notifications,
    meeting requests and their calendar events."""
    opps: dict[str, list[dict]] = {}
    for o in w["crm/opportunity"]:
        opps.setdefault(o["name"], []).append(o)
    mails = unique_mails(w)
    quoted, wrong = 0, []
    for m in mails:
        for d in DEAL.finditer(m["body_content"]):
            name = quoted_name(m["body_content"][: d.start()], opps)
            if name is None:
                continue
            quoted += 1
            if not any(
                o["stage_name"] == d["stage"] and f"{o['amount'] or 0:,.0f}" == d["amount"]
                for o in opps[name]
            ):
                wrong.append(f"{name}: {d['stage']} ${d['amount']}")
    yield Finding(
        "grounding: deal stage and amount in mail",
        _share(len(wrong), quoted),
        not wrong and quoted > 0,
        "; ".join(wrong[:3]),
    )
    numbers = {i["number"]: i for i in w["ticketing/incident"]}
    numbers |= {r["number"]: r for r in w["ticketing/sc_req_item"]}
    numbers |= {
        c["name"]: {"short_description": c["model_number"]}
        for c in w["ticketing/cmdb_ci"]
        if c["sys_class_name"] == "cmdb_ci_computer"
    }
    notes = [m for m in mails if m["from_address"] == SYSTEM_SENDERS[0]]
    off = [
        m["subject"]
        for m in notes
        if (n := re.search(r"(INC|RITM)\d+|ACME-LT-\d{4}", m["subject"])) is None
        or n[0] not in numbers
        or numbers[n[0]]["short_description"] not in m["subject"]
    ]
    yield Finding(
        "grounding: incident and request notifications",
        _share(len(off), len(notes)),
        not off,
        "; ".join(off[:3]),
    )
    events = {e["id"]: e for e in w["office/event"]}
    invites = [m for m in mails if m["meeting_message_type"] == "meetingRequest"]
    astray = [
        m["subject"] for m in invites if events.get(m["event_id"] or "", {}).get("subject") != m["subject"]
    ]
    yield Finding("grounding: meeting requests match events", _share(len(astray), len(invites)), not astray)


def quoted_name(before: str, names: dict[str, Any]) -> str | None:
    """The longest record name that `before` ends with (the deal a "(stage, $amount)" is said of)."""
    words = before.split(" ")
    found = None
    for k in range(1, min(len(words), 16) + 1):
        candidate = " ".join(words[-k:]).split("\n")[-1]
        if candidate in names:
            found = candidate
    return found


def coherence(w: World) -> Iterator[Finding]:
    """Every reference across tables and apps resolves."""
    users = {user_sys_id(e["employee_number"]) for e in w["company/employees"]}
    users |= {user_sys_id(c["id"]) for c in w["crm/contact"]}
    cis = {c["sys_id"] for c in w["ticketing/cmdb_ci"]}
    groups = {g["sys_id"] for g in w["ticketing/sys_user_group"]}
    incidents = w["ticketing/incident"]
    bad = [
        i["number"]
        for i in incidents
        if i["caller_id"] not in users
        or (i["cmdb_ci"] and i["cmdb_ci"] not in cis)
        or i["assignment_group"] not in groups
    ]
    yield _violations("coherence: incident caller, CI, group", bad, len(incidents))
    office_users = {u["id"] for u in w["office/user"]}
    events = {e["id"] for e in w["office/event"]}
    msgs = w["office/message"]
    stray = [
        m["id"]
        for m in msgs
        if m["owner_id"] not in office_users or (m["event_id"] and m["event_id"] not in events)
    ]
    yield Finding("coherence: mail owners and events", _share(len(stray), len(msgs)), not stray)
    accounts = {a["id"] for a in w["crm/account"]}
    opps = w["crm/opportunity"]
    orphan = [o["id"] for o in opps if o["account_id"] not in accounts]
    yield Finding("coherence: opportunities' accounts", _share(len(orphan), len(opps)), not orphan)


def unique_mails(w: World) -> list[dict[str, Any]]:
    """One row per sent mail (the copies in several mailboxes share an internet message id)."""
    seen: dict[str, dict[str, Any]] = {}
    for m in w["office/message"]:
        seen.setdefault(m["internet_message_id"] or m["id"], m)
    return list(seen.values())


def near_duplicate_share(texts: list[str]) -> float:
    """Share of texts with at least one near-duplicate: MinHash LSH over word 3-shingles, Jaccard >= 0.8."""
    lsh = MinHashLSH(threshold=NEAR_DUP_JACCARD, num_perm=64)
    hashes = []
    for k, text in enumerate(texts):
        words = re.findall(r"\w+", text.lower())
        mh = MinHash(num_perm=64, seed=1)
        for s in {" ".join(words[j : j + 3]) for j in range(max(1, len(words) - 2))}:
            mh.update(s.encode())
        lsh.insert(str(k), mh)
        hashes.append(mh)
    dup = sum(1 for k, mh in enumerate(hashes) if len(lsh.query(mh)) > 1)
    return dup / len(texts) if texts else 0.0


def variety(w: World) -> Iterator[Finding]:
    """Distinct thread subjects and incident short descriptions; near-duplicate bodies (people's mail and
    incident descriptions; system notifications are reported, not held to the bound)."""
    mails = unique_mails(w)
    threads: dict[str, str] = {}
    for m in mails:
        threads.setdefault(m["conversation_id"], re.sub(r"^(RE|FW): ", "", m["subject"]))
    ratio = len(set(threads.values())) / max(1, len(threads))
    yield Finding("variety: distinct mail thread subjects", f"{ratio:.1%}", ratio >= VARIETY_MIN)
    shorts = [i["short_description"] for i in w["ticketing/incident"]]
    ratio = len(set(shorts)) / max(1, len(shorts))
    yield Finding("variety: distinct incident short descriptions", f"{ratio:.1%}", ratio >= VARIETY_MIN)
    # meeting requests carry their event's text (a weekly meeting's invitations alike): reported with notices
    sent = [m for m in mails if m["from_address"] not in SYSTEM_SENDERS and not m["meeting_message_type"]]
    share = near_duplicate_share([m["body_content"] for m in sent])
    yield Finding("variety: near-duplicate mail bodies (people)", f"{share:.1%}", share <= NEAR_DUP_MAX)
    system = [m["body_content"] for m in mails if m not in sent]
    yield Finding("variety: near-duplicate notifications (info)", f"{near_duplicate_share(system):.1%}", True)
    descs = [i["description"] for i in w["ticketing/incident"]]
    share = near_duplicate_share(descs)
    yield Finding(
        f"variety: near-duplicate incident descriptions (<= {INCIDENT_NEAR_DUP_MAX:.0%})",
        f"{share:.1%}",
        share <= INCIDENT_NEAR_DUP_MAX,
    )
    notes = [j["value"] for j in w["ticketing/sys_journal_field"] if j["element"] == "work_notes"]
    ratio = len(set(notes)) / max(1, len(notes))
    yield Finding("variety: distinct work notes (info)", f"{ratio:.1%}", True)


CHECKS = (kind_agreement, grounding, coherence, variety)
