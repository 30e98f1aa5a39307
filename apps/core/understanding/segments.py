"""A message's own words cut into the pieces that may each carry a request: sentences, bullet and numbered
items, the rows of a table (as "column: value" pairs), a block of "key: value" lines kept together;
greetings and sign-offs dropped.
"""

from __future__ import annotations

import re

_BULLET = re.compile(r"^\s*(?:[-*•·]|\d+[.)]|[a-z][.)]|\(\w\))\s+")
_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{3,}")
_KEY_VALUE = re.compile(r"^\s*[A-Za-z][\w /]{1,30}:\s*\S|^\s*[A-Za-z][\w ,]{1,80}\s*->\s*\S")
_GREETING = re.compile(
    r"^\s*(?:hi|hello|hey|dear|good (?:morning|afternoon)|hola|hallo|bonjour|salut|guten tag)\b"
    r"(?:\s+(?:mr|mrs|ms|herr|frau)?\.?\s*[\w'-]+){0,2}\s*[,!.:-]*\s*$",
    re.I,
)
# (a thanks line that reports work done, "Thanks Ashley - done.", is no sign-off: it is news of the work)
_SIGN_OFF = re.compile(
    r"^\s*(?![^?]*[-–—,:!.]\s*(?:all\s+)?done\b)"
    r"(?:thanks?(?: a lot| so much| in advance)?|thank you(?: so much)?|many thanks(?: in advance)?"
    r"|cheers|best"
    r"(?: regards)?|kind regards|regards|gracias|danke|merci|br|thx)\b[^?]{0,40}$",
    re.I,
)
# a closing offer of help, conditional on a later need ("Let me know if you need anything else.", "If anything
# changes on your side, just let me know."): a sign-off, no request
_OFFER = re.compile(
    r"^\s*(?:(?:please |just |do )?(?:let me know|shout|reach out|get in touch|tell me)\b[^?]*\bif "
    r"(?:you (?:need|have|want)\b[^?]*\b(?:anything|any(?: other| further| more)? questions?|more)\b"
    r"|anything (?:else|changes)|(?:there(?:'s| is)|something) (?:anything|else)"
    r"|(?:anything|something|that|this) changes)[^?]*"
    r"|if (?:anything|something|that|this|it|plans?)\b[^?]*\b(?:changes?|comes? up)\b[^?]*"
    r"|if you (?:need|have) (?:anything|any (?:other |further |more )?questions?)\b[^?]*)$",
    re.I,
)
# a sentence end, or ", and" / "; also" before a new question
_SENTENCE = re.compile(
    r"(?<=[?!])\s+|(?<=\.)\s+(?=[A-Z¿¡])|\s*;\s*|,?\s+(?:and|also|und|y|et)(?:\s+also)?\s+(?=(?:what|when"
    r"|which|how"
    r"|where|who|could|can|would|is|are|the|separately|while|share|send|let|please|also"
    r"|\d+(?:\.\d+)?\s?%)\b|\d)"
    r"|\?\s*(?:and|\+)\s+|\s+\+\s+(?=\w)",
    re.I,
)


def _table(lines: list[str]) -> list[str]:
    rows = [
        [c.strip() for c in line.strip().strip("|").split("|")]
        for line in lines
        if not _TABLE_RULE.match(line)
    ]
    if len(rows) < 2:
        return [" ".join(c for c in rows[0] if c)] if rows else []
    header = rows[0]
    return [
        ". ".join(f"{h}: {v}" if v else f"{h}: ?" for h, v in zip(header, row, strict=False) if h)
        for row in rows[1:]
    ]


def _kind(line: str) -> str:
    if line.strip().startswith("|"):
        return "table"
    if _BULLET.match(line):
        return "bullet"
    return "kv" if _KEY_VALUE.match(line) else "text"


def pieces(text: str) -> list[str]:
    """The pieces of `text` (own words) that may carry a request, in order."""
    lines = text.replace("\r\n", "\n").split("\n")
    blocks: list[list[str]] = []
    kinds: list[str] = []
    for line in lines:
        if not line.strip():
            blocks.append([])
            kinds.append("blank")
            continue
        kind = (
            "table"
            if line.strip().startswith("|")
            else "bullet"
            if _BULLET.match(line)
            else "kv"
            if _KEY_VALUE.match(line)
            else "text"
        )
        if kinds and kinds[-1] == kind and kind in ("table", "kv", "text"):
            blocks[-1].append(line)
        else:
            blocks.append([line])
            kinds.append(kind)
    out: list[str] = []
    for kind, block in zip(kinds, blocks, strict=True):
        if not block:
            continue
        if kind == "table":
            out += _table(block)
        elif kind == "kv":
            out.append(". ".join(line.strip() for line in block))
        elif kind == "bullet":
            out.append(_BULLET.sub("", block[0]).strip())
        else:
            for part in _SENTENCE.split(" ".join(line.strip() for line in block)):
                if part and part.strip():
                    out.append(part.strip())
    return [
        p
        for p in out
        if not _GREETING.match(p) and not _SIGN_OFF.match(p) and not _OFFER.match(p) and re.search(r"\w", p)
    ]


def greeting_or_offer(part: str) -> bool:
    """Whether a line or sentence only greets ("Hi Jacqueline,") or offers more help on a later need ("Let me
    know if you need anything else.").

    Args:
        part: one line or sentence of a message's own words.
    """
    return bool(_GREETING.match(part) or _OFFER.match(part))
