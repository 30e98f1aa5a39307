"""The office app (Microsoft 365-like: mail, calendar, drive, docs, sheets, chat, virtual coworkers)."""

from __future__ import annotations

from apps.core.spec import AppSpec, ProductApi
from apps.office import deck_models  # noqa: F401  (the presentation tables join the office registry)
from apps.office.derived import DERIVED_FIELDS
from apps.office.error_shape import SHAPE as ERROR_SHAPE
from apps.office.ids import ID_FORMATS
from apps.office.limits import DRIVE_STORE, MAIL_STORE
from apps.office.models import office_registry
from apps.office.seed import load_seed
from apps.office.services import actions


def _ui_router(kit):  # noqa: ANN001, ANN202
    from apps.office.ui import build_router

    return build_router(kit)


def _start_formula_engine() -> None:
    from apps.office.services.workbook import warm_up

    warm_up()  # compiles in the background (≈ 10 s once per process), before a tool call needs it


def _graph_api():  # noqa: ANN202
    from apps.office.graphapi.routes import build

    return build()


spec = AppSpec(
    name="office",
    title="Office",
    metadata=office_registry.metadata,
    actions=actions,
    load_seed=load_seed,
    ui_router=_ui_router,
    id_formats=ID_FORMATS,
    # Graph stamps every save; alone, that is never a meaningful change.
    # Reading a message marks it read (Outlook on the web does it on open): never damage of its own.
    volatile_columns={
        "*": frozenset({"last_modified_date_time", "last_modified_by_id"}),
        "office_message": frozenset({"is_read"}),
    },
    # A colleague's pending reaction is a consequence of the mail or invite, never damage of its own.
    bookkeeping_tables=frozenset({"office_scheduled_reply"}),
    made_by={"office_permission": "granted_by_id"},
    # deliverables scored on their content: a worksheet's computed grid, a document's sections
    derived_fields=DERIVED_FIELDS,
    error_shape=ERROR_SHAPE,
    prepare=_start_formula_engine,
    # what an episode's mail and files may grow by (apps/core/quotas.py), refused as Exchange and OneDrive do
    stores=(MAIL_STORE, DRIVE_STORE),
    api=ProductApi(prefixes=("/v1.0/",), build=_graph_api),  # Microsoft Graph v1.0: /me, /users/{id}
)
