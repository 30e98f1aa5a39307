"""What the report run page and the builder show beside the engine's answer: the detail rows placed under
their groups (Lightning's summary report with Detail Rows on), and which of the two pages a request asks
for."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

# the query keys the page itself adds (never part of a report's definition or of a saved report's values)
PAGE_KEYS = ("edit", "run", "details_set")
AGGREGATE_MENU = (("sum", "Sum"), ("average", "Average"), ("max", "Max"), ("min", "Min"))


def builder_mode(path: str, query: Mapping[str, str]) -> bool:
    """Whether a request opens the Report Builder rather than the run page: New Report with nothing chosen
    yet, or Edit (`edit=1`) until Run Report (`run=1`) is pressed.

    Args:
        path: the request's path.
        query: the request's query parameters.
    """
    if query.get("run"):
        return False
    return bool(query.get("edit")) or (path.rstrip("/").endswith("/reports/new") and not query)


def builder_details(values: dict[str, str]) -> None:
    """Turn Detail Rows on for a Report Builder preview opened without its toggle (Lightning's preview shows
    the detail rows until the toggle turns them off), in place: the builder form marks that it sent the
    toggle with `details_set`.

    Args:
        values: the builder's values.
    """
    if not values.get("details_set"):
        values["include_details"] = "on"


def summarize_links(values: Mapping[str, str], numeric: list[str]) -> dict[str, list[tuple[str, dict]]]:
    """A numeric column header's Summarize menu in the Report Builder: per column, (label, builder values)
    of Sum / Average / Max / Min, each summarizing that column (one summarized column at a time).

    Args:
        values: the builder's values.
        numeric: the numeric columns shown.
    """
    base = {k: v for k, v in values.items() if v and k not in ("summary_field", "aggregate", *PAGE_KEYS)}
    base["details_set"] = "1"
    return {
        name: [(label, {**base, "summary_field": name, "aggregate": agg}) for agg, label in AGGREGATE_MENU]
        for name in numeric
    }


def without_all(values: Mapping[str, str], prefix: str) -> dict[str, str]:
    """The builder's values with every key starting with `prefix` dropped (Outline's "Remove all").

    Args:
        values: the builder's values.
        prefix: "group_by_" (the groups) or "column_" (the chosen columns: back to the defaults).
    """
    return {k: v for k, v in values.items() if v and not k.startswith(prefix) and k not in PAGE_KEYS}


def nested_details(report: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The report's groups, each with its detail rows (`rows`) and, for a second grouping, its subgroups
    with theirs: the engine lists detail rows in group order, so each group takes the next `count` rows
    (fewer when the run stopped at its row limit).

    Args:
        report: run_report's answer (groups with counts, detail rows in group order).
    """
    rows = list(report.get("rows") or [])
    start = 0

    def take(count: int) -> list[dict[str, Any]]:
        nonlocal start
        part = rows[start : start + count]
        start += count
        return part

    out = []
    for group in report.get("groups") or []:
        if group.get("groups"):
            subs = [{**sub, "rows": take(sub["count"])} for sub in group["groups"]]
            out.append({**group, "groups": subs, "rows": []})
        else:
            out.append({**group, "rows": take(group["count"])})
    return out


def shown_values(values: Mapping[str, str]) -> dict[str, str]:
    """The builder's values without the page's own keys (what a saved report or a pill's link keeps).

    Args:
        values: the request's query or form values.
    """
    return {k: v for k, v in values.items() if k not in PAGE_KEYS}


# the built-in Opportunity Pipeline report's groupings (its ?group_by=), as the report builder's fields
PIPELINE_GROUPS = {
    "stage": ("stage_name",),
    "owner": ("owner_id",),
    "stage_and_owner": ("stage_name", "owner_id"),
}


def pipeline_values(query: Mapping[str, str]) -> dict[str, str]:
    """The builder values of the built-in Opportunity Pipeline report (a standard report run on the report
    run page like any other): opportunities grouped by stage and owner (`group_by` stage, owner or
    stage_and_owner), Sum of Amount, open ones only unless `include_closed`.

    Args:
        query: the request's query parameters (group_by, include_closed).
    """
    groups = PIPELINE_GROUPS.get(query.get("group_by") or "", PIPELINE_GROUPS["stage_and_owner"])
    values = {"report_type": "opportunities", "summary_field": "amount", "aggregate": "sum"}
    values.update({f"group_by_{i}": name for i, name in enumerate(groups, start=1)})
    if query.get("include_closed") not in ("true", "on", "1"):
        values.update(filter_field_1="is_closed", filter_op_1="equals", filter_value_1="false")
    if query.get("include_details"):
        values["include_details"] = "on"
    return values


def field_name(text: str, fields: Mapping[str, tuple[str, str]]) -> str | None:
    """The field an "Add group..." / "Add column..." lookup names: its label (any case) or its name.

    Args:
        text: what the lookup holds.
        fields: the report type's fields ({name: (label, kind)}).
    """
    text = text.strip().lower()
    return next((n for n, (label, _) in fields.items() if text in (n, label.lower())), None)


def take_additions(values: dict[str, str], fields: Mapping[str, tuple[str, str]], shown: list[str]) -> None:
    """Fold the Outline's lookups into the builder's values, in place: `add_group` becomes the next grouping
    (at most two), `add_column` one more ticked column (the shown ones ticked with it).

    Args:
        values: the builder's values.
        fields: the report type's fields.
        shown: the columns shown before the addition.
    """
    group = field_name(values.pop("add_group", ""), fields)
    chosen = [values.get(f"group_by_{i}") for i in (1, 2)]
    if group and group not in chosen:
        slot = 1 if not chosen[0] else 2
        if slot == 1 or not chosen[1]:
            values[f"group_by_{slot}"] = group
    column = field_name(values.pop("add_column", ""), fields)
    if column:
        values.update({f"column_{n}": "on" for n in [*shown, column]})


def outline_pills(values: Mapping[str, str], fields: Mapping[str, tuple[str, str]], shown: list[str]) -> dict:
    """The Outline's pills, each with the builder values that remove it: `groups` (Group Rows, outermost
    first) and `columns` (the detail columns shown).

    Args:
        values: the builder's values.
        fields: the report type's fields.
        shown: the columns shown, in order.
    """
    base = {k: v for k, v in values.items() if v and not k.startswith(("column_", "group_by_"))}
    groups = [g for i in (1, 2) if (g := values.get(f"group_by_{i}")) in fields]
    ticked = {f"column_{n}": "on" for n in shown}

    def without_group(name: str) -> dict[str, str]:
        rest = [g for g in groups if g != name]
        return {**base, **ticked, **{f"group_by_{i}": g for i, g in enumerate(rest, start=1)}}

    def without_column(name: str) -> dict[str, str]:
        kept = {k: v for k, v in ticked.items() if k != f"column_{name}"}
        return {**base, **kept, **{f"group_by_{i}": g for i, g in enumerate(groups, start=1)}}

    return {
        "groups": [{"name": g, "label": fields[g][0], "remove": without_group(g)} for g in groups],
        "columns": [
            {"name": c, "label": fields[c][0], "remove": without_column(c)} for c in shown if c in fields
        ],
    }
