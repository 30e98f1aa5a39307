"""The audit's v7 checks: nothing after now, no fake-data filler or one-line boilerplate, resolution notes
that fit their incident. Each passes on the committed worlds and fails on a copy of `tiny` given the
defect v6 had (an approval decided tomorrow, a knowledge article of Faker sentences, "Request a {name}"
for every catalog item, a VPN fix on a DNS ticket ...), naming what it found."""

from __future__ import annotations

import json
import shutil
from datetime import datetime, timedelta
from pathlib import Path

from faker import Faker

from apps.core.worlds import worlds_root
from worlds.audit.checks import World
from worlds.audit.filler import filler_score, is_filler, no_filler
from worlds.audit.resolutions import resolutions_fit
from worlds.audit.timeline import happened_after_now

CHECKS = (happened_after_now, no_filler, resolutions_fit)


def _findings(folder: Path) -> dict[str, object]:
    w = World(folder)
    return {f.check: f for check in CHECKS for f in check(w)}


def _rewrite(folder: Path, table: str, edit) -> None:  # noqa: ANN001
    path = folder / f"{table}.jsonl"
    rows = [json.loads(line) for line in path.open()]
    edit(rows)
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))


def test_tiny_passes_every_v7_check():
    """(CI's `saasgym world audit` holds every committed world, acme included, to the same checks.)"""
    bad = {c: f for c, f in _findings(worlds_root() / "tiny").items() if not f.ok}
    assert not bad, bad


def test_faker_sentences_are_filler_and_plain_english_is_not():
    fake = Faker("en_US")
    found = 0
    for seed in range(400):
        fake.seed_instance(seed)
        found += is_filler(fake.paragraph(nb_sentences=4))
    assert found >= 0.85 * 400
    english = (
        "Can support take a look before my call?",
        "Bring one deal you need help with.",
        "Value per person per year",
        "Please call me on my mobile if you need details.",
        "Every incident is assigned to a support group when it is logged. If it is not resolved in time, "
        "the group's manager is told.",
        "Prepare account plan",
    )
    assert not [t for t in english if is_filler(t)], [(t, filler_score(t)) for t in english if is_filler(t)]


def test_each_check_fails_on_the_defect_v6_had(tmp_path):
    world = tmp_path / "tiny6"
    shutil.copytree(worlds_root() / "tiny", world)
    now = datetime.fromisoformat(json.loads((world / "manifest.json").read_text())["now"])
    later = (now + timedelta(days=3)).isoformat(timespec="seconds")

    def approval_tomorrow(rows):  # noqa: ANN001, ANN202
        rows[0]["sys_created_on"] = rows[0]["sys_updated_on"] = later

    def filler_article(rows):  # noqa: ANN001, ANN202
        fake = Faker("en_US")
        fake.seed_instance(1)
        rows[0]["text"] = f"<p>Install the client.</p><p>{fake.paragraph(nb_sentences=3)}</p>"

    def templated_items(rows):  # noqa: ANN001, ANN202
        for row in rows:
            row["short_description"] = f"Request a {row['name'].lower()}"

    def vpn_fix_on_dns(rows):  # noqa: ANN001, ANN202
        dns = next(r for r in rows if r["close_notes"] and "resolve" in r["short_description"])
        dns["close_notes"] = (
            "Fixed: reset the VPN profile and moved the user to the nearest gateway. Confirmed."
        )
        vpn_fix_on_dns.number = dns["number"]

    def drifted_cause(rows):  # noqa: ANN001, ANN202
        prb = next(r for r in rows if r["cause_notes"])
        prb["cause_notes"] = "Configuration drift after the last update."
        drifted_cause.number = prb["number"]

    _rewrite(world, "ticketing/sysapproval_approver", approval_tomorrow)
    _rewrite(world, "ticketing/kb_knowledge", filler_article)
    _rewrite(world, "ticketing/sc_cat_item", templated_items)
    _rewrite(world, "ticketing/incident", vpn_fix_on_dns)
    _rewrite(world, "ticketing/problem", drifted_cause)
    _rewrite(world, "crm/task", lambda rows: rows[0].update(reminder_date_time=later))
    found = _findings(world)

    late = found["timeline: nothing created, updated, sent or decided after now"]
    assert not late.ok and "sysapproval_approver.sys_created_on 1" in late.detail, late
    unknown = found["timeline: every date field is a happened or a planned one"]
    assert not unknown.ok and "crm/task.reminder_date_time" in unknown.detail
    filler = found["filler: no text is lorem-ipsum words (Faker's word list)"]
    assert not filler.ok and "kb_knowledge.text 1" in filler.detail, filler
    boiler = found["filler: no authored field is one line for most records (>= 50%)"]
    assert (
        not boiler.ok and "sc_cat_item.short_description" in boiler.detail and "Request a {}" in boiler.detail
    )
    notes = found["resolutions: incident notes and code fit the incident's issue"]
    assert not notes.ok and notes.detail == vpn_fix_on_dns.number, notes
    problems = found["resolutions: problem cause, fix and workaround fit its issue"]
    assert not problems.ok and problems.detail == drifted_cause.number, problems
