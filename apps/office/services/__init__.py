"""Office service layer: the only code touching office tables. Importing it registers every action."""

from apps.office.services import (  # noqa: F401
    calendar,
    calendar_events,
    categories,
    cell_format,
    chat,
    deck_edits,
    deck_files,
    decks,
    docs,
    drive,
    drive_recent,
    graph_mail,
    mail,
    mail_search,
    mail_send,
    people,
    ranges,
    replies,
    schedule,
    sheet_tabs,
    sheets,
    slide_charts,
    slide_shapes,
    slide_tables,
    slides,
)
from apps.office.services.common import actions

__all__ = ["actions"]
