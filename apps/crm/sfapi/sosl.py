"""SOSL (Salesforce Object Search Language): a text search across objects, answered through SOQL.

    FIND {term} [IN ALL FIELDS | NAME FIELDS | EMAIL FIELDS | PHONE FIELDS]
    [RETURNING Object [(field, ... [WHERE …] [ORDER BY …] [LIMIT n] [OFFSET n])], ...] [LIMIT n]

The term is words and "quoted phrases" joined by AND or OR (AND when nothing is said; `*` matches any
characters, `?` one); a record matches when each word is in one of the searched fields (case
ignored). Without RETURNING the searchable objects are returned with their Id. Each object's part is run
as a SOQL query (its WHERE, ORDER BY, LIMIT), so field names and values are checked as SOQL checks them.
"""

from __future__ import annotations

import re
from typing import Any

from apps.core.actions import Ctx
from apps.core.errors import ActionError
from apps.crm.sfapi.objects import require_object
from apps.crm.sfapi.soql_run import run_query

SEARCHABLE = ("Account", "Contact", "Lead", "Opportunity", "Product2")
GROUPS = {
    "NAME": ("Name", "FirstName", "LastName", "Company"),
    "EMAIL": ("Email",),
    "PHONE": ("Phone", "MobilePhone"),
}
ALL_TYPES = {"string", "textarea", "phone", "email", "url", "picklist"}
DEFAULT_LIMIT = 2000
SOSL = re.compile(
    r"^\s*FIND\s*\{(?P<term>(?:\\.|[^}\\])*)\}\s*(?:IN\s+(?P<group>ALL|NAME|EMAIL|PHONE)\s+FIELDS\s*)?"
    r"(?:RETURNING\s+(?P<returning>.*?))?\s*(?:LIMIT\s+(?P<limit>\d+))?\s*$",
    re.I | re.S,
)
CLAUSE = re.compile(r"\s(WHERE|ORDER\s+BY|LIMIT|OFFSET)\s", re.I)


def malformed(message: str) -> ActionError:
    return ActionError(message, field="q", code="MALFORMED_SEARCH")


def _split_top(text: str) -> list[str]:
    parts, depth, current, quoted = [], 0, [], False
    for ch in text:
        quoted = not quoted if ch == "'" else quoted
        depth += (ch == "(") - (ch == ")") if not quoted else 0
        if ch == "," and depth == 0 and not quoted:
            parts.append("".join(current).strip())
            current = []
        else:
            current.append(ch)
    parts.append("".join(current).strip())
    return [p for p in parts if p]


def _words(term: str) -> tuple[str, list[str]]:
    tokens = re.findall(r'"[^"]*"|\S+', term.replace("\\", ""))
    ops = {t.upper() for t in tokens if t.upper() in ("AND", "OR")}
    if "NOT" in {t.upper() for t in tokens} or len(ops) > 1:
        raise malformed("search terms joined by AND NOT or by both AND and OR are not supported here")
    words = [t.strip('"') for t in tokens if t.upper() not in ("AND", "OR") and t.strip('"')]
    if not words or any(len(w.replace("*", "").replace("?", "")) < 2 for w in words):
        raise ActionError("search term must be longer than one character", field="q", code="INVALID_SEARCH")
    return (ops.pop() if ops else "AND"), words


def _soql_text(word: str) -> str:
    escaped = word.replace("\\", "\\\\").replace("'", "\\'").replace("%", "\\%").replace("_", "\\_")
    return "%" + escaped.replace("*", "%").replace("?", "_") + "%"


def _match(ctx: Ctx, object_name: str, group: str, joiner: str, words: list[str]) -> str:
    obj = require_object(ctx, object_name)
    names = GROUPS.get(group)
    fields = [
        s.api
        for s in obj.fields
        if (s.api in names if names else s.type in ALL_TYPES)
        and s.type != "textarea"
        or (not names and s.api == "Description")  # fmt: skip
    ]
    if not fields:
        return "Id = null"
    per_word = ["(" + " OR ".join(f"{f} LIKE '{_soql_text(w)}'" for f in fields) + ")" for w in words]
    return "(" + f" {joiner} ".join(per_word) + ")"


def search(ctx: Ctx, sosl: str, *, version: str) -> dict[str, Any]:
    """The `searchRecords` of a SOSL search (MALFORMED_SEARCH when it cannot be read)."""
    m = SOSL.match(sosl)
    if not m:
        raise malformed(
            f"unexpected token in search: {sosl[:80]!r} (FIND {{term}} [IN … FIELDS] [RETURNING …])"
        )
    joiner, words = _words(m["term"])
    group = (m["group"] or "ALL").upper()
    limit = int(m["limit"]) if m["limit"] else DEFAULT_LIMIT
    items = _split_top(m["returning"]) if m["returning"] else list(SEARCHABLE)
    records: list[dict] = []
    for item in items:
        head, _, inner = item.partition("(")
        name = head.strip()
        if inner and not inner.rstrip().endswith(")"):
            raise malformed(f"unbalanced parentheses in RETURNING {name}")
        inner = inner.rstrip()[:-1].strip() if inner else "Id"
        cut = CLAUSE.search(" " + inner + " ")
        select, clauses = (inner[: cut.start()], inner[cut.start() :]) if cut else (inner, "")
        where = re.match(r"\s*WHERE\s+(.*?)(?=\s(?:ORDER\s+BY|LIMIT|OFFSET)\s|$)", clauses, re.I | re.S)
        rest = clauses[where.end() :] if where else clauses
        condition = _match(ctx, name, group, joiner, words)
        if where:
            condition = f"{condition} AND ({where.group(1)})"
        soql = f"SELECT {select} FROM {name} WHERE {condition} {rest}"
        if not re.search(r"\bLIMIT\b", rest, re.I):
            soql += f" LIMIT {max(limit - len(records), 0)}"
        records += run_query(ctx, soql, version=version)["records"]
        if len(records) >= limit:
            break
    return {"searchRecords": records[:limit]}
