"""The document editor's Save: the blocks the browser shows, mapped to the document actions MCP and the CLI
use (update_document_block, insert_document_block, delete_document_block), deterministically.

The browser sends its blocks in order, each `{"id": id or null, "type": …, "runs": [{"text", "marks"}]}`.
An id is the block the element came from (pressing Enter copies it: the first non-empty copy keeps it, in
document order; an id out of order, e.g. after a cut and paste, counts as a new block). Empty text blocks
are dropped. A table sends `"rows"` (each a list of cell texts) as well: a new one (Insert > Table) is
inserted with them, a kept one whose cells changed is updated; a kept table sent without rows stays as
it is. Then: every original block not kept is deleted, a kept block whose type or runs changed is
updated, a new one is inserted after the block before it. What the model cannot hold is refused before
any action runs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from apps.office.services.doc_format import BLOCK_TYPES, merge_runs, runs_of, text_of

MAX_BLOCKS = 2000
MAX_TABLE = (200, 63)  # rows, columns (Word's Insert Table allows up to 63 columns)


class EditRefused(ValueError):
    """The edit cannot be stored: the message says why and what to change."""


@dataclass
class Step:
    """One document action to run: its name and arguments (`after` is an index into the new blocks
    whose id, known only once it exists, becomes `after_block_id`)."""

    action: str
    args: dict[str, Any]
    after: int | None = None
    new_index: int | None = None


@dataclass
class Plan:
    """The steps in order, and the id of each submitted block (None until a new one is inserted)."""

    steps: list[Step] = field(default_factory=list)
    ids: list[str | None] = field(default_factory=list)

    def after_id(self, step: Step) -> str:
        """The block a new block goes after ("start" for the top)."""
        if step.after is None or step.after < 0:
            return "start"
        found = self.ids[step.after]
        assert found is not None, "blocks are inserted in order"
        return found


def _runs(raw: Any, where: str) -> list[tuple[str, frozenset[str]]]:
    if not isinstance(raw, list):
        raise EditRefused(f"{where}: runs must be a list")
    out = []
    for r in raw:
        if not isinstance(r, dict) or not isinstance(r.get("text", ""), str):
            raise EditRefused(f"{where}: each run needs a text")
        marks = r.get("marks") or []
        if not isinstance(marks, list) or not all(isinstance(m, str) for m in marks):
            raise EditRefused(f"{where}: marks must be a list of names")
        out.append((r.get("text", ""), frozenset(marks)))
    return merge_runs(out)


def _rows(raw: Any, where: str) -> list[list[str]] | None:
    """A table's submitted rows checked: a list of rows of cell texts (surrounding blanks trimmed)."""
    if raw is None:
        return None
    if not isinstance(raw, list) or not raw or len(raw) > MAX_TABLE[0]:
        raise EditRefused(f"{where}: a table needs 1 to {MAX_TABLE[0]} rows")
    out = []
    for row in raw:
        if not isinstance(row, list) or not 1 <= len(row) <= MAX_TABLE[1]:
            raise EditRefused(f"{where}: each table row needs 1 to {MAX_TABLE[1]} cells")
        if not all(isinstance(c, str) for c in row):
            raise EditRefused(f"{where}: each table cell holds text")
        out.append([" ".join(c.split()) for c in row])
    return out


def _submitted(blocks: Any) -> list[dict[str, Any]]:
    """The submitted blocks checked and turned into (id, type, text) dicts; empty text blocks dropped."""
    if not isinstance(blocks, list) or len(blocks) > MAX_BLOCKS:
        raise EditRefused(f"blocks must be a list of at most {MAX_BLOCKS}")
    out = []
    for n, b in enumerate(blocks, start=1):
        kind = b.get("type") if isinstance(b, dict) else None
        if isinstance(kind, str) and kind.startswith("unsupported:"):
            raise EditRefused(f"block {n} is a <{kind[12:]}>, which a document here cannot hold")
        if not isinstance(b, dict) or kind not in BLOCK_TYPES:
            raise EditRefused(f"block {n}: the type must be one of {', '.join(BLOCK_TYPES)}")
        bid = b.get("id") if isinstance(b.get("id"), str) else None
        if b["type"] == "table":
            rows = _rows(b.get("rows"), f"block {n}")
            if not bid and rows is None:
                raise EditRefused(f"block {n}: a new table needs its rows")
            out.append({"id": bid, "type": "table", "text": None, "rows": rows})
            continue
        runs = _runs(b.get("runs", []), f"block {n}")
        try:
            text = text_of(runs)
        except ValueError as exc:
            raise EditRefused(f"block {n}: {exc}") from None
        if text:
            out.append({"id": bid, "type": b["type"], "text": text})
    return out


def plan_edit(original: list[dict[str, Any]], blocks: Any) -> Plan:
    """The actions turning `original` (get_document's blocks) into the submitted `blocks`."""
    by_id = {b["id"]: i for i, b in enumerate(original)}
    new = _submitted(blocks)
    kept: set[str] = set()
    last = -1
    for b in new:
        i = by_id.get(b["id"]) if b["id"] else None
        if i is not None and b["id"] not in kept and i > last:
            kept.add(b["id"])
            last = i
        else:
            b["id"] = None
    for b in new:
        if b["type"] == "table" and b["id"] is None and b["rows"] is None:
            raise EditRefused("a copied table needs its rows: copy the whole table")
    plan = Plan()
    for b in original:
        if b["id"] not in kept:
            plan.steps.append(Step("delete_document_block", {"block_id": b["id"]}))
    for n, b in enumerate(new):
        if b["id"] is None:
            content = {"rows": b["rows"]} if b["type"] == "table" else {"text": b["text"]}
            plan.steps.append(Step("insert_document_block", {"block_type": b["type"], **content}, n - 1, n))
            continue
        was = original[by_id[b["id"]]]
        if b["type"] == "table":
            if b["rows"] is not None and b["rows"] != was.get("rows"):
                plan.steps.append(Step("update_document_block", {"block_id": b["id"], "rows": b["rows"]}))
            continue
        if was["block_type"] != b["type"] or runs_of(was["text"]) != runs_of(b["text"]):
            args = {"block_id": b["id"], "text": b["text"]}
            if was["block_type"] != b["type"]:
                args["block_type"] = b["type"]
            plan.steps.append(Step("update_document_block", args))
    plan.ids = [b["id"] for b in new]
    return plan
