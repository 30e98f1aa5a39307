"""UI16's new change request: first the "Create New Change" page (the change models as tiles: Standard,
Normal, Emergency, and the most used standard change templates), then the form with that type. Standard
opens the Standard Change Catalog (the pre-approved templates by category, with a search; each template
fills the form's texts); the form is the New form of ui_forms, the type given as ?type=."""

from __future__ import annotations

from fastapi import Request
from fastapi.responses import Response

from apps.core.ui_kit import UiKit
from apps.ticketing.change_templates import CATEGORIES, TEMPLATES, matching

# the model tiles: type, title, what it is for
TYPES = (
    (
        "standard",
        "Standard",
        "Select from available pre-approved change templates. These changes do not require approval.",
    ),
    (
        "normal",
        "Normal",
        "Changes without predefined plans that require approval and CAB authorization.",
    ),
    (
        "emergency",
        "Emergency",
        "Unplanned changes necessary to restore service. These changes require CAB authorization and only "
        "Change Management approval.",
    ),
)
MOST_USED = 4  # the templates the Create New Change page lists


async def change_chooser(kit: UiKit, request: Request) -> Response:
    """The page before a new change's form: the model tiles, or with ?standard=1 the Standard Change
    Catalog (?category= one category's templates, ?search= the templates matching the words).

    Args:
        kit: the UI kit.
        request: the page's request.
    """
    q = request.query_params
    standard = q.get("standard") == "1"
    category = q.get("category", "") if q.get("category", "") in CATEGORIES else ""
    search = q.get("search", "").strip()
    view = "search" if search else "category" if category else "home"
    blocks = [
        {"name": name, "description": text, "icon": icon, "entries": matching(category=name)}
        for name, (text, icon) in CATEGORIES.items()
    ]
    context = {
        "title": "Standard Change Catalog" if standard else "Create New Change",
        "types": TYPES,
        "standard": standard,
        "view": view,
        "category": category,
        "search": search,
        "categories": CATEGORIES,
        "blocks": blocks,
        "templates": matching(search, category),
        "most_used": TEMPLATES[:MOST_USED],
        "total": len(TEMPLATES),
    }
    return kit.render(request, "sn_change_new.html", context)
