"""Every colleague answers: a persona derived from their own records for those without a hand-written one."""

from __future__ import annotations

import pytest


@pytest.fixture
def ep(gym):
    episode = gym.create_episode("tiny", apps=["office"])
    yield episode
    episode.close()


def _plain_colleagues(ep) -> list[tuple[str, str]]:
    """(user id, mail) of colleagues with no hand-written persona, who own documents and have a manager."""
    return ep.db.execute_raw(
        "SELECT DISTINCT u.id, u.mail FROM office_user u JOIN office_drive_item d ON d.owner_id = u.id "
        "WHERE d.kind != 'folder' AND d.parent_id IS NOT NULL AND u.manager_id IS NOT NULL "
        "AND u.id NOT IN (SELECT user_id FROM office_persona) ORDER BY u.id"
    )


def _reply_to(ep, subject: str) -> dict:
    ep.call("office_wait_for_replies", minutes=600, stop_at_first_reply=False)
    inbox = ep.call("office_search_messages", query=f'subject:"{subject}"', limit=10)["records"]
    replies = [m for m in inbox if m["subject"].lower().startswith("re:")]
    assert replies, f"no reply to {subject!r}"
    return ep.call("office_get_message", message_id=replies[0]["id"])


def test_a_colleague_hands_over_the_document_they_own(ep):
    user_id, mail = _plain_colleagues(ep)[0]
    doc = ep.db.execute_raw(
        "SELECT id, name FROM office_drive_item WHERE owner_id = ? AND kind != 'folder' "
        "AND parent_id IS NOT NULL ORDER BY name, id LIMIT 1",
        (user_id,),
    )[0]
    me = ep.world.manifest["actors"]["office"]
    assert not ep.db.execute_raw(
        "SELECT 1 FROM office_permission WHERE item_id = ? AND user_id = ?", (doc[0], me)
    )
    stem = doc[1].rsplit(".", 1)[0]
    ep.call("office_send_mail", to=[mail], subject="Quick question", body=f"Could you send me the {stem}?")
    reply = _reply_to(ep, "Quick question")
    assert doc[1] in reply["body_content"]
    shared = ep.db.execute_raw(
        "SELECT roles FROM office_permission WHERE item_id = ? AND user_id = ?", (doc[0], me)
    )
    assert shared and "read" in shared[0][0]
    assert doc[0] in [r["id"] for r in ep.call("office_list_drive_items", shared_with_me=True)["records"]]


def test_what_they_cannot_answer_points_at_who_can_and_vague_asks_get_a_question(ep):
    user_id, mail = _plain_colleagues(ep)[0]
    manager = ep.db.execute_raw(
        "SELECT m.display_name FROM office_user u JOIN office_user m ON m.id = u.manager_id WHERE u.id = ?",
        (user_id,),
    )[0][0]
    ep.call(
        "office_send_mail",
        to=[mail],
        subject="Budget codes",
        body="Can you tell me the cost centre for the Lisbon office?",
    )
    assert manager in _reply_to(ep, "Budget codes")["body_content"]
    ep.call("office_send_mail", to=[mail], subject="That file", body="Could you send me the document?")
    assert "which document" in _reply_to(ep, "That file")["body_content"].lower()


def test_an_fyi_gets_no_answer(ep):
    _, mail = _plain_colleagues(ep)[0]
    ep.call(
        "office_send_mail",
        to=[mail],
        subject="FYI: new printer",
        body="The new printer on floor 3 is installed.",
    )
    ep.call("office_wait_for_replies", minutes=600, stop_at_first_reply=False)
    assert not [
        m
        for m in ep.call("office_search_messages", query='subject:"new printer"')["records"]
        if m["subject"].lower().startswith("re:")
    ]


def test_every_colleague_answers_a_question(ep):
    me = ep.world.manifest["actors"]["office"]
    colleagues = ep.db.execute_raw("SELECT mail FROM office_user WHERE id != ? ORDER BY id", (me,))
    assert len(colleagues) >= 10
    for (mail,) in colleagues:
        ep.call(
            "office_send_mail",
            to=[mail],
            subject=f"Question for {mail}",
            body="Could you help me with the Q3 numbers?",
        )
    ep.call("office_wait_for_replies", minutes=24 * 60, stop_at_first_reply=False)
    answered = {
        row[0]
        for row in ep.db.execute_raw(
            "SELECT from_address FROM office_message "
            "WHERE owner_id = ? AND subject LIKE 'RE: Question for %'",
            (me,),
        )
    }
    assert answered == {m for (m,) in colleagues}
