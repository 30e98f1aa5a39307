"""Create and edit forms (ServiceNow form views) of incidents, problems, changes and knowledge
articles, and the service catalog's order form.

Every read and write runs a ticketing action through the UI kit. Reference fields are typed as display
names and resolved to sys_ids through the list_* actions before the form's action runs; a name that
matches nothing (or several records) is reported at its field and no action runs. A rule the service
refuses re-renders the form with the entered values, the message under the offending field and an
alert banner; success redirects (303) to the record.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

from fastapi import APIRouter, Request
from fastapi.responses import Response

from apps.core.runtime import Outcome
from apps.core.ui_kit import UiKit
from apps.ticketing import choices as c
from apps.ticketing.ui_change_new import change_chooser
from apps.ticketing.ui_form_layouts import (
    ARTICLE_FORM,
    CHANGE_FORM,
    CHANGE_GRID,
    INCIDENT_FORM,
    INCIDENT_GRID,
    PROBLEM_FORM,
    SUBCATEGORIES_OF,
    VARIABLE_PREFIX,
    Fld,
    Section,
)
from apps.ticketing.ui_new_record import new_record_fields

SYS_ID = re.compile(r"^[0-9a-f]{32}$")
# reference table -> (list action, the keys a typed value may equal, label, plural); a group is sent
# by its name (the actions take a group's exact name)
REFERENCES = {
    "user": ("list_users", ("name", "user_name", "email"), "user", "users"),
    "ci": ("list_configuration_items", ("name",), "configuration item", "configuration items"),
}
PRIORITY_TABLE = {f"{i}-{u}": c.PRIORITIES[c.priority_of(i, u)] for i in c.IMPACTS for u in c.URGENCIES}


@dataclass(frozen=True)
class Table:
    """A table with a New and an Edit form."""

    label: str  # "Incident"
    path: str  # "/incidents"
    sections: tuple[Section, ...]
    create: str
    update: str
    get: str
    id_arg: str
    record_key: str  # the record's key in the get_* result
    defaults: dict[str, str]
    edit_route: bool = True  # False where the record page itself is the edit form (incidents)
    # the page New opens first when the form's type is not chosen yet (?type= absent): changes' type chooser
    chooser: Callable[[UiKit, Request], Awaitable[Response]] | None = None
    grid: tuple[str, ...] = ()  # the New form's first section in the saved form's order (heading fields too)
    after: str | None = None  # a template drawn under the New form: the saved form's section tabs
    tabs: str | None = None  # the New form's sections after the first as tabs, this template's panels added
    display: dict[str, str] = field(
        default_factory=lambda: {
            "caller_id": "caller_name",
            "cmdb_ci": "cmdb_ci_name",
            "business_service": "business_service_name",
            "assigned_to": "assigned_to_name",
            "assignment_group": "assignment_group_name",
        }
    )


TABLES = (
    Table(
        "Incident",
        "/incidents",
        INCIDENT_FORM,
        "create_incident",
        "update_incident",
        "get_incident",
        "incident_id",
        "incident",
        {"impact": "3", "urgency": "3"},
        edit_route=False,
        grid=INCIDENT_GRID,
        after="sn_incident_new_sections.html",
    ),
    Table(
        "Problem",
        "/problems",
        PROBLEM_FORM,
        "create_problem",
        "update_problem",
        "get_problem",
        "problem_id",
        "problem",
        {"impact": "3", "urgency": "3"},
        edit_route=False,
    ),
    Table(
        "Change Request",
        "/changes",
        CHANGE_FORM,
        "create_change",
        "update_change",
        "get_change",
        "change_id",
        "change",
        {"type": "normal", "risk": "3", "impact": "3"},
        edit_route=False,
        chooser=change_chooser,
        grid=CHANGE_GRID,
        tabs="sn_change_new_tabs.html",
    ),
    Table(
        "Knowledge Article",
        "/kb",
        ARTICLE_FORM,
        "create_knowledge_article",
        "update_knowledge_article",
        "get_knowledge_article",
        "article_id",
        "article",
        {"knowledge_base": "IT"},
    ),
)


@dataclass
class FormPage:
    """One form backed by one action: what it shows and where it goes."""

    action: str
    sections: list[Section]
    title: str
    eyebrow: str
    cancel: str
    success: Callable[[dict[str, Any]], str]
    submit_label: str = "Submit"
    fixed: dict[str, Any] = field(default_factory=dict)
    update: bool = False
    item: dict[str, Any] | None = None  # the catalog item being ordered
    template: str = "sn_form.html"
    grid: tuple[str, ...] = ()  # the first section's fields (and heading fields) in this order
    after: str | None = None  # a template drawn under the form
    tabs: str | None = None  # the sections after the first as tabs, with this template's panels after them


def visible(sections: tuple[Section, ...] | list[Section], accepted: set[str]) -> list[Section]:
    """The layout restricted to the fields the action accepts (empty sections dropped)."""
    kept = [
        (title, tuple(f for f in group if f.name in accepted or (f.needs and set(f.needs) <= accepted)))
        for title, group in sections
    ]
    return [(title, group) for title, group in kept if group]


def fields_of(sections: list[Section]) -> list[Fld]:
    return [f for _, group in sections for f in group]


def iso_datetime(text: str) -> str:
    """A date/time as typed in UI16's format ("2026-11-02 12:00:00") or ISO 8601, as ISO 8601 to the minute
    when its seconds are zero ("2026-11-02T12:00", how a record's value shows); other text as it is.

    Args:
        text: the field's text.
    """
    text = text.strip()
    if len(text) >= 16 and text[10] in " T" and text[:4].isdigit():
        text = text[:10] + "T" + text[11:]
        return text[:16] if text[16:] in ("", ":00") else text
    return text


def to_args(fields: list[Fld], values: dict[str, str], *, update: bool) -> dict[str, Any]:
    """Action arguments from the submitted text. An empty field is left out when creating (the action's
    default applies) unless it is mandatory, so the service names what is missing; when editing an empty
    text, choice or reference field is sent as "" (which clears it)."""
    args: dict[str, Any] = {}
    for f in fields:
        if f.kind in ("checkbox", "output") or (update and f.name not in values):
            continue
        raw = (values.get(f.name) or "").strip()
        if f.kind == "datetime":
            raw = iso_datetime(raw)
        if raw:
            args[f.name] = int(raw) if f.integer and raw.isdigit() else raw
        elif (update or f.required) and not f.integer and f.kind not in ("datetime", "date"):
            args[f.name] = ""
    return args


async def resolve_references(
    kit: UiKit, request: Request, fields: list[Fld], args: dict[str, Any]
) -> dict[str, str]:
    """Replace the display names typed in reference fields by sys_ids; returns the errors per field."""
    errors: dict[str, str] = {}
    for f in fields:
        value = args.get(f.name)
        if not f.ref or f.ref not in REFERENCES or not value or SYS_ID.match(value):
            continue
        action, keys, label, plural = REFERENCES[f.ref]
        data = await kit.read(request, action, {"search": value, "limit": 200})
        wanted = value.lower()
        found = [r for r in data["records"] if any((r.get(k) or "").lower() == wanted for k in keys)]
        if len(found) == 1:
            args[f.name] = found[0]["sys_id"]
        elif not found:
            errors[f.name] = f"No {label} named “{value}” was found. Check the spelling."
        else:
            hint = "; type the user name or e-mail instead" if f.ref == "user" else ""
            errors[f.name] = f"{len(found)} {plural} are named “{value}”{hint}."
    return errors


async def show(
    kit: UiKit,
    request: Request,
    page: FormPage,
    values: dict[str, Any],
    *,
    errors: dict[str, str] | None = None,
    error: str | None = None,
    status: int = 200,
    heading: list[tuple[str, str, Any]] | None = None,
    flash: str | None = None,
) -> Response:
    """Render the form `page` with `values`, the field `errors`, the `error` banner, the read-only
    `heading` fields (a New form's number) and a `flash` status message."""
    return kit.render(
        request,
        page.template,
        {
            "title": page.title,
            "page": page,
            "sections": page.sections,
            "values": values,
            "errors": errors or {},
            "error": error,
            "priority_table": PRIORITY_TABLE,
            "subcategories": SUBCATEGORIES_OF,
            "heading_fields": heading or [],
            "flash": flash,
        },
        status=status,
    )


def error_field(outcome: Outcome, fields: list[Fld]) -> str | None:
    """The form field a refusal is about; catalog variables are named at the start of the message."""
    names = {f.name for f in fields}
    if outcome.field in names:
        return outcome.field
    if outcome.field == "variables":
        message = outcome.error or ""
        for f in fields:
            var = f.name.removeprefix(VARIABLE_PREFIX)
            if f.name.startswith(VARIABLE_PREFIX) and (
                message.startswith(var + " ") or f" needs {var} (" in message
            ):
                return f.name
    return None


def answers(fields: list[Fld], values: dict[str, str]) -> list[str]:
    """The catalog variables' answers as "name=value" strings (an unticked checkbox is left out)."""
    out = []
    for f in fields:
        raw = (values.get(f.name) or "").strip()
        if f.name.startswith(VARIABLE_PREFIX) and raw:
            out.append(f"{f.name.removeprefix(VARIABLE_PREFIX)}={'true' if f.kind == 'checkbox' else raw}")
    return out


async def submit(kit: UiKit, request: Request, page: FormPage) -> Response:
    """Run the form's action; on a refusal re-render the form with the message at its field."""
    values, trace = await kit.form(request)
    fields = fields_of(page.sections)
    plain = [f for f in fields if not f.name.startswith(VARIABLE_PREFIX)]
    args = to_args(plain, values, update=page.update)
    errors = await resolve_references(kit, request, plain, args)
    if errors:
        await kit.record_events(request, trace)
        labels = ", ".join(f.label for f in fields if f.name in errors)
        message = f"Invalid reference: {labels}. " + " ".join(errors.values())
        return await show(kit, request, page, values, errors=errors, error=message, status=422)
    if page.item is not None:
        args["variables"] = answers(fields, values)
    outcome = await kit.run(request, page.action, {**args, **page.fixed}, trace)
    if outcome.ok:
        return kit.redirect(request, page.success(outcome.data()))
    name = error_field(outcome, fields)
    label = next((f.label for f in fields if f.name == name), None)
    message = f"{label}: {outcome.error}" if label else (outcome.error or "The record could not be saved.")
    errors = {name: outcome.error or ""} if name else {}
    return await show(kit, request, page, values, errors=errors, error=message, status=422)


def record_values(record: dict[str, Any], fields: list[Fld], display: dict[str, str]) -> dict[str, Any]:
    """A record's current values as form text: reference fields show the display name."""
    out: dict[str, Any] = {}
    for f in fields:
        value = record.get(f.name)
        if value is None or value == "":
            continue
        if f.name in display:
            value = record.get(display[f.name]) or value
        elif f.kind == "datetime":
            value = str(value)[:16]
        out[f.name] = str(value)
    return out


def build_form_router(kit: UiKit) -> APIRouter:
    """New and Edit forms of each table. Include it before the record
    routes: "/incidents/new" would otherwise be taken for an incident number."""
    router = APIRouter()
    for table in TABLES:
        _add_table(router, kit, table)

    return router


def _with_flash(path: str, message: str) -> str:
    """A record path with the message its page shows in a status banner."""
    return path + "?" + urlencode({"saved": message})


def _add_table(router: APIRouter, kit: UiKit, table: Table) -> None:
    slug = table.path.strip("/")

    def new_page() -> FormPage:
        return FormPage(
            table.create,
            visible(table.sections, kit.params(table.create)),
            f"New {table.label}",
            table.label,
            table.path,
            lambda r: _with_flash(
                f"{table.path}/{r['number']}", f"{table.label} {r['number']} has been created."
            ),
            grid=table.grid,
            after=table.after,
            tabs=table.tabs,
        )

    def edit_page(number: str) -> FormPage:
        return FormPage(
            table.update,
            visible(table.sections, kit.params(table.update)),
            f"Edit {number}",
            table.label,
            f"{table.path}/{number}",
            lambda r: _with_flash(f"{table.path}/{r['number']}", "Record updated."),
            submit_label="Update",
            fixed={table.id_arg: number},
            update=True,
        )

    async def new_form(request: Request) -> Response:
        if table.chooser is not None and "type" not in request.query_params:
            return await table.chooser(kit, request)
        page = new_page()
        accepted = {f.name for f in fields_of(page.sections)}
        values = {**table.defaults, **{k: v for k, v in request.query_params.items() if k in accepted}}
        heading = await new_record_fields(kit, request, table.path)
        return await show(kit, request, page, values, heading=heading)

    async def new_submit(request: Request) -> Response:
        return await submit(kit, request, new_page())

    async def edit_form(request: Request, number: str) -> Response:
        data = await kit.read(request, table.get, {table.id_arg: number})
        page = edit_page(number)
        values = record_values(data[table.record_key], fields_of(page.sections), table.display)
        return await show(kit, request, page, values)

    async def edit_submit(request: Request, number: str) -> Response:
        return await submit(kit, request, edit_page(number))

    router.add_api_route(f"{table.path}/new", new_form, methods=["GET"], name=f"new_{slug}")
    router.add_api_route(f"{table.path}/new", new_submit, methods=["POST"], name=f"create_{slug}")
    if not table.edit_route:
        return
    router.add_api_route(f"{table.path}/{{number}}/edit", edit_form, methods=["GET"], name=f"edit_{slug}")
    router.add_api_route(
        f"{table.path}/{{number}}/edit", edit_submit, methods=["POST"], name=f"update_{slug}"
    )
