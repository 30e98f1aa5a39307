"""The decks world part: loaded after the office's id counters (new records keep their ids), owned and
shared as the teams share them, and audited — every number a deck shows agrees with the records as of its
date, and a number changed behind the generator's back is caught."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from apps.core.api import Gym
from worlds.audit.checks import World
from worlds.audit.decks import deck_checks

ROOT = Path(__file__).resolve().parents[2]


def _facts(world: str) -> list[dict]:
    with open(ROOT / "worlds" / world / "decks" / "facts.jsonl") as file:
        return [json.loads(line) for line in file]


def test_the_audit_passes_on_the_committed_worlds_and_catches_a_changed_number(tmp_path):
    for name in ("tiny", "acme"):
        found = {f.check: f for f in deck_checks(World(ROOT / "worlds" / name))}
        assert all(f.ok for f in found.values()), [f for f in found.values() if not f.ok]
    copy = tmp_path / "tiny"
    shutil.copytree(ROOT / "worlds" / "tiny", copy)
    shapes = copy / "decks" / "office" / "slide_shape.jsonl"
    rows = [json.loads(line) for line in shapes.read_text().splitlines()]
    qbr = next(f for f in _facts("tiny") if f["kind"] == "qbr")
    shown = next(f["shown"] for f in qbr["facts"] if f["metric"] == "pipeline_amount")
    for row in rows:
        for p in row["paragraphs"]:
            for r in p["runs"]:
                if r["text"].startswith("Open pipeline") and row["item_id"] == qbr["deck_id"]:
                    r["text"] = r["text"].replace(shown, "$1", 1)
    shapes.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    facts = copy / "decks" / "facts.jsonl"
    changed = [dict(f) for f in _facts("tiny")]
    next(m for m in changed[changed.index(qbr)]["facts"] if m["metric"] == "won_count")["value"] += 1
    facts.write_text("\n".join(json.dumps(f) for f in changed) + "\n")
    found = {f.check: f for f in deck_checks(World(copy))}
    assert not found["decks: every number is on its slide as written"].ok
    assert qbr["name"] in found["decks: every number is on its slide as written"].detail
    assert not found["decks: numbers agree with the records as of the deck's date"].ok


def test_decks_load_after_the_counters_and_are_shared_as_teams_share_them():
    ep = Gym().create_episode("acme", apps=["office"])
    own = sum(
        len((ROOT / f"worlds/acme/{p}/drive_item.jsonl").read_text().splitlines())
        for p in ("office", "dataroom/office")
    )
    counter = ep.db.execute_raw("SELECT next FROM _idseq WHERE object = 'office.DriveItem'")[0][0]
    assert counter == own + 1, "the decks' rows do not move the ids new drive items get"
    recent = ep.call("office_list_recent_files", kind="presentation", limit=200)["records"]
    roles = {r["name"]: r["my_role"] for r in recent}
    me = ep.call("office_get_my_profile")["id"]
    mine = [f for f in _facts("acme") if f["kind"] == "qbr" and f["owner_id"] == me]
    assert mine and all(roles[f["name"]] == "owner" for f in mine)
    assert roles["Acme 2027 template.pptx"] == "read" and roles["Sales Kickoff FY2026.pptx"] == "read"
    pir = next(f for f in _facts("acme") if f["kind"] == "pir")
    assert roles[pir["name"]] == "write", "the customer incident reviews are shared for editing with Sales"
    it_deck = next(f for f in _facts("acme") if f["kind"] == "allhands")
    assert it_deck["name"] not in roles, "the IT all-hands is shared with IT only"
    deck = ep.call("office_get_presentation", item_id=mine[0]["deck_id"])
    assert [s["title"] for s in deck["slides"]][1:] == [
        "Where we stand",
        "Top open deals",
        "Open pipeline by stage",
        "Next steps",
    ]
    picture = ep.call("office_get_slide", item_id=mine[0]["deck_id"], slide_number=1)["shapes"][-1]
    logo = ep.call("office_get_file_content", item_id=picture["image_item_id"])
    assert logo["content_type"] == "image/png" and logo["size"] > 1000
