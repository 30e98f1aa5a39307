"""`/v1/verdicts…` and task approval: reviewers change verdicts (with a reason) and approve tasks."""

from __future__ import annotations

from fastapi import APIRouter, Depends, HTTPException

from apps.core.worlds import list_worlds
from mcp_gateway.episodes import EpisodeManager
from mcp_gateway.harness.auth import require_role
from mcp_gateway.harness.bodies import ApproveTask, ReviewVerdict
from mcp_gateway.harness.models import TaskApproval, VerdictRecord, VerdictStats
from tasks.store import find_task


def review_routes(manager: EpisodeManager, keys: dict[str, str]) -> APIRouter:
    """Verdict reads (reviewer or harness key), reviews and approvals (reviewer key)."""
    review = APIRouter(prefix="/v1", tags=["review"])
    reviewer_only = Depends(require_role(("reviewer",), keys))

    @review.get("/verdicts/stats", dependencies=[Depends(require_role(("reviewer", "harness"), keys))])
    def verdict_stats() -> VerdictStats:
        """False-pass and false-fail rates among reviewed verdicts."""
        return manager.verdicts.stats()

    @review.get("/verdicts/{verdict_id}", dependencies=[Depends(require_role(("reviewer", "harness"), keys))])
    def get_verdict(verdict_id: str) -> VerdictRecord:
        """A verdict with its review history."""
        return manager.verdicts.get(verdict_id)

    @review.post("/verdicts/{verdict_id}/review", dependencies=[reviewer_only])
    def review_verdict(verdict_id: str, body: ReviewVerdict) -> VerdictRecord:
        """Change a verdict (reason code + note required); recorded append-only."""
        return manager.verdicts.review(verdict_id, **body.model_dump())

    @review.post("/tasks/{task_id}/approve", dependencies=[reviewer_only])
    def approve_task(task_id: str, body: ApproveTask) -> TaskApproval:
        """Approve a task for use; its author cannot approve it."""
        task = find_task(task_id, list_worlds())
        if task is None:
            raise HTTPException(404, f"no task {task_id!r}")
        return manager.verdicts.approve_task(task.public.world, task_id, task.truth.author, body.reviewer)

    return review
