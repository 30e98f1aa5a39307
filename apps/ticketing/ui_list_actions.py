"""A list's "Actions on selected rows…" menu (UI16's list footer): the actions the desk's services can apply
to each checked record, one service call per record, as MCP and the CLI would make them. POST
<list path>/selected with `action`, the checked `record` keys and `back` (the list's query) runs them and
returns to the list, saying how many were done and why any were refused. An argument "@me" is the signed-in
user; My Approvals' Approve / Reject run the change's or the requested item's decision by the record's
prefix, Reject taking the comments typed beside the menu."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl

from fastapi import APIRouter, Request
from fastapi.responses import Response

from apps.core.ui_kit import UiKit
from apps.core.ui_trace import TRACE_FIELD, parse_trace


@dataclass(frozen=True)
class RowAction:
    name: str  # the form's `action` value
    label: str  # the menu item
    action: str  # the service action run per record
    key_arg: str  # its argument naming the record
    args: dict[str, Any] = field(default_factory=dict)
    by_prefix: dict[str, tuple[str, str]] = field(default_factory=dict)  # record prefix -> (action, key_arg)
    comments: bool = False  # takes the footer's comments as its `comments` argument

    def call(self, key: str) -> tuple[str, str]:
        """The service action and its key argument for the record `key` (by its prefix, if any)."""
        return next(
            (v for p, v in self.by_prefix.items() if key.upper().startswith(p)), (self.action, self.key_arg)
        )


ME = "@me"  # an argument naming the signed-in user


# per list path: the actions offered on its selected rows (a list with none offers no menu)
ROW_ACTIONS: dict[str, tuple[RowAction, ...]] = {
    "/incidents": (
        RowAction("assign_to_me", "Assign to me", "assign_incident", "incident_id", {"assign_to_me": True}),
        RowAction("start", "Start Work", "start_incident_work", "incident_id"),
    ),
    "/problems": (
        RowAction("assign_to_me", "Assign to me", "update_problem", "problem_id", {"assigned_to": ME}),
    ),
    "/changes": (RowAction("request_approval", "Request Approval", "request_change_approval", "change_id"),),
    "/requests": (
        RowAction(
            "assign_to_me", "Assign to me", "update_requested_item", "requested_item_id", {"assigned_to": ME}
        ),
    ),
    "/approvals": (
        RowAction(
            "approve",
            "Approve",
            "approve_change",
            "change_id",
            by_prefix={"RITM": ("approve_requested_item", "requested_item_id")},
        ),
        RowAction(
            "reject",
            "Reject",
            "reject_change",
            "change_id",
            by_prefix={"RITM": ("reject_requested_item", "requested_item_id")},
            comments=True,
        ),
    ),
}


def build_list_actions_router(kit: UiKit) -> APIRouter:
    """POST /<list>/selected for every list that offers actions on selected rows."""
    router = APIRouter()
    for path, actions in ROW_ACTIONS.items():
        router.add_api_route(
            f"{path}/selected", _handler(kit, path, actions), methods=["POST"], include_in_schema=False
        )
    return router


def _handler(kit: UiKit, path: str, actions: tuple[RowAction, ...]):  # noqa: ANN202
    async def handler(request: Request) -> Response:
        form = await request.form()
        trace = parse_trace(form.get(TRACE_FIELD))
        back = dict(parse_qsl(str(form.get("back") or "")))
        back.pop("saved", None)
        chosen = next((a for a in actions if a.name == form.get("action")), None)
        records = [str(r) for r in form.getlist("record") if str(r).strip()]
        if chosen is None or not records:
            await kit.record_events(request, trace)
            why = "Choose an action." if chosen is None else "Select at least one row first."
            return kit.redirect(request, path, **back, saved=why)
        done, refused = 0, []
        me = (await kit.read(request, "get_current_user"))["sys_id"]
        extra = {k: me if v == ME else v for k, v in chosen.args.items()}
        if chosen.comments:
            extra["comments"] = str(form.get("comments") or "").strip()
        for i, key in enumerate(records):
            action, key_arg = chosen.call(key)
            outcome = await kit.run(request, action, {key_arg: key, **extra}, trace if i == 0 else ())
            if outcome.ok:
                done += 1
            else:
                refused.append(f"{key}: {outcome.error}")
        message = f"{chosen.label}: {done} of {len(records)} done."
        if refused:
            message += " Not done: " + "; ".join(refused)
        return kit.redirect(request, path, **back, saved=message)

    handler.__name__ = f"selected_{path.strip('/')}"
    return handler
