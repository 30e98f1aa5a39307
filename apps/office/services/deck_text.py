"""Text on slides as PowerPoint holds it: paragraphs (level, bullet, alignment) of runs (text with bold,
italic, size in points and an RGB colour). What the tools take (`ParagraphIn`, `RunIn`, or plain lines
indented by tabs), the stored form (plain dicts), and the edits on it: formatting a span, find and replace."""

from __future__ import annotations

import re
from typing import Annotated, Any

from pydantic import BaseModel, Field

from apps.core.errors import ActionError, ErrorKind
from apps.office.services.deck_layouts import Align

HEX = r"^[0-9A-Fa-f]{6}$"
Color = Annotated[str, Field(pattern=HEX, description='an RGB colour as six hex digits, e.g. "C00000"')]
Points = Annotated[float, Field(ge=1, le=400, description="a font size in points (1-400)")]
MAX_PARAGRAPHS = 500


class RunIn(BaseModel):
    """A run: text with one formatting."""

    text: str = Field(description="the run's text")
    bold: bool = Field(False, description="bold")
    italic: bool = Field(False, description="italic")
    size: Points | None = Field(None, description="font size in points (default: the placeholder's)")
    color: Color | None = Field(
        None, description='font colour as RGB hex, e.g. "C00000" (default: the theme\'s)'
    )


class ParagraphIn(BaseModel):
    """A paragraph: its text (or its runs, for mixed formatting), its list level and bullet."""

    text: str | None = Field(None, description="the paragraph's text as one run (or give runs)")
    runs: list[RunIn] | None = Field(None, description="the paragraph's runs, when formatting varies")
    level: int = Field(0, ge=0, le=8, description="list (indent) level, 0 = top")
    bullet: bool | None = Field(None, description="bulleted or not (default: what the placeholder does)")
    align: Align | None = Field(
        None, description="left, center, right or justify (default: the placeholder's)"
    )
    bold: bool = Field(False, description="make the whole paragraph bold (with text)")
    italic: bool = Field(False, description="make the whole paragraph italic (with text)")
    size: Points | None = Field(None, description="font size of the whole paragraph (with text)")
    color: Color | None = Field(None, description="font colour of the whole paragraph (with text)")


def run(
    text: str, bold: bool = False, italic: bool = False, size: float | None = None, color: str | None = None
):
    """A stored run."""
    return {
        "text": text,
        "bold": bool(bold),
        "italic": bool(italic),
        "size": size,
        "color": color and color.upper(),
    }


def paragraph(
    runs: list[dict], level: int = 0, bullet: bool = False, align: str | None = None
) -> dict[str, Any]:
    """A stored paragraph (adjacent runs of the same formatting merged, empty runs dropped)."""
    merged: list[dict] = []
    for r in runs:
        if not r["text"]:
            continue
        if merged and _same_format(merged[-1], r):
            merged[-1] = {**merged[-1], "text": merged[-1]["text"] + r["text"]}
        else:
            merged.append(dict(r))
    return {"level": level, "bullet": bullet, "align": align, "runs": merged}


def _same_format(a: dict, b: dict) -> bool:
    return all(a.get(k) == b.get(k) for k in ("bold", "italic", "size", "color"))


def from_lines(text: str, bullet: bool) -> list[dict[str, Any]]:
    """Plain text as paragraphs: one per line, each leading tab one list level deeper."""
    out = []
    for line in text.replace("\r\n", "\n").split("\n"):
        stripped = line.lstrip("\t")
        level = min(len(line) - len(stripped), 8)
        out.append(paragraph([run(stripped.rstrip())], level, bullet))
    return out


def from_input(paragraphs: list[ParagraphIn], bullet_default: bool) -> list[dict[str, Any]]:
    """Tool input as stored paragraphs; each paragraph has either text or runs."""
    if len(paragraphs) > MAX_PARAGRAPHS:
        raise ActionError(
            f"a shape holds at most {MAX_PARAGRAPHS} paragraphs", field="paragraphs", code=ErrorKind.LIMIT
        )
    out = []
    for i, p in enumerate(paragraphs):
        if (p.text is None) == (p.runs is None):
            raise ActionError(
                f"paragraph {i + 1}: give either text or runs",
                field="paragraphs",
                code=ErrorKind.INVALID_VALUE,
            )
        runs = (
            [run(r.text, r.bold, r.italic, r.size, r.color) for r in p.runs]
            if p.runs is not None
            else [run(p.text or "", p.bold, p.italic, p.size, p.color)]
        )
        out.append(paragraph(runs, p.level, bullet_default if p.bullet is None else p.bullet, p.align))
    return out


def plain(paragraphs: list[dict]) -> str:
    """The text of paragraphs, one line each (what a reader sees)."""
    return "\n".join("".join(r["text"] for r in p.get("runs", [])) for p in paragraphs)


def _split(runs: list[dict], start: int, end: int) -> list[tuple[dict, bool]]:
    """The runs cut at character offsets start and end; each piece says whether it lies inside."""
    out, pos = [], 0
    for r in runs:
        text, a, b = r["text"], pos, pos + len(r["text"])
        for lo, hi, inside in ((a, start, False), (max(a, start), min(b, end), True), (end, b, False)):
            lo, hi = max(lo, a), min(hi, b)
            if hi > lo:
                out.append(({**r, "text": text[lo - a : hi - a]}, inside))
        pos = b
    return out


def formatted(
    paragraphs: list[dict],
    target: str | None,
    match_case: bool,
    changes: dict[str, Any],
    indexes: list[int] | None,
) -> tuple[list[dict], int]:
    """`paragraphs` with `changes` (bold, italic, size, color) applied to every occurrence of `target`
    (or to whole paragraphs), in the paragraphs at `indexes` (default: all); returns them and the number
    of spans changed."""
    out, hits = [], 0
    pattern = re.compile(re.escape(target), 0 if match_case else re.IGNORECASE) if target else None
    for i, p in enumerate(paragraphs):
        text = "".join(r["text"] for r in p["runs"])
        if indexes is not None and i not in indexes:
            out.append(p)
            continue
        spans = [(m.start(), m.end()) for m in pattern.finditer(text)] if pattern else [(0, len(text))]
        spans = [s for s in spans if s[1] > s[0]]
        runs = p["runs"]
        for start, end in spans:
            runs = [{**r, **changes} if inside else r for r, inside in _split(runs, start, end)]
        hits += len(spans)
        out.append(paragraph(runs, p["level"], p["bullet"], p.get("align")))
    return out, hits


def replaced(paragraphs: list[dict], pattern: re.Pattern[str], new: str) -> tuple[list[dict], int]:
    """`paragraphs` with every match of `pattern` replaced by `new`; the replacement takes the formatting
    of the run where the match starts (as PowerPoint's Replace does). Returns them and the count."""
    out, hits = [], 0
    for p in paragraphs:
        text = "".join(r["text"] for r in p["runs"])
        matches = list(pattern.finditer(text))
        runs = p["runs"]
        for m in reversed(matches):  # from the end, so earlier offsets stay valid
            pieces = _split(runs, m.start(), m.end())
            first = next((r for r, inside in pieces if inside), None)
            rebuilt, placed = [], False
            for r, inside in pieces:
                if not inside:
                    rebuilt.append(r)
                elif not placed:
                    rebuilt.append({**(first or r), "text": new})
                    placed = True
            runs = rebuilt
        hits += len(matches)
        out.append(paragraph(runs, p["level"], p["bullet"], p.get("align")) if matches else p)
    return out, hits
