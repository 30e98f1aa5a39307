"""Office service layer: the only code touching office tables. Importing it registers every action."""

from apps.office.services import (  # noqa: F401
    calendar,
    categories,
    chat,
    docs,
    drive,
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
)
from apps.office.services.common import actions

__all__ = ["actions"]
