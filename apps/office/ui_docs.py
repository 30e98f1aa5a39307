"""Word for the web: a document you type into (contenteditable blocks, a formatting toolbar, Insert >
Table), saved through the document actions MCP and the CLI use (apps/office/doc_edits.py maps the edit),
and comments (New comment anchors one to the selected text's block)."""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from apps.core.ui_kit import UiKit
from apps.core.ui_trace import parse_trace
from apps.office.doc_edits import EditRefused, plan_edit
from apps.office.services.doc_format import runs_of
from apps.office.ui_download import download
from apps.office.ui_submit import submit

MAX_BODY = 2_000_000
LIST_TYPES = {"bullet": "ul", "numbered": "ol"}


def editor_blocks(blocks: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The document's blocks as the editor draws them: runs with marks, and list items grouped into
    one list per run of consecutive items of the same kind (`list_start` / `list_end`)."""
    out = []
    for i, b in enumerate(blocks):
        kind = b["block_type"]
        prev = blocks[i - 1]["block_type"] if i else None
        after = blocks[i + 1]["block_type"] if i + 1 < len(blocks) else None
        out.append(
            {
                **b,
                "runs": [{"text": t, "marks": sorted(m)} for t, m in runs_of(b["text"])],
                "list": LIST_TYPES.get(kind),
                "list_start": kind in LIST_TYPES and prev != kind,
                "list_end": kind in LIST_TYPES and after != kind,
            }
        )
    return out


def _new_block_id(document: dict[str, Any], after: str) -> str:
    ids = [b["id"] for b in document["blocks"]]
    return ids[0 if after == "start" else ids.index(after) + 1]


def build_docs_router(kit: UiKit) -> APIRouter:
    router = APIRouter()

    def page(request: Request, document: dict[str, Any]) -> Response:
        context = {
            "title": document["item"]["name"],
            "doc": document,
            "blocks": editor_blocks(document["blocks"]),
            # what each anchored comment is on, as Word shows it beside the text
            "anchors": {
                b["id"]: "".join(t for t, _ in runs_of(b["text"])) or "Table" for b in document["blocks"]
            },
        }
        return kit.render(request, "doc.html", context)

    @router.get("/docs/{item_id}", name="doc")
    async def doc(request: Request, item_id: str) -> Response:
        return page(request, await kit.read(request, "get_document", {"item_id": item_id}))

    @router.get("/docs/{item_id}/download", name="doc_download")
    async def doc_download(request: Request, item_id: str) -> Response:
        return await download(kit, request, "export_document", item_id)

    @router.post("/docs/{item_id}/save", name="doc_save")
    async def save(request: Request, item_id: str) -> Response:
        body = await request.body()
        try:
            data = json.loads(body) if len(body) <= MAX_BODY else None
        except ValueError:
            data = None
        if not isinstance(data, dict):
            return JSONResponse({"error": 'send the document as JSON: {"blocks": [...]}'}, status_code=400)
        trace = parse_trace(json.dumps(data.get("trace") or []))
        document = await kit.read(request, "get_document", {"item_id": item_id})
        try:
            plan = plan_edit(document["blocks"], data.get("blocks"))
        except EditRefused as exc:
            await kit.record_events(request, trace)
            return JSONResponse({"error": f"Not saved: {exc}"}, status_code=422)
        if not plan.steps:
            await kit.record_events(request, trace)
        cause = None  # the step that led to the save: every call of it points at that step
        for step in plan.steps:
            args = {"item_id": item_id, **step.args}
            if step.action == "insert_document_block":
                args["after_block_id"] = plan.after_id(step)
            outcome = await kit.run(request, step.action, args, trace, caused_by=cause)
            trace, cause = [], outcome.cause_seq
            if not outcome.ok:
                return JSONResponse({"error": f"Not saved: {outcome.error}"}, status_code=422)
            if step.new_index is not None:
                plan.ids[step.new_index] = _new_block_id(outcome.data(), args["after_block_id"])
        document = await kit.read(request, "get_document", {"item_id": item_id})
        html = kit.env.get_template("doc_blocks.html").render(blocks=editor_blocks(document["blocks"]))
        return JSONResponse({"saved": len(plan.steps), "html": html})

    @router.post("/docs/{item_id}/comments", name="doc_comment")
    async def comment(request: Request, item_id: str) -> Response:
        values, _ = await kit.form(request)
        args = {"item_id": item_id, "content": values.get("content", "")}
        if values.get("block_id"):  # New comment on the selected text: anchored to its block
            args["block_id"] = values["block_id"]
        return await submit(kit, request, "add_document_comment", args, f"/docs/{item_id}")

    return router
