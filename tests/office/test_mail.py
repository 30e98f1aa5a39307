"""Mail: sending, conversations, reply/reply-all/forward, drafts, flags, search operators, privacy."""

from __future__ import annotations


def test_send_delivers_a_copy_per_mailbox(office):
    other = office.colleague_without_persona()
    sent = office.ok("send_mail", to=[other], subject="Hello", body="Lunch on Friday?")
    assert sent["parent_folder_id"] and sent["is_read"] and not sent["is_draft"]
    copies = office.sql(
        "SELECT owner_id, parent_folder_id, conversation_id FROM office_message WHERE subject = 'Hello'"
    )
    assert len(copies) == 2 and len({c[2] for c in copies}) == 1
    sent_box = office.ok("list_messages", folder="sentitems", limit=1)["records"][0]
    assert sent_box["id"] == sent["id"]


def test_unknown_internal_address_bounces_with_a_non_delivery_report(office):
    other = office.colleague_without_persona()
    typo = other.replace("@", "x@")
    sent = office.ok("send_mail", to=[other, typo], subject="Budget", body="Numbers attached.")
    assert sent["to_recipients"] == [other, typo] and sent["parent_folder_id"]
    ndr = office.inbox(limit=1)[0]
    assert ndr["subject"] == "Undeliverable: Budget" and not ndr["is_read"]
    assert (ndr["from_name"], ndr["from_address"]) == ("Microsoft Outlook", "postmaster@acme.example")
    assert ndr["to_recipients"] == [office.me["mail"]] and ndr["in_reply_to_id"] == sent["id"]
    body = office.ok("get_message", message_id=ndr["id"])["body_content"]
    assert f"Your message to {typo} couldn't be delivered." in body and "550 5.1.1" in body
    assert other not in body.split("Original message headers")[0]
    delivered = office.sql("SELECT count(*) FROM office_message WHERE subject = 'Budget'")[0][0]
    assert delivered == 2  # the sent copy and the colleague's; the typo has no mailbox
    office.ok("send_mail", to=[other], subject="Fine", body="ok")
    assert office.inbox(limit=1)[0]["subject"] != "Undeliverable: Fine"


def test_unknown_internal_attendee_and_bad_address_are_refused(office):
    other = office.colleague_without_persona()
    typo = other.replace("@", "x@")
    office.refused(
        "create_event",
        "attendees",
        "no one at acme.example",
        subject="x",
        start="2026-11-20T10:00:00",
        end="2026-11-20T11:00:00",
        attendees=[typo],
    )
    office.refused("send_mail", "to", "not a valid e-mail", to=["not-an-address"], subject="x", body="y")
    office.refused("send_mail", "to", "at least one recipient", to=[], subject="x", body="y")


def test_external_customer_address_is_allowed(office):
    contact = office.sql("SELECT email_address, display_name FROM office_contact LIMIT 1")[0]
    people = office.ok("find_people", query=contact[1])
    assert contact[0] in [c["email_address"] for c in people["external_contacts"]]
    sent = office.ok("send_mail", to=[contact[0]], subject="Proposal", body="Attached.")
    assert sent["to_recipients"] == [contact[0]]
    assert office.sql("SELECT count(*) FROM office_message WHERE subject = 'Proposal'")[0][0] == 1


def test_reply_keeps_the_conversation_and_reply_all_addresses_everyone(office):
    me = office.me["mail"]
    colleagues = [
        r[0] for r in office.sql("SELECT mail FROM office_user WHERE mail != ? ORDER BY mail LIMIT 3", me)
    ]
    incoming = next(
        m for m in office.inbox(limit=50) if m["from_address"] != me and not m["meeting_message_type"]
    )
    reply = office.ok("reply_to_message", message_id=incoming["id"], body="Thanks!")
    assert reply["conversation_id"] == incoming["conversation_id"]
    assert reply["in_reply_to_id"] == incoming["id"]
    assert reply["subject"].startswith("RE: ") and reply["to_recipients"] == [incoming["from_address"]]
    assert "Thanks!" in reply["body_content"] and "From:" in reply["body_content"]
    sent = office.ok("send_mail", to=[colleagues[0], me], cc=[colleagues[1]], subject="Team note", body="hi")
    mine = next(m for m in office.inbox(limit=5) if m["subject"] == "Team note")
    everyone = office.ok("reply_to_message", message_id=mine["id"], body="ok", reply_all=True)
    assert colleagues[0] in everyone["to_recipients"] and everyone["cc_recipients"] == [colleagues[1]]
    assert me not in everyone["to_recipients"] + everyone["cc_recipients"]
    assert sent["conversation_id"] == everyone["conversation_id"]


def test_forward_carries_attachments(office):
    with_att = office.ok("search_messages", query="has:attachment")["records"][0]
    other = office.colleague_without_persona()
    fwd = office.ok("forward_message", message_id=with_att["id"], to=[other], comment="FYI")
    assert fwd["subject"].startswith("FW: ") and fwd["has_attachments"]
    original = office.ok("get_message", message_id=with_att["id"])
    assert [a["name"] for a in fwd["attachments"]] == [a["name"] for a in original["attachments"]]
    assert fwd["attachments"][0]["source_item_id"] == original["attachments"][0]["source_item_id"]


def test_attach_drive_file_needs_access(office):
    mine = next(i for i in office.ok("list_drive_items")["records"] if i["kind"] != "folder")
    other = office.colleague_without_persona()
    sent = office.ok(
        "send_mail", to=[other], subject="File", body="see file", attachment_item_ids=[mine["id"]]
    )
    assert sent["attachments"][0]["source_item_id"] == mine["id"]
    hidden = office.sql("SELECT id FROM office_drive_item WHERE name = 'Compensation plan 2026.docx'")[0][0]
    office.refused(
        "send_mail",
        "attachment_item_ids",
        "no drive item",
        to=[other],
        subject="x",
        body="y",
        attachment_item_ids=[hidden],
    )


def test_drafts_are_edited_then_sent(office):
    other = office.colleague_without_persona()
    draft = office.ok("create_draft", subject="Draft", body="v1")
    assert draft["is_draft"]
    office.refused("send_draft", "to", "at least one recipient", message_id=draft["id"])
    office.ok("update_draft", message_id=draft["id"], to=[other], body="v2")
    sent = office.ok("send_draft", message_id=draft["id"])
    assert not sent["is_draft"] and sent["body_content"] == "v2"
    office.refused("update_draft", "message_id", "already sent", message_id=draft["id"], body="v3")
    assert office.ok("list_messages", folder="drafts")["total"] == 0


def test_flags_categories_move_and_delete(office):
    msg = office.inbox(limit=1)[0]
    office.ok(
        "update_message",
        message_id=msg["id"],
        flag_status="flagged",
        categories=["Customer", "Customer"],
        is_read=False,
    )
    flagged = office.ok("list_messages", flagged_only=True)["records"]
    assert msg["id"] in [m["id"] for m in flagged]
    assert office.ok("get_message", message_id=msg["id"])["categories"] == ["Customer"]
    assert msg["id"] in [m["id"] for m in office.ok("list_messages", category="customer")["records"]]
    office.ok("create_mail_folder", display_name="Deals")
    office.refused("create_mail_folder", "display_name", "already have", display_name="deals")
    office.ok("move_message", message_id=msg["id"], destination_folder="Deals")
    assert office.ok("list_messages", folder="Deals")["total"] == 1
    assert office.ok("delete_message", message_id=msg["id"])["status"] == "moved to deleteditems"
    assert office.ok("delete_message", message_id=msg["id"])["status"] == "permanently deleted"
    office.refused("get_message", "message_id", "no message", message_id=msg["id"])


def test_search_operators(office):
    me = office.me["mail"]
    total = office.ok("search_messages", query=f"to:{me}")["total"]
    assert total > 0
    unread = office.ok("search_messages", query="is:unread")["records"]
    assert unread and all(not m["is_read"] for m in unread)
    att = office.ok("search_messages", query="has:attachment")["records"]
    assert att and all(m["has_attachments"] for m in att)
    after = office.ok("search_messages", query="after:2026-10-25")["records"]
    assert after and all(m["received_date_time"] >= "2026-10-25" for m in after)
    before = office.ok("search_messages", query="before:2026-08-01")["records"]
    assert all(m["received_date_time"] < "2026-08-01" for m in before)
    subject = office.inbox(limit=1)[0]["subject"]
    word = subject.split()[0]
    hits = office.ok("search_messages", query=f'subject:"{word}"')["records"]
    assert hits and all(word.lower() in m["subject"].lower() for m in hits)
    sender = office.inbox(limit=1)[0]["from_address"]
    assert all(
        m["from_address"] == sender for m in office.ok("search_messages", query=f"from:{sender}")["records"]
    )
    office.refused("search_messages", "query", "has:attachment", query="has:pictures")
    office.refused("search_messages", "query", "date like", query="after:yesterday")


def test_another_mailbox_is_invisible(office):
    me = office.me["id"]
    foreign = office.sql("SELECT id FROM office_message WHERE owner_id != ? LIMIT 1", me)[0][0]
    error = office.refused("get_message", "message_id", "no message", message_id=foreign)
    assert "your mailbox" in error
    office.refused("update_message", "message_id", "no message", message_id=foreign, is_read=True)
    office.refused("reply_to_message", "message_id", "no message", message_id=foreign, body="x")
    assert all(m["id"] != foreign for m in office.ok("search_messages", query="a", limit=200)["records"])
