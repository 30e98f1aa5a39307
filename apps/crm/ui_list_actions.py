"""What a list view's rows do besides opening a record: inline edit of one cell (the pencil; Enter saves
through the object's update action), and the row action menu's Delete and Change Owner."""

from __future__ import annotations

from dataclasses import dataclass

from fastapi import APIRouter, Request
from fastapi.responses import Response

from apps.core.ui_kit import UiKit
from apps.crm.ui_activity import safe_next
from apps.crm.ui_common import FormPage, current_user, show_form, submit_form, toast_redirect
from apps.crm.ui_dates import take_dates
from apps.crm.ui_fields import OWNER, F, form_args
from apps.crm.ui_lists import LIST_VIEWS, ListView
from apps.crm.ui_lookup import display_name

# Change Owner's explanation, true to update_* (owner_transfer.py): a contact's or an opportunity's related
# records keep their owners; an account takes along what its current owner holds on it
OWNER_NOTE = "The new owner will own {name}. These related records keep their current owners:"
ACCOUNT_NOTE = (
    "The new owner will also become the owner of these records related to {name} that are owned by the "
    "current account owner:"
)
ACCOUNT_MOVED = ("Contacts", "Open opportunities", "Notes", "Open activities (tasks and events)")
OWNER_KEPT = {"Opportunity": ("Products", "Open activities (tasks and events)", "Notes")}
# Lightning's Change Account Owner checkboxes, in its order (update_account's options, off by default)
ACCOUNT_TRANSFERS = (
    F(
        "transfer_other_open_opportunities",
        "Transfer open opportunities not owned by the existing account owner",
        "checkbox",
    ),
    F("transfer_closed_opportunities", "Transfer closed opportunities", "checkbox"),
    F("transfer_open_cases", "Transfer open cases owned by the existing account owner", "checkbox"),
    F("transfer_closed_cases", "Transfer closed cases", "checkbox"),
    F("keep_account_team", "Keep Account Team", "checkbox"),
    F("send_notification_email", "Send notification email", "checkbox"),
)
OTHERS_KEPT = ("Open activities (tasks and events)", "Notes")


@dataclass(frozen=True)
class RowActions:
    update: str
    get: str
    delete: str | None
    id_arg: str
    key: str


ROW_ACTIONS = {
    "/accounts": RowActions("update_account", "get_account", "delete_account", "account_id", "account"),
    "/contacts": RowActions("update_contact", "get_contact", "delete_contact", "contact_id", "contact"),
    "/leads": RowActions("update_lead", "get_lead", None, "lead_id", "lead"),
    "/opportunities": RowActions(
        "update_opportunity", "get_opportunity", "delete_opportunity", "opportunity_id", "opportunity"
    ),
}


def build_list_action_router(kit: UiKit) -> APIRouter:
    router = APIRouter()
    for view in LIST_VIEWS:
        if view.path in ROW_ACTIONS:
            _add_routes(router, kit, view, ROW_ACTIONS[view.path])
    return router


def _add_routes(router: APIRouter, kit: UiKit, view: ListView, acts: RowActions) -> None:
    editable = {c.edit.name: c.edit for c in view.columns if c.edit}

    async def record_name(request: Request, record_id: str) -> str:
        outcome = await kit.run(request, acts.get, {acts.id_arg: record_id})
        return display_name(outcome.data()[acts.key]) if outcome.ok else record_id

    async def inline(request: Request, record_id: str) -> Response:
        values, trace = await kit.form(request)
        back = safe_next(values.get("next"), view.path)
        field = editable.get(values.get("field", ""))
        if field is None:
            await kit.record_events(request, trace)
            return toast_redirect(kit, request, back, "!This column cannot be edited in the list.")
        value = values.get("value", "")
        name = await record_name(request, record_id)
        if field.required and not value.strip():
            await kit.record_events(request, trace)
            return toast_redirect(kit, request, back, f"!{name}: {field.label}: Complete this field.")
        typed = {field.name: value}
        bad_date = take_dates([field], typed).get(field.name)
        if bad_date:
            await kit.record_events(request, trace)
            return toast_redirect(kit, request, back, f"!{name}: {field.label}: {bad_date}")
        args = form_args([field], typed, update=True)
        outcome = await kit.run(request, acts.update, {acts.id_arg: record_id, **args}, trace)
        if not outcome.ok:
            return toast_redirect(kit, request, back, f"!{name}: {field.label}: {outcome.error}")
        return toast_redirect(kit, request, back, f'{view.singular} "{name}" was saved.')

    async def delete(request: Request, record_id: str) -> Response:
        values, trace = await kit.form(request)
        back = safe_next(values.get("next"), view.path)
        name = await record_name(request, record_id)
        outcome = await kit.run(request, acts.delete, {acts.id_arg: record_id}, trace)
        if not outcome.ok:
            return toast_redirect(kit, request, back, f"!{name} was not deleted: {outcome.error}")
        return toast_redirect(kit, request, back, f'{view.singular} "{name}" was deleted.')

    def owner_page(request: Request, record_id: str, name: str = "") -> FormPage:
        # from a row's menu the list passes itself as next; otherwise the modal is the record page's
        back = safe_next(request.query_params.get("next"), f"{view.path}/{record_id}")
        account = view.singular == "Account"
        return FormPage(
            acts.update,
            (("Change Owner", (OWNER, *(ACCOUNT_TRANSFERS if account else ()))),),
            f"Change {view.singular} Owner",
            view.icon,
            fixed={acts.id_arg: record_id},
            update=True,
            cancel=back,
            success=lambda _: back,
            intro=name or None,
            submit_label="Change Owner",
            small=True,
            owner_note=(ACCOUNT_NOTE if account else OWNER_NOTE).format(
                name=name or f"this {view.singular.lower()}"
            ),
            owner_kept=() if account else OWNER_KEPT.get(view.singular, OTHERS_KEPT),
            owner_moved=ACCOUNT_MOVED if account else (),
        )

    async def owner_form(request: Request, record_id: str) -> Response:
        data = await kit.read(request, acts.get, {acts.id_arg: record_id})
        page = owner_page(request, record_id, display_name(data[acts.key]))
        me = await current_user(kit, request)
        values = {"owner_id": data[acts.key].get("owner_id") or (me or {}).get("id")}
        return await show_form(kit, request, page, values)

    async def owner_submit(request: Request, record_id: str) -> Response:
        return await submit_form(kit, request, owner_page(request, record_id))

    slug = view.path.strip("/")
    router.add_api_route(f"{view.path}/{{record_id}}/inline", inline, methods=["POST"], name=f"inline_{slug}")
    router.add_api_route(
        f"{view.path}/{{record_id}}/owner", owner_form, methods=["GET"], name=f"owner_{slug}"
    )
    router.add_api_route(
        f"{view.path}/{{record_id}}/owner", owner_submit, methods=["POST"], name=f"change_owner_{slug}"
    )
    if acts.delete:
        router.add_api_route(
            f"{view.path}/{{record_id}}/delete", delete, methods=["POST"], name=f"delete_{slug}"
        )
