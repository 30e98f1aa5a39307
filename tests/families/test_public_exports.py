"""What leaves the trusted side is the public part only (issue 30 §3): the harness API's task listing (which
the OpenEnv, Inspect, verifiers and TRL adapters read through the thin client) and the Harbor export carry
no private variant tag, and instances of different variants look alike apart from their id and prompt."""

from __future__ import annotations

import httpx

from mcp_gateway.export.harbor import export
from tasks.families.instances import instance, parse_id
from tasks.model import TaskPublic

FAMILY = "office.handbook-approval"  # three branches: approved, rejected, not needed
SEEDS = range(40)
KEY = {"Authorization": "Bearer test-harness-key"}


def _instances():
    tasks = [instance("acme", FAMILY, s) for s in SEEDS]
    assert len({t.truth.answer.match.text for t in tasks}) == 3  # every branch is in the sample
    return tasks


def _private_words(task) -> set[str]:
    return {*task.truth.variant_tags, task.truth.answer.match.text}


def test_the_harness_listing_is_the_public_part(live_server):
    with httpx.Client(base_url=live_server.base, headers=KEY, timeout=60) as api:
        listed = api.get("/v1/tasks", params={"family": FAMILY, "limit": 40}).json()
    tasks = {i: instance("acme", *parse_id(i)) for i in (t["id"] for t in listed)}
    assert len({t.truth.answer.match.text for t in tasks.values()}) >= 2  # more than one branch listed
    for item in listed:
        assert set(item) == set(TaskPublic.model_fields)
        assert not set(item["tags"]) & set(tasks[item["id"]].truth.variant_tags)
    alike = {(tuple(t["tags"]), t["difficulty"], t["answer_required"], tuple(t["surfaces"])) for t in listed}
    assert len(alike) == 1  # three branches, one public face


def test_the_harbor_export_carries_no_variant(tmp_path):
    tasks = _instances()
    folders = export([t.public for t in tasks], tmp_path, sidecar_url="http://saasgym:8000", image="saasgym")
    for task, folder in zip(tasks, folders, strict=True):
        toml = (folder / "task.toml").read_text()
        for tag in task.truth.variant_tags:
            assert f'"{tag}"' not in toml, (task.public.id, tag)
        written = "\n".join(p.read_text() for p in folder.rglob("*") if p.is_file())
        assert task.public.prompt in written
        assert not any(f'"{word}"' in written for word in _private_words(task))
    faces = {
        (folder / "task.toml").read_text().split("[metadata]")[1].split("saasgym_task")[0]
        for folder in folders
    }
    assert len(faces) == 1
