"""Document blocks <-> simple Markdown, and .docx export with python-docx."""

from __future__ import annotations

import base64
import io
import re

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


def to_docx(title: str, blocks) -> bytes:
    """A Word document with real headings, list paragraphs and tables."""
    import docx  # imported on first use (start-up of every process)

    document = docx.Document()
    document.core_properties.title = title
    for b in blocks:
        if b.block_type.startswith("heading"):
            document.add_heading(b.text, level=int(b.block_type[-1]))
        elif b.block_type == "bullet":
            document.add_paragraph(b.text, style="List Bullet")
        elif b.block_type == "numbered":
            document.add_paragraph(b.text, style="List Number")
        elif b.block_type == "table":
            rows = b.rows or [[""]]
            width = max(len(r) for r in rows)
            table = document.add_table(rows=len(rows), cols=width)
            table.style = "Table Grid"
            for i, row in enumerate(rows):
                for j, value in enumerate(row):
                    table.cell(i, j).text = value
        else:
            document.add_paragraph(b.text)
    buf = io.BytesIO()
    document.save(buf)
    return buf.getvalue()


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode()
