"""Helpers the CRM pages share: record URLs, owner names, lookups by name, and the generic form flow."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from fastapi import Request
from fastapi.responses import Response

from apps.core.ui_kit import UiKit
from apps.crm.ids import object_of
from apps.crm.ui_fields import F, Section, all_fields, form_args, visible_sections

PATH_OF_OBJECT = {
    "Account": "/accounts",
    "Contact": "/contacts",
    "Lead": "/leads",
    "Opportunity": "/opportunities",
    "Product": "/products",
}
ID_PATTERN = re.compile(r"^[0-9a-zA-Z]{15}([0-9a-zA-Z]{3})?$")
LOOKUPS = {"account": ("list_accounts", "name", "Account", "accounts")}
PAGE_SIZE = 25


def record_path(record_id: str | None) -> str | None:
    """The page of a record, from its id prefix (None for objects without a page)."""
    base = PATH_OF_OBJECT.get(object_of(record_id or "") or "")
    return f"{base}/{record_id}" if base else None


async def users(kit: UiKit, request: Request) -> list[tuple[str, str]]:
    """Active users as (id, name), for owner pickers and owner names."""
    if not kit.has_action("list_users"):
        return []
    data = await kit.read(request, "list_users")
    rows = data.get("records", data) if isinstance(data, dict) else data
    return [(u["id"], u["name"]) for u in rows if u.get("is_active", True)]


async def current_user(kit: UiKit, request: Request) -> dict[str, Any] | None:
    if not kit.has_action("get_current_user"):
        return None
    outcome = await kit.run(request, "get_current_user", {})
    return outcome.data() if outcome.ok else None


async def lookup_choices(kit: UiKit, request: Request, obj: str) -> list[str]:
    """Names offered as suggestions in a lookup box (the first 200, by name)."""
    action, name_key, _, _ = LOOKUPS[obj]
    data = await kit.read(request, action, {"limit": 200})
    return [r[name_key] for r in data["records"]]


async def resolve_lookups(
    kit: UiKit, request: Request, fields: list[F], args: dict[str, Any]
) -> dict[str, str]:
    """Replace lookup names typed by the user with record ids; returns errors per field."""
    errors: dict[str, str] = {}
    for f in fields:
        value = args.get(f.name)
        if f.kind != "lookup" or not value or ID_PATTERN.match(value):
            continue
        action, name_key, label, _ = LOOKUPS[f.lookup or "account"]
        data = await kit.read(request, action, {"search": value, "limit": 200})
        exact = [r for r in data["records"] if r[name_key].strip().lower() == value.strip().lower()]
        if len(exact) == 1:
            args[f.name] = exact[0]["id"]
        elif not exact:
            errors[f.name] = f"No {label.lower()} named “{value}” was found. Check the spelling."
        else:
            errors[f.name] = f"{len(exact)} {LOOKUPS[f.lookup or 'account'][3]} are named “{value}”."
    return errors


@dataclass
class FormPage:
    """A create or edit form backed by one action."""

    action: str
    sections: tuple[Section, ...]
    title: str
    icon: str
    fixed: dict[str, Any] = field(default_factory=dict)  # arguments not on the form (ids)
    update: bool = False
    cancel: str = "/"
    success: Callable[[dict[str, Any]], str] = lambda result: record_path(result.get("id")) or "/"
    intro: str | None = None
    submit_label: str = "Save"


async def bind_fields(
    kit: UiKit, request: Request, sections: list[Section], values: dict[str, Any]
) -> list[Section]:
    """Fill choices that come from the episode: owners and lookup suggestions."""
    fields = all_fields(sections)
    owners = await users(kit, request) if any(f.kind == "user" for f in fields) else []
    lookups = {f.lookup: await lookup_choices(kit, request, f.lookup) for f in fields if f.kind == "lookup"}
    bound = []
    for title, group in sections:
        out = []
        for f in group:
            if f.kind == "user":
                f = replace(
                    f, kind="select", choices=tuple(owners), required=bool(values.get(f.name)), help=None
                )
            elif f.kind == "lookup":
                f = replace(f, choices=tuple(lookups.get(f.lookup, ())))
            out.append(f)
        bound.append((title, tuple(out)))
    return bound


async def show_form(
    kit: UiKit,
    request: Request,
    page: FormPage,
    values: dict[str, Any],
    *,
    errors: dict[str, str] | None = None,
    error: str | None = None,
    status: int = 200,
    sections: list[Section] | None = None,
) -> Response:
    sections = sections or visible_sections(page.sections, kit.params(page.action))
    return kit.render(
        request,
        "form.html",
        {
            "title": page.title,
            "page": page,
            "sections": await bind_fields(kit, request, sections, values),
            "values": values,
            "errors": errors or {},
            "error": error,
        },
        status=status,
    )


async def submit_form(kit: UiKit, request: Request, page: FormPage) -> Response:
    """Run the form's action; on a rule violation re-render the form with the message at its field."""
    values, trace = await kit.form(request)
    sections = visible_sections(page.sections, kit.params(page.action))
    fields = all_fields(sections)
    args = form_args(fields, values, update=page.update)
    errors = await resolve_lookups(kit, request, fields, args)
    if errors:
        await kit.record_events(request, trace)
        return await show_form(
            kit,
            request,
            page,
            values,
            errors=errors,
            error=_summary(errors, fields),
            status=422,
            sections=sections,
        )
    outcome = await kit.run(request, page.action, {**args, **page.fixed}, trace)
    if outcome.ok:
        return kit.redirect(request, page.success(outcome.data()))
    field_errors = errors_by_field(outcome, fields)
    return await show_form(
        kit,
        request,
        page,
        values,
        errors=field_errors,
        error=" ".join(_message(f.message, fields, f.field) for f in outcome.failures)
        or _message(outcome.error, fields, outcome.field),
        status=422,
        sections=sections,
    )


def errors_by_field(outcome: Any, fields: list[F]) -> dict[str, str]:
    """Each failure of a refused save next to its field (a save can break several rules at once)."""
    names = {f.name for f in fields}
    parts = [(f.field, f.message) for f in outcome.failures] or [(outcome.field, outcome.error)]
    found: dict[str, str] = {}
    for name, message in parts:
        if name in names:
            found[name] = f"{found[name]} {message}" if name in found else message
    return found


def _summary(errors: dict[str, str], fields: list[F]) -> str:
    labels = [f.label for f in fields if f.name in errors]
    return "Review the errors on this page: " + ", ".join(labels) + "."


def _message(error: str | None, fields: list[F], field_name: str | None) -> str:
    label = next((f.label for f in fields if f.name == field_name), None)
    return f"{label}: {error}" if label else (error or "The record could not be saved.")
