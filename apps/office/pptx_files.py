"""A deck as plain data (`DeckFile`), what the .pptx writer takes and the reader gives back, and the parts
of the file python-pptx has no API for: the theme (colour scheme, fonts) and PowerPoint's comments."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from lxml import etree

A = "http://schemas.openxmlformats.org/drawingml/2006/main"
P = "http://schemas.openxmlformats.org/presentationml/2006/main"
MODERN_COMMENTS = "http://schemas.microsoft.com/office/2018/10/relationships/comments"
P188 = "http://schemas.microsoft.com/office/powerpoint/2018/8/main"


@dataclass
class DeckFile:
    """A deck independent of the database: slides hold shapes in the stored form (`deck_models`); a
    picture's `image_item_id` is a key of `images` (bytes and file name)."""

    name: str
    width: int
    height: int
    theme: dict[str, Any]
    slides: list[dict[str, Any]]
    images: dict[str, tuple[bytes, str]] = field(default_factory=dict)
    author: str = ""
    created: datetime | None = None
    modified: datetime | None = None


# -- theme ----------------------------------------------------------------------------------------------


def themed(blob: bytes, theme: dict[str, Any]) -> bytes:
    """The theme part `blob` with `theme`'s name, colour scheme (RGB per slot) and heading/body fonts."""
    root = etree.fromstring(blob)
    root.set("name", theme["name"])
    scheme = root.find(f".//{{{A}}}clrScheme")
    scheme.set("name", theme["name"])
    for slot, rgb in theme["colors"].items():
        node = scheme.find(f"{{{A}}}{slot}")
        if node is None:
            continue
        for child in list(node):
            node.remove(child)
        etree.SubElement(node, f"{{{A}}}srgbClr", val=rgb.upper())
    fonts = root.find(f".//{{{A}}}fontScheme")
    fonts.set("name", theme["name"])
    for which, face in (("majorFont", theme["heading_font"]), ("minorFont", theme["body_font"])):
        fonts.find(f"{{{A}}}{which}/{{{A}}}latin").set("typeface", face)
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)


def read_theme(blob: bytes) -> dict[str, Any]:
    """Name, colour scheme and fonts of a theme part (system colours by their last known RGB)."""
    root = etree.fromstring(blob)
    colors = {}
    scheme = root.find(f".//{{{A}}}clrScheme")
    for node in scheme if scheme is not None else []:
        slot = etree.QName(node).localname
        value = next(iter(node), None)
        if value is not None:
            colors[slot] = (
                value.get("val") if value.get("lastClr") is None else value.get("lastClr")
            ).upper()
    faces = {}
    for which in ("majorFont", "minorFont"):
        latin = root.find(f".//{{{A}}}{which}/{{{A}}}latin")
        faces[which] = latin.get("typeface") if latin is not None else ""
    return {
        "name": root.get("name") or "Office Theme",
        "colors": colors,
        "heading_font": faces["majorFont"] or "Aptos Display",
        "body_font": faces["minorFont"] or "Aptos",
    }


# -- comments -------------------------------------------------------------------------------------------


def initials(name: str) -> str:
    return "".join(w[0] for w in name.split() if w[:1].isalpha()).upper()[:3] or "?"


def comment_authors_xml(authors: list[str], counts: dict[str, int]) -> bytes:
    root = etree.Element(f"{{{P}}}cmAuthorLst", nsmap={"p": P})
    for i, name in enumerate(authors):
        etree.SubElement(
            root, f"{{{P}}}cmAuthor", id=str(i), name=name, initials=initials(name),
            lastIdx=str(counts.get(name, 0)), clrIdx=str(i % 8),
        )  # fmt: skip
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)


def comments_xml(comments: list[dict[str, Any]], authors: list[str], numbers: dict[str, int]) -> bytes:
    """PowerPoint's comment list of one slide: each comment by its author's id, with its time, a
    per-author index and its text (a reply says whom it answers, as legacy comments cannot thread)."""
    root = etree.Element(f"{{{P}}}cmLst", nsmap={"p": P})
    for n, c in enumerate(comments):
        numbers[c["author"]] = numbers.get(c["author"], 0) + 1
        stamp = (c.get("created") or datetime(2000, 1, 1)).strftime("%Y-%m-%dT%H:%M:%S.000")
        cm = etree.SubElement(
            root,
            f"{{{P}}}cm",
            authorId=str(authors.index(c["author"])),
            dt=stamp,
            idx=str(numbers[c["author"]]),
        )
        etree.SubElement(cm, f"{{{P}}}pos", x=str(10 + 60 * n), y="10")
        etree.SubElement(cm, f"{{{P}}}text").text = c["text"]
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)


def read_comments(blob: bytes, authors: dict[str, str]) -> list[dict[str, Any]]:
    """The comments of a legacy (`p:cmLst`) or modern threaded (`p188:cmLst`) comments part, replies in
    a modern thread after their comment."""
    root = etree.fromstring(blob)
    out = []
    if etree.QName(root).namespace == P:
        for cm in root.findall(f"{{{P}}}cm"):
            text = cm.findtext(f"{{{P}}}text") or ""
            out.append(
                {"author": authors.get(cm.get("authorId"), ""), "text": text, "created": _when(cm.get("dt"))}
            )
        return out
    for cm in root.findall(f"{{{P188}}}cm"):
        for node in [cm, *cm.findall(f"{{{P188}}}replyLst/{{{P188}}}reply")]:
            text = " ".join(
                "".join(t.text or "" for t in p.iter(f"{{{A}}}t")) for p in node.iter(f"{{{A}}}p")
            ).strip()
            out.append(
                {
                    "author": authors.get(node.get("authorId"), ""),
                    "text": text,
                    "created": _when(node.get("created")),
                    "reply": node is not cm,
                }
            )
    return out


def read_authors(blob: bytes) -> dict[str, str]:
    """Author id -> name of a legacy or modern comment authors part."""
    root = etree.fromstring(blob)
    return {a.get("id"): a.get("name") or "" for a in root if isinstance(a.tag, str)}


def _when(text: str | None) -> datetime | None:
    if not text:
        return None
    try:
        return datetime.fromisoformat(text.rstrip("Z").split(".")[0])
    except ValueError:
        return None
