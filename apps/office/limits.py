"""Limits of Microsoft 365 that Microsoft documents, with the error Graph gives past them.

Teams ("Limits and specifications for Microsoft Teams"): a chat or channel message has at most about
28 KB, text, links and @mentions included; a larger post fails with HTTP 413 "Request Entity too
large". Exchange Online ("Exchange Online limits", sending limits): a message has at most 500
recipients in To, Cc and Bcc together (the default of the mailbox's RecipientLimits, which an admin
may set from 1 to 1,000); a message addressed to more is not sent (Exchange's
`ErrorExceededMaxRecipientLimit`). Storage: a mailbox past its quota sends nothing more (Exchange's
`ErrorQuotaExceeded`), a OneDrive past its quota takes no more content (Graph's `quotaLimitReached`, HTTP
507); here the quotas are the episode's (`apps/core/quotas.py`: what its mail and its files may grow by,
set by the gateway's `SAASGYM_QUOTA_MAIL_MB` / `SAASGYM_QUOTA_DRIVE_MB`). Drive item names are in
`services/drive_names.py`.
"""

from __future__ import annotations

from typing import Annotated

from apps.core.errors import ActionError
from apps.core.param_schema import TextRule
from apps.core.quotas import Store

TOO_LARGE = "RequestEntityTooLarge"
TOO_MANY_RECIPIENTS = "ErrorExceededMaxRecipientLimit"
MAX_RECIPIENTS = 500

MAIL_STORE = Store(
    "mail",
    ("office_message", "office_attachment"),
    "ErrorQuotaExceeded",
    "The mailbox is full: the mail of this episode may grow by at most {limit} MiB and this would bring it "
    "to {used} MiB; nothing was sent or saved. Delete messages (and empty Deleted Items) to make room.",
)
DRIVE_STORE = Store(
    "drive",
    (
        "office_drive_item",
        "office_file_content",
        "office_doc_block",
        "office_doc_comment",
        "office_worksheet",
        "office_cell",
    ),  # fmt: skip
    "quotaLimitReached",
    "Insufficient storage: the files of this episode may grow by at most {limit} MiB and this would bring "
    "them to {used} MiB; nothing was saved. Delete files to make room.",
)
MAX_MESSAGE_BYTES = 28 * 1024
# The schema bounds characters; the service bounds the UTF-8 bytes (the same for plain ASCII text).
MessageText = Annotated[str, TextRule(max_length=MAX_MESSAGE_BYTES)]


def check_message_size(text: str) -> str:
    """`text` if a Teams message may hold it, else RequestEntityTooLarge saying by how much it is over."""
    size = len(text.encode())
    if size > MAX_MESSAGE_BYTES:
        raise ActionError(
            f"Request Entity too large: the message has {size:,} bytes and a Teams message at most about "
            f"28 KB ({MAX_MESSAGE_BYTES:,} bytes); shorten it, split it, or share it as a file",
            field="content",
            code=TOO_LARGE,
        )
    return text


def check_recipient_count(to: list[str], cc: list[str], bcc: list[str]) -> None:
    """Refuse a message addressed to more people than Exchange Online sends one message to."""
    count = len({a.lower() for a in [*to, *cc, *bcc]})
    if count > MAX_RECIPIENTS:
        raise ActionError(
            f"The message has {count:,} recipients (To, Cc and Bcc together); Exchange Online sends a "
            f"message to at most {MAX_RECIPIENTS} recipients: nothing was sent. Split the recipients "
            "over several messages.",
            field="to",
            code=TOO_MANY_RECIPIENTS,
        )
