"""What a blind probe of the performer's CLI (`saasgym-tools`) found, each fixed at its root and checked here
as a subprocess against live episodes: plain-text tables that showed only `id` (find-people, list-chats) or
dropped the Table API fields asked for; `caller_id.company.name` matching nothing and an unknown field left
out silently; an app missing from the episode reported as a bad episode URL; a reply without Cc; and a mail's
body cut to forty characters in a record's text output."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from tasks.oracle import performer_cli_env

CLIENT = Path(__file__).resolve().parents[2] / "clients" / "python" / "src"


def tools(*args: str, url: str) -> subprocess.CompletedProcess:
    env = {**performer_cli_env(), "SAASGYM_URL": url, "COLUMNS": "160"}
    env["PYTHONPATH"] = os.pathsep.join([str(CLIENT), env.get("PYTHONPATH", "")])
    command = [sys.executable, "-m", "saasgym_client.cli", *args]
    return subprocess.run(command, capture_output=True, text=True, env=env, timeout=120)


def header(output: str, after: str) -> list[str]:
    """The column names of the first table printed after the line `after`."""
    lines = output.splitlines()
    return lines[lines.index(after) + 1].split()


@pytest.fixture(scope="module")
def desk(live_server):
    episode, urls = live_server.new_episode(apps=["ticketing", "office"])
    return episode, urls.cli


def test_text_tables_show_the_columns_a_person_needs(desk):
    episode, url = desk
    people = tools("office", "find-people", "--query", "Customer Support", url=url)
    assert people.returncode == 0, people.stderr
    found = episode.call("office_find_people", query="Customer Support")["colleagues"]
    assert found
    columns = header(people.stdout, f"colleagues ({len(found)})")
    assert columns[:5] == ["id", "display_name", "job_title", "department", "mail"]
    for person in found:
        assert person["display_name"] in people.stdout and person["mail"] in people.stdout
    assert "more fields not shown" in people.stdout  # and it says what it left out

    chats = tools("office", "list-chats", url=url)
    assert chats.returncode == 0, chats.stderr
    listed = episode.call("office_list_chats")["records"]
    assert {"chat_type", "members", "topic"} <= set(header(chats.stdout, f"records ({len(listed)})"))


def test_a_records_long_text_is_shown_whole_under_its_field(desk):
    episode, url = desk
    listed = episode.call("office_list_messages", limit=50)["records"]
    mail = next(m for m in listed if len(m.get("body_preview") or "") > 60)
    shown = tools("office", "get-message", "--message-id", mail["id"], url=url)
    assert shown.returncode == 0, shown.stderr
    body = episode.call("office_get_message", message_id=mail["id"])["body_content"]
    words = body.split()
    assert len(words) > 12
    printed = " ".join(shown.stdout.split())
    assert " ".join(words) in printed  # every word, in order: nothing cut with an ellipsis
    assert "  body_content:" in shown.stdout.splitlines()


def test_a_soql_relationship_field_is_a_column_of_its_own(live_server):
    """Triage probe 2026-12-05: `query-soql "SELECT Id, Name, Account.Name …"` printed no Account.Name column
    (the API nests it under `Account`, as Salesforce's REST API does)."""
    _, urls = live_server.new_episode(apps=["crm"])
    soql = "SELECT Id, Name, Account.Name, Amount FROM Opportunity ORDER BY Name LIMIT 3"
    shown = tools("crm", "query-soql", "--soql", soql, url=urls.cli)
    assert shown.returncode == 0, shown.stderr
    lines = shown.stdout.splitlines()
    head = next(line for line in lines if line.split()[:1] == ["Id"])
    assert "Account.Name" in head.split() and "attributes" not in shown.stdout, shown.stdout
    first = lines[lines.index(head) + 2]
    assert first.split()[0].startswith("006"), first


def test_table_query_text_shows_exactly_the_fields_asked_in_their_order(desk):
    _, url = desk
    asked = "number,short_description,priority,state,opened_at,resolved_at,caller_id.name"
    out = tools("ticketing", "table-query", "--table", "incident", "--fields", asked, "--limit", "3", url=url)
    assert out.returncode == 0, out.stderr
    assert header(out.stdout, "result (3)") == asked.split(",")


def test_dot_walks_through_references_and_unknown_fields_are_named(desk):
    episode, url = desk
    first = episode.call("ticketing_table_query", table="incident", query="companyISNOTEMPTY",
                         fields=["company"], limit=1)["result"][0]["company"]  # fmt: skip

    def numbers(query: str) -> list[str]:
        rows = episode.call("ticketing_table_query", table="incident", query=query, fields=["number"])
        return [r["number"] for r in rows["result"]]

    assert numbers(f"caller_id.company.name={first}") == numbers(f"company={first}") != []
    group = episode.call("ticketing_table_query", table="incident", query="assignment_groupISNOTEMPTY",
                         fields=["assignment_group.name"], limit=1)["result"][0]  # fmt: skip
    group = group["assignment_group.name"]
    assert numbers(f"assignment_group.name={group}")

    query = f"caller_id.company.name={first}"
    walked = tools("ticketing", "table-query", "--table", "incident", "--query", query,
                   "--fields", "number,caller_id.company.name,sla_breached", url=url)  # fmt: skip
    assert walked.returncode == 0, walked.stderr
    assert first in walked.stdout
    assert "warning: sysparm_fields: incident has no field 'sla_breached'" in walked.stderr

    # ServiceNow's documented default drops a condition on an unknown field; here it is named, not silent
    typo = episode.call("ticketing_table_query", table="incident", query=f"company={first}^statee=1")
    assert [r["number"] for r in typo["result"]] == numbers(f"company={first}")
    assert any("'statee'" in w and "did you mean state" in w for w in typo["warnings"])
    cli = tools("ticketing", "table-query", "--table", "incident", "--query", "statee=1", url=url)
    assert "warning: sysparm_query: incident has no field 'statee'" in cli.stderr


def test_an_app_not_in_the_episode_is_named_with_the_episodes_apps(live_server):
    _, urls = live_server.new_episode(apps=["office"])
    out = tools("ticketing", "list-catalog-items", url=urls.cli)
    assert out.returncode == 2
    assert "'ticketing' is not part of this episode; its apps: office" in out.stderr, out.stderr
    assert "episode URL is not valid" not in out.stderr
    bad = tools("ticketing", "list-catalog-items", url=urls.cli + "x")
    assert bad.returncode == 3 and "episode URL is not valid" in bad.stderr

    direct = httpx.post(urls.mcp("ticketing"), json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"})
    assert direct.status_code == 404 and direct.json()["apps"] == ["office"]
    from saasgym_client.mcp import McpClient

    with McpClient(urls.mcp()) as mcp:
        combined = mcp.call_tool("ticketing_list_catalog_items", {})
    assert (
        combined.is_error
        and "the app ticketing is not part of this episode (its apps: office)" in combined.text
    )


def _received(episode) -> dict:
    return next(m for m in episode.call("office_list_messages", limit=50)["records"]
                if m["from_address"] and m["from_address"].endswith("@acme.example"))  # fmt: skip


def test_reply_with_cc_and_to_on_every_surface(desk, live_server):
    episode, url = desk
    original = _received(episode)
    cli = tools("office", "reply-to-message", "--message-id", original["id"], "--body", "Looping in Laura.",
                "--cc", "laura.graham@acme.example", url=url)  # fmt: skip
    assert cli.returncode == 0, cli.stderr
    sent = episode.call("office_list_messages", folder="sentitems", limit=1)["records"][0]
    assert sent["to_recipients"] == [original["from_address"]]
    assert sent["cc_recipients"] == ["laura.graham@acme.example"]
    assert [e.surface for e in episode.events() if e.name == "reply_to_message"][-1] == "cli"

    # Graph: the message's toRecipients and ccRecipients are the reply's To and Cc lines
    _, urls = live_server.new_episode(apps=["office"])
    bearer = {"Authorization": f"Bearer {urls.token}"}
    graph = httpx.Client(base_url=f"{live_server.base}/v1.0", headers=bearer, timeout=120)
    first = graph.get("/me/mailFolders/inbox/messages", params={"$top": 1}).json()["value"][0]
    to, cc = "jasmine.cole@acme.example", "laura.graham@acme.example"
    replied = graph.post(f"/me/messages/{first['id']}/reply", json={
        "comment": "Adding Jasmine.",
        "message": {"toRecipients": [{"emailAddress": {"address": to}}],
                    "ccRecipients": [{"emailAddress": {"address": cc}}]}})  # fmt: skip
    assert replied.status_code == 202, replied.text
    reply = graph.get("/me/mailFolders/sentitems/messages", params={"$top": 1}).json()["value"][0]
    assert [r["emailAddress"]["address"] for r in reply["toRecipients"]] == ["jasmine.cole@acme.example"]
    assert [r["emailAddress"]["address"] for r in reply["ccRecipients"]] == ["laura.graham@acme.example"]


def test_reply_form_has_a_cc_picker_that_is_sent(live_server):
    episode, urls = live_server.new_episode(apps=["office"])
    original = _received(episode)
    with httpx.Client(follow_redirects=True, timeout=60) as browser:
        home = browser.get(urls.ui("office"))
        assert home.status_code == 200
        base = str(home.url).split("/s/office/")[0] + "/s/office"
        form = browser.get(f"{base}/mail/compose", params={"mode": "reply", "id": original["id"]})
        assert 'name="cc_picked"' in form.text and 'id="cc"' in form.text
        sent = browser.post(
            f"{base}/mail/send",
            data={"mode": "reply", "original_id": original["id"], "body": "Copying Laura.",
                  "cc_picked": "laura.graham@acme.example"},
            headers={"origin": base.split("/s/")[0]},
        )  # fmt: skip
        assert sent.status_code == 200, sent.text[:500]
    reply = episode.call("office_list_messages", folder="sentitems", limit=1)["records"][0]
    assert reply["subject"].startswith("RE:") and reply["cc_recipients"] == ["laura.graham@acme.example"]
    assert [e.surface for e in episode.events() if e.name == "reply_to_message"] == ["ui"]


def test_a_chat_messages_long_text_is_shown_whole_in_the_list(desk):
    """Seventh probe (2026-12-06): `list-chat-messages` cut a colleague's withdrawal to forty characters in
    its table, so the reason it gave was only seen with `--json`. A message's text is the table's last column,
    whole."""
    episode, url = desk
    chat = episode.call("office_list_chats")["records"][0]
    text = (
        "Hi — please hold off on the Northwind close date for now: the customer asked us to wait until their "
        "board meets on the 14th, and I'll come back to you then."
    )
    episode.call("office_send_chat_message", chat_id=chat["id"], content=text)
    long = chat["id"], text
    shown = tools("office", "list-chat-messages", "--chat-id", long[0], url=url)
    assert shown.returncode == 0, shown.stderr
    assert " ".join(long[1].split()) in shown.stdout  # whole, on its row
    row = next(line for line in shown.stdout.splitlines() if " ".join(long[1].split()) in line)
    assert row.rstrip().endswith(" ".join(long[1].split()))  # the last column
