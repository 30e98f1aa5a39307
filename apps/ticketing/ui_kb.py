"""The knowledge article reader (ServiceNow's KB article view): category breadcrumbs, the title, who
wrote it and when, the body rendered as sanitized HTML (nh3, the Ammonia sanitizer: scripts, event
handlers and unknown tags removed), the versions, and the workflow's header UI actions (Submit for
Review, Publish, Retire; Edit while a draft). Each action is one service action; a refusal is shown on
the page and changes nothing. Retire sits in the header's context menu (UI16 keeps it off the reader's
face); a knowledge search box, Flag Article, and a side panel of related and most viewed articles."""

from __future__ import annotations

import nh3
from fastapi import APIRouter, Request
from fastapi.responses import Response

from apps.core.ui_kit import UiKit
from apps.ticketing import choices as c

# op -> (button label, the workflow state it is offered in, action, the message after it)
KB_ACTIONS = {
    "submit": ("Submit for Review", "draft", "submit_knowledge_article", "Article submitted for review."),
    "publish": ("Publish", "review", "publish_knowledge_article", "Article published."),
    "retire": ("Retire", "published", "retire_knowledge_article", "Article retired."),
}

MENU = ("retire",)  # the actions in the header's context menu, not on the reader's face


def sanitized(html: str | None) -> str:
    """An article body safe to show: nh3's default allow-list (formatting, lists, tables, links with
    rel="noopener noreferrer"); everything else is dropped, text kept."""
    return nh3.clean(html or "")


def build_kb_router(kit: UiKit) -> APIRouter:
    router = APIRouter()

    async def reader(request: Request, number: str, error: str | None = None, status: int = 200) -> Response:
        d = await kit.read(request, "get_knowledge_article", {"article_id": number})
        art = d["article"]
        related = await kit.read(
            request, "search_knowledge", {"kb_category": art.get("kb_category"), "limit": 6}
        )
        popular = await kit.read(request, "search_knowledge", {"limit": 6})
        return kit.render(
            request,
            "kb_article.html",
            {
                "title": art["short_description"],
                "a": art,
                "versions": d.get("versions", []),
                "body": sanitized(art.get("text")),
                "state_label": c.KB_STATES.get(art["workflow_state"], art["workflow_state"]),
                "actions": [
                    (op, spec[0])
                    for op, spec in KB_ACTIONS.items()
                    if spec[1] == art["workflow_state"] and op not in MENU
                ],
                "menu": [
                    (op, KB_ACTIONS[op][0]) for op in MENU if KB_ACTIONS[op][1] == art["workflow_state"]
                ],
                "related": [r for r in related["records"] if r["number"] != art["number"]][:5],
                "popular": [r for r in popular["records"] if r["number"] != art["number"]][:5],
                "editable": art["workflow_state"] == "draft",
                "flash": request.query_params.get("saved"),
                "error": error,
            },
            status=status,
        )

    @router.get("/kb/{number}")
    async def article(request: Request, number: str) -> Response:
        return await reader(request, number)

    @router.post("/kb/{number}/{op}")
    async def article_op(request: Request, number: str, op: str) -> Response:
        if op not in KB_ACTIONS:
            return kit.error_page(request, f"Unknown operation {op!r}.")
        _, _, action, done = KB_ACTIONS[op]
        _, trace = await kit.form(request)
        outcome = await kit.run(request, action, {"article_id": number}, trace)
        if not outcome.ok:
            return await reader(request, number, error=outcome.error, status=422)
        return kit.redirect(request, f"/kb/{number}", saved=done)

    return router
