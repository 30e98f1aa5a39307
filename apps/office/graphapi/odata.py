"""OData `$filter` and `$orderby` over a mailbox's messages, as Microsoft Graph reads them.

    isRead eq false and importance eq 'high'
    from/emailAddress/address eq 'kayla@wrightday.com' or contains(subject, 'invoice')
    receivedDateTime ge 2026-10-01T00:00:00Z and not(flag/flagStatus eq 'flagged')
    toRecipients/any(r: r/emailAddress/address eq 'amber@acme.example')
    categories/any(c: c eq 'Red category')

Operators eq, ne, gt, ge, lt, le, and, or, not, parentheses; functions contains, startswith, endswith;
`any` over recipients and categories. Property names are Graph's (camelCase, case-sensitive as Graph
is); an unknown one is `ErrorInvalidProperty`, text Graph cannot parse `BadRequest`.
"""

from __future__ import annotations

import functools
from datetime import datetime
from typing import Any

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import LarkError, VisitError

from apps.core.errors import ActionError

GRAMMAR = r"""
?start: or_
?or_: and_ (_OR and_)*       -> or_
?and_: unary (_AND unary)*   -> and_
?unary: _NOT unary           -> not_
      | "(" or_ ")"
      | comparison
      | func
      | lambda_
comparison: operand OP operand
func: FUNC "(" operand "," operand ")"
lambda_: path LAMBDA NAME ":" or_ ")"
?operand: path | literal
path: NAME ("/" NAME)*
literal: STRING -> string
       | DATETIME -> datetime
       | NUMBER -> number
       | BOOL -> boolean
       | NULL -> null
_OR.2: /or\b/
_AND.2: /and\b/
_NOT.2: /not\b/
OP.2: /(eq|ne|gt|ge|lt|le)\b/
FUNC.2: /(contains|startswith|endswith)\b/
LAMBDA.3: /\/(any|all)\(/
BOOL.2: /(true|false)\b/
NULL.2: /null\b/
STRING: /'([^']|'')*'/
DATETIME.3: /\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?/
NUMBER: /-?\d+(\.\d+)?/
NAME: /[A-Za-z_][A-Za-z0-9_]*/
%ignore /\s+/
"""

COLUMNS = {
    "id": "id", "subject": "subject", "bodyPreview": "body_preview", "body/content": "body_content",
    "importance": "importance", "isRead": "is_read", "isDraft": "is_draft",
    "hasAttachments": "has_attachments",
    "conversationId": "conversation_id", "parentFolderId": "parent_folder_id",
    "receivedDateTime": "received_date_time", "sentDateTime": "sent_date_time",
    "createdDateTime": "created_date_time", "lastModifiedDateTime": "last_modified_date_time",
    "internetMessageId": "internet_message_id", "flag/flagStatus": "flag_status",
    "from/emailAddress/address": "from_address", "from/emailAddress/name": "from_name",
    "sender/emailAddress/address": "from_address", "sender/emailAddress/name": "from_name",
}  # fmt: skip
LISTS = {"toRecipients": "to_recipients", "ccRecipients": "cc_recipients", "bccRecipients": "bcc_recipients",
         "categories": "categories"}  # fmt: skip
SQL_OPS = {"eq": "=", "ne": "!=", "gt": ">", "ge": ">=", "lt": "<", "le": "<="}


def bad_request(message: str) -> ActionError:
    return ActionError(message, field="filter", code="BadRequest")


@functools.cache
def _parser() -> Lark:
    return Lark(GRAMMAR, parser="lalr")


@v_args(inline=True)
class _Sql(Transformer):
    """Each node becomes (sql, params); paths become ("path", names), a lambda's variable "lambda_var"."""

    def __init__(self, alias: str):
        super().__init__()
        self.alias = alias

    def path(self, *names: Token) -> tuple:
        return ("path", tuple(str(n) for n in names))

    def lambda_var(self, *names: Token) -> tuple:
        return ("lambda_var", tuple(str(n) for n in names))

    def string(self, tok: Token) -> tuple:
        return ("value", str(tok)[1:-1].replace("''", "'"))

    def number(self, tok: Token) -> tuple:
        return ("value", float(tok) if "." in tok else int(tok))

    def boolean(self, tok: Token) -> tuple:
        return ("value", 1 if str(tok) == "true" else 0)

    def null(self, _tok: Token) -> tuple:
        return ("value", None)

    def datetime(self, tok: Token) -> tuple:
        text = str(tok).replace("Z", "+00:00")
        moment = datetime.fromisoformat(text if "T" in text else text + "T00:00:00+00:00")
        if moment.utcoffset():
            moment = moment - moment.utcoffset()
        return ("value", moment.replace(tzinfo=None).strftime("%Y-%m-%d %H:%M:%S.%f"))

    def _operand(self, node: tuple) -> tuple[str, list]:
        if node[0] == "value":
            return "?", [node[1]]
        if node[0] == "lambda_var":
            return "j.value", []
        column = COLUMNS.get("/".join(node[1]))
        if column is None:
            raise ActionError(
                f"Could not find a property named '{'/'.join(node[1])}' on type 'microsoft.graph.message'.",
                field="filter",
                code="ErrorInvalidProperty",
            )
        return f"{self.alias}.{column}", []

    def comparison(self, left: tuple, op: Token, right: tuple) -> tuple:
        (lsql, lp), (rsql, rp) = self._operand(left), self._operand(right)
        if rp == [None]:
            return (f"{lsql} IS {'NOT ' if op == 'ne' else ''}NULL", lp)
        nocase = " COLLATE NOCASE" if lsql == "j.value" or "address" in lsql else ""
        if op == "ne":
            return (f"({lsql} IS NULL OR {lsql} != {rsql}{nocase})", lp + rp)
        return (f"COALESCE({lsql} {SQL_OPS[str(op)]} {rsql}{nocase}, 0)", lp + rp)

    def func(self, name: Token, left: tuple, right: tuple) -> tuple:
        (lsql, lp), (_, rp) = self._operand(left), self._operand(right)
        text = str(rp[0]).replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        pattern = {"contains": f"%{text}%", "startswith": f"{text}%", "endswith": f"%{text}"}[str(name)]
        return (f"COALESCE({lsql} LIKE ? ESCAPE '\\', 0)", lp + [pattern])

    def lambda_(self, path: tuple, kind: Token, _var: Token, body: tuple) -> tuple:
        column = LISTS.get("/".join(path[1]))
        if column is None:
            raise bad_request(f"'{'/'.join(path[1])}' is not a collection any() or all() can range over")
        items = f"json_each({self.alias}.{column}) j"
        if "any" in str(kind):
            return (f"EXISTS (SELECT 1 FROM {items} WHERE {body[0]})", body[1])
        return (f"NOT EXISTS (SELECT 1 FROM {items} WHERE NOT ({body[0]}))", body[1])

    def and_(self, *items: tuple) -> tuple:
        return ("(" + " AND ".join(i[0] for i in items) + ")", [p for i in items for p in i[1]])

    def or_(self, *items: tuple) -> tuple:
        return ("(" + " OR ".join(i[0] for i in items) + ")", [p for i in items for p in i[1]])

    def not_(self, item: tuple) -> tuple:
        return (f"(NOT {item[0]})", item[1])


def _mark_lambda_variables(tree: Any) -> None:
    """In `x/any(r: r/emailAddress/address eq …)` the paths starting with `r` are the item itself."""
    for node in tree.iter_subtrees_topdown():
        if node.data == "lambda_":
            var = str(node.children[2])
            for sub in node.children[3].iter_subtrees():
                if sub.data == "path" and str(sub.children[0]) == var:
                    sub.data = "lambda_var"


def compile_filter(text: str, alias: str = "m") -> tuple[str, list[Any]]:
    """The SQL condition and parameters of a `$filter` over messages aliased `alias`."""
    if not text.strip():
        return "1", []
    try:
        tree = _parser().parse(text)
    except LarkError as exc:
        raise bad_request(f"Invalid filter clause: {str(exc).splitlines()[0][:160]}") from None
    _mark_lambda_variables(tree)
    try:
        return _Sql(alias).transform(tree)
    except VisitError as exc:
        if isinstance(exc.orig_exc, ActionError):
            raise exc.orig_exc from None
        raise bad_request(f"Invalid filter clause: {exc.orig_exc}") from None


ORDERABLE = {k: v for k, v in COLUMNS.items() if "/" not in k or k.startswith(("from/", "flag/"))}


def compile_orderby(text: str, alias: str = "m") -> list[str]:
    """`receivedDateTime desc, subject` as ORDER BY terms (ErrorInvalidProperty for an unknown one)."""
    terms = []
    for part in (p.strip() for p in text.split(",") if p.strip()):
        name, _, direction = part.partition(" ")
        column = ORDERABLE.get(name)
        if column is None or direction.strip().lower() not in ("", "asc", "desc"):
            raise ActionError(f"Invalid $orderby: {part!r}", field="orderby", code="ErrorInvalidProperty")
        terms.append(f"{alias}.{column} {'DESC' if direction.strip().lower() == 'desc' else 'ASC'}")
    return terms
