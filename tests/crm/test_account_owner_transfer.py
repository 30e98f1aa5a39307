"""Changing an account's owner is Lightning's Change Account Owner: what the previous owner held on the
account (contacts, open opportunities, open tasks) moves along, what others own stays; the options move
others' open deals and the owner's closed deals too — through a real MCP client and the CLI (subprocess)."""

from __future__ import annotations

import json

import httpx

from tests.crm import mcp_helpers as mcp
from tests.surfaces.test_cli import saasgym


def _account_with_related(url: str) -> dict:
    """An account owned by one rep with contacts, open deals (the rep's and another's), a closed deal and
    tasks (the rep's open and completed ones, another's open one)."""
    users = [u for u in mcp.ok(url, "list_users")["records"] if u["is_active"]]
    old, other, new = users[0]["id"], users[1]["id"], users[2]["id"]
    acc = mcp.ok(url, "create_account", name="Handover Co", owner_id=old)

    def deal(name: str, owner: str, stage: str) -> str:
        return mcp.ok(url, "create_opportunity", name=name, account_id=acc["id"], owner_id=owner,
                      stage_name=stage, close_date="2026-12-31", amount=5000)["id"]  # fmt: skip

    def person(name: str, owner: str) -> str:
        return mcp.ok(url, "create_contact", last_name=name, account_id=acc["id"], owner_id=owner)["id"]

    def task(subject: str, owner: str, status: str) -> str:
        return mcp.ok(url, "create_task", subject=subject, what_id=acc["id"], owner_id=owner, status=status)[
            "id"
        ]

    return {
        "account": acc["id"],
        "contact": person("Owned", old),
        "other_contact": person("Others", other),
        "owned_open": deal("Owned open", old, "Prospecting"),
        "other_open": deal("Other open", other, "Prospecting"),
        "closed": deal("Owned closed", old, "Closed Won"),
        "open_task": task("Call back", old, "Not Started"),
        "done_task": task("Called", old, "Completed"),
        "other_task": task("Theirs", other, "Not Started"),
        "old": old,
        "other": other,
        "new": new,
    }


def _owners(url: str, r: dict) -> dict[str, str]:
    def opp(key: str) -> str:
        return mcp.ok(url, "get_opportunity", opportunity_id=r[key])["opportunity"]["owner_id"]

    def contact(key: str) -> str:
        return mcp.ok(url, "get_contact", contact_id=r[key])["contact"]["owner_id"]

    tasks = mcp.ok(url, "list_tasks", what_id=r["account"], open_only=False)["records"]
    by_id = {t["id"]: t["owner_id"] for t in tasks}
    return {
        "account": mcp.ok(url, "get_account", account_id=r["account"])["account"]["owner_id"],
        **{key: contact(key) for key in ("contact", "other_contact")},
        **{key: opp(key) for key in ("owned_open", "other_open", "closed")},
        **{key: by_id[r[key]] for key in ("open_task", "done_task", "other_task")},
    }


def test_owner_change_takes_what_the_previous_owner_held_on_the_account(live_server):
    _, urls = live_server.new_episode("tiny", apps=["crm"])
    url = urls.mcp("crm")
    r = _account_with_related(url)
    before = _owners(url, r)
    mcp.ok(url, "update_account", account_id=r["account"], owner_id=r["new"])
    moved = {key: r["new"] for key in ("account", "contact", "owned_open", "open_task")}
    assert _owners(url, r) == {**before, **moved}  # others' records, closed deals, done tasks stay


def test_cli_transfers_other_open_and_closed_deals(live_server):
    _, urls = live_server.new_episode("tiny", apps=["crm"])
    url = urls.mcp("crm")
    r = _account_with_related(url)
    before = _owners(url, r)
    base = f"{urls.base}/e/{urls.token}"
    out = saasgym("crm", "update-account", "--account-id", r["account"], "--owner-id", r["new"],
                  "--transfer-other-open-opportunities", "--transfer-closed-opportunities", "--json",
                  url=base)  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["owner_id"] == r["new"]
    moved = ("account", "contact", "owned_open", "other_open", "closed", "open_task")
    assert _owners(url, r) == {**before, **dict.fromkeys(moved, r["new"])}


def test_an_owner_id_written_through_the_rest_api_moves_the_account_alone(live_server):
    """PATCH /sobjects/Account/{id} with a new OwnerId changes the account's owner only, as the Salesforce
    API and Data Loader do (Salesforce Help 000383779): the contacts, deals and tasks keep their owners."""
    _, urls = live_server.new_episode("tiny", apps=["crm"])
    url = urls.mcp("crm")
    r = _account_with_related(url)
    before = _owners(url, r)
    patched = httpx.patch(
        f"{live_server.base}/services/data/v62.0/sobjects/Account/{r['account']}",
        headers={"Authorization": f"Bearer {urls.token}"},
        json={"OwnerId": r["new"]},
    )
    assert patched.status_code == 204, patched.text
    assert _owners(url, r) == {**before, "account": r["new"]}
