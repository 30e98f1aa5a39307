"""Messages as Microsoft Graph lists them (`/me/messages`, `/me/mailFolders/{id}/messages`), with the
OData query options `$filter`, `$orderby`, `$search`, `$top`, `$skip` and `$count`, and the other
resources Graph shapes its own way (a message, a folder, the signed-in user). The routes of
`apps/office/graphapi/routes.py` serve these; they are MCP tools, CLI commands and Python calls too."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, WithJsonSchema

from apps.core.actions import Ctx
from apps.office.graphapi import shapes
from apps.office.graphapi.odata import compile_filter, compile_orderby
from apps.office.models import Message
from apps.office.services.common import actions, display_name, me
from apps.office.services.mailbox import own_message, resolve_folder

Top = Annotated[int, WithJsonSchema({"type": "integer", "minimum": 1, "maximum": 1000})]
Skip = Annotated[int, WithJsonSchema({"type": "integer", "minimum": 0})]


class GraphCollection(BaseModel):
    """A Graph collection: its `value` (resources as Graph returns them) and, when asked, the count of
    everything that matches (`@odata.count`)."""

    value: list[dict[str, Any]]
    count: int | None = None


class GraphResource(BaseModel):
    """One Graph resource (message, event, driveItem …) as Graph returns it."""

    model_config = ConfigDict(extra="allow")
    id: str


def names_of(ctx: Ctx, rows: list[dict[str, Any]]) -> dict[str, str]:
    """address -> display name for every recipient of `rows`."""
    seen = {
        a.lower()
        for r in rows
        for k in ("to_recipients", "cc_recipients", "bcc_recipients")
        for a in r[k] or []
    }
    return {a: display_name(ctx, a) for a in sorted(seen)}


def graph_message(ctx: Ctx, row: Message) -> dict[str, Any]:
    data = row.model_dump()
    return shapes.message(data, names_of(ctx, [data]))


@actions.read
def graph_list_messages(
    ctx: Ctx,
    *,
    folder: str | None = None,
    filter: str = "",
    orderby: str = "",
    search: str = "",
    top: Top = 10,
    skip: Skip = 0,
    count: bool = False,
) -> GraphCollection:
    """List your messages as Microsoft Graph does (GET /me/messages), with OData query options.

    Args:
        folder: a mail folder (inbox, drafts, sentitems, deleteditems, archive, or a folder id); every
            folder when not given.
        filter: an OData $filter, e.g. isRead eq false and from/emailAddress/address eq 'x@y.com', or
            contains(subject, 'invoice'), receivedDateTime ge 2026-10-01T00:00:00Z,
            toRecipients/any(r: r/emailAddress/address eq 'amber@acme.example'),
            categories/any(c: c eq 'Red category').
        orderby: an OData $orderby, e.g. receivedDateTime desc (the default).
        search: a $search text: messages whose subject, body or sender contain every word.
        top: at most this many messages ($top, 1-1000; Graph's default page is 10).
        skip: messages to skip ($skip).
        count: also give the number of all matching messages (@odata.count).
    """
    user = me(ctx)
    where, params = compile_filter(filter)
    clauses, args = ["m.owner_id = ?", where], [user.id, *params]
    if folder:
        clauses.append("m.parent_folder_id = ?")
        args.append(resolve_folder(ctx, user.id, folder).id)
    for word in search.strip().strip('"').split():
        pattern = "%" + word.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        fields = ("m.subject", "m.body_content", "m.from_name", "m.from_address")
        clauses.append("(" + " OR ".join(f"COALESCE({f} LIKE ? ESCAPE '\\', 0)" for f in fields) + ")")
        args += [pattern] * len(fields)
    order = compile_orderby(orderby) or ["m.received_date_time DESC"]
    base = f"FROM office_message m WHERE {' AND '.join(clauses)}"
    total = ctx.sql.exec_driver_sql(f"SELECT COUNT(*) {base}", tuple(args)).scalar() if count else None
    sql = f"SELECT m.id {base} ORDER BY {', '.join(order)}, m.id LIMIT {int(top)} OFFSET {int(skip)}"
    ids = [r[0] for r in ctx.sql.exec_driver_sql(sql, tuple(args)).fetchall()]
    rows = [ctx.db.get(Message, i).model_dump() for i in ids]
    names = names_of(ctx, rows)
    return GraphCollection(value=[shapes.message(r, names) for r in rows], count=total)


@actions.read
def graph_get_message(ctx: Ctx, *, message_id: str) -> GraphResource:
    """One of your messages as Microsoft Graph returns it (GET /me/messages/{id}).

    Args:
        message_id: the message's id.
    """
    return GraphResource(**graph_message(ctx, own_message(ctx, message_id)))
