"""Helpers the CRM pages share: record URLs, owner names, lookups by name, and the generic form flow."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any
from urllib.parse import quote

from fastapi import Request
from fastapi.responses import Response

from apps.core.ui_kit import UiKit
from apps.crm.ids import object_of
from apps.crm.ui_dates import take_dates
from apps.crm.ui_fields import F, Section, all_fields, form_args, visible_sections
from apps.crm.ui_lookup import ID_PATTERN, TEXT_SUFFIX, display_name, label_of, resolve_name, take_typed_text
from apps.crm.ui_modal import render_over

PATH_OF_OBJECT = {
    "Account": "/accounts",
    "Contact": "/contacts",
    "Lead": "/leads",
    "Opportunity": "/opportunities",
    "Product": "/products",
}
PAGE_SIZE = 25
TOAST_COOKIE = "crm_toast"


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


async def resolve_lookups(
    kit: UiKit, request: Request, fields: list[F], args: dict[str, Any]
) -> dict[str, str]:
    """Replace lookup names typed without choosing a suggestion by record ids; returns errors per field."""
    errors: dict[str, str] = {}
    for f in fields:
        value = args.get(f.name)
        if f.kind not in ("lookup", "user") or not value or ID_PATTERN.match(value):
            continue
        found, error = await resolve_name(kit, request, f.lookup or "account", value)
        if found:
            args[f.name] = found
        else:
            errors[f.name] = error or "Choose a record from the suggestions."
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
    toast: Callable[[dict[str, Any]], str] | None = None  # the message after a save (default: generic)
    data: dict[str, Any] = field(default_factory=dict)  # what the page script reads (JSON in the page)
    # adjusts the submitted text before it becomes the action's arguments (a field that follows another)
    prepare: Callable[[dict[str, str]], None] | None = None
    heading: str | None = None  # the modal's title when it differs from the form's name ("Edit Acme")
    save_new: bool = False  # a Save & New button: saves, then opens a fresh form
    save_new_to: str | None = None  # where Save & New opens the fresh form (default: this form again)
    small: bool = False  # a small modal of a field or two (Change Owner), no section titles
    note: bool = False  # Lightning Notes' composer: borderless "Untitled Note" title, body, Delete / Done
    owner_note: str | None = None  # Change Owner: what happens to the related records (under the lookup)
    owner_kept: tuple[str, ...] = ()  # Change Owner: the related records that keep their owners
    owner_moved: tuple[str, ...] = ()  # Change Account Owner: the current owner's records that move along
    docked: bool = (
        False  # Lightning's docked composer (bottom right, no backdrop): New Task, Log a Call, New Note
    )


async def bind_fields(
    kit: UiKit, request: Request, sections: list[Section], values: dict[str, Any]
) -> list[Section]:
    """Give each lookup box the name of the record it holds (`<field>__text`), and owners a lookup."""
    bound = []
    for title, group in sections:
        out = []
        for f in group:
            if f.kind == "user":
                f = replace(f, lookup="user", required=bool(values.get(f.name)))
            value = values.get(f.name)
            if f.kind in ("lookup", "user") and value and f.name + TEXT_SUFFIX not in values:
                is_id = ID_PATTERN.match(str(value))
                values[f.name + TEXT_SUFFIX] = (
                    await label_of(kit, request, f.lookup, value) if is_id else value
                )
                if not is_id:
                    values[f.name] = ""
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
    """The form as a Lightning modal over the page it belongs to (`page.cancel`), with the values shown and
    any errors at their fields and in the modal's banner."""
    sections = sections or visible_sections(page.sections, kit.params(page.action))
    modal = kit.render(
        request,
        "record_modal.html",
        {
            "page": page,
            "sections": await bind_fields(kit, request, sections, values),
            "values": values,
            "errors": errors or {},
            "error": error,
        },
    )
    return await render_over(kit, request, page.cancel, bytes(modal.body).decode(), page.title, status)


async def submit_form(kit: UiKit, request: Request, page: FormPage) -> Response:
    """Run the form's action; on a rule violation re-render the form with the message at its field."""
    values, trace = await kit.form(request)
    sections = visible_sections(page.sections, kit.params(page.action))
    fields = all_fields(sections)
    take_typed_text(fields, values)
    date_errors = take_dates(fields, values)
    if page.prepare:
        page.prepare(values)
    args = form_args(fields, values, update=page.update)
    for name in date_errors:
        args.pop(name, None)
    errors = {**await resolve_lookups(kit, request, fields, args), **date_errors}
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
        result = outcome.data()
        message = page.toast(result) if page.toast else saved_message(result, created=not page.update)
        if page.save_new and values.get("save_new"):  # Save & New: a fresh form, the toast over it
            here = request.url.path[len(kit.root(request)) :]
            query = f"?{request.url.query}" if request.url.query else ""
            return toast_redirect(kit, request, page.save_new_to or here + query, message)
        return toast_redirect(kit, request, page.success(result), message)
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


def saved_message(result: dict[str, Any], *, created: bool) -> str:
    """Lightning's toast after a save: 'Account "Globex" was created.' / '… was saved.'"""
    noun = object_of(result.get("id") or "") or "Record"
    name = display_name(result) or result.get("subject") or result.get("title") or ""
    what = f'{noun} "{name}"' if name else noun
    return f"{what} was {'created' if created else 'saved'}."


def toast_redirect(kit: UiKit, request: Request, path: str, message: str, **query: Any) -> Response:
    """Redirect to `path`; the next page shows `message` as a toast (a short-lived cookie its script
    clears once shown, so reloading the page does not repeat it)."""
    response = kit.redirect(request, path, **query)
    response.set_cookie(
        TOAST_COOKIE, quote(message), max_age=30, path=kit.root(request) or "/", samesite="strict"
    )
    return response


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
