"""A message split into the writer's own words and the text it quotes or forwards.

A reply usually carries the mail it answers below it (Outlook's divider and From/Sent header, Gmail's "On …
wrote:", "-----Original Message-----", a forwarded block) or inline with ">" marks. Whatever someone else
wrote must never be read as the writer's: an "Approved: 35%" the requester typed into their own mail and that
comes back quoted is no approval. The reply boundary is found by `mail-parser-reply` (maintained, MIT); the
">" lines it leaves inside the own words are moved to the quoted part, and the divider lines of Outlook and
of forwards are recognised here too, so a message whose quoted part the library misses is still split.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from mailparser_reply import EmailReplyParser

# Lines that start quoted or forwarded text, whatever the library makes of them.
_BOUNDARIES = [
    re.compile(r"^_{10,}\s*$"),  # Outlook's divider above the original's header
    re.compile(r"^-{2,}\s*(original message|forwarded message|forwarded by)\b.*$", re.I),
    re.compile(r"^begin forwarded message:?\s*$", re.I),
    re.compile(r"^on\b.{0,200}\bwrote:\s*$", re.I),
    re.compile(r"^on\b.{0,200}(<[^>]+@[^>]+>|\d{4}.*)$", re.I),  # "On …, Name <mail>" (then "wrote:")
]
_HEADER = re.compile(r"^\*?(from|de|von)\s*:\*?\s*\S", re.I)
_HEADER_NEXT = re.compile(r"^\*?(sent|date|to|subject|cc)\s*:", re.I)


@dataclass(frozen=True)
class SplitMessage:
    """`own`: what the writer wrote (their words, stripped); `quoted`: everything quoted or forwarded
    below or inside it ("" when nothing is)."""

    own: str
    quoted: str


def _boundary(lines: list[str], i: int) -> bool:
    line = lines[i].strip()
    if any(p.match(line) for p in _BOUNDARIES[:4]):
        return True
    if _BOUNDARIES[4].match(line) and i + 1 < len(lines) and lines[i + 1].strip().lower() == "wrote:":
        return True
    if _HEADER.match(line):  # "From: …" followed by "Sent:"/"Date:"/"To:"/"Subject:" within two lines
        return any(_HEADER_NEXT.match(lines[j].strip()) for j in range(i + 1, min(i + 3, len(lines))))
    return False


@lru_cache(maxsize=1)
def _parser() -> EmailReplyParser:
    return EmailReplyParser(languages=["en"])


def split_message(text: str | None) -> SplitMessage:
    """Split a mail, chat message or comment into the writer's own words and what it quotes.

    Args:
        text: the message body as stored (plain text; HTML should be converted first).

    Returns:
        `SplitMessage(own, quoted)`. A message with nothing quoted has `quoted == ""`.
    """
    lines = (text or "").replace("\r\n", "\n").split("\n")
    cut = next((i for i in range(len(lines)) if _boundary(lines, i)), len(lines))
    head, below = "\n".join(lines[:cut]), "\n".join(lines[cut:])
    reply = _parser().parse_reply(text=head) if head.strip() else ""
    if reply.strip() and head.strip().startswith(reply.strip()):  # the library found a later boundary
        below = head.strip()[len(reply.strip()) :] + "\n" + below
        head = reply
    own_lines, quoted_lines = [], []
    for line in head.split("\n"):
        (quoted_lines if line.lstrip().startswith(">") else own_lines).append(line)
    quoted = "\n".join(part for part in ("\n".join(quoted_lines).strip(), below.strip()) if part)
    return SplitMessage(own="\n".join(own_lines).strip(), quoted=quoted)


def own_words(text: str | None) -> str:
    """Only the writer's own words of a message (`split_message(text).own`)."""
    return split_message(text).own
