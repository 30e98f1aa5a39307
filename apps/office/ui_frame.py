"""Microsoft 365's frame around every office page: which product a page belongs to (its name in the suite
header, its search box, its place on the app rail), the rail's icons, and the signed-in person."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from apps.core.ui_kit import UiKit
from apps.office import design_system, ui_dates
from apps.office.ui_markdown import mail_body
from apps.office.ui_suite import help_topics

RAIL_ICONS = {"/mail": "mail", "/calendar": "calendar_ltr", "/files": "folder", "/chat": "chat"}
FOLDER_ICONS = {
    "inbox": "mail_inbox",
    "drafts": "drafts",
    "sentitems": "send",
    "deleteditems": "delete",
    "archive": "archive",
    "junkemail": "mail_warning",
}
ATTACHMENT_KINDS = {  # a file attachment's media type -> its OneDrive kind (for the file-type icon)
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "document",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "workbook",
    "application/vnd.openxmlformats-officedocument.presentationml.presentation": "deck",
    "application/pdf": "pdf",
}


@dataclass(frozen=True)
class Search:
    """The suite header's search box of a product: where it searches and what it is called."""

    path: str
    label: str
    id: str
    placeholder: str = "Search"
    keep: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Product:
    name: str  # in the suite header: Outlook, OneDrive, Word, Excel, Teams
    home: str
    rail: str  # the app rail's entry that is current
    search: Search | None = None


MAIL_SEARCH = Search("/mail", "Search mail", "mail-q")
FILES_SEARCH = Search("/files", "Search files", "files-search", "Search everything")
PRODUCTS = (  # by the page's path prefix, first match
    ("/mail", Product("Outlook", "/mail", "/mail", MAIL_SEARCH)),
    ("/calendar", Product("Outlook", "/calendar", "/calendar", MAIL_SEARCH)),
    ("/files", Product("OneDrive", "/files", "/files", FILES_SEARCH)),
    ("/docs", Product("Word", "/files", "/files")),
    ("/sheets", Product("Excel", "/files", "/files")),
    ("/decks", Product("PowerPoint", "/files", "/files")),
    ("/chat", Product("Teams", "/chat", "/chat")),
)
DEFAULT = Product("Microsoft 365", "/mail", "")


def product(path: str) -> Product:
    """The product a page of `path` belongs to."""
    return next((p for prefix, p in PRODUCTS if path == prefix or path.startswith(prefix + "/")), DEFAULT)


def filesize(size: Any) -> str:
    """A size in bytes as Outlook and OneDrive write it (812 bytes, 12 KB, 1.4 MB)."""
    try:
        n = int(size)
    except (TypeError, ValueError):
        return ""
    if n < 1024:
        return f"{n} bytes"
    if n < 1024 * 1024:
        return f"{round(n / 1024)} KB"
    return f"{n / 1024 / 1024:.1f} MB"


def install(kit: UiKit) -> None:
    """The frame's Jinja globals and filters."""

    def office_me(request: Any) -> str:
        return kit.signed_in_name(request, "get_my_profile", "display_name")

    kit.env.globals.update(
        office_product=product,
        office_me=office_me,
        ficon=design_system.icon,
        suite_help=help_topics,
        RAIL_ICONS=RAIL_ICONS,
        FOLDER_ICONS=FOLDER_ICONS,
        ATTACHMENT_KINDS=ATTACHMENT_KINDS,
    )
    kit.env.filters.update(filesize=filesize, mail_body=mail_body)
    ui_dates.install(kit)
