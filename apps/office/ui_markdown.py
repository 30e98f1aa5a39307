"""A mail body as Outlook shows it: plain text whose light Markdown — what the compose form's formatting bar
writes (**bold**, *italic*, __underline__, ==highlight==, "- " bullets, "1. " numbered lists) and tables
written as Markdown rows — is drawn formatted, the quoted original of a reply or forward (after Outlook's
line of underscores) set apart. Everything is escaped first; only these few tags are ever made."""

from __future__ import annotations

import re

from markupsafe import Markup, escape

QUOTE_RULE = "________________________________"
INLINE = (
    (re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*"), r"<strong>\1</strong>"),
    (re.compile(r"__(?=\S)(.+?)(?<=\S)__"), r"<u>\1</u>"),
    (re.compile(r"==(?=\S)(.+?)(?<=\S)=="), r"<mark>\1</mark>"),
    (re.compile(r"(?<![*\w])\*(?=\S)([^*]+?)(?<=\S)\*(?![*\w])"), r"<em>\1</em>"),
)
BULLET = re.compile(r"^\s*[-•*]\s+(.*)$")
NUMBERED = re.compile(r"^\s*\d+[.)]\s+(.*)$")
TABLE_ROW = re.compile(r"^\s*\|.*\|\s*$")
TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$")


def _inline(text: str) -> str:
    out = str(escape(text))
    for pattern, repl in INLINE:
        out = pattern.sub(repl, out)
    return out


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def _blocks(lines: list[str]) -> list[str]:
    html: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if TABLE_ROW.match(line) and i + 1 < len(lines) and TABLE_RULE.match(lines[i + 1]):
            head, i = _cells(line), i + 2
            rows = []
            while i < len(lines) and TABLE_ROW.match(lines[i]):
                rows.append(_cells(lines[i]))
                i += 1
            cells = "".join(f'<th scope="col">{_inline(c)}</th>' for c in head)
            body = "".join("<tr>" + "".join(f"<td>{_inline(c)}</td>" for c in r) + "</tr>" for r in rows)
            html.append(
                f'<table class="o-mdtable"><thead><tr>{cells}</tr></thead><tbody>{body}</tbody></table>'
            )
            continue
        for pattern, tag in ((BULLET, "ul"), (NUMBERED, "ol")):
            if pattern.match(line):
                items = []
                while i < len(lines) and pattern.match(lines[i]):
                    items.append(f"<li>{_inline(pattern.match(lines[i]).group(1))}</li>")
                    i += 1
                html.append(f"<{tag}>{''.join(items)}</{tag}>")
                break
        else:
            html.append(f"<p>{_inline(line)}</p>" if line.strip() else '<p class="o-blank"></p>')
            i += 1
    return html


def mail_body(text: str | None) -> Markup:
    """The body's HTML: paragraphs, lists, tables and inline formatting; a quoted original in a blockquote."""
    own, _, quoted = (text or "").partition(QUOTE_RULE)
    html = "".join(_blocks(own.rstrip("\n").split("\n")))
    if quoted:
        html += '<hr class="o-quote-rule"><div class="o-quoted">' + "".join(
            _blocks(quoted.strip("\n").split("\n"))
        )
        html += "</div>"
    return Markup(html)
