"""msgraph-sdk (Microsoft's Python SDK, pinned, own venv), unchanged but for its base URL and a static
token provider (the episode's capability), against an episode's Microsoft Graph API."""

from __future__ import annotations

from tests.apis.conftest import run_driver


def test_msgraph_sdk_lists_filters_sends_creates_and_lists_drive_items(tls_server):
    episode, urls = tls_server.new_episode("tiny", apps=["office"])
    me = episode.call("office_get_my_profile")
    with episode.lock:  # the unread messages straight from the episode's table
        sql = "SELECT subject FROM office_message WHERE owner_id = ? AND NOT is_read "
        sql += "ORDER BY received_date_time DESC, id"
        unread = [row[0] for row in episode.db.conn.execute(sql, (me["id"],))]
    job = {
        "base": tls_server.base,
        "token": urls.token,
        "to": "shaun.wiley@acme.example",
        "cert": str(tls_server.cert),
    }
    out = run_driver("graph", "msgraph_check", job, tls_server.cert)
    assert out["me"] == me["mail"]
    assert out["unread"] == [len(unread), unread[:5], True]
    assert out["next_link"] == (len(unread) > 5)
    assert out["sent"] == ["Graph SDK check"]
    assert out["event"][0] == "Graph SDK sync" and out["event"][1].startswith("2026-11-05T18:00:00")  # UTC
    assert out["calendar_view"] == [
        ["Graph SDK sync", "2026-11-05T10:00:00.0000000", "Pacific Standard Time"]
    ]
    root = episode.call("office_list_drive_items")
    assert out["drive"] == sorted(i["name"] for i in root["records"])
    assert out["malformed"] == [400, "ErrorInvalidIdMalformed"]
    made = [(e.surface, e.name) for e in episode.events() if e.kind == "action" and e.outcome == "ok"]
    assert ("api", "send_mail") in made and ("api", "create_event") in made
