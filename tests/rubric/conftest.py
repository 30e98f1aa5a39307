"""A task whose work product is a mail to a customer, scored by rubric criteria, and judges to score it."""

from __future__ import annotations

import pytest

from apps.core.model_endpoint import EndpointSettings, ModelClient
from tasks.model import Task
from tasks.rubric.judge import CalibrationStore, Judge
from tests.support.scripted_model import ScriptedModel

CUSTOMER = "dana.client@example.com"
GOOD = (
    "Hi Dana, your renewal comes to $12,500.00 for the year and Laura Graham approved it. "
    "You will get the order form today."
)


def reply_task(*criteria: dict) -> Task:
    return Task.model_validate(
        {
            "public": {
                "id": "test-rubric-renewal-reply",
                "world": "tiny",
                "apps": ["office"],
                "prompt": "Mail Dana the renewal total and who approved it.",
            },
            "truth": {
                "id": "test-rubric-renewal-reply",
                "canary": "SAASGYM-CANARY-0123456789abcdef",
                "author": "tests",
                "expect": [
                    {
                        "table": "office_message",
                        "op": "insert",
                        "fields": {"subject": {"contains": "renewal"}},
                    }
                ],
                "allow": [{"table": "office_message", "ops": ["insert"]}],
                "oracle": [],
                "criteria": list(criteria),
            },
        }
    )


MAIL = {"table": "office_message", "where": {"subject": {"contains": "renewal"}}, "field": "body_content"}
TOTAL = {
    "id": "total",
    "kind": "deterministic",
    "type": "states_fact",
    "holds": "states the renewal total, $12,500.00",
    "deliverable": MAIL,
    "numbers": [12500],
}
APPROVER = {
    "id": "approver",
    "kind": "deterministic",
    "type": "names_person",
    "holds": "names Laura Graham as the approver and no one else",
    "deliverable": MAIL,
    "names": ["Laura Graham"],
    "forbid": ["Jamie Collins", "Amber Miller"],
}
ANSWERS = {
    "id": "answers",
    "kind": "judged",
    "type": "answers_request",
    "holds": "tells Dana the renewal total and who approved it, so she can sign",
    "deliverable": MAIL,
}


def send(episode, body: str, subject: str = "Your renewal") -> None:
    episode.call("office_send_mail", to=[CUSTOMER], subject=subject, body=body)


@pytest.fixture
def judge_model():
    with ScriptedModel(default={"met": True, "evidence": "your renewal comes to $12,500.00"}) as server:
        yield server


def make_judge(server: ScriptedModel, folder, *, admitted: tuple[str, ...] = ("answers_request",)) -> Judge:
    judge = Judge(
        ModelClient(EndpointSettings(url=server.url, model="scripted-judge")), CalibrationStore(folder)
    )
    if admitted is not None:
        types = {t: {"admitted": True, "failed": ""} for t in admitted}
        judge.calibrations.save({"judge": judge.id, "types": types})
    return judge
