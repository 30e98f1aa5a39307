"""Create and edit forms of accounts, contacts, leads and opportunities."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import timedelta
from functools import partial
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from apps.core.ui_kit import UiKit
from apps.crm.picklists import OPPORTUNITY_STAGES
from apps.crm.ui_activity import safe_next
from apps.crm.ui_common import FormPage, current_user, show_form, submit_form
from apps.crm.ui_fields import (
    ACCOUNT_FORM,
    CONTACT_FORM,
    LEAD_FORM,
    OPPORTUNITY_FORM,
    Section,
    all_fields,
    clean_number,
    record_values,
    visible_sections,
)
from apps.crm.ui_lookup import TEXT_SUFFIX


@dataclass(frozen=True)
class EditableObject:
    path: str  # "/accounts"
    label: str  # "Account"
    icon: str
    sections: tuple[Section, ...]
    create: str
    update: str
    get: str
    id_arg: str  # "account_id"
    key: str  # the record's key in the get_* result
    display: dict[str, str]  # lookup field -> key of its display name in the get_* result
    defaults: dict[str, Any]
    data: dict[str, Any] = field(default_factory=dict)  # for the form's script (FormPage.data)
    # on an edit: (record before the edit, submitted text) -> adjusts the text (FormPage.prepare)
    on_edit: Callable[[dict[str, Any], dict[str, str]], None] | None = None
    # fields an edit form shows read-only (Lightning's Opportunity Owner: Change Owner changes it)
    edit_readonly: tuple[str, ...] = ()
    # fields read-only for some records: (the get_* result) -> their names (an opportunity's Amount once it
    # has products: the products set it)
    readonly_for: Callable[[dict[str, Any]], tuple[str, ...]] | None = None

    def edit_sections(self, data: dict[str, Any] | None = None) -> tuple[Section, ...]:
        """The form's sections as an edit shows them: the `edit_readonly` fields read-only, and those
        `readonly_for` the record (`data`: its get_* result) names."""
        fixed = set(self.edit_readonly) | set(self.readonly_for(data) if self.readonly_for and data else ())
        return tuple(
            (title, tuple(replace(f, readonly=f.name in fixed) for f in fields))
            for title, fields in self.sections
        )


def probability_follows_stage(record: dict[str, Any], values: dict[str, str]) -> None:
    """Probability (%) follows a new stage unless the user changed it too: a form that changes the stage
    and still shows the old probability (its script had not run, or was off) saves the stage's default,
    as Lightning's edit form does."""
    stage = (values.get("stage_name") or "").strip()
    if stage and stage != record.get("stage_name") and _same_number(values.get("probability"), record):
        values.pop("probability", None)


def _same_number(shown: str | None, record: dict[str, Any]) -> bool:
    """Whether the form's Probability text ("50", "50%") is the record's probability."""
    try:
        return float(clean_number(shown or "")) == float(record.get("probability"))
    except (TypeError, ValueError):
        return False


OBJECTS = (
    EditableObject(
        "/accounts",
        "Account",
        "account",
        ACCOUNT_FORM,
        "create_account",
        "update_account",
        "get_account",
        "account_id",
        "account",
        {"parent_id": "parent_name"},
        {},
    ),
    EditableObject(
        "/contacts",
        "Contact",
        "contact",
        CONTACT_FORM,
        "create_contact",
        "update_contact",
        "get_contact",
        "contact_id",
        "contact",
        {"account_id": "account_name", "reports_to_id": "reports_to_name"},
        {},
    ),
    EditableObject(
        "/leads",
        "Lead",
        "lead",
        LEAD_FORM,
        "create_lead",
        "update_lead",
        "get_lead",
        "lead_id",
        "lead",
        {},
        {"status": "Open - Not Contacted"},
    ),
    EditableObject(
        "/opportunities",
        "Opportunity",
        "opportunity",
        OPPORTUNITY_FORM,
        "create_opportunity",
        "update_opportunity",
        "get_opportunity",
        "opportunity_id",
        "opportunity",
        {"account_id": "account_name"},
        {"stage_name": "Prospecting"},
        # Lightning's form sets Probability (%) to the chosen stage's default (crm.js; the server too)
        {"stage_probabilities": {s.name: s.probability for s in OPPORTUNITY_STAGES}},
        on_edit=probability_follows_stage,
        edit_readonly=("owner_id",),
        readonly_for=lambda data: ("amount",) if data.get("line_items") else (),
    ),
)


async def new_values(kit: UiKit, request: Request, obj: EditableObject) -> dict[str, Any]:
    """Initial values of a New form: defaults, the acting user as owner, a parent from the URL."""
    values: dict[str, Any] = dict(obj.defaults)
    me = await current_user(kit, request)
    if me:
        values["owner_id"] = me.get("id")
    if obj.path == "/opportunities":
        values["close_date"] = ((await kit.now(request)).date() + timedelta(days=30)).isoformat()
    account_id = request.query_params.get("account_id")
    if account_id and "account_id" in kit.params(obj.create):
        data = await kit.read(request, "get_account", {"account_id": account_id})
        values.update(account_id=account_id, account_id__text=data["account"]["name"])
    return values


def build_edit_router(kit: UiKit) -> APIRouter:
    router = APIRouter()
    for obj in OBJECTS:
        _add_routes(router, kit, obj)
    return router


def _add_routes(router: APIRouter, kit: UiKit, obj: EditableObject) -> None:
    def create_page(request: Request) -> FormPage:
        cancel = request.query_params.get("account_id")
        return FormPage(
            obj.create,
            obj.sections,
            f"New {obj.label}",
            obj.icon,
            cancel=f"/accounts/{cancel}" if cancel else obj.path,
            data=obj.data,
            save_new=True,
        )

    def edit_page(request: Request, record_id: str, data: dict[str, Any] | None = None) -> FormPage:
        # a list row's Edit opens over the list and goes back to it (?next=); else over the record page
        back = safe_next(request.query_params.get("next"), f"{obj.path}/{record_id}")
        return FormPage(
            obj.update,
            obj.edit_sections(data),
            f"Edit {obj.label}",
            obj.icon,
            fixed={obj.id_arg: record_id},
            update=True,
            cancel=back,
            success=lambda _: back,
            data=obj.data,
            save_new=True,  # Lightning's Edit modal: Cancel / Save & New (a New form) / Save
            save_new_to=f"{obj.path}/new",
        )

    async def new_form(request: Request) -> Response:
        return await show_form(kit, request, create_page(request), await new_values(kit, request, obj))

    async def new_submit(request: Request) -> Response:
        return await submit_form(kit, request, create_page(request))

    async def edit_form(request: Request) -> Response:
        record_id = request.path_params["record_id"]
        data = await kit.read(request, obj.get, {obj.id_arg: record_id})
        record = data[obj.key]
        fields = all_fields(visible_sections(obj.edit_sections(data), kit.params(obj.update)))
        values = record_values(record, fields)
        for field_name, display_key in obj.display.items():
            if record.get(field_name):
                values[field_name + TEXT_SUFFIX] = data.get(display_key) or record[field_name]
        page = edit_page(request, record_id, data)
        page.heading = f"Edit {_name(record)}"
        return await show_form(kit, request, page, values)

    async def edit_submit(request: Request) -> Response:
        record_id = request.path_params["record_id"]
        data = await kit.read(request, obj.get, {obj.id_arg: record_id})
        page = edit_page(request, record_id, data)
        if obj.on_edit:
            page.prepare = partial(obj.on_edit, data[obj.key])
        return await submit_form(kit, request, page)

    slug = obj.path.strip("/")
    router.add_api_route(f"{obj.path}/new", new_form, methods=["GET"], name=f"new_{slug}")
    router.add_api_route(f"{obj.path}/new", new_submit, methods=["POST"], name=f"create_{slug}")
    router.add_api_route(f"{obj.path}/{{record_id}}/edit", edit_form, methods=["GET"], name=f"edit_{slug}")
    router.add_api_route(
        f"{obj.path}/{{record_id}}/edit", edit_submit, methods=["POST"], name=f"update_{slug}"
    )


def _name(record: dict[str, Any]) -> str:
    if record.get("name"):
        return record["name"]
    return " ".join(x for x in (record.get("first_name"), record.get("last_name")) if x)
