"""List views (accounts, contacts, leads, opportunities, products): filters, sortable columns, pages."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from apps.core.ui_kit import UiKit
from apps.core.ui_kit import pager as ui_pager
from apps.crm import picklists as pl
from apps.crm.ui_common import PAGE_SIZE, users
from apps.crm.ui_fields import LEAD_STATUS_CHOICES, F, sel
from apps.crm.ui_list_meta import account_names, count_text, filtered_text


@dataclass(frozen=True)
class Col:
    label: str
    key: str
    sort: str | None = None  # the action's sort_by value, if sortable
    fmt: str = "text"  # text link name money money0 (no cents) percent date num owner account bool email
    edit: F | None = None  # inline edit: the update action's field for this column


@dataclass(frozen=True)
class ListView:
    path: str
    action: str
    title: str  # plural, "Accounts"
    singular: str
    icon: str
    columns: tuple[Col, ...]
    filters: tuple[F, ...]
    default_sort: str
    default_desc: bool = False
    can_create: bool = True


SEARCH = F("search", "Search this list")
NUMERIC = ("money", "money0", "num", "percent")  # right-aligned columns
STAGES = tuple(s.name for s in pl.OPPORTUNITY_STAGES)

LIST_VIEWS: tuple[ListView, ...] = (
    ListView(
        "/accounts",
        "list_accounts",
        "Accounts",
        "Account",
        "account",
        (
            Col("Account Name", "name", "name", "link"),
            Col("Billing City", "billing_city"),
            Col("Phone", "phone", edit=F("phone", "Phone", "tel")),
            Col("Type", "type", edit=sel("type", "Type", pl.ACCOUNT_TYPES)),
            Col("Industry", "industry", "industry", edit=sel("industry", "Industry", pl.INDUSTRIES)),
            Col("Annual Revenue", "annual_revenue", "annual_revenue", "money0"),
            Col("Account Owner", "owner_id", None, "owner"),
        ),
        (
            SEARCH,
            sel("industry", "Industry", pl.INDUSTRIES),
            sel("type", "Type", pl.ACCOUNT_TYPES),
            F("mine", "My accounts only", "checkbox"),
        ),
        "name",
    ),
    ListView(
        "/contacts",
        "list_contacts",
        "Contacts",
        "Contact",
        "contact",
        (
            Col("Name", "last_name", "last_name", "name"),
            Col("Account Name", "account_id", None, "account"),
            Col("Title", "title", "title", edit=F("title", "Title")),
            Col("Email", "email", "email", "email", edit=F("email", "Email", "email")),
            Col("Phone", "phone", edit=F("phone", "Phone", "tel")),
            Col("Contact Owner", "owner_id", None, "owner"),
        ),
        (SEARCH, F("mine", "My contacts only", "checkbox")),
        "last_name",
    ),
    ListView(
        "/leads",
        "list_leads",
        "Leads",
        "Lead",
        "lead",
        (
            Col("Name", "last_name", "last_name", "name"),
            Col("Company", "company", "company", edit=F("company", "Company", required=True)),
            Col(
                "Lead Status",
                "status",
                "status",
                "text",
                edit=sel("status", "Lead Status", LEAD_STATUS_CHOICES),
            ),
            Col("Lead Source", "lead_source"),
            Col("Email", "email", None, "email"),
            Col("Created Date", "created_date", "created_date", "date"),
            Col("Lead Owner", "owner_id", None, "owner"),
        ),
        (
            SEARCH,
            sel("status", "Lead Status", pl.LEAD_STATUSES),
            sel("lead_source", "Lead Source", pl.LEAD_SOURCES),
            F("mine", "My leads only", "checkbox"),
            F("include_converted", "Include converted leads", "checkbox"),
        ),
        "created_date",
        True,
    ),
    ListView(
        "/opportunities",
        "list_opportunities",
        "Opportunities",
        "Opportunity",
        "opportunity",
        (
            Col("Opportunity Name", "name", "name", "link"),
            Col("Account Name", "account_id", None, "account"),
            Col(
                "Stage",
                "stage_name",
                "stage_name",
                "text",
                edit=sel("stage_name", "Stage", STAGES, required=True),
            ),
            Col("Amount", "amount", "amount", "money", edit=F("amount", "Amount", "number")),
            Col("Probability (%)", "probability", "probability", "percent"),
            Col(
                "Close Date",
                "close_date",
                "close_date",
                "date",
                edit=F("close_date", "Close Date", "date", required=True),
            ),
            Col("Opportunity Owner", "owner_id", None, "owner"),
        ),
        (
            SEARCH,
            sel("stage_name", "Stage", tuple(s.name for s in pl.OPPORTUNITY_STAGES)),
            sel(
                "status", "Status", (("open", "Open"), ("closed", "Closed"), ("won", "Won"), ("lost", "Lost"))
            ),
            F("mine", "My opportunities only", "checkbox"),
        ),
        "close_date",
    ),
    ListView(
        "/products",
        "list_products",
        "Products",
        "Product",
        "product",
        (
            Col("Product Name", "name", None, "link"),
            Col("Product Code", "product_code"),
            Col("Product Family", "family"),
            Col("List Price", "list_price", None, "money"),
            Col("Active", "is_active", None, "bool"),
        ),
        (SEARCH, sel("family", "Product Family", pl.PRODUCT_FAMILIES)),
        "name",
        can_create=False,
    ),
)


def list_args(kit: UiKit, view: ListView, query: dict[str, str]) -> tuple[dict[str, Any], str, bool, int]:
    """Action arguments from the list URL's query (only those the action accepts)."""
    accepted = kit.params(view.action)
    args: dict[str, Any] = {}
    for f in view.filters:
        value = (query.get(f.name) or "").strip()
        if f.name in accepted and value:
            args[f.name] = value in ("true", "on", "1") if f.kind == "checkbox" else value
    if "account_id" in accepted and (account := (query.get("account_id") or "").strip()):
        args["account_id"] = account  # a related list's View All: the account's records
    sortable = {c.sort for c in view.columns if c.sort}
    sort = query.get("sort") if query.get("sort") in sortable else view.default_sort
    desc = query.get("dir") == "desc" if query.get("dir") in ("asc", "desc") else view.default_desc
    if "sort_by" in accepted and sort in sortable:
        args.update(sort_by=sort, descending=desc)
    try:
        page = max(1, int(query.get("page", "1")))
    except ValueError:
        page = 1
    args.update(limit=PAGE_SIZE, offset=(page - 1) * PAGE_SIZE)
    return args, sort, desc, page


def build_list_router(kit: UiKit) -> APIRouter:
    router = APIRouter()
    for view in LIST_VIEWS:
        router.add_api_route(
            view.path,
            _list_handler(kit, view),
            methods=["GET"],
            include_in_schema=False,
            name=f"list_{view.path.strip('/')}",
        )
    return router


def _list_handler(kit: UiKit, view: ListView):  # noqa: ANN202
    async def handler(request: Request) -> Response:
        query = dict(request.query_params)
        args, sort, desc, page = list_args(kit, view, query)
        outcome = await kit.run(request, view.action, args)
        data = outcome.data() if outcome.ok else {"records": [], "total": 0}
        owners = dict(await users(kit, request)) if any(c.fmt == "owner" for c in view.columns) else {}
        accounts = (
            await account_names(kit, request, data["records"])
            if any(c.fmt == "account" for c in view.columns)
            else {}
        )

        def url_with(**changes: Any) -> str:
            merged = {**query, **changes}
            return kit.url(request, view.path, **merged)

        columns = []
        for c in view.columns:
            sorted_state = ("descending" if desc else "ascending") if c.sort and c.sort == sort else None
            next_dir = (
                "asc"
                if sorted_state == "descending"
                or (not sorted_state and c.fmt not in ("money", "money0", "date"))
                else "desc"
            )
            url = url_with(sort=c.sort, dir=next_dir, page=None) if c.sort else None
            columns.append({"label": c.label, "url": url, "sorted": sorted_state, "num": c.fmt in NUMERIC})
        total = data.get("total", len(data["records"]))
        pager = ui_pager(total, page, PAGE_SIZE, len(data["records"]), url_with)
        mine = query.get("mine") in ("true", "on", "1")
        list_views = [
            {"label": f"All {view.title}", "url": kit.url(request, view.path), "current": not mine},
            {"label": f"My {view.title}", "url": kit.url(request, view.path, mine="true"), "current": mine},
        ]
        return kit.render(
            request,
            "list.html",
            {
                "title": ("My " if mine else "All ") + view.title,
                "view": view,
                "records": data["records"],
                "columns": columns,
                "cols": view.columns,
                "pager": pager,
                "values": query,
                "owners": owners,
                "error": None if outcome.ok else outcome.error,
                "search_query": query.get("search"),
                "accounts": accounts,
                "count_text": count_text(total, page, PAGE_SIZE),
                "filtered_by": filtered_text(
                    f"{'My' if mine else 'All'} {view.title.lower()}",
                    [
                        f.label
                        for f in view.filters
                        if f is not SEARCH and f.name != "mine" and query.get(f.name)
                    ]
                    + (["Account Name"] if args.get("account_id") else []),
                ),
                "search_field": SEARCH,
                "list_views": list_views if "mine" in kit.params(view.action) else [],
                "here": request.url.path[len(kit.root(request)) :]
                + (f"?{request.url.query}" if request.url.query else ""),
            },
        )

    handler.__name__ = f"list_{view.path.strip('/')}"
    return handler
