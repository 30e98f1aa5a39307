"""Microsoft 365's frame around every office page: which product a page belongs to (its name in the suite
header, its search box, its shell: Outlook's and OneDrive's app rail, Teams' own rail and grey title bar, or
an editor's header without a rail), the rails' entries, the App Launcher's apps, and the signed-in person."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from apps.core.ui_kit import UiKit
from apps.office import design_system, ui_dates
from apps.office.ui_markdown import mail_body
from apps.office.ui_suite import help_topics

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
class RailItem:
    """One entry of an app rail: its label, the page it opens (None: shown but disabled, `note` says why)
    and its Fluent icon."""

    label: str
    path: str | None
    icon: str
    note: str = ""
    fragment: str = ""
    query: tuple[tuple[str, str], ...] = ()  # the page's query (Word: OneDrive's Home filtered to Word files)


# new Outlook's app bar (no People page here, so none): Mail and Calendar, then the Microsoft 365 apps it
# pins (Word, Excel, PowerPoint open their recent files: OneDrive's Home filtered to the type, PowerPoint's
# start page); OneDrive on the web has its own nav pane instead
OUTLOOK_RAIL = (
    RailItem("Mail", "/mail", "mail"),
    RailItem("Calendar", "/calendar", "calendar_ltr"),
    RailItem("Teams", "/chat", "people_team"),
    RailItem("Word", "/files", "document_text", query=(("view", "home"), ("type", "word"))),
    RailItem("Excel", "/files", "document_table", query=(("view", "home"), ("type", "excel"))),
    RailItem("PowerPoint", "/decks", "slide_text"),
    RailItem("OneDrive", "/files", "cloud"),
)
# new Teams' app bar: what has no page here is shown disabled with a tooltip; Teams opens the channel list
TEAMS_RAIL = (
    RailItem("Activity", None, "alert", "Activity isn't available in this workspace"),
    RailItem("Chat", "/chat", "chat"),
    RailItem("Teams", "/chat", "people_team", fragment="teams-channels"),
    RailItem("Calendar", "/calendar", "calendar_ltr"),
    RailItem("Calls", None, "call", "Calls aren't available in this workspace"),
    RailItem("OneDrive", "/files", "cloud"),
    RailItem("Apps", None, "apps_add_in", "Apps aren't available in this workspace"),
)
# the App Launcher's Microsoft 365 apps: Word and Excel open from OneDrive (no start pages of their own here)
SUITE_APPS = (
    ("Outlook", "/mail", "mail"),
    ("Teams", "/chat", "people_team"),
    ("OneDrive", "/files", "cloud"),
    ("Word", "/files", "document_text"),
    ("Excel", "/files", "document_table"),
    ("PowerPoint", "/decks", "slide_text"),
)


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
    current: str  # the label of the rail's entry that is current
    search: Search | None = None
    shell: str = "outlook"  # outlook (Outlook's rail), teams (Teams' bar and rail), onedrive (its own nav
    # pane, no rail) or editor (no rail)

    @property
    def rail(self) -> tuple[RailItem, ...]:
        """The entries of this product's app rail (none in the editors)."""
        return {"outlook": OUTLOOK_RAIL, "teams": TEAMS_RAIL}.get(self.shell, ())

    def is_current(self, item: RailItem, query: Any) -> bool:
        """Whether `item` is the rail's current entry (in Teams a channel makes Teams current, not Chat)."""
        if self.shell == "teams" and self.current == "Chat" and query.get("channel"):
            return item.label == "Teams"
        return item.label == self.current


MAIL_SEARCH = Search("/mail", "Search mail", "mail-q")
FILES_SEARCH = Search("/files", "Search files", "files-search", "Search everything")
TEAMS_SEARCH = Search("/chat", "Search", "teams-q")
DECKS_SEARCH = Search("/decks", "Search presentations", "decks-q")  # the start page's (editors: their own)
PRODUCTS = (  # by the page's path prefix, first match
    ("/mail", Product("Outlook", "/mail", "Mail", MAIL_SEARCH)),
    ("/calendar", Product("Outlook", "/calendar", "Calendar", MAIL_SEARCH)),
    ("/files", Product("OneDrive", "/files", "OneDrive", FILES_SEARCH, shell="onedrive")),
    ("/docs", Product("Word", "/files", "", shell="editor")),
    ("/sheets", Product("Excel", "/files", "", shell="editor")),
    ("/decks", Product("PowerPoint", "/decks", "", DECKS_SEARCH, shell="editor")),
    ("/chat", Product("Teams", "/chat", "Chat", TEAMS_SEARCH, shell="teams")),
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
        SUITE_APPS=SUITE_APPS,
        FOLDER_ICONS=FOLDER_ICONS,
        ATTACHMENT_KINDS=ATTACHMENT_KINDS,
    )
    kit.env.filters.update(filesize=filesize, mail_body=mail_body)
    ui_dates.install(kit)
