"""The ServiceNow Table API and Aggregate API as actions: read any served table with an encoded query,
read a record by sys_id, create and update records (through the desk's own actions and business
rules), and count, sum and average by group. `/api/now/table/…` and `/api/now/stats/…` serve these
(`apps/ticketing/tableapi/routes.py`); they are also MCP tools, CLI commands and Python calls."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, WithJsonSchema

from apps.core.actions import Ctx
from apps.core.errors import ActionError, ErrorKind
from apps.ticketing.services.common import actions
from apps.ticketing.tableapi import writes
from apps.ticketing.tableapi.records import render, select
from apps.ticketing.tableapi.stats import aggregate
from apps.ticketing.tableapi.tables import Table, table, table_names

DisplayValue = Literal["false", "true", "all"]
Limit = Annotated[int, WithJsonSchema({"type": "integer", "minimum": 1, "maximum": 10000})]
Offset = Annotated[int, WithJsonSchema({"type": "integer", "minimum": 0})]


Warnings = Annotated[
    list[str],
    Field(description="what was not understood and left out (an unknown field, an unreadable term), by name"),
]


class TableResult(BaseModel):
    """Records as the Table API returns them (`result`), how many match in all (`total`), and `warnings`:
    a condition or field the table does not have is dropped, as ServiceNow does, and named here."""

    result: list[dict[str, Any]]
    total: int
    warnings: Warnings = []


class RecordResult(BaseModel):
    """One record as the Table API returns it (`warnings`: fields asked that the table does not have)."""

    result: dict[str, Any]
    warnings: Warnings = []


class StatsResult(BaseModel):
    """The Aggregate API's answer: one `stats` object, or one per group with its `groupby_fields`; and
    `warnings` naming the query's dropped conditions."""

    result: Any
    warnings: Warnings = []


def _table(name: str) -> Table:
    found = table(name)
    if found is None:
        raise ActionError(
            f"Invalid table {name}; the Table API serves: {', '.join(table_names())}",
            field="table",
            code="Invalid table",
        )
    return found


def _one(
    ctx: Ctx, t: Table, sys_id: str, fields: list[str] | None, display: str, links: bool, base: str
) -> tuple[dict, list[str]]:
    total, page, warnings = select(ctx, t, f"sys_id={sys_id}", fields or [], limit=1, offset=0)
    if not page:
        raise ActionError(
            "Record doesn't exist or ACL restricts the record retrieval",
            field="sys_id",
            code=ErrorKind.NOT_FOUND,
        )
    return render(ctx, base, page, display, links)[0], warnings


@actions.read
def table_query(
    ctx: Ctx,
    *,
    table: str,
    query: str = "",
    fields: list[str] | None = None,
    limit: Limit = 100,
    offset: Offset = 0,
    display_value: DisplayValue = "false",
    exclude_reference_link: bool = False,
    instance_url: str = "",
) -> TableResult:
    """Read records of a table with an encoded query, like GET /api/now/table/{table}.

    The query joins conditions with ^ (AND), ^OR (OR with the previous one) and ^NQ (a second query whose
    records are added): active=true^priority<=2^ORurgency=1^ORDERBYDESCopened_at. Operators: =, !=, <, <=,
    >, >=, LIKE, NOT LIKE, STARTSWITH, ENDSWITH, IN, NOT IN, ISEMPTY, ISNOTEMPTY, BETWEEN (a@b), SAMEAS,
    ON, RELATIVEGT/RELATIVELT (@dayofweek@ago@3) and javascript:gs.daysAgo(7)-style dates; a field may
    be dot-walked through a reference (caller_id.department=Sales, caller_id.company.name=Acme,
    assignment_group.name=Service Desk). As in ServiceNow, a condition on a field the table does not have
    is dropped (the rest of the query decides) and a field it does not have is left out: `warnings` names
    each. Every value is returned as text.

    Args:
        table: incident, problem, change_request, sc_request, sc_req_item, sc_task, sc_cat_item, kb_knowledge,
            kb_knowledge_base, cmdb_ci (or a class such as cmdb_ci_server), cmdb_rel_ci, sys_user,
            sys_user_group, sys_user_grmember, sys_journal_field, sysapproval_approver, task_sla,
            contract_sla.
        query: the encoded query (sysparm_query); empty for every record.
        fields: the fields to return (sysparm_fields), dot-walked ones allowed (caller_id.name); default
            every field.
        limit: at most this many records (sysparm_limit, 1-10000).
        offset: records to skip (sysparm_offset).
        display_value: false for stored values, true for display values (a reference's name, a choice's
            label), all for both.
        exclude_reference_link: true to give references without their link.
        instance_url: where the reference links point (the instance's URL).
    """
    t = _table(table)
    total, page, warnings = select(ctx, t, query, fields or [], limit=limit, offset=offset)
    result = render(ctx, instance_url.rstrip("/"), page, display_value, not exclude_reference_link)
    return TableResult(result=result, total=total, warnings=warnings)


@actions.read
def table_get(
    ctx: Ctx,
    *,
    table: str,
    sys_id: str,
    fields: list[str] | None = None,
    display_value: DisplayValue = "false",
    exclude_reference_link: bool = False,
    instance_url: str = "",
) -> RecordResult:
    """Read one record by its sys_id, like GET /api/now/table/{table}/{sys_id}.

    Args:
        table: the table (see table_query).
        sys_id: the record's sys_id (32 hexadecimal characters).
        fields: the fields to return; default every field.
        display_value: false, true or all (see table_query).
        exclude_reference_link: true to give references without their link.
        instance_url: where the reference links point (the instance's URL).
    """
    t = _table(table)
    base = instance_url.rstrip("/")
    record, warnings = _one(ctx, t, sys_id, fields, display_value, not exclude_reference_link, base)
    return RecordResult(result=record, warnings=warnings)


def _reader(ctx: Ctx, t: Table):  # noqa: ANN202
    return lambda sys_id: _one(ctx, t, sys_id, None, "false", False, "")[0]


@actions.write
def table_insert(ctx: Ctx, *, table: str, fields: dict[str, Any], instance_url: str = "") -> RecordResult:
    """Create a record, like POST /api/now/table/{table}, with the desk's business rules (an incident
    needs a caller and a short description; its priority follows impact and urgency). Creates incident,
    problem, change_request and kb_knowledge records; other tables refuse (ACL).

    Args:
        table: incident, problem, change_request or kb_knowledge.
        fields: the field values by name, e.g. {"caller_id": "abel.tuter", "short_description": "VPN down",
            "impact": "2", "urgency": "1"}; work_notes and comments add journal entries.
        instance_url: where the reference links point (the instance's URL).
    """
    t = _table(table)
    sys_id = writes.insert(ctx, t.name, fields, _reader(ctx, t))
    return RecordResult(result=_one(ctx, t, sys_id, None, "false", True, instance_url.rstrip("/"))[0])


@actions.write
def table_update(
    ctx: Ctx, *, table: str, sys_id: str, fields: dict[str, Any], instance_url: str = ""
) -> RecordResult:
    """Change a record, like PATCH or PUT /api/now/table/{table}/{sys_id}, through the desk's own actions:
    edits, assignment, work_notes and comments, and a state change along the state model (an incident:
    state 2 start work, 3 On Hold with hold_reason, 6 Resolved with close_code and close_notes, 7 Closed,
    8 Canceled; 1 or 2 on a Resolved one reopens it). The whole change is refused when one rule is.

    Args:
        table: incident, problem, change_request, kb_knowledge or sc_req_item.
        sys_id: the record's sys_id.
        fields: the fields to change by name.
        instance_url: where the reference links point (the instance's URL).
    """
    t = _table(table)
    read = _reader(ctx, t)
    read(sys_id)  # No Record found before anything else
    writes.update(ctx, t.name, sys_id, fields, read)
    return RecordResult(result=_one(ctx, t, sys_id, None, "false", True, instance_url.rstrip("/"))[0])


@actions.read
def table_stats(
    ctx: Ctx,
    *,
    table: str,
    query: str = "",
    count: bool = True,
    group_by: list[str] | None = None,
    avg_fields: list[str] | None = None,
    sum_fields: list[str] | None = None,
    min_fields: list[str] | None = None,
    max_fields: list[str] | None = None,
    having: str = "",
    display_value: bool = False,
) -> StatsResult:
    """Count, sum, average, min and max records, grouped or not, like GET /api/now/stats/{table}.

    Args:
        table: the table (see table_query).
        query: the encoded query the records must match (sysparm_query).
        count: count the records (sysparm_count).
        group_by: fields to group by (sysparm_group_by), e.g. ["priority"].
        avg_fields: fields to average (sysparm_avg_fields).
        sum_fields: fields to sum (sysparm_sum_fields).
        min_fields: fields to take the minimum of (sysparm_min_fields).
        max_fields: fields to take the maximum of (sysparm_max_fields).
        having: a condition on the aggregates, aggregate^field^operator^value (sysparm_having), e.g.
            count^priority^>^3 (several joined by ^NQ... not supported: one condition).
        display_value: give each group's display value too (sysparm_display_value).
    """
    t = _table(table)
    spec = {
        "avg": avg_fields or [],
        "sum": sum_fields or [],
        "min": min_fields or [],
        "max": max_fields or [],
    }
    result, warnings = aggregate(ctx, t, query, count, group_by or [], spec, having, display_value)
    return StatsResult(result=result, warnings=warnings)
