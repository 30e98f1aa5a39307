"""Size limits of Microsoft 365 texts that Microsoft documents, with the error Graph gives past them.

Teams ("Limits and specifications for Microsoft Teams"): a chat or channel message has at most about
28 KB, text, links and @mentions included; a larger post fails with HTTP 413 "Request Entity too
large". Drive item names are in `services/drive_names.py`.
"""

from __future__ import annotations

from typing import Annotated

from apps.core.errors import ActionError
from apps.core.param_schema import TextRule

TOO_LARGE = "RequestEntityTooLarge"
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
