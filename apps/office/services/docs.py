"""Docs (Word): structured documents — headings, paragraphs, lists, tables — edits, comments, .docx export."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel
from sqlmodel import select

from apps.core.actions import Ctx
from apps.core.errors import ActionError, ErrorKind, NotFoundError
from apps.office.models import DocBlock, DocComment, DriveItem, User
from apps.office.schemas import DocBlockOut, DocCommentOut, DriveItemOut, ExportOut
from apps.office.services.access import item_for
from apps.office.services.common import Done, actions, require_text
from apps.office.services.doc_format import WordComment, b64, parse_markdown, to_docx, to_markdown
from apps.office.services.drive import item_out, new_item
from apps.office.services.drive_names import ItemName

DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
BlockType = Literal["heading1", "heading2", "heading3", "paragraph", "bullet", "numbered", "table"]


class Document(BaseModel):
    """A document: its drive item, blocks in order, Markdown rendering and comments."""

    item: DriveItemOut  # type: ignore[valid-type]
    blocks: list[DocBlockOut]  # type: ignore[valid-type]
    markdown: str
    comments: list[DocCommentOut]  # type: ignore[valid-type]


def blocks_of(ctx: Ctx, item_id: str) -> list[DocBlock]:
    return list(ctx.db.exec(select(DocBlock).where(DocBlock.item_id == item_id).order_by(DocBlock.position)))


def document(ctx: Ctx, item: DriveItem, role: str | None = None) -> Document:
    blocks = blocks_of(ctx, item.id)
    comments = ctx.db.exec(
        select(DocComment)
        .where(DocComment.item_id == item.id)
        .order_by(DocComment.created_date_time, DocComment.id)
    )
    return Document(
        item=item_out(ctx, item, role),
        blocks=[DocBlockOut.model_validate(b) for b in blocks],
        markdown=to_markdown(blocks),
        comments=[DocCommentOut.model_validate(c) for c in comments],
    )


def _touch(ctx: Ctx, item: DriveItem) -> None:
    item.last_modified_date_time, item.last_modified_by_id = ctx.now, ctx.user_id
    item.size = sum(len(b.text) + sum(len(c) for r in b.rows for c in r) for b in blocks_of(ctx, item.id))
    ctx.db.add(item)


def _renumber(ctx: Ctx, blocks: list[DocBlock]) -> None:
    for i, b in enumerate(blocks):
        if b.position != i:
            b.position = i
            ctx.db.add(b)


@actions.write
def create_document(ctx: Ctx, *, name: ItemName, content: str = "", parent_id: str | None = None) -> Document:
    """Create a Word document in your drive from Markdown-like text.

    Args:
        name: file name; ".docx" is added when missing (OneDrive's naming rules apply, see create_file).
        content: lines of text: '# Heading 1', '## Heading 2', '### Heading 3', '- bullet',
            '1. numbered item', '| a | b |' table rows (first row = header), anything else a paragraph.
        parent_id: the folder's id (default: your drive's root).
    """
    name = require_text(name, "name", "a name")
    item = new_item(
        ctx, parent_id, name if name.lower().endswith(".docx") else name + ".docx", "document", DOCX
    )
    for i, (kind, text, rows) in enumerate(parse_markdown(content)):
        ctx.db.add(
            DocBlock(
                id=ctx.new_id("DocBlock"),
                item_id=item.id,
                position=i,
                block_type=kind,
                text=text,
                rows=rows,
            )
        )
    ctx.db.flush()
    _touch(ctx, item)
    return document(ctx, item, "owner")


@actions.read
def get_document(ctx: Ctx, *, item_id: str) -> Document:
    """Read a document: its blocks (with ids for editing), a Markdown rendering and its comments.

    Args:
        item_id: the document's drive item id.
    """
    item, role = item_for(ctx, item_id, kind="document")
    return document(ctx, item, role)


def _block(ctx: Ctx, item: DriveItem, block_id: str, field: str = "block_id") -> DocBlock:
    block = ctx.db.get(DocBlock, block_id) if block_id else None
    if block is None or block.item_id != item.id:
        raise NotFoundError(f"no block {block_id!r} in {item.name!r}; see get_document", field=field)
    return block


def _check_block(block_type: str, text: str, rows: list[list[str]] | None) -> None:
    if block_type == "table" and not rows:
        raise ActionError(
            "a table block needs rows, e.g. [['Name', 'Amount'], ['Acme', '100']]",
            field="rows",
            code=ErrorKind.REQUIRED,
        )
    if block_type != "table" and not text.strip():
        raise ActionError("a text block needs text", field="text", code=ErrorKind.REQUIRED)


@actions.write
def insert_document_block(
    ctx: Ctx,
    *,
    item_id: str,
    block_type: BlockType,
    text: str = "",
    rows: list[list[str]] | None = None,
    after_block_id: str | None = None,
) -> Document:
    """Insert a heading, paragraph, list item or table into a document you can edit.

    Args:
        item_id: the document's id.
        block_type: heading1, heading2, heading3, paragraph, bullet, numbered or table.
        text: the block's text (not used by tables).
        rows: table rows, each a list of cell texts (tables only).
        after_block_id: insert after this block (default: at the end; "start" for the top).
    """
    item, _ = item_for(ctx, item_id, "write", kind="document")
    _check_block(block_type, text, rows)
    blocks = blocks_of(ctx, item.id)
    at = (
        len(blocks)
        if after_block_id is None
        else 0
        if after_block_id == "start"
        else blocks.index(_block(ctx, item, after_block_id, "after_block_id")) + 1
    )
    new = DocBlock(
        id=ctx.new_id("DocBlock"),
        item_id=item.id,
        position=at,
        block_type=block_type,
        text=text.strip(),
        rows=rows or [],
    )
    blocks.insert(at, new)
    ctx.db.add(new)
    _renumber(ctx, blocks)
    ctx.db.flush()
    _touch(ctx, item)
    return document(ctx, item)


@actions.write
def update_document_block(
    ctx: Ctx,
    *,
    item_id: str,
    block_id: str,
    text: str | None = None,
    block_type: BlockType | None = None,
    rows: list[list[str]] | None = None,
) -> Document:
    """Change a block's text, type (e.g. paragraph -> heading2) or table rows.

    Args:
        item_id: the document's id.
        block_id: the block's id (from get_document).
        text: the new text.
        block_type: the new type.
        rows: the new table rows.
    """
    item, _ = item_for(ctx, item_id, "write", kind="document")
    block = _block(ctx, item, block_id)
    kind = block_type or block.block_type
    new_text = text.strip() if text is not None else block.text
    new_rows = rows if rows is not None else block.rows
    _check_block(kind, new_text, new_rows)
    block.block_type, block.text, block.rows = kind, new_text, list(new_rows)
    ctx.db.add(block)
    ctx.db.flush()
    _touch(ctx, item)
    return document(ctx, item)


@actions.destructive
def delete_document_block(ctx: Ctx, *, item_id: str, block_id: str) -> Document:
    """Remove a block (and the comments on it) from a document.

    Args:
        item_id: the document's id.
        block_id: the block's id.
    """
    item, _ = item_for(ctx, item_id, "write", kind="document")
    block = _block(ctx, item, block_id)
    for c in ctx.db.exec(select(DocComment).where(DocComment.block_id == block.id)):
        ctx.db.delete(c)
    ctx.db.delete(block)
    ctx.db.flush()
    _renumber(ctx, blocks_of(ctx, item.id))
    _touch(ctx, item)
    return document(ctx, item)


@actions.write
def replace_document_text(
    ctx: Ctx, *, item_id: str, find: str, replace: str, match_case: bool = True
) -> Document:
    """Find and replace text in every block (and table cell) of a document.

    Args:
        item_id: the document's id.
        find: the text to look for.
        replace: what to put instead.
        match_case: only exact-case matches (default true).
    """
    import re

    item, _ = item_for(ctx, item_id, "write", kind="document")
    pattern = re.compile(
        re.escape(require_text(find, "find", "text to find")), 0 if match_case else re.IGNORECASE
    )
    hits = 0
    for b in blocks_of(ctx, item.id):
        text, n = pattern.subn(lambda _m: replace, b.text)
        rows = [[pattern.sub(lambda _m: replace, c) for c in r] for r in b.rows]
        n += sum(len(pattern.findall(c)) for r in b.rows for c in r)
        if n:
            b.text, b.rows = text, rows
            ctx.db.add(b)
            hits += n
    if not hits:
        raise ActionError(
            f"{find!r} does not occur in {item.name!r}", field="find", code=ErrorKind.INVALID_VALUE
        )
    ctx.db.flush()
    _touch(ctx, item)
    return document(ctx, item)


@actions.write
def add_document_comment(
    ctx: Ctx, *, item_id: str, content: str, block_id: str | None = None, reply_to_id: str | None = None
) -> DocCommentOut:
    """Comment on a document (optionally anchored to a block), or reply to a comment. Needs edit access.

    Args:
        item_id: the document's id.
        content: the comment text.
        block_id: the block the comment is about.
        reply_to_id: the comment you reply to.
    """
    item, _ = item_for(ctx, item_id, "write", kind="document")
    if block_id:
        _block(ctx, item, block_id)
    if reply_to_id:
        parent = ctx.db.get(DocComment, reply_to_id)
        if parent is None or parent.item_id != item.id:
            raise NotFoundError(f"no comment {reply_to_id!r} on this document", field="reply_to_id")
        block_id = block_id or parent.block_id
    comment = DocComment(
        id=ctx.new_id("DocComment"),
        item_id=item.id,
        block_id=block_id,
        author_id=ctx.user_id or "",
        content=require_text(content, "content", "comment text"),
        created_date_time=ctx.now,
        reply_to_id=reply_to_id,
    )
    ctx.db.add(comment)
    return DocCommentOut.model_validate(comment)


@actions.write
def resolve_document_comment(ctx: Ctx, *, item_id: str, comment_id: str) -> Done:
    """Mark a comment thread resolved.

    Args:
        item_id: the document's id.
        comment_id: the comment's id.
    """
    item, _ = item_for(ctx, item_id, "write", kind="document")
    comment = ctx.db.get(DocComment, comment_id)
    if comment is None or comment.item_id != item.id:
        raise NotFoundError(f"no comment {comment_id!r} on this document", field="comment_id")
    if comment.resolved:
        raise ActionError(
            "this comment is already resolved", field="comment_id", code=ErrorKind.INVALID_STATE
        )
    comment.resolved = True
    ctx.db.add(comment)
    return Done(id=comment.id, status="resolved")


@actions.read
def export_document(ctx: Ctx, *, item_id: str) -> ExportOut:
    """Export a document as a .docx file (Word), returned as base64: headings, lists and tables with
    Word's own styles, **bold** / *italic* as real runs, and the document's comments as Word comments.

    Args:
        item_id: the document's id.
    """
    item, _ = item_for(ctx, item_id, kind="document")
    comments = ctx.db.exec(
        select(DocComment)
        .where(DocComment.item_id == item.id)
        .order_by(DocComment.created_date_time, DocComment.id)
    )
    word = [WordComment(c.block_id, c.content, _author(ctx, c.author_id)) for c in comments]
    data = to_docx(item.name, blocks_of(ctx, item.id), word)
    return ExportOut(name=item.name, content_type=DOCX, size=len(data), content_base64=b64(data))


def _author(ctx: Ctx, user_id: str) -> str:
    user = ctx.db.get(User, user_id)
    return user.display_name if user else user_id
