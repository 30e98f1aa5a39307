"""The handbook's Markdown as knowledge-base HTML (headings, paragraphs, lists, tables): the KB article
and the OneDrive document are written from the same text."""

from __future__ import annotations

from html import escape

from apps.office.services.doc_format import parse_markdown

TAGS = {"heading1": "h1", "heading2": "h2", "heading3": "h3", "paragraph": "p"}


def kb_html(markdown: str) -> str:
    """The article body: one element per block, consecutive list items in one list."""
    out: list[str] = []
    open_list = None
    for kind, text, rows in parse_markdown(markdown):
        tag = {"bullet": "ul", "numbered": "ol"}.get(kind)
        if open_list and tag != open_list:
            out.append(f"</{open_list}>")
            open_list = None
        if tag:
            if open_list is None:
                out.append(f"<{tag}>")
                open_list = tag
            out.append(f"<li>{escape(text)}</li>")
        elif kind == "table":
            head, *body = rows
            cells = "".join(f"<th>{escape(c)}</th>" for c in head)
            body_html = "".join("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in r) + "</tr>" for r in body)
            out.append(f"<table><tr>{cells}</tr>{body_html}</table>")
        else:
            out.append(f"<{TAGS[kind]}>{escape(text)}</{TAGS[kind]}>")
    if open_list:
        out.append(f"</{open_list}>")
    return "".join(out)
