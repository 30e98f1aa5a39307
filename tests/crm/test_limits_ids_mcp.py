"""Salesforce's field lengths and record ids over MCP: STRING_TOO_LONG one character past a limit (and
acceptance at it), 15-character ids wherever 18-character ones work, MALFORMED_ID, NOT_FOUND for the
record addressed, INVALID_CROSS_REFERENCE_KEY for a reference field, ENTITY_IS_DELETED after a delete."""

from __future__ import annotations

import pytest

from apps.core.ids import case_safe_suffix
from tests.crm.mcp_helpers import ok, refused

LIMITS = [  # (tool, argument, limit, other required arguments)
    ("create_account", "name", 255, {}),
    ("create_account", "phone", 40, {"name": "A"}),
    ("create_account", "website", 255, {"name": "A"}),
    ("create_account", "description", 32_000, {"name": "A"}),
    ("create_opportunity", "name", 120, {"close_date": "2026-12-31", "stage_name": "Prospecting"}),
    ("create_contact", "first_name", 40, {"last_name": "L"}),
    ("create_contact", "last_name", 80, {}),
    ("create_contact", "title", 128, {"last_name": "L"}),
    ("create_lead", "company", 255, {"last_name": "L"}),
    ("create_lead", "last_name", 80, {"company": "C"}),
    ("create_task", "subject", 255, {}),
]


@pytest.mark.parametrize(("tool", "arg", "limit", "base"), LIMITS, ids=[f"{t}.{a}" for t, a, _, _ in LIMITS])
def test_string_too_long_past_the_limit_and_accepted_at_it(live_server, tool, arg, limit, base):
    episode, urls = live_server.new_episode()
    url = urls.mcp("crm")
    text = refused(
        episode,
        url,
        tool,
        "STRING_TOO_LONG",
        f"max length={limit}",
        f"{arg}:",
        **base,
        **{arg: "x" * (limit + 1)},
    )
    assert f"got {limit + 1}" in text
    created = ok(url, tool, **base, **{arg: "x" * limit})
    assert created[arg] == "x" * limit


def test_email_longer_than_80_is_too_long(live_server):
    episode, urls = live_server.new_episode()
    address = "a" * 69 + "@example.com"  # 81 characters, well formed
    refused(
        episode,
        urls.mcp("crm"),
        "create_contact",
        "STRING_TOO_LONG",
        "max length=80",
        last_name="L",
        email=address,
    )
    refused(
        episode,
        urls.mcp("crm"),
        "create_contact",
        "INVALID_EMAIL_ADDRESS",
        "email",
        last_name="L",
        email="nope@",
    )


def test_15_character_ids_work_wherever_18_do(live_server):
    episode, urls = live_server.new_episode()
    url = urls.mcp("crm")
    account = ok(url, "create_account", name="Short Id Co")
    id18 = account["id"]
    id15 = id18[:15]
    assert case_safe_suffix(id15) == id18[15:]  # the real checksum suffix algorithm
    assert ok(url, "get_account", account_id=id15)["account"]["name"] == "Short Id Co"
    contact = ok(url, "create_contact", last_name="Shorty", account_id=id15)
    assert contact["account_id"] == id18  # stored in its 18-character form
    updated = ok(url, "update_account", account_id=id15, rating="Hot")
    assert updated["id"] == id18 and updated["rating"] == "Hot"
    listed = ok(url, "list_contacts", account_id=id15)
    assert [c["id"] for c in listed["records"]] == [contact["id"]]
    # an 18-character id is case-insensitive: the suffix restores the case
    assert ok(url, "get_contact", contact_id=contact["id"].lower())["contact"]["last_name"] == "Shorty"


def test_malformed_unknown_and_deleted_ids(live_server):
    episode, urls = live_server.new_episode()
    url = urls.mcp("crm")
    refused(episode, url, "get_account", "MALFORMED_ID", "invalid id", account_id="001xyz")
    refused(episode, url, "get_account", "MALFORMED_ID", "15 or 18", account_id="0015g000000000!AAA")
    unknown = "0015g00000ZZZZZ"
    refused(episode, url, "get_account", "NOT_FOUND", "no Account with id", account_id=unknown)
    refused(
        episode,
        url,
        "create_contact",
        "INVALID_CROSS_REFERENCE_KEY",
        "invalid cross reference id",
        last_name="L",
        account_id=unknown,
    )
    refused(
        episode, url, "create_contact", "MALFORMED_ID", "account_id", last_name="L", account_id="001short"
    )
    lead = ok(url, "create_lead", last_name="L", company="C")
    refused(
        episode,
        url,
        "create_contact",
        "FIELD_INTEGRITY_EXCEPTION",
        "id value of incorrect type",
        last_name="L",
        account_id=lead["id"],
    )
    doomed = ok(url, "create_account", name="Doomed")
    ok(url, "delete_account", account_id=doomed["id"])
    refused(episode, url, "get_account", "ENTITY_IS_DELETED", "was deleted", account_id=doomed["id"][:15])
    refused(
        episode,
        url,
        "create_contact",
        "ENTITY_IS_DELETED",
        "was deleted",
        last_name="L",
        account_id=doomed["id"],
    )
