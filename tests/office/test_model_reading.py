"""A lab's model reading colleagues' mail (apps/core/understanding/model.py) against a scripted
OpenAI-compatible server: the model only reads (a JSON `Request`), the rules decide; its answers are recorded
in the episode and a replay seeded with them calls nothing; a bad answer falls back to the rules.
"""

from __future__ import annotations

import pytest

from apps.core.api import Gym
from apps.core.meaning import decision_of, own_words
from apps.core.model_endpoint import EndpointSettings, EpisodeRecorder, MemoryRecorder, ModelClient
from apps.core.understanding.model import ModelReader
from tests.support.scripted_model import Rule, ScriptedModel

APPS = ["office", "crm"]
ODD = "bump that renewal down a dozen points for me, would ya"  # nothing the rules read as an approval


def _setup(ep) -> tuple[str, str]:
    """Amber's manager and one of Amber's open deals under the large-deal threshold."""
    me = ep.call("office_get_my_profile")
    manager = ep.db.execute_raw("SELECT mail FROM office_user WHERE id = ?", (me["manager_id"],))[0][0]
    deal = ep.db.execute_raw(
        "SELECT o.name FROM crm_opportunity o JOIN crm_user u ON u.id = o.owner_id WHERE lower(u.email) = ? "
        "AND o.is_closed = 0 AND o.amount < 250000 ORDER BY o.name LIMIT 1",
        (me["mail"].lower(),),
    )[0][0]
    return manager, deal


def _run(gym: Gym, body: str) -> tuple[list[str], str, list]:
    ep = gym.create_episode("tiny", apps=APPS)
    try:
        manager, deal = _setup(ep)
        ep.call("office_send_mail", to=[manager], subject="Discount", body=body.format(deal=deal))
        for _ in range(3):
            ep.call("office_wait_for_replies", minutes=1440, stop_at_first_reply=False)
        said = [
            own_words(r[0])
            for r in ep.db.execute_raw(
                "SELECT body_content FROM office_message WHERE subject = 'RE: Discount' AND owner_id = ? "
                "ORDER BY id",
                (ep.call("office_get_my_profile")["id"],),
            )
        ]
        return said, ep.state_hash(), EpisodeRecorder(ep.db).calls()
    finally:
        ep.close()


def _deal(gym: Gym) -> str:
    ep = gym.create_episode("tiny", apps=APPS)
    try:
        return _setup(ep)[1]
    finally:
        ep.close()


@pytest.fixture(scope="module")
def deal(gym) -> str:
    return _deal(gym)


def _reading(deal: str, value: str) -> dict:
    return {
        "language": "en",
        "asks": [{"intent": "approval", "policy": "discount", "about": [deal], "value": value}],
    }


def test_the_model_reads_and_the_rules_decide_and_a_replay_calls_nothing(deal):
    with ScriptedModel([Rule(ODD, _reading(deal, "12%"))]) as model:
        client = ModelClient(EndpointSettings(url=model.url, model="scripted-reader"))
        gym = Gym(app_options={"office": {"reader": ModelReader(client)}})
        said, end, calls = _run(gym, ODD)
        assert said and decision_of(said[0]) == "approved" and "12%" in said[0]  # decided by the handbook
        asked = len(model.requests)
        assert asked >= 1 and all(r["temperature"] == 0 for r in model.requests)
        assert model.requests[0]["response_format"]["json_schema"]["name"] == "Request"
        assert [c.purpose for c in calls] == ["persona.read"] * len(calls) and calls
        replay = ModelClient(None, MemoryRecorder(calls), replay_only=True)
        again = Gym(app_options={"office": {"reader": ModelReader(replay)}})
        assert _run(again, ODD)[:2] == (said, end)  # same replies, same end state
        assert len(model.requests) == asked  # the replay never called the model
    rules = _run(Gym(), ODD)[0]
    assert not rules or decision_of(rules[0]) != "approved"  # without the model nobody reads an approval


def test_the_rules_still_decide_what_the_model_read(deal):
    with ScriptedModel([Rule(ODD, _reading(deal, "30%"))]) as model:
        gym = Gym(
            app_options={
                "office": {"reader": ModelReader(ModelClient(EndpointSettings(url=model.url, model="m")))}
            }
        )
        said, _, _ = _run(gym, ODD)
        assert decision_of(said[0]) == "rejected"  # 30% is beyond a manager's level, whoever read it


@pytest.mark.parametrize(
    "answer",
    ["this is not json", {"asks": [{"intent": "make coffee"}]}, {"language": "en", "asks": [], "extra": 1}],
)
def test_a_bad_model_answer_falls_back_to_the_rules(deal, answer):
    with ScriptedModel(default=answer) as model:
        reader = ModelReader(ModelClient(EndpointSettings(url=model.url, model="m", retries=0)))
        gym = Gym(app_options={"office": {"reader": reader}})
        said, _, calls = _run(gym, "Please approve a 12% discount on {deal}.")
        assert model.requests  # the model was asked …
        assert said and decision_of(said[0]) == "approved"  # … and the rules read the message instead
        assert calls == []  # nothing invalid is recorded


def test_a_record_the_model_invents_is_never_answered(deal):
    invented = {
        "language": "en",
        "asks": [{"intent": "approval", "policy": "discount", "about": ["Globex Mega Deal"], "value": "12%"}],
    }
    with ScriptedModel(default=invented) as model:
        gym = Gym(
            app_options={
                "office": {"reader": ModelReader(ModelClient(EndpointSettings(url=model.url, model="m")))}
            }
        )
        said, _, _ = _run(gym, ODD)
        assert said and decision_of(said[0]) != "approved" and "Globex" not in said[0]
