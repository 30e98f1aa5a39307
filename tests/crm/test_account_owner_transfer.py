"""Changing an account's owner: by default only the account changes hands (what crm.account-handover
relies on); the transfer options (Lightning's Change Account Owner checkboxes) move its contacts and
opportunities too, through a real MCP client and the CLI (subprocess)."""

from __future__ import annotations

import json

from tests.crm import mcp_helpers as mcp
from tests.surfaces.test_cli import saasgym


def _account_with_related(url: str) -> dict:
    """An account owned by one rep with a contact, open deals (the rep's and another's), a closed deal."""
    users = [u for u in mcp.ok(url, "list_users")["records"] if u["is_active"]]
    old, other, new = users[0]["id"], users[1]["id"], users[2]["id"]
    acc = mcp.ok(url, "create_account", name="Handover Co", owner_id=old)

    def deal(name: str, owner: str, stage: str) -> str:
        return mcp.ok(url, "create_opportunity", name=name, account_id=acc["id"], owner_id=owner,
                      stage_name=stage, close_date="2026-12-31", amount=5000)["id"]  # fmt: skip

    return {
        "account": acc["id"],
        "contact": mcp.ok(url, "create_contact", last_name="Kept", account_id=acc["id"], owner_id=old)["id"],
        "owned_open": deal("Owned open", old, "Prospecting"),
        "other_open": deal("Other open", other, "Prospecting"),
        "closed": deal("Owned closed", old, "Closed Won"),
        "old": old,
        "other": other,
        "new": new,
    }


def _owners(url: str, r: dict) -> dict[str, str]:
    def opp(key: str) -> str:
        return mcp.ok(url, "get_opportunity", opportunity_id=r[key])["opportunity"]["owner_id"]

    return {
        "account": mcp.ok(url, "get_account", account_id=r["account"])["account"]["owner_id"],
        "contact": mcp.ok(url, "get_contact", contact_id=r["contact"])["contact"]["owner_id"],
        **{key: opp(key) for key in ("owned_open", "other_open", "closed")},
    }


def test_owner_change_keeps_related_owners_unless_transferred(live_server):
    _, urls = live_server.new_episode("tiny", apps=["crm"])
    url = urls.mcp("crm")
    r = _account_with_related(url)
    mcp.ok(url, "update_account", account_id=r["account"], owner_id=r["new"])
    kept = {"contact": r["old"], "owned_open": r["old"], "other_open": r["other"], "closed": r["old"]}
    assert _owners(url, r) == {"account": r["new"], **kept}
    # back to the old owner, now with contacts and the owner's open deals along (Salesforce's defaults)
    mcp.ok(url, "update_account", account_id=r["account"], owner_id=r["old"], transfer_contacts=True,
           transfer_open_opportunities=True)  # fmt: skip
    assert _owners(url, r) == {**kept, "account": r["old"], "contact": r["old"]}  # new owned nothing
    mcp.ok(url, "update_account", account_id=r["account"], owner_id=r["new"], transfer_contacts=True,
           transfer_open_opportunities=True)  # fmt: skip
    moved = {"account": r["new"], "contact": r["new"], "owned_open": r["new"]}
    assert _owners(url, r) == {**moved, "other_open": r["other"], "closed": r["old"]}


def test_cli_transfers_other_open_and_closed_deals(live_server):
    _, urls = live_server.new_episode("tiny", apps=["crm"])
    url = urls.mcp("crm")
    r = _account_with_related(url)
    base = f"{urls.base}/e/{urls.token}"
    out = saasgym("crm", "update-account", "--account-id", r["account"], "--owner-id", r["new"],
                  "--transfer-other-open-opportunities", "--transfer-closed-opportunities", "--json",
                  url=base)  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["owner_id"] == r["new"]
    moved = {"account": r["new"], "other_open": r["new"], "closed": r["new"]}
    assert _owners(url, r) == {**moved, "contact": r["old"], "owned_open": r["old"]}
