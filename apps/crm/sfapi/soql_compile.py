"""From a parsed SOQL query to a `Plan`: the select list (fields, parent fields, child subqueries,
FIELDS(), aggregates and their `exprN` names), the clauses, and Salesforce's limits on them."""

from __future__ import annotations

from datetime import date
from typing import Any

from apps.core.errors import ActionError
from apps.crm.sfapi.catalog import SObject
from apps.crm.sfapi.soql_plan import (
    AGGREGATES,
    Column,
    Plan,
    Planner,
    malformed,
    order_clause,
    scope_clause,
)
from apps.crm.sfapi.soql_syntax import Call, Path, Query

PARENT_IDS = "__parent_ids__"
MAX_OFFSET = 2000
MAX_LIMIT = 50_000
FIELDS_ALL_LIMIT = 200


def _is_aggregate(query: Query) -> bool:
    calls = [i.expr for i in query.select if isinstance(i.expr, Call)]
    return bool(query.group_by) or any(c.name in AGGREGATES for c in calls)


def _expand_fields(root: SObject, kind: str, query: Query) -> list[Path]:
    if kind not in ("ALL", "STANDARD", "CUSTOM"):
        raise malformed(f"unexpected token: '{kind}' (FIELDS takes ALL, STANDARD or CUSTOM)")
    if kind in ("ALL", "CUSTOM") and (query.limit is None or query.limit > FIELDS_ALL_LIMIT):
        raise malformed(f"The SOQL FIELDS function must have a LIMIT of at most {FIELDS_ALL_LIMIT}")
    keep = {"ALL": lambda s: True, "STANDARD": lambda s: not s.custom, "CUSTOM": lambda s: s.custom}[kind]
    return [Path((spec.api,)) for spec in root.fields if keep(spec)]


def compile_query(
    query: Query,
    root: SObject,
    objects: Any,
    today: date,
    user_id: str | None,
    *,
    child_of: str | None = None,
) -> Plan:
    """The plan of `query` over `root`; `child_of` is the foreign key column of a child subquery."""
    planner = Planner(root, objects, today, user_id)
    aggregate = _is_aggregate(query)
    if query.offset is not None and query.offset > MAX_OFFSET:
        raise ActionError(
            f"Maximum SOQL offset allowed is {MAX_OFFSET}", field="q", code="NUMBER_OUTSIDE_VALID_RANGE"
        )
    columns: list[Column] = []
    selects: list[str] = []
    children: list[tuple[str, Plan, str]] = []
    seen: set[tuple[str, ...]] = set()
    count_only = False
    grouped = {_text(g).lower() for g in query.group_by}
    expr_n = 0

    def add(sql: str, key: tuple[str, ...], type_: str, hidden: bool = False) -> None:
        if key in seen and not hidden:
            raise malformed(f"duplicate field selected: {'.'.join(key)}")
        seen.add(key)
        selects.append(sql)
        columns.append(Column(key, type_, hidden))

    for item in query.select:
        expr = item.expr
        if isinstance(expr, tuple):  # FIELDS(ALL|STANDARD|CUSTOM)
            for path in _expand_fields(root, expr[1], query):
                sql, spec, key = planner.resolve(path)
                if key not in seen:
                    add(sql, key, spec.type)
            continue
        if isinstance(expr, Query):
            if aggregate or child_of is not None:
                raise malformed("a child relationship subquery is not allowed here")
            children.append(_child(expr, root, objects, today, user_id))
            continue
        if isinstance(expr, Call):
            if expr.name == "COUNT" and expr.arg is None and len(query.select) == 1:
                count_only = True
                continue
            if not aggregate:
                raise malformed(f"{expr.name} is allowed only in an aggregate query (with GROUP BY)")
            if expr.name not in AGGREGATES and _text(expr).lower() not in grouped:
                raise malformed(f"Field must be grouped or aggregated: {_text(expr)}")
            sql, type_, _ = planner.expression(expr, aggregates=True)
            name = item.alias or f"expr{expr_n}"
            expr_n += 0 if item.alias else 1
            add(sql, (name,), type_)
            continue
        sql, spec, key = planner.resolve(expr)
        if aggregate:
            if _text(expr).lower() not in grouped:
                raise malformed(f"Field must be grouped or aggregated: {_text(expr)}")
            key = (item.alias or spec.api,)
        add(sql, key, spec.type)

    if not aggregate and not count_only:
        add("t0.id", ("Id",), "id", hidden=True)
        for parent in planner.parents.values():
            add(parent.id_sql, (*parent.key, "__id"), "id", hidden=True)
            add(parent.type_sql, (*parent.key, "__type"), "string", hidden=True)
    if child_of:
        add(f"t0.{child_of}", ("__parent",), "id", hidden=True)

    where = [planner.condition(query.where)] if query.where is not None else []
    scoped = scope_clause(planner, query.scope)
    where += [scoped] if scoped else []
    if child_of:  # the parents' ids are bound when the parents are known (the last parameters)
        where.append(f"t0.{child_of} IN ({PARENT_IDS})")
    group = [planner.expression(g, aggregates=False)[0] for g in query.group_by]
    having = planner.condition(query.having, aggregates=True) if query.having is not None else None
    if having and not aggregate:
        raise malformed("HAVING needs GROUP BY or an aggregate function")
    order = order_clause(planner, query, aggregates=aggregate)
    if not aggregate and not count_only:
        order.append("t0.id ASC")  # a stable order for paging, as a query locator has
    sql = f"SELECT {', '.join(selects) or 'COUNT(*)'} FROM {root.table} t0 {' '.join(planner.joins)}"
    if where:
        sql += " WHERE " + " AND ".join(where)
    if group:
        sql += " GROUP BY " + ", ".join(group)
    if having:
        sql += " HAVING " + having
    if order and not count_only:
        sql += " ORDER BY " + ", ".join(order)
    return Plan(
        sobject=root,
        sql=sql,
        params=planner.params,
        columns=columns,
        parents=list(planner.parents.values()),
        children=children,
        aggregate=aggregate,
        count_only=count_only,
        grouped=bool(query.group_by),
        limit=min(query.limit, MAX_LIMIT) if query.limit is not None else None,
        offset=query.offset or 0,
    )


def _child(
    sub: Query, root: SObject, objects: Any, today: date, user_id: str | None
) -> tuple[str, Plan, str]:
    found = next(((n, c) for n, c in root.children.items() if n.lower() == sub.object.lower()), None)
    if found is None:
        raise ActionError(
            f"Didn't understand relationship '{sub.object}' in FROM part of query call. "
            "If you are attempting to use a custom relationship, be sure to append the '__r' after the "
            "custom relationship name. "
            "Please reference your WSDL or the describe call for the appropriate names.",
            field="q",
            code="INVALID_TYPE",
        )
    name, (child_object, fk) = found
    plan = compile_query(sub, objects(child_object), objects, today, user_id, child_of=fk)
    return name, plan, fk


def _text(expr: Path | Call) -> str:
    return expr.text()
