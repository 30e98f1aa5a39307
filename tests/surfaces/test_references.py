"""Reference filters name records as a person does (a CI's name, a caller's name, an account's name) or by
key, in every app, through a real MCP client; a value that names nothing is a clear error, never an empty
list, and a name two records share is refused listing both (apps/core/references.py)."""

from __future__ import annotations

import json
from typing import Any

import anyio
from mcp.client import Client


def _run(url: str, calls: list[tuple[str, dict[str, Any]]]) -> list[Any]:
    """Each (tool, arguments) over one MCP session: the structured result, or ("error", text)."""

    async def go() -> list[Any]:
        out = []
        async with Client(url) as client:
            for tool, args in calls:
                result = await client.call_tool(tool, args)
                text = " ".join(getattr(c, "text", "") for c in result.content)
                out.append(("error", text) if result.is_error else result.structured_content)
        return out

    return anyio.run(go)


def _numbers(page: dict) -> list[str]:
    return [r.get("number") or r.get("id") for r in page["records"]]


def test_desk_filters_take_a_name_or_a_sys_id_and_refuse_an_unknown_name(live_server):
    episode, urls = live_server.new_episode("tiny", apps=["ticketing"])
    ci, caller = ("Email", "ticketing_list_incidents"), "Brian Gilmore"
    [email, vpn, user] = [
        r["records"][0]
        for r in _run(
            urls.mcp(),
            [
                ("ticketing_list_configuration_items", {"search": "Email", "limit": 1}),
                ("ticketing_list_configuration_items", {"search": "win-vpn-01", "limit": 1}),
                ("ticketing_list_users", {"search": caller, "limit": 1}),
            ],
        )
    ]
    assert email["name"] == ci[0] and vpn["name"] == "win-vpn-01" and user["name"] == caller
    before = episode.state_hash()
    by_id, by_name, by_lower, chg_id, chg_name, who_id, who_name, unknown, unknown_chg, company = _run(
        urls.mcp(),
        [
            (ci[1], {"cmdb_ci": email["sys_id"], "limit": 200}),
            (ci[1], {"cmdb_ci": "Email", "limit": 200}),
            (ci[1], {"cmdb_ci": "email", "limit": 200}),
            ("ticketing_list_changes", {"cmdb_ci": vpn["sys_id"]}),
            ("ticketing_list_changes", {"cmdb_ci": "win-vpn-01"}),
            (ci[1], {"caller_id": user["sys_id"]}),
            (ci[1], {"caller_id": caller}),
            (ci[1], {"cmdb_ci": "Exchange Online (EU)"}),
            ("ticketing_list_changes", {"cmdb_ci": "core-router-99"}),
            ("ticketing_list_users", {"company": "Nobody Ltd"}),
        ],
    )
    assert by_id["total"] > 0 and _numbers(by_name) == _numbers(by_id) == _numbers(by_lower)
    assert chg_id["total"] > 0 and _numbers(chg_name) == _numbers(chg_id)
    assert who_id["total"] > 0 and _numbers(who_name) == _numbers(who_id)
    for refused, named in ((unknown, "Exchange Online (EU)"), (unknown_chg, "core-router-99")):
        assert refused[0] == "error" and "no configuration item" in refused[1] and named in refused[1]
        assert "list_configuration_items" in refused[1]
    assert company[0] == "error" and "Nobody Ltd" in company[1]
    assert episode.state_hash() == before


def test_crm_filters_take_a_name_or_an_id_and_refuse_unknown_or_ambiguous_ones(live_server):
    episode, urls = live_server.new_episode("tiny", apps=["crm"])
    accounts = _run(urls.mcp(), [("crm_list_accounts", {"search": "Lee Group", "limit": 5})])[0]["records"]
    lee = next(a for a in accounts if a["name"] == "Lee Group")
    [owner] = _run(urls.mcp(), [("crm_list_users", {"search": "Andrew Rojas"})])[0]["records"]
    twin_a, twin_b = _run(
        urls.mcp(), [("crm_create_account", {"name": "Twin Co"}), ("crm_create_account", {"name": "Twin Co"})]
    )
    before = episode.state_hash()
    results = _run(
        urls.mcp(),
        [
            ("crm_list_opportunities", {"account_id": lee["id"]}),
            ("crm_list_opportunities", {"account_id": "lee group"}),
            ("crm_list_opportunities", {"owner_id": owner["id"], "limit": 200}),
            ("crm_list_opportunities", {"owner_id": "Andrew Rojas", "limit": 200}),
            ("crm_list_opportunities", {"account_id": "Lee Grp"}),
            ("crm_list_contacts", {"account_id": "0015g00000009ZZAAA"}),
            ("crm_list_contacts", {"account_id": "Twin Co"}),
            ("crm_list_tasks", {"what_id": "Nothing Like This", "open_only": False}),
        ],
    )
    by_id, by_name, own_id, own_name, typo, no_id, twins, no_what = results
    assert by_id["total"] > 0 and _numbers(by_name) == _numbers(by_id)
    assert own_id["total"] > 0 and _numbers(own_name) == _numbers(own_id)
    for refused, named in ((typo, "Lee Grp"), (no_id, "0015g00000009ZZAAA"), (no_what, "Nothing Like This")):
        assert refused[0] == "error", refused
        body = json.loads(refused[1])  # Salesforce's error body
        assert body[0]["errorCode"] == "INVALID_CROSS_REFERENCE_KEY" and named in body[0]["message"]
    assert twins[0] == "error" and twin_a["id"] in twins[1] and twin_b["id"] in twins[1]
    assert episode.state_hash() == before


def test_office_conversation_filter_refuses_a_thread_not_in_the_mailbox(live_server):
    episode, urls = live_server.new_episode("tiny", apps=["office"])
    first = _run(urls.mcp(), [("office_list_messages", {"limit": 1})])[0]["records"][0]
    thread, unknown = _run(
        urls.mcp(),
        [
            ("office_list_messages", {"conversation_id": first["conversation_id"]}),
            ("office_list_messages", {"conversation_id": "AAQkAD-not-a-thread"}),
        ],
    )
    assert first["id"] in _numbers(thread)
    assert unknown[0] == "error" and "no conversation" in unknown[1] and "AAQkAD-not-a-thread" in unknown[1]
