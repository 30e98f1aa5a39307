"""Document blocks <-> simple Markdown, and .docx export with python-docx."""

from __future__ import annotations

import base64
import io
import re
from dataclasses import dataclass

import docx

BLOCK_TYPES = ("heading1", "heading2", "heading3", "paragraph", "bullet", "numbered", "table")
_NUMBERED = re.compile(r"^\d+[.)]\s+")


def parse_markdown(text: str) -> list[tuple[str, str, list[list[str]]]]:
    """(block_type, text, rows) from Markdown-like text: '# ', '## ', '### ', '- ', '1. ', '| a | b |'."""
    blocks: list[tuple[str, str, list[list[str]]]] = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.startswith("|"):
            cells = [c.strip() for c in line.strip("|").split("|")]
            if all(set(c) <= set("-: ") for c in cells):
                continue  # the |---|---| separator row
            if blocks and blocks[-1][0] == "table":
                blocks[-1][2].append(cells)
            else:
                blocks.append(("table", "", [cells]))
            continue
        for prefix, kind in (
            ("### ", "heading3"),
            ("## ", "heading2"),
            ("# ", "heading1"),
            ("- ", "bullet"),
            ("* ", "bullet"),
        ):
            if line.startswith(prefix):
                blocks.append((kind, line[len(prefix) :].strip(), []))
                break
        else:
            if _NUMBERED.match(line):
                blocks.append(("numbered", _NUMBERED.sub("", line), []))
            else:
                blocks.append(("paragraph", line, []))
    return blocks


def to_markdown(blocks) -> str:
    """Blocks (objects with block_type, text, rows) as Markdown text."""
    out, n = [], 0
    for b in blocks:
        n = n + 1 if b.block_type == "numbered" else 0
        if b.block_type == "table":
            rows = b.rows or [[]]
            out.append("| " + " | ".join(rows[0]) + " |")
            out.append("|" + "---|" * len(rows[0]))
            out.extend("| " + " | ".join(r) + " |" for r in rows[1:])
        else:
            prefix = {"heading1": "# ", "heading2": "## ", "heading3": "### ", "bullet": "- "}.get(
                b.block_type, ""
            )
            out.append((f"{n}. " if b.block_type == "numbered" else prefix) + b.text)
    return "\n".join(out)


# **bold**, *italic* / _italic_ (not inside words), ***both***, `code` — Markdown's inline emphasis.
_INLINE = re.compile(r"(\*\*\*[^*]+\*\*\*|\*\*[^*]+\*\*|\*[^*\s][^*]*\*|(?<!\w)_[^_\s][^_]*_(?!\w)|`[^`]+`)")


@dataclass(frozen=True)
class WordComment:
    """A comment to export: the block it is anchored to (None: the document's start), text, author."""

    block_id: str | None
    text: str
    author: str


def add_runs(paragraph, text: str) -> None:
    """`text` as Word runs: Markdown emphasis becomes real bold/italic runs, `code` a monospace run."""
    for part in _INLINE.split(text):
        if not part:
            continue
        if part.startswith("***") and part.endswith("***") and len(part) > 6:
            run = paragraph.add_run(part[3:-3])
            run.bold = run.italic = True
        elif part.startswith("**") and part.endswith("**") and len(part) > 4:
            paragraph.add_run(part[2:-2]).bold = True
        elif part[0] in "*_" and part[-1] == part[0] and len(part) > 2:
            paragraph.add_run(part[1:-1]).italic = True
        elif part[0] == "`" and part[-1] == "`" and len(part) > 2:
            paragraph.add_run(part[1:-1]).font.name = "Consolas"
        else:
            paragraph.add_run(part)


def _block_paragraph(document, b):
    """The Word paragraph of one block (a table's first cell for tables)."""
    if b.block_type.startswith("heading"):
        paragraph = document.add_heading("", level=int(b.block_type[-1]))
    elif b.block_type in ("bullet", "numbered"):
        paragraph = document.add_paragraph(style="List Bullet" if b.block_type == "bullet" else "List Number")
    elif b.block_type == "table":
        rows = b.rows or [[""]]
        table = document.add_table(rows=len(rows), cols=max(len(r) for r in rows))
        table.style = "Table Grid"
        for i, row in enumerate(rows):
            for j, value in enumerate(row):
                add_runs(table.cell(i, j).paragraphs[0], value)
        return table.cell(0, 0).paragraphs[0]
    else:
        paragraph = document.add_paragraph()
    add_runs(paragraph, b.text)
    return paragraph


def to_docx(title: str, blocks, comments: list[WordComment] = ()) -> bytes:
    """A Word document with real headings, list paragraphs, tables and bold/italic runs; each comment
    becomes a Word comment anchored to its block's text (python-docx's comments part)."""
    document = docx.Document()
    document.core_properties.title = title
    anchors = {b.id: _block_paragraph(document, b) for b in blocks}
    for comment in comments:
        paragraph = anchors.get(comment.block_id) or next(iter(anchors.values()), None)
        if paragraph is None:
            paragraph = document.add_paragraph()
        runs = paragraph.runs or [paragraph.add_run("")]
        initials = "".join(w[0] for w in comment.author.split()[:3]).upper()
        document.add_comment(runs, text=comment.text, author=comment.author, initials=initials)
    buf = io.BytesIO()
    document.save(buf)
    return buf.getvalue()


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode()


MARKS = ("bold", "italic", "code")
Run = tuple[str, frozenset[str]]  # (text, marks)


def runs_of(text: str) -> list[Run]:
    """A block's text as runs of (text, marks): the Markdown emphasis above read as bold/italic/code."""
    runs: list[Run] = []
    for part in _INLINE.split(text):
        if not part:
            continue
        if part.startswith("***") and part.endswith("***") and len(part) > 6:
            run: Run = (part[3:-3], frozenset({"bold", "italic"}))
        elif part.startswith("**") and part.endswith("**") and len(part) > 4:
            run = (part[2:-2], frozenset({"bold"}))
        elif part[0] in "*_" and part[-1] == part[0] and len(part) > 2:
            run = (part[1:-1], frozenset({"italic"}))
        elif part[0] == "`" and part[-1] == "`" and len(part) > 2:
            run = (part[1:-1], frozenset({"code"}))
        else:
            run = (part, frozenset())
        runs.append(run)
    return merge_runs(runs)


def merge_runs(runs: list[Run]) -> list[Run]:
    """Runs with whitespace moved out of emphasis and neighbours of the same marks joined, so one
    look of a text has one list of runs (what the editor shows and what is stored compare equal)."""
    pieces: list[Run] = []
    for text, marks in runs:
        core = text.strip()
        if marks and core:
            lead, trail = text[: len(text) - len(text.lstrip())], text[len(text.rstrip()) :]
            pieces += [(lead, frozenset()), (core, marks), (trail, frozenset())]
        else:
            pieces.append((text, frozenset() if not core else marks))
    out: list[Run] = []
    for text, marks in pieces:
        if not text:
            continue
        if out and out[-1][1] == marks:
            out[-1] = (out[-1][0] + text, marks)
        else:
            out.append((text, marks))
    return out


def text_of(runs: list[Run]) -> str:
    """Runs as a block's stored text (Markdown emphasis). Raises ValueError, saying why, for what this
    model cannot hold: marks other than bold/italic/code, code that is also bold or italic, or text
    whose own '*', '_' or '`' would read back as emphasis."""
    runs = merge_runs(runs)
    parts = []
    for text, marks in runs:
        unknown = sorted(marks - set(MARKS))
        if unknown:
            raise ValueError(f"{', '.join(unknown)} is not part of a document here (bold, italic, code only)")
        if "code" in marks and len(marks) > 1:
            raise ValueError("code text cannot also be bold or italic")
        wrap = "`" if "code" in marks else "*" * (("bold" in marks) * 2 + ("italic" in marks))
        parts.append(f"{wrap}{text}{wrap}")
    stored = "".join(parts).strip()
    if runs_of(stored) != _strip_ends(runs):
        raise ValueError(f"the text {stored!r} would read back differently: '*', '_' and '`' mark emphasis")
    return stored


def _strip_ends(runs: list[Run]) -> list[Run]:
    """Runs without the whitespace at the start of the first and the end of the last (a block's text
    is stored stripped)."""
    if not runs:
        return []
    out = list(runs)
    out[0] = (out[0][0].lstrip(), out[0][1])
    out[-1] = (out[-1][0].rstrip(), out[-1][1])
    return merge_runs(out)
