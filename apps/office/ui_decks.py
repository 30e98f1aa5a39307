"""PowerPoint for the web: a start page (recent presentations, a new blank or templated deck, Upload and
open a .pptx) and the editor — the title bar (Present, Share), the icon ribbon (Home, Insert, Design, View
and a selected table's Table Layout), the slide thumbnails pane, the slide canvas whose placeholders and
table cells you type into, the notes pane, the comments pane, the Format pane of the selected shape and the
Slide Sorter view. Every read and edit is one office action (`ui_deck_forms.py` maps the ribbon's forms to
them; typed text, notes and table cells are saved as you go by `set_shape_text`, `update_slide_notes` and
`update_table_cells`)."""

from __future__ import annotations

import base64
import json
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from apps.core.ui_kit import UiKit
from apps.core.ui_trace import parse_trace
from apps.office.services.deck_files import MAX_FILE_BYTES
from apps.office.services.deck_layouts import CHART_TYPES, GEOMETRIES, LAYOUT_NAMES
from apps.office.ui_deck_chart import PIE_SHEET, SAMPLE_SHEET, gallery
from apps.office.ui_deck_forms import DIALOGS, FormError, build_deck_forms, chart_table, grid_rows
from apps.office.ui_deck_view import position_fields, slide_view
from apps.office.ui_download import download

MAX_UPLOAD = MAX_FILE_BYTES  # import_presentation's limit


def _number(raw: str | None, count: int) -> int:
    try:
        return min(max(int(raw or 1), 1), max(count, 1))
    except ValueError:
        return 1


async def editor(kit: UiKit, request: Request, item_id: str, *, status: int = 200, **state: Any) -> Response:
    """The editor on the slide and view the query (or `state`) names, with a dialog open or an error."""
    q = {**dict(request.query_params), **{k: v for k, v in state.items() if isinstance(v, str)}}
    deck = await kit.read(request, "get_presentation", {"item_id": item_id, "include_shapes": True})
    number = _number(q.get("slide"), len(deck["slides"]))
    slides = [slide_view(s, deck) for s in deck["slides"]]
    current = slides[number - 1] if slides else None
    detail = (
        await kit.read(request, "get_slide", {"item_id": item_id, "slide_id": current["id"]})
        if current
        else None
    )
    selected = next((s for s in (current or {}).get("views", []) if s["id"] == q.get("shape")), None)
    recent = (await kit.read(request, "list_recent_files", {"limit": 200}))["records"]
    can_edit = deck["item"]["my_role"] in ("owner", "write")
    viewing = q.get("mode") == "view"  # the title bar's Viewing mode: the same slides, read-only
    context = {
        "title": deck["item"]["name"],
        "deck": deck,
        "slides": slides,
        "current": current,
        "comments": (detail or {}).get("comments", []),
        "selected": selected,
        "positions": position_fields(selected) if selected else [],
        "number": number,
        "view": "sorter" if q.get("view") == "sorter" else "normal",
        "can_edit": can_edit,
        "viewing": viewing,
        "mode": "view" if viewing else None,
        "editable": can_edit and not viewing,
        "show_selection": bool(current) and q.get("view") != "sorter",
        "show_comments": q.get("comments") == "1",
        "show_chart_data": q.get("data") == "1",  # Edit Data's pane, open (else it waits for Edit Data)
        "dialog": q.get("dialog") if q.get("dialog") in DIALOGS else None,
        "layouts": LAYOUT_NAMES,
        "geometries": GEOMETRIES,
        "chart_types": CHART_TYPES,
        "chart_gallery": gallery(deck.get("theme", {}).get("colors", {})),
        "sample_sheets": {"chart": SAMPLE_SHEET, "pie": PIE_SHEET},
        "workbooks": [r for r in recent if r["kind"] == "workbook"],
        "images": [r for r in recent if (r.get("mime_type") or "").startswith("image/")],
        "templates": [r for r in recent if r["kind"] == "presentation" and r["id"] != item_id],
        "values": state.get("values") or {},
        "typed_sheet": grid_rows(state.get("values") or {}),
        "error": state.get("error"),
    }
    return kit.render(request, "deck.html", context, status=status)


DESIGN_TILES = 5


def build_decks_router(kit: UiKit) -> APIRouter:
    router = APIRouter()

    async def designs(request: Request, recent: list[dict]) -> list[dict[str, Any]]:
        """Create new's design tiles: your most recent presentations (at most 5), each drawn by its first
        slide (a new presentation takes its design and slides).

        Args:
            recent: the presentations you can open, most recent first.
        """
        out = []
        # Create new shows the workspace's templates first (a name with "template"), your other recent
        # presentations behind "More themes"
        found = (await kit.read(request, "search_drive", {"query": "template", "limit": 10}))["records"]
        themes = [r for r in found if r["kind"] == "presentation" and "template" in r["name"].lower()]
        ordered = themes[:3] + [r for r in recent if all(r["id"] != t["id"] for t in themes[:3])]
        for item in ordered[:DESIGN_TILES]:
            deck = await kit.read(
                request, "get_presentation", {"item_id": item["id"], "include_shapes": True}
            )
            first = slide_view(deck["slides"][0], deck) if deck["slides"] else None
            theme = "template" in item["name"].lower()
            out.append({"item": item, "deck": deck, "slide": first, "theme": theme})
        return out

    async def start(
        request: Request, *, status: int = 200, error: str | None = None, values=None
    ) -> Response:
        recent = (await kit.read(request, "list_recent_files", {"kind": "presentation", "limit": 50}))[
            "records"
        ]
        me = await kit.read(request, "get_my_profile", {})
        query = (request.query_params.get("q") or "").strip()  # the header's Search: names with the text
        listed = [r for r in recent if query.lower() in r["name"].lower()] if query else recent
        context = {
            "title": "PowerPoint",
            "recent": recent,
            "listed": listed,
            "query": query,
            "designs": await designs(request, recent),
            "me_id": me["id"],
            "error": error,
            "values": values or {},
        }
        return kit.render(request, "decks.html", context, status=status)

    @router.get("/decks", name="decks")
    async def decks(request: Request) -> Response:
        return await start(request)

    @router.post("/decks/new", name="deck_new")
    async def new(request: Request) -> Response:
        values, trace = await kit.form(request)
        args = {"name": values.get("name", "")}
        if values.get("template_id"):
            args["template_id"] = values["template_id"]
        outcome = await kit.run(request, "create_presentation", args, trace)
        if not outcome.ok:
            return await start(request, status=422, error=outcome.error, values=values)
        return kit.redirect(request, "/decks/" + outcome.data()["item"]["id"])

    @router.post("/decks/upload", name="deck_upload")
    async def upload(request: Request) -> Response:
        form = await request.form()
        trace = parse_trace(form.get("_trace"))
        file = form.get("file")
        data = await file.read(MAX_UPLOAD + 1) if hasattr(file, "read") else b""
        name = (getattr(file, "filename", "") or "").rsplit("/", 1)[-1]
        if not data:
            await kit.record_events(request, trace)
            return await start(request, status=422, error="Choose a .pptx file to upload.")
        args = {
            "name": name.removesuffix(".pptx") or "Presentation",
            "content_base64": base64.b64encode(data).decode(),
        }
        outcome = await kit.run(request, "import_presentation", args, trace)
        if not outcome.ok:
            return await start(request, status=422, error=outcome.error)
        return kit.redirect(request, "/decks/" + outcome.data()["item"]["id"])

    @router.get("/decks/pictures/{image_id}", name="deck_picture")
    async def picture(request: Request, image_id: str) -> Response:
        found = await kit.read(request, "get_file_content", {"item_id": image_id})
        headers = {"Cache-Control": "private, max-age=3600"}
        return Response(
            base64.b64decode(found["content_base64"]), media_type=found["content_type"], headers=headers
        )

    @router.get("/decks/{item_id}", name="deck")
    async def deck(request: Request, item_id: str) -> Response:
        return await editor(kit, request, item_id)

    @router.get("/decks/{item_id}/download", name="deck_download")
    async def deck_download(request: Request, item_id: str) -> Response:
        return await download(kit, request, "export_presentation", item_id)

    async def save_json(request: Request, item_id: str, action: str, keys: tuple[str, ...]) -> Response:
        """One office action from a JSON body the editor sends as you type (PowerPoint saves as you go):
        {"slide_id", ..., "trace"}; a refusal comes back as {"error"}."""
        try:
            data = json.loads(await request.body())
        except ValueError:
            data = None
        if not isinstance(data, dict) or not all(k in data for k in keys):
            wanted = ", ".join(json.dumps(k) for k in keys)
            return JSONResponse({"error": f"send {{{wanted}}}"}, status_code=400)
        outcome = await kit.run(
            request,
            action,
            {"item_id": item_id, **{k: data.get(k) for k in keys}},
            parse_trace(json.dumps(data.get("trace") or [])),
        )
        if not outcome.ok:
            return JSONResponse({"error": f"Not saved: {outcome.error}"}, status_code=422)
        return JSONResponse({"saved": True})

    @router.post("/decks/{item_id}/text", name="deck_text")
    async def text(request: Request, item_id: str) -> Response:
        """Typed text of one shape, saved when the caret leaves it."""
        return await save_json(request, item_id, "set_shape_text", ("slide_id", "shape_id", "paragraphs"))

    @router.post("/decks/{item_id}/notes", name="deck_notes")
    async def notes(request: Request, item_id: str) -> Response:
        """The notes pane, saved a moment after you stop typing."""
        return await save_json(request, item_id, "update_slide_notes", ("slide_id", "notes"))

    @router.post("/decks/{item_id}/cells", name="deck_cells")
    async def cells(request: Request, item_id: str) -> Response:
        """A table's cells typed in place on the slide, saved when you leave the table."""
        return await save_json(request, item_id, "update_table_cells", ("slide_id", "shape_id", "cells"))

    @router.post("/decks/{item_id}/chart", name="deck_chart_data")
    async def chart_data(request: Request, item_id: str) -> Response:
        """One committed cell of a chart's Chart Data pane: {"slide_id", "shape_id", "cells": {"grid-r-c":
        text}, "trace"} — the whole sheet as categories and series, one update_chart (none when the sheet
        says what the chart already shows); a sheet that is not chart data comes back as {"error"}."""
        try:
            data = json.loads(await request.body())
        except ValueError:
            data = None
        if not isinstance(data, dict) or not isinstance(data.get("cells"), dict):
            return JSONResponse({"error": 'send {"slide_id", "shape_id", "cells"}'}, status_code=400)
        trace = parse_trace(json.dumps(data.get("trace") or []))
        try:
            categories, series = chart_table(grid_rows({str(k): str(v) for k, v in data["cells"].items()}))
        except FormError as exc:
            await kit.record_events(request, trace)
            return JSONResponse({"error": str(exc)}, status_code=422)
        where = {"item_id": item_id, "slide_id": data.get("slide_id"), "shape_id": data.get("shape_id")}
        slide = await kit.run(request, "get_slide", {"item_id": item_id, "slide_id": where["slide_id"]})
        shapes = slide.data()["shapes"] if slide.ok else []
        shown = next((s.get("chart") for s in shapes if s["id"] == where["shape_id"]), None) or {}
        named = [{**s, "name": s["name"] or f"Series {i + 1}"} for i, s in enumerate(series)]  # as stored
        if (shown.get("categories"), shown.get("series")) == (categories, named):
            await kit.record_events(request, trace)
            return JSONResponse({"saved": True, "unchanged": True})
        outcome = await kit.run(
            request, "update_chart", {**where, "categories": categories, "series": series}, trace
        )
        if not outcome.ok:
            return JSONResponse({"error": f"Not saved: {outcome.error}"}, status_code=422)
        return JSONResponse({"saved": True})

    router.include_router(build_deck_forms(kit, editor))
    return router
