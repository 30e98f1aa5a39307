"""Helpers for the office.chase-approval tests: the family's instances (a full or a partial approval), an
oracle run to its verdict, the world's truth row of a request, the oracle with another message to the
requester, a Teams nudge to the approver, and what the approver sent once back from being away."""

from __future__ import annotations

from apps.core.api import Gym
from tasks.families.instances import instance
from tasks.families.worldview import world_view
from tasks.model import Task
from tasks.oracle import run_python
from tasks.rubric.evaluate import ASSUME_MET
from tasks.truth_model import OracleStep
from tasks.verifier import verify
from tasks.verifier.verdict import Verdict

FAMILY = "office.chase-approval"
REMINDER = 6  # the oracle's reminder step
TOLD = -1  # the oracle's mail to the requester
START = "2026-11-02T09:00"  # the world's now: what reaches the inbox in the episode comes after it


def chase_task(partial: bool) -> Task:
    """The first of the catalog's instances whose approval is partial (`partial`) or full."""
    for seed in range(24):
        task = instance("acme", FAMILY, seed)
        if ("partial" in task.tags) == partial:
            return task
    raise AssertionError(f"no {'partial' if partial else 'full'} approval among the catalog's instances")


def verdict_of(gym: Gym, task: Task, steps: list[OracleStep]) -> Verdict:
    """The verdict of `task` once `steps` ran in a fresh acme episode (rubric criteria assumed met)."""
    ep = gym.create_episode("acme", apps=task.public.apps)
    ep.task = task.public
    try:
        run_python(ep, steps)
        return verify(ep, task, judge=ASSUME_MET)
    finally:
        ep.close()


def request_row(task: Task) -> dict:
    """The world part's truth row of the task's request."""
    mid = task.truth.oracle[0].args["message_id"]
    return next(r for r in world_view("acme").file_rows("chase/requests.jsonl") if r["message_id"] == mid)


def told(task: Task, body: str) -> list[OracleStep]:
    """The oracle with `body` as its mail to the requester."""
    steps = list(task.truth.oracle)
    steps[TOLD] = steps[TOLD].model_copy(update={"args": {**steps[TOLD].args, "body": body}})
    return steps


def nudge(approver: str, before: int) -> list[OracleStep]:
    """A 1:1 Teams chat to the approver asking about the mail, as steps following `before` others."""
    return [
        OracleStep(tool="office_create_chat", args={"members": [approver]}),
        OracleStep(
            tool="office_send_chat_message",
            args={
                "chat_id": f"${before + 1}.id",
                "content": "Hi, could you have a look at the order I mailed?",
            },
        ),
    ]


def away_until(ep, approver: str) -> str:  # noqa: ANN001
    """When the approver's automatic reply ends, as the episode stores it."""
    return str(
        ep.db.execute_raw(
            "SELECT end_date_time FROM office_automatic_reply WHERE user_id = "
            "(SELECT id FROM office_user WHERE mail = ?)",
            (approver,),
        )[0][0]
    )


def heard_after_return(gym: Gym, task: Task, steps: list[OracleStep]) -> tuple[list[dict], str]:
    """What the approver sent the acting user once `steps` ran and a day after their return passed, and
    when their automatic reply ended."""
    approver = request_row(task)["approver"]
    ep = gym.create_episode("acme", apps=task.public.apps)
    try:
        run_python(ep, steps)
        back = away_until(ep, approver)
        for _ in range(6):  # a working week and more: past their return
            ep.call("office_wait_for_replies", minutes=1440, stop_at_first_reply=False)
        inbox = ep.call("office_list_messages", folder="inbox", limit=100)["records"]
        heard = [m for m in inbox if m["from_address"] == approver and m["received_date_time"] >= START]
        return sorted(heard, key=lambda m: m["received_date_time"]), back
    finally:
        ep.close()
