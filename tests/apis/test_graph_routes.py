"""Microsoft Graph's write and file routes over HTTP on a live gateway, each checked through the office
tools (what the episode now holds)."""

from __future__ import annotations

import httpx
import pytest


@pytest.fixture(scope="module")
def graph(live_server):
    episode, urls = live_server.new_episode("tiny", apps=["office"])
    bearer = {"Authorization": f"Bearer {urls.token}"}
    client = httpx.Client(
        base_url=f"{live_server.base}/v1.0", headers=bearer, timeout=120
    )  # a loaded machine
    yield episode, client
    client.close()


def test_message_update_move_reply_and_delete(graph):
    episode, client = graph
    first = client.get("/me/mailFolders/inbox/messages", params={"$top": 1}).json()["value"][0]
    patched = client.patch(
        f"/me/messages/{first['id']}", json={"isRead": False, "flag": {"flagStatus": "flagged"}}
    )
    assert patched.status_code == 200 and patched.json()["flag"] == {"flagStatus": "flagged"}
    assert episode.call("office_get_message", message_id=first["id"])["flag_status"] == "flagged"
    blind = {"bccRecipients": [{"emailAddress": {"address": episode.call("office_get_my_profile")["mail"]}}]}
    replied = client.post(
        f"/me/messages/{first['id']}/reply",
        json={"Comment": "Thanks, on it.", "message": {**blind, "importance": "High"}},
    )
    assert replied.status_code == 202
    sent = client.get("/me/mailFolders/sentitems/messages", params={"$top": 1}).json()["value"][0]
    assert sent["subject"].lower().startswith("re:") and "Thanks, on it." in sent["body"]["content"]
    assert sent["importance"] == "high"  # the reply message's importance, as Graph takes it
    assert [r["emailAddress"]["address"] for r in sent["bccRecipients"]] == [
        blind["bccRecipients"][0]["emailAddress"]["address"]
    ]
    to = [{"emailAddress": {"address": sent["toRecipients"][0]["emailAddress"]["address"]}}]
    fwd = client.post(f"/me/messages/{first['id']}/forward", json={"toRecipients": to, "message": blind})
    assert fwd.status_code == 202
    sent = client.get("/me/mailFolders/sentitems/messages", params={"$top": 1}).json()["value"][0]
    assert sent["subject"].lower().startswith("fw:") and len(sent["bccRecipients"]) == 1
    moved = client.post(f"/me/messages/{first['id']}/move", json={"destinationId": "archive"})
    assert moved.status_code == 201
    archive = [
        m["id"] for m in client.get("/me/mailFolders/archive/messages", params={"$top": 100}).json()["value"]
    ]
    assert moved.json()["id"] in archive
    assert client.delete(f"/me/messages/{moved.json()['id']}").status_code == 204
    assert client.get("/me/messages/3f2c0000-0000-4000-8000-000000000000").status_code == 404


def test_files_by_path_upload_download_invite_and_ranges(graph):
    episode, client = graph
    made = client.put("/me/drive/root:/api-notes.txt:/content", content=b"hello from Graph")
    assert made.status_code == 201
    item = made.json()
    assert client.get("/me/drive/root:/api-notes.txt").json()["id"] == item["id"]
    assert client.get(f"/me/drive/items/{item['id']}/content").content == b"hello from Graph"
    invited = client.post(
        f"/me/drive/items/{item['id']}/invite",
        json={
            "recipients": [{"email": "shaun.wiley@acme.example"}],
            "roles": ["write"],
            "sendInvitation": False,
        },
    )
    assert invited.status_code == 200 and invited.json()["value"][0]["roles"] == ["write"]
    perms = episode.call("office_get_drive_item", item_id=item["id"])["permissions"]
    assert any(p.get("user_mail") == "shaun.wiley@acme.example" and p["roles"] == ["write"] for p in perms)
    book = episode.call("office_create_workbook", name="Graph ranges")
    book_id = book["item_id"] if "item_id" in book else book["item"]["id"]
    sheet = "Sheet1"
    put = client.patch(
        f"/me/drive/items/{book_id}/workbook/worksheets/{sheet}/range(address='A1:B2')",
        json={"values": [[1, 2], ["=A1+B1", "x"]]},
    )
    assert put.status_code == 200 and put.json()["values"] == [[1, 2], [3, "x"]]
    used = client.get(f"/me/drive/items/{book_id}/workbook/worksheets/{sheet}/usedRange").json()
    assert used["rowCount"] == 2 and used["columnCount"] == 2
    xlsx = client.get(f"/me/drive/items/{book_id}/content")
    assert xlsx.status_code == 200 and xlsx.content[:2] == b"PK"


def test_invitations_and_chats(graph):
    episode, client = graph
    me = episode.call("office_get_my_profile")
    with episode.lock:
        row = episode.db.conn.execute(
            "SELECT e.id FROM office_event e JOIN office_attendee a ON a.event_id = e.id "
            "WHERE a.email_address = ? AND a.response_status = 'none' AND e.organizer_id != ? "
            "AND NOT e.is_cancelled LIMIT 1",
            (me["mail"].lower(), me["id"]),
        ).fetchone()
    answered = client.post(
        f"/me/events/{row[0]}/tentativelyAccept", json={"comment": "Probably", "sendResponse": False}
    )
    assert answered.status_code == 202
    assert client.get(f"/me/events/{row[0]}").json()["responseStatus"]["response"] == "tentativelyAccepted"
    chat = client.get("/me/chats", params={"$top": 1}).json()["value"][0]
    posted = client.post(f"/me/chats/{chat['id']}/messages", json={"body": {"content": "Hi from Graph"}})
    assert posted.status_code == 201
    messages = client.get(f"/me/chats/{chat['id']}/messages", params={"$top": 100}).json()["value"]
    assert "Hi from Graph" in [m["body"]["content"] for m in messages]
    meeting = client.post(
        "/me/findMeetingTimes",
        json={
            "attendees": [{"emailAddress": {"address": "shaun.wiley@acme.example"}}],
            "meetingDuration": "PT30M",
        },
    )
    assert meeting.status_code == 200 and meeting.json()["meetingTimeSuggestions"]
    assert client.get("/me/people").status_code == 400  # a Graph resource this clone does not have
