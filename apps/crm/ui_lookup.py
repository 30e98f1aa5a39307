"""Lookups as search comboboxes (Lightning's lookup field): what each lookup searches, the listbox's
suggestions with secondary text, the name shown for a chosen id, and typed names resolved to ids.

A lookup field is a text box (role combobox, `name="<field>__text"`) plus a hidden input with the chosen
record's id (`name="<field>"`). The browser script fills the listbox from `GET /_lookup/{kind}?q=`
(`search_records`, or `list_users` for owners); without the script, the typed name is resolved on save.
"""

from __future__ import annotations

import re
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from apps.core.ui_kit import UiKit
from apps.crm.ids import object_of
from apps.crm.ui_dates import sf_date

ID_PATTERN = re.compile(r"^[0-9a-zA-Z]{15}([0-9a-zA-Z]{3})?$")
TEXT_SUFFIX = "__text"
# lookup kind -> (objects searched, what the field names, placeholder noun)
KINDS: dict[str, tuple[tuple[str, ...], str, str]] = {
    "account": (("account",), "account", "Accounts"),
    "contact": (("contact",), "contact", "Contacts"),
    "who": (("contact", "lead"), "contact or lead", "Contacts and Leads"),
    "what": (("account", "opportunity"), "account or opportunity", "Accounts and Opportunities"),
    "lead": (("lead",), "lead", "Leads"),
    "opportunity": (("opportunity",), "opportunity", "Opportunities"),
    "user": ((), "user", "People"),
}
OBJECT_LABEL = {"account": "Account", "contact": "Contact", "lead": "Lead", "opportunity": "Opportunity"}
SUGGESTIONS = 8
PLURAL = {"account": "accounts", "contact": "contacts", "lead": "leads", "opportunity": "opportunities"}


def placeholder(kind: str | None) -> str:
    return f"Search {KINDS.get(kind or 'account', KINDS['account'])[2]}..."


def objects_of(kind: str | None) -> tuple[str, ...]:
    """The objects a lookup of `kind` names ("who": contact and lead; "user": user), for its pill's icon
    and a polymorphic lookup's object selector."""
    return KINDS.get(kind or "account", KINDS["account"])[0] or ("user",)


def object_of_value(kind: str | None, value: str | None) -> str | None:
    """The object of a lookup's chosen record id (its pill's icon), None when nothing is chosen."""
    if not value or not ID_PATTERN.match(str(value)):
        return None
    if kind == "user":
        return "user"
    obj = (object_of(str(value)) or "").lower()
    return obj if obj in objects_of(kind) else objects_of(kind)[0]


def display_name(record: dict[str, Any]) -> str:
    """A record's name as Lightning shows it (accounts, deals, users: name; people: first and last)."""
    if record.get("name"):
        return str(record["name"])
    return " ".join(p for p in (record.get("first_name"), record.get("last_name")) if p)


def _secondary(obj: str, r: dict[str, Any]) -> str:
    """The grey line under a suggestion: the object, then what tells same-named records apart."""
    extra = {
        "account": [r.get("billing_city"), r.get("industry")],
        "contact": [r.get("title"), r.get("email")],
        "lead": [r.get("company"), r.get("status")],
        "opportunity": [r.get("stage_name"), sf_date(r.get("close_date"))],
        "user": [r.get("title"), r.get("email")],
    }[obj]
    return " • ".join([OBJECT_LABEL.get(obj, "User"), *(x for x in extra if x)])


async def suggestions(
    kit: UiKit, request: Request, kind: str, text: str, limit: int = SUGGESTIONS
) -> list[dict[str, str]]:
    """Matches for `text` as {id, label, meta, object}, at most `limit` per object."""
    text = text.strip()
    if len(text) < 2 or kind not in KINDS:
        return []
    objects = KINDS[kind][0]
    if not objects:
        data = await kit.read(request, "list_users", {"search": text})
        rows = [("user", r) for r in data["records"][:limit]]
    else:
        outcome = await kit.run(
            request, "search_records", {"query": text, "objects": list(objects), "limit": limit}
        )
        data = outcome.data() if outcome.ok else {}
        rows = [(obj, r) for obj in objects for r in data.get(PLURAL[obj], [])]
    return [
        {"id": r["id"], "label": display_name(r), "meta": _secondary(obj, r), "object": obj}
        for obj, r in rows
    ]


async def label_of(kit: UiKit, request: Request, kind: str | None, record_id: str) -> str:
    """The name a lookup box shows for a chosen id (the id itself if it names nothing readable)."""
    if kind == "user":
        data = await kit.read(request, "list_users", {"active_only": False})
        return next((u["name"] for u in data["records"] if u["id"] == record_id), record_id)
    obj = (object_of(record_id) or "").lower()
    if obj not in OBJECT_LABEL or not kit.has_action(f"get_{obj}"):
        return record_id
    outcome = await kit.run(request, f"get_{obj}", {f"{obj}_id": record_id})
    return display_name(outcome.data()[obj]) if outcome.ok else record_id


def take_typed_text(fields: list[Any], values: dict[str, str]) -> None:
    """Fold each combobox's typed text into its field: a cleared box clears the field; text typed
    without choosing a suggestion is kept as a name to resolve; a chosen id stays as it is."""
    for f in fields:
        if f.kind not in ("lookup", "user") or f.readonly:
            continue  # a read-only field's text only names it again if the form is shown again
        typed = values.pop(f.name + TEXT_SUFFIX, None)
        if typed is None:
            continue
        if not typed.strip():
            values[f.name] = ""
        elif not (values.get(f.name) or "").strip():
            values[f.name] = typed.strip()


async def resolve_name(kit: UiKit, request: Request, kind: str, name: str) -> tuple[str | None, str | None]:
    """(id, None) for the one record of the lookup's objects called `name`, else (None, a message)."""
    found = [
        s
        for s in await suggestions(kit, request, kind, name, limit=50)
        if s["label"].strip().lower() == name.strip().lower()
    ]
    if len(found) == 1:
        return found[0]["id"], None
    noun = KINDS.get(kind, KINDS["account"])[1]
    if not found:
        return None, f"No {noun} named “{name}” was found. Choose one from the suggestions."
    return None, f"{len(found)} records are named “{name}”: choose one from the suggestions."


def build_lookup_router(kit: UiKit) -> APIRouter:
    """`GET /_lookup/{kind}?q=`: the combobox's suggestions as JSON."""
    router = APIRouter()

    @router.get("/_lookup/{kind}", include_in_schema=False)
    async def lookup(request: Request, kind: str) -> Response:
        if kind not in KINDS:
            return JSONResponse({"error": f"unknown lookup {kind!r}"}, status_code=404)
        found = await suggestions(kit, request, kind, request.query_params.get("q", ""))
        return JSONResponse({"results": found})

    return router
