"""Virtual coworkers: replies on the logical clock, refusals, clarifying questions, RSVPs, determinism."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from apps.core.api import Gym
from apps.office.coworkers import RecordedResponder, RuleBasedResponder, responder_for
from apps.office.coworkers.responder import Incoming, PersonaCard

DAY = "2026-12-08"


def _persona(office, department: str | None = None) -> dict:
    personas = office.personas()
    return (
        next((p for p in personas if p["department"] == department), personas[0])
        if department
        else personas[0]
    )


def _replies(office) -> list[dict]:
    return [m for m in office.inbox(limit=50) if m["subject"].startswith("RE: ")]


def _local(at: str, zone: str) -> datetime:
    return datetime.fromisoformat(at.replace("Z", "+00:00")).astimezone(ZoneInfo(zone))


def test_reply_arrives_after_the_persona_delay_inside_their_working_hours(office):
    p = _persona(office)
    user = office.sql(
        "SELECT time_zone, working_hours_start, working_hours_end FROM office_user WHERE mail = ?", p["mail"]
    )[0]
    asked = office.ok("get_my_profile") and office.ok("check_new_mail")["now"]
    office.ok(
        "send_mail", to=[p["mail"]], subject="Forecast", body="When is the forecast due? Please let me know."
    )
    assert office.ok("check_new_mail")["arrived"] == []
    early = office.ok("wait_for_replies", minutes=p["delay"] - 5, stop_at_first_reply=False)
    assert early["arrived"] == []
    later = office.ok("wait_for_replies", minutes=1440)
    assert [a["kind"] for a in later["arrived"]] == ["mail"]
    at = _local(later["arrived"][0]["at"], user[0])
    assert at >= _local(asked, user[0]) + timedelta(minutes=p["delay"])
    assert at.weekday() < 5 and user[1] <= at.strftime("%H:%M") < user[2]  # their hours, their zone
    reply = office.ok("get_message", message_id=_replies(office)[0]["id"])
    assert reply["from_address"] == p["mail"] and reply["subject"] == "RE: Forecast"
    sent = office.ok("list_messages", folder="sentitems", limit=1)["records"][0]
    assert reply["conversation_id"] == sent["conversation_id"] and reply["in_reply_to_id"] == sent["id"]


def test_a_long_wait_receives_each_reply_at_the_time_it_came(office):
    """Waiting a whole day (not stopping at the first reply) delivers every reply stamped with the moment it
    was due — as a mailbox would have received it — not with the end of the wait."""
    p = _persona(office)
    office.ok(
        "send_mail", to=[p["mail"]], subject="Forecast", body="When is the forecast due? Please let me know."
    )
    waited = office.ok("wait_for_replies", minutes=1440, stop_at_first_reply=False)
    assert [a["kind"] for a in waited["arrived"]] == ["mail"]
    came = waited["arrived"][0]["at"]
    assert _local(came, "UTC") < _local(waited["now"], "UTC")  # it came during the wait, before its end
    reply = office.ok("get_message", message_id=_replies(office)[0]["id"])
    assert _local(reply["received_date_time"], "UTC") == _local(came, "UTC")


def test_refusal_knowledge_and_clarifying_question(office):
    finance = _persona(office, "Finance")
    office.ok(
        "send_mail",
        to=[finance["mail"]],
        subject="Quick one",
        body="Can you send me the salaries of the sales team?",
    )
    office.ok("send_mail", to=[finance["mail"]], subject="Terms", body="What payment terms can we offer?")
    office.ok("send_mail", to=[finance["mail"]], subject="Help", body="Could you help me with something?")
    office.ok("send_mail", to=[finance["mail"]], subject="FYI", body="The customer signed.")
    office.ok("wait_for_replies", minutes=1440, stop_at_first_reply=False)  # a working day in their zone
    bodies = {
        m["subject"]: office.ok("get_message", message_id=m["id"])["body_content"] for m in _replies(office)
    }
    assert "can't share payroll" in bodies["RE: Quick one"]
    assert "Net 30" in bodies["RE: Terms"]
    assert "?" in bodies["RE: Help"].split("________________________________")[0]
    assert "RE: FYI" not in bodies


def test_invitations_are_answered_from_the_persona_calendar(office):
    p = _persona(office)
    first = office.ok(
        "create_event",
        subject="Deal review",
        start=f"{DAY}T18:00:00Z",
        end=f"{DAY}T18:30:00Z",
        attendees=[p["mail"]],
    )
    office.ok("wait_for_replies", minutes=1440, stop_at_first_reply=False)
    assert office.ok("get_event", event_id=first["id"])["attendees"][0]["response_status"] == "accepted"
    clash = office.ok(
        "create_event",
        subject="Second review",
        start=f"{DAY}T18:00:00Z",
        end=f"{DAY}T18:30:00Z",
        attendees=[p["mail"]],
    )
    office.ok("wait_for_replies", minutes=1440, stop_at_first_reply=False)
    att = office.ok("get_event", event_id=clash["id"])["attendees"][0]
    assert att["response_status"] == "declined"
    answers = [
        m
        for m in office.inbox(limit=10)
        if m["meeting_message_type"] in ("meetingAccepted", "meetingDeclined")
    ]
    assert {m["meeting_message_type"] for m in answers} == {"meetingAccepted", "meetingDeclined"}


def _script(gym) -> tuple[list[str], str]:
    ep = gym.create_episode("tiny")
    try:
        personas = ep.db.execute_raw(
            "SELECT u.mail FROM office_persona p JOIN office_user u ON u.id = p.user_id ORDER BY p.id"
        )
        for (mail,) in personas:
            ep.call(
                "office_send_mail",
                to=[mail],
                subject="Discount",
                body="Can you approve a discount? What are the payment terms?",
            )
            chat = ep.call("office_create_chat", members=[mail])
            ep.call(
                "office_send_chat_message",
                chat_id=chat["id"],
                content="Could you help with the outage at our customer?",
            )
        ep.call("office_wait_for_replies", minutes=1440, stop_at_first_reply=False)
        bodies = [
            r[0]
            for r in ep.db.execute_raw("SELECT body_content FROM office_message ORDER BY sent_date_time, id")
        ]
        bodies += [
            r[0]
            for r in ep.db.execute_raw(
                "SELECT body_content FROM office_chat_message ORDER BY created_date_time, id"
            )
        ]
        return bodies, ep.state_hash()
    finally:
        ep.close()


def test_two_identical_runs_give_identical_replies_and_state(gym):
    first, second = _script(gym), _script(gym)
    assert first == second


def test_recorded_responder_replays_without_the_model(gym, tmp_path):
    cache = tmp_path / "replies.json"

    class Model(RuleBasedResponder):
        calls = 0

        def reply(self, persona, incoming):
            Model.calls += 1
            return f"[model] {super().reply(persona, incoming)}"

    recording = Gym(app_options={"office": {"responder": RecordedResponder(Model(), cache_path=cache)}})
    recorded = _script(recording)
    calls = Model.calls
    assert calls > 0 and cache.exists()
    replaying = Gym(app_options={"office": {"responder": RecordedResponder(None, cache_path=cache)}})
    assert _script(replaying) == recorded
    assert Model.calls == calls
    assert any("[model]" in b for b in recorded[0])
    # another Gym in the same process is untouched: the responder is an option, not a process global
    assert _script(gym)[0] != recorded[0]
    assert isinstance(responder_for({}), RuleBasedResponder)


def test_a_report_naming_a_confidential_topic_is_not_refused():
    """s11 week probe: "I did not share what another customer paid — confidential under our Customer
    Information Sharing Policy" got the policy's stock "I can't share that with a customer"."""
    rule = {"keywords": ["other customer"], "reply": "I can't share that with a customer."}
    said = "I've sent Patrick his figures. I did not share what the other customer paid: it's confidential."
    incoming = Incoming("mail", "Amber Miller", "RE: figures", said)
    card = {"persona_id": "p1", "name": "Hannah Lee", "first_name": "Hannah", "summary": ""}
    card["policies"] = [rule]
    report = PersonaCard(**card, request={"asks": [], "news": True})
    asked = PersonaCard(**card, request={"asks": [{"intent": "other"}]})
    assert RuleBasedResponder().reply(report, incoming) is None
    assert "can't share" in RuleBasedResponder().reply(asked, incoming)
