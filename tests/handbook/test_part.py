"""The company handbook world part: ≥ 12 policies published in the drive and the knowledge base with the
same text, facts stated from the policy's own params, and no other part's file changed by adding it."""

from __future__ import annotations

import json
import re
import shutil
from html.parser import HTMLParser

import pytest

from apps.core.handbook import approval_role, in_window
from apps.core.worlds import load_world, worlds_root
from worlds.generator import generate_parts


def policies(world: str) -> list[dict]:
    return list(load_world(world).rows("handbook/policy.jsonl"))


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


def html_text(html: str) -> list[str]:
    parser = _Text()
    parser.feed(html)
    return parser.parts


@pytest.fixture(scope="module")
def episode(gym):
    ep = gym.create_episode("acme", apps=["office", "ticketing"])
    yield ep
    ep.close()


@pytest.mark.parametrize("world", ["acme", "tiny"])
def test_at_least_twelve_policies_each_published_twice(world):
    rows = policies(world)
    assert len(rows) >= 12
    assert len({r["id"] for r in rows}) == len(rows)
    assert {"discount-approval", "change-freeze", "on-call-rota", "data-retention"} <= {r["id"] for r in rows}


def test_the_acting_user_reads_every_policy_document_and_article_with_the_same_text(episode):
    for policy in policies("acme"):
        doc = episode.call("office_get_document", item_id=policy["item_id"])
        assert doc["item"]["name"].endswith(f"{policy['title']}.docx")
        doc_text = [b["text"] for b in doc["blocks"] if b["text"]] + [
            c for b in doc["blocks"] for row in b["rows"] for c in row
        ]
        found = episode.call("ticketing_search_knowledge", query=policy["title"])["records"]
        article = next(a for a in found if a["number"] == policy["kb_number"])
        assert article["workflow_state"] == "published"
        assert sorted(html_text(article["text"])) == sorted(doc_text)


def test_the_handbook_folder_is_shared_with_everyone(episode):
    folder = episode.call("office_search_drive", query="Company Handbook")["records"][0]
    perms = load_world("acme").rows("handbook/office_permission.jsonl")
    users = list(load_world("acme").rows("office/user.jsonl"))
    shared = {p["user_id"] for p in perms if p["item_id"] == folder["id"]}
    assert shared | {folder["owner_id"]} == {u["id"] for u in users}


def test_prose_states_the_params():
    by_id = {p["id"]: p for p in policies("acme")}
    discount = by_id["discount-approval"]
    for tier in discount["params"]["approval"]["tiers"]:
        assert f"{tier['up_to']:g}%" in discount["markdown"]
    for window in by_id["change-freeze"]["params"]["windows"]:
        assert window["start"].replace("T", " ") in by_id["change-freeze"]["markdown"]
    for week in by_id["on-call-rota"]["params"]["weeks"]:
        assert week["primary_name"] in by_id["on-call-rota"]["markdown"]
    expense = by_id["expense-approval"]["params"]["approval"]
    for tier in expense["tiers"]:
        assert f"${tier['up_to']:,}" in by_id["expense-approval"]["markdown"]


def test_rules_read_from_params():
    by_id = {p["id"]: p for p in policies("acme")}
    approval = by_id["discount-approval"]["params"]["approval"]
    assert approval_role(approval, 8, 50000) == "none"
    assert approval_role(approval, 12, 50000) == "Regional Sales Manager"
    assert approval_role(approval, 12, 300000) == "VP of Sales"
    assert approval_role(approval, 30, 50000) == "Chief Financial Officer"
    assert approval_role(approval, 50, 50000) == "not_permitted"
    from datetime import datetime

    windows = by_id["change-freeze"]["params"]["windows"]
    now = datetime.fromisoformat(json.loads((worlds_root() / "acme" / "manifest.json").read_text())["now"])
    assert in_window(windows, now)["name"] == "Month-end close freeze"
    assert re.match(r"\d{4}-\d\d-\d\dT", windows[0]["end"])


def test_extending_a_world_with_the_handbook_keeps_every_other_file(tmp_path):
    copy = tmp_path / "tiny"
    shutil.copytree(worlds_root() / "tiny", copy)
    before = {p.relative_to(copy): p.read_bytes() for p in copy.rglob("*.jsonl")}
    manifest = generate_parts(copy, ["handbook"])
    after = {p.relative_to(copy): p.read_bytes() for p in copy.rglob("*.jsonl")}
    assert after == before
    assert manifest["files"] == json.loads((worlds_root() / "tiny" / "manifest.json").read_text())["files"]
