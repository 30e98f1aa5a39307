"""SOQL's syntax (Salesforce Object Query Language), parsed by lark into a small tree of dataclasses.

    SELECT fieldList [, (subquery) ...] FROM objectType
    [USING SCOPE filterScope] [WHERE conditionExpression] [WITH SECURITY_ENFORCED]
    [GROUP BY fieldList] [HAVING havingConditionExpression]
    [ORDER BY field [ASC|DESC] [NULLS FIRST|LAST], ...] [LIMIT n] [OFFSET n] [FOR VIEW|REFERENCE]

Keywords are case-insensitive. A condition joins comparisons with AND or OR, never both without
parentheses (Salesforce refuses `a AND b OR c`); NOT negates one. Values: 'strings' (with \\' \\\\ \\n
escapes), numbers, TRUE/FALSE/NULL, dates (2026-01-31), date-times (2026-01-31T09:00:00Z) and the date
literals (TODAY, THIS_QUARTER, LAST_N_DAYS:30 ...). Meaning (fields, types, relationships) is checked by
`soql_plan.py`; a text this grammar refuses is MALFORMED_QUERY.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import UnexpectedInput, VisitError

from apps.core.errors import ActionError

GRAMMAR = r"""
query: "SELECT"i select_list "FROM"i NAME _filters _shape
_filters: alias? scope? where? with_?
_shape: group_by? having? order_by? limit? offset? for_?
subquery: "SELECT"i select_list "FROM"i NAME where? order_by? limit?
select_list: select_item ("," select_item)*
select_item: expr NAME?           -> item
           | "(" subquery ")"     -> child
           | "FIELDS"i "(" NAME ")" -> fields_fn
?expr: path | call
call: NAME "(" path? ")"
path: NAME ("." NAME)*
alias: NAME
scope: "USING"i "SCOPE"i NAME
with_: "WITH"i NAME
where: "WHERE"i cond
having: "HAVING"i cond
cond: unary (LOGIC unary)*
?unary: "NOT"i unary -> not_
      | "(" cond ")"
      | comparison
comparison: expr OP value                      -> compare
          | expr "LIKE"i value                 -> like
          | expr "IN"i "(" value ("," value)* ")"         -> in_
          | expr "NOT"i "IN"i "(" value ("," value)* ")"  -> not_in
          | expr "INCLUDES"i "(" value ("," value)* ")"   -> includes
          | expr "EXCLUDES"i "(" value ("," value)* ")"   -> excludes
value: STRING                      -> string
     | DATETIME                    -> datetime
     | DATE                        -> date
     | NUMBER                      -> number
     | NAME (":" NUMBER)?          -> word
group_by: "GROUP"i "BY"i expr ("," expr)*
order_by: "ORDER"i "BY"i order_item ("," order_item)*
order_item: expr DIRECTION? nulls?
nulls: "NULLS"i NULLS_WHERE
limit: "LIMIT"i NUMBER
offset: "OFFSET"i NUMBER
for_: "FOR"i NAME ("," NAME)*

LOGIC.2: /AND\b/i | /OR\b/i
DIRECTION.2: /ASC\b/i | /DESC\b/i
NULLS_WHERE.2: /FIRST\b/i | /LAST\b/i
OP: "!=" | "<>" | "<=" | ">=" | "=" | "<" | ">"
STRING: /'(\\.|[^'\\])*'/
DATETIME.4: /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})/
DATE.3: /\d{4}-\d{2}-\d{2}/
NUMBER: /[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?/
NAME: /[A-Za-z_][A-Za-z0-9_]*/
%ignore /\s+/
"""

ESCAPES = {"n": "\n", "r": "\r", "t": "\t", "b": "\b", "f": "\f", '"': '"', "'": "'", "\\": "\\"}
LIKE_ESCAPES = {"%", "_"}  # kept escaped for LIKE (\% and \_ are a literal % and _)


@dataclass(frozen=True)
class Path:
    """A field, or a relationship path ending in a field (`Account.Owner.Name`)."""

    names: tuple[str, ...]

    def text(self) -> str:
        return ".".join(self.names)


@dataclass(frozen=True)
class Call:
    """A function over one field: COUNT(), SUM(Amount), CALENDAR_YEAR(CloseDate) ..."""

    name: str
    arg: Path | None

    def text(self) -> str:
        return f"{self.name}({self.arg.text() if self.arg else ''})"


@dataclass(frozen=True)
class Value:
    """A literal: kind string/number/date/datetime/bool/null/literal (a date literal, `n` its number)."""

    kind: str
    value: Any
    n: int | None = None


@dataclass(frozen=True)
class Comparison:
    left: Path | Call
    op: str  # = != < <= > >= LIKE IN NOT IN INCLUDES EXCLUDES
    values: tuple[Value, ...]


@dataclass(frozen=True)
class Logic:
    op: str  # AND / OR
    items: tuple[Any, ...]


@dataclass(frozen=True)
class Not:
    item: Any


@dataclass(frozen=True)
class SelectItem:
    expr: Any  # Path, Call, Query (a child subquery) or ("FIELDS", kind)
    alias: str | None = None


@dataclass(frozen=True)
class OrderItem:
    expr: Path | Call
    descending: bool = False
    nulls_last: bool | None = None


@dataclass(frozen=True)
class Query:
    select: tuple[SelectItem, ...]
    object: str
    where: Any = None
    group_by: tuple[Path | Call, ...] = ()
    having: Any = None
    order_by: tuple[OrderItem, ...] = ()
    limit: int | None = None
    offset: int | None = None
    scope: str | None = None
    extras: dict[str, Any] = field(default_factory=dict)


def _unescape(body: str, keep_like: bool = True) -> str:
    out, i = [], 0
    while i < len(body):
        ch = body[i]
        if ch == "\\" and i + 1 < len(body):
            nxt = body[i + 1]
            if nxt in LIKE_ESCAPES and keep_like:
                out.append("\\" + nxt)
            elif nxt in ESCAPES:
                out.append(ESCAPES[nxt])
            else:
                raise ValueError(f"Invalid string literal: unknown escape \\{nxt}")
            i += 2
            continue
        out.append(ch)
        i += 1
    return "".join(out)


@v_args(inline=True)
class _Tree(Transformer):
    def path(self, *names: Token) -> Path:
        return Path(tuple(str(n) for n in names))

    def call(self, name: Token, arg: Path | None = None) -> Call:
        return Call(str(name).upper(), arg)

    def item(self, expr: Any, alias: Token | None = None) -> SelectItem:
        return SelectItem(expr, str(alias) if alias is not None else None)

    def child(self, sub: Query) -> SelectItem:
        return SelectItem(sub)

    def fields_fn(self, kind: Token) -> SelectItem:
        return SelectItem(("FIELDS", str(kind).upper()))

    def select_list(self, *items: SelectItem) -> tuple[SelectItem, ...]:
        return items

    def string(self, tok: Token) -> Value:
        return Value("string", _unescape(str(tok)[1:-1]))

    def number(self, tok: Token) -> Value:
        text = str(tok)
        return Value("number", float(text) if any(c in text for c in ".eE") else int(text))

    def date(self, tok: Token) -> Value:
        return Value("date", str(tok))

    def datetime(self, tok: Token) -> Value:
        return Value("datetime", str(tok))

    def word(self, name: Token, n: Token | None = None) -> Value:
        upper = str(name).upper()
        if n is None and upper in ("TRUE", "FALSE"):
            return Value("bool", upper == "TRUE")
        if n is None and upper == "NULL":
            return Value("null", None)
        return Value("literal", upper, int(float(str(n))) if n is not None else None)

    def compare(self, left: Any, op: Token, value: Value) -> Comparison:
        return Comparison(left, "!=" if str(op) == "<>" else str(op), (value,))

    def like(self, left: Any, value: Value) -> Comparison:
        return Comparison(left, "LIKE", (value,))

    def in_(self, left: Any, *values: Value) -> Comparison:
        return Comparison(left, "IN", values)

    def not_in(self, left: Any, *values: Value) -> Comparison:
        return Comparison(left, "NOT IN", values)

    def includes(self, left: Any, *values: Value) -> Comparison:
        return Comparison(left, "INCLUDES", values)

    def excludes(self, left: Any, *values: Value) -> Comparison:
        return Comparison(left, "EXCLUDES", values)

    def not_(self, item: Any) -> Not:
        return Not(item)

    def cond(self, first: Any, *rest: Any) -> Any:
        if not rest:
            return first
        ops = {str(tok).upper() for tok in rest[0::2]}
        if len(ops) > 1:
            raise ValueError("unexpected token: 'OR' (use parentheses to mix AND and OR)")
        return Logic(ops.pop(), (first, *rest[1::2]))

    def where(self, cond: Any) -> tuple[str, Any]:
        return ("where", cond)

    def having(self, cond: Any) -> tuple[str, Any]:
        return ("having", cond)

    def group_by(self, *exprs: Any) -> tuple[str, Any]:
        return ("group_by", exprs)

    def order_item(self, expr: Any, *rest: Any) -> OrderItem:
        desc = any(isinstance(r, Token) and r.type == "DIRECTION" and str(r).upper() == "DESC" for r in rest)
        nulls = next((r for r in rest if isinstance(r, bool)), None)
        return OrderItem(expr, desc, nulls)

    def nulls(self, where: Token) -> bool:
        return str(where).upper() == "LAST"

    def order_by(self, *items: OrderItem) -> tuple[str, Any]:
        return ("order_by", items)

    def limit(self, n: Token) -> tuple[str, Any]:
        return ("limit", _count(n, "LIMIT"))

    def offset(self, n: Token) -> tuple[str, Any]:
        return ("offset", _count(n, "OFFSET"))

    def scope(self, name: Token) -> tuple[str, Any]:
        return ("scope", str(name).lower())

    def alias(self, name: Token) -> tuple[str, Any]:
        return ("alias", str(name))

    def with_(self, name: Token) -> tuple[str, Any]:
        return ("with", str(name).upper())

    def for_(self, *names: Token) -> tuple[str, Any]:
        return ("for", tuple(str(n).upper() for n in names))

    def _query(self, select: tuple, obj: Token, clauses: tuple) -> Query:
        parts = dict(clauses)
        return Query(
            select=select,
            object=str(obj),
            where=parts.get("where"),
            group_by=parts.get("group_by", ()),
            having=parts.get("having"),
            order_by=parts.get("order_by", ()),
            limit=parts.get("limit"),
            offset=parts.get("offset"),
            scope=parts.get("scope"),
            extras={k: v for k, v in parts.items() if k in ("alias", "with", "for")},
        )

    def query(self, select: tuple, obj: Token, *clauses: tuple) -> Query:
        return self._query(select, obj, clauses)

    def subquery(self, select: tuple, obj: Token, *clauses: tuple) -> Query:
        return self._query(select, obj, clauses)


def _count(tok: Token, what: str) -> int:
    text = str(tok)
    if not text.isdigit():
        raise ValueError(f"{what} must be a non-negative integer (got {text})")
    return int(text)


@functools.cache
def _parser() -> Lark:
    return Lark(GRAMMAR, start="query", parser="lalr", maybe_placeholders=False)


def malformed(soql: str, message: str, column: int | None = None) -> ActionError:
    """MALFORMED_QUERY, worded as Salesforce words it (the query, a caret, the row and column)."""
    if column is not None:
        caret = " " * max(column - 1, 0) + "^"
        message = f"\n{soql}\n{caret}\nERROR at Row:1:Column:{column}\n{message}"
    return ActionError(message, field="q", code="MALFORMED_QUERY")


def parse(soql: str) -> Query:
    """The tree of a SOQL query; MALFORMED_QUERY (with the row and column) when it cannot be read."""
    flat = " ".join(soql.split("\n"))
    try:
        return _Tree().transform(_parser().parse(flat))
    except UnexpectedInput as exc:
        got = getattr(exc, "token", None) or flat[exc.pos_in_stream : exc.pos_in_stream + 1] or "<EOF>"
        raise malformed(flat, f"unexpected token: '{got}'", exc.column) from None
    except VisitError as exc:
        raise malformed(flat, str(exc.orig_exc)) from None
