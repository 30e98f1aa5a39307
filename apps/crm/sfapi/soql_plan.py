"""A SOQL query's meaning, checked against the sObject catalogue and compiled to one SQL statement.

Names of objects, fields and relationships are case-insensitive and only ever taken from the catalogue
(never from the query text), values are bound parameters. SOQL's rules, as Salesforce applies them:
text comparisons ignore case; a null is a value (`Industry != 'Retail'` keeps records without an
industry, `Industry = null` finds them); a parent relationship (`Account.Owner.Name`) is a left join, a
polymorphic one (`Who.Name`: Contact or Lead) a join per target; ascending order puts nulls first,
descending last; aggregate queries may select only grouped fields and aggregates.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any

from apps.core.errors import ActionError
from apps.crm.fields import FieldSpec
from apps.crm.sfapi.catalog import SObject
from apps.crm.sfapi.soql_syntax import Call, Comparison, Logic, Not, Path, Query
from apps.crm.sfapi.soql_values import NUMBER_TYPES, TEXT_TYPES, date_range, literal, range_bounds

AGGREGATES = {"COUNT", "COUNT_DISTINCT", "SUM", "AVG", "MIN", "MAX"}
_YEAR = "CAST(strftime('%Y', {x}) AS INTEGER)"
_QUARTER = "((CAST(strftime('%m', {x}) AS INTEGER) + 2) / 3)"
DATE_FUNCTIONS = {
    "CALENDAR_YEAR": _YEAR,
    "FISCAL_YEAR": _YEAR,
    "CALENDAR_QUARTER": _QUARTER,
    "FISCAL_QUARTER": _QUARTER,
    "CALENDAR_MONTH": "CAST(strftime('%m', {x}) AS INTEGER)",
    "FISCAL_MONTH": "CAST(strftime('%m', {x}) AS INTEGER)",
    "DAY_IN_MONTH": "CAST(strftime('%d', {x}) AS INTEGER)",
    "DAY_IN_WEEK": "(CAST(strftime('%w', {x}) AS INTEGER) + 1)",
    "DAY_IN_YEAR": "CAST(strftime('%j', {x}) AS INTEGER)",
    "WEEK_IN_YEAR": "((CAST(strftime('%j', {x}) AS INTEGER) - 1) / 7 + 1)",
    "HOUR_IN_DAY": "CAST(strftime('%H', {x}) AS INTEGER)",
    "DAY_ONLY": "date({x})",
}
SCOPES = {"everything", "mine", "team", "mine_and_my_groups"}


def invalid_field(message: str) -> ActionError:
    return ActionError(message, field="q", code="INVALID_FIELD")


def malformed(message: str) -> ActionError:
    return ActionError(message, field="q", code="MALFORMED_QUERY")


@dataclass
class Column:
    """One value of a result record: where it goes (`("Account", "Name")`) and its field type."""

    key: tuple[str, ...]
    type: str
    hidden: bool = False


@dataclass
class Parent:
    """A parent relationship in the result: its key path and the SQL of its id and object type."""

    key: tuple[str, ...]
    id_sql: str
    type_sql: str


@dataclass
class Plan:
    """The compiled query: SQL and parameters, the columns it returns, parents and child subqueries."""

    sobject: SObject
    sql: str
    params: list[Any]
    columns: list[Column]
    parents: list[Parent] = field(default_factory=list)
    children: list[tuple[str, Plan, str]] = field(default_factory=list)  # (relationship, plan, fk)
    aggregate: bool = False
    count_only: bool = False
    grouped: bool = False
    limit: int | None = None
    offset: int = 0


class Planner:
    """Compiles one query (or a child subquery) over `root`; `resolve_object` gives other sObjects."""

    def __init__(self, root: SObject, resolve_object: Any, today: date, user_id: str | None):
        self.root, self.objects, self.today, self.user_id = root, resolve_object, today, user_id
        self.joins: list[str] = []
        self.aliases: dict[tuple[str, ...], list[tuple[str, SObject]]] = {}
        self.params: list[Any] = []
        self.parents: dict[tuple[str, ...], Parent] = {}

    # -- fields and relationships ---------------------------------------------------------------------
    def resolve(self, path: Path) -> tuple[str, FieldSpec, tuple[str, ...]]:
        """The SQL of a field path, its field, and where it goes in a record."""
        scope: list[tuple[str, SObject]] = [("t0", self.root)]
        keys: list[str] = []
        names = path.names
        if len(names) > 1 and names[0].lower() == self.root.name.lower() and self.root.field(names[1]):
            names = names[1:]  # `Account.Name` on Account, as Salesforce allows
        for depth, rel_name in enumerate(names[:-1]):
            alias, obj = scope[0]
            rel = obj.relationships.get(rel_name.lower()) if len(scope) == 1 else None
            if rel is None:
                raise invalid_field(
                    f"Didn't understand relationship '{rel_name}' in field path. If you are attempting to "
                    "use a custom relationship, be sure to append the '__r' after the custom relationship "
                    "name. Please reference your WSDL or the describe call for the appropriate names."
                )
            key = tuple(n.lower() for n in names[: depth + 1])
            if key not in self.aliases:
                joined = []
                for target in rel.targets:
                    target_obj = self.objects(target)
                    a = f"t{len(self.joins) + 1}"
                    self.joins.append(
                        f"LEFT JOIN {target_obj.table} {a} ON {a}.id = {alias}.{rel.field.column}"
                    )
                    joined.append((a, target_obj))
                self.aliases[key] = joined
                self._parent(tuple([*keys, rel.name]), joined)
            scope = self.aliases[key]
            keys.append(rel.name)
        if len(scope) > 1 and names[-1].lower() == "type":  # Who.Type: which object the reference is
            type_spec = FieldSpec(api="Type", type="string", label="Type")
            return self.parents[tuple(keys)].type_sql, type_spec, (*keys, "Type")
        found = [(a, o.field(names[-1])) for a, o in scope if o.field(names[-1]) is not None]
        if not found:
            entity = scope[0][1].name if len(scope) == 1 else "Name"
            raise invalid_field(
                f"No such column '{names[-1]}' on entity '{entity}'. If you are attempting to use a custom "
                "field, be sure to append the '__c' after the custom field name. Please reference your "
                "WSDL or the describe call for the appropriate names."
            )
        sqls = [_field_sql(spec, a) for a, spec in found]
        sql = sqls[0] if len(sqls) == 1 else f"COALESCE({', '.join(sqls)})"
        return sql, found[0][1], (*keys, found[0][1].api)

    def _parent(self, key: tuple[str, ...], joined: list[tuple[str, SObject]]) -> None:
        ids = [f"{a}.id" for a, _ in joined]
        types = " ".join(f"WHEN {a}.id IS NOT NULL THEN '{o.name}'" for a, o in joined)
        id_sql = ids[0] if len(ids) == 1 else f"COALESCE({', '.join(ids)})"
        self.parents[key] = Parent(key, id_sql, f"CASE {types} END")

    def function(self, call: Call, *, aggregates: bool) -> tuple[str, str]:
        """The SQL of a function call and the type of its result."""
        if call.name in AGGREGATES:
            if not aggregates:
                raise malformed(f"Aggregate functions are not allowed here: {call.text()}")
            if call.arg is None:
                if call.name != "COUNT":
                    raise malformed(f"{call.name}() needs a field")
                return "COUNT(*)", "int"
            sql, spec, _ = self.resolve(call.arg)
            if call.name in ("SUM", "AVG") and spec.type not in NUMBER_TYPES:
                raise malformed(f"field {spec.api} does not support aggregate operator {call.name}")
            if call.name in ("COUNT", "COUNT_DISTINCT"):
                return (f"COUNT(DISTINCT {sql})" if call.name == "COUNT_DISTINCT" else f"COUNT({sql})"), "int"
            return f"{call.name}({sql})", ("double" if call.name in ("SUM", "AVG") else spec.type)
        template = DATE_FUNCTIONS.get(call.name)
        if template is None or call.arg is None:
            raise malformed(f"unexpected token: '{call.name}' (unsupported function)")
        sql, spec, _ = self.resolve(call.arg)
        if spec.type not in ("date", "datetime"):
            raise malformed(f"{call.name} needs a date or date/time field, not {spec.api}")
        return template.format(x=sql), ("date" if call.name == "DAY_ONLY" else "int")

    def expression(self, expr: Path | Call, *, aggregates: bool) -> tuple[str, str, FieldSpec | None]:
        if isinstance(expr, Call):
            sql, type_ = self.function(expr, aggregates=aggregates)
            return sql, type_, None
        sql, spec, _ = self.resolve(expr)
        return sql, spec.type, spec

    # -- conditions -------------------------------------------------------------------------------------
    def condition(self, node: Any, *, aggregates: bool = False) -> str:
        if isinstance(node, Logic):
            return (
                "(" + f" {node.op} ".join(self.condition(i, aggregates=aggregates) for i in node.items) + ")"
            )
        if isinstance(node, Not):
            return f"(NOT {self.condition(node.item, aggregates=aggregates)})"
        return self.comparison(node, aggregates=aggregates)

    def comparison(self, c: Comparison, *, aggregates: bool) -> str:
        sql, type_, spec = self.expression(c.left, aggregates=aggregates)
        spec = spec or FieldSpec(api=c.left.text(), type=type_, label=c.left.text())
        text = spec.type in TEXT_TYPES or spec.type in ("id", "reference")
        nocase = " COLLATE NOCASE" if text else ""
        if c.op == "LIKE":
            if spec.type not in TEXT_TYPES and spec.type not in ("id", "reference"):
                raise ActionError(
                    f"invalid operator on {spec.api}: LIKE works on text fields only",
                    field="q",
                    code="INVALID_QUERY_FILTER_OPERATOR",
                )
            self.params.append(literal(spec, c.values[0]))
            return f"COALESCE({sql} LIKE ? ESCAPE '\\', 0)"
        if c.op in ("IN", "NOT IN", "INCLUDES", "EXCLUDES"):
            values = [literal(spec, v) for v in c.values]
            self.params.extend(values)
            marks = ", ".join("?" for _ in values)
            if c.op in ("IN", "INCLUDES"):
                return f"COALESCE({sql}{nocase} IN ({marks}), 0)"
            return f"({sql} IS NULL OR {sql}{nocase} NOT IN ({marks}))"
        value = c.values[0]
        if value.kind == "literal":
            return self._date_literal(sql, spec, c.op, value)
        param = literal(spec, value)
        if param is None:
            if c.op not in ("=", "!="):
                raise malformed(f"invalid operator with null: {c.op}")
            return f"({sql} IS {'NOT ' if c.op == '!=' else ''}NULL)"
        self.params.append(param)
        if c.op == "!=":
            return f"({sql} IS NULL OR {sql} != ?{nocase})"
        return f"COALESCE({sql} {c.op} ?{nocase}, 0)"

    def _date_literal(self, sql: str, spec: FieldSpec, op: str, value: Any) -> str:
        span = date_range(value.value, value.n, self.today)
        if span is None:
            raise malformed(f"unexpected token: '{value.value}'")
        if spec.type not in ("date", "datetime"):
            literal(spec, value)  # refused with the field's type
        start, end = range_bounds(spec, *span)
        bounds = {
            "=": (f"COALESCE({sql} >= ? AND {sql} < ?, 0)", [start, end]),
            "!=": (f"({sql} IS NULL OR {sql} < ? OR {sql} >= ?)", [start, end]),
            "<": (f"COALESCE({sql} < ?, 0)", [start]),
            "<=": (f"COALESCE({sql} < ?, 0)", [end]),
            ">": (f"COALESCE({sql} >= ?, 0)", [end]),
            ">=": (f"COALESCE({sql} >= ?, 0)", [start]),
        }
        clause, params = bounds[op]
        self.params.extend(params)
        return clause


def _field_sql(spec: FieldSpec, alias: str) -> str:
    return f"({spec.formula.format(t=alias)})" if spec.formula else f"{alias}.{spec.column}"


def scope_clause(planner: Planner, scope: str | None) -> str | None:
    """USING SCOPE: `mine` keeps the records you own; everything else sees every record you can see."""
    if scope is None or scope in ("everything", "team", "mine_and_my_groups"):
        return None
    if scope != "mine":
        raise malformed(f"unexpected token: '{scope}' (USING SCOPE takes everything, mine or team)")
    if planner.root.field("OwnerId") is None:
        raise malformed(f"USING SCOPE mine is not supported on {planner.root.name}")
    planner.params.append(planner.user_id)
    return "t0.owner_id = ?"


def order_clause(planner: Planner, query: Query, *, aggregates: bool) -> list[str]:
    parts = []
    for item in query.order_by:
        sql, type_, _spec = planner.expression(item.expr, aggregates=aggregates)
        text = " COLLATE NOCASE" if type_ in TEXT_TYPES else ""
        nulls = "" if item.nulls_last is None else (" NULLS LAST" if item.nulls_last else " NULLS FIRST")
        parts.append(f"{sql}{text} {'DESC' if item.descending else 'ASC'}{nulls}")
    return parts
