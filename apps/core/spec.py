"""AppSpec: the one interface an app implements to live in saasgym."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sqlalchemy import MetaData

from apps.core.actions import ActionSet
from apps.core.error_shapes import ENGINE_SHAPE, ErrorShape
from apps.core.ids import IdFormat
from apps.core.naming import check_app_name, qualified
from apps.core.quotas import Store

if TYPE_CHECKING:
    from fastapi import APIRouter

    from apps.core.worlds import World

# Who a scheduled job acts as (ServiceNow stamps its scheduled jobs' writes "system").
SYSTEM_ACTOR = "system"


SeedLoader = Callable[["World", Any], None]
"""Writes the world's rows for this app through a SQLAlchemy Connection (bulk inserts)."""
DerivedField = Callable[[Any, str], Any]
"""A value computed from a row's current records, given the episode's store and the row's primary key."""


@dataclass(frozen=True)
class ProductApi:
    """A product's own REST API an app serves: its root path prefixes (`/services/`, `/api/now/`,
    `/v1.0/`) and the factory of the ASGI app serving them (see `apps/core/product_api.py`)."""

    prefixes: tuple[str, ...]
    build: Callable[[], Any]

    def serves(self, path: str) -> bool:
        return any(path.startswith(p) or path + "/" == p for p in self.prefixes)


@dataclass(frozen=True)
class AppSpec:
    """Everything the engine needs to know about an app.

    - `name`: snake_case, used for the folder, URL prefix, MCP server, CLI group and table prefix.
    - `metadata`: the app's own SQLModel registry metadata; every table is named `<name>_<object>`.
    - `actions`: its service functions.
    - `load_seed`: turns the world's files into rows.
    - `ui_router`: builds the app's FastAPI router for the browser UI (given the UI kit).
    - `id_formats`: how each object's new ids look (per object name given to `ctx.new_id`).
    - `volatile_columns`: columns ignored by diffs and verifiers (e.g. last viewed), per table.
    - `bookkeeping_tables`: tables whose rows only record what the app itself will do next (a colleague's
      or caller's scheduled reply): shown in diffs, never counted as collateral damage.
    - `made_by`: per table, the column that names who made a row: a row inserted by someone other than the
      acting user is that person's own act (a colleague sharing a file with whoever asked for it): shown in
      diffs, never counted as collateral damage.
    - `system_updates`: per table, (the column naming a row's last updater, the columns the app's scheduled
      jobs write): an update changing only those columns, last made by `SYSTEM_ACTOR` (a Resolved incident
      auto-closed as the clock passes), is the system's act: shown in diffs, never counted as collateral.
    - `default_user`: the user id the agent acts as, taken from the world, when the surface names none
      (default: the world manifest's `actors[<app name>]`).
    - `error_shape`: how a refused call looks on the wire, in the product's own error format (its
      codes and wording); the engine's `{"error": {"code", "message", "field"}}` when not given.
    - `derived_fields`: per table, values a verifier may match that the row does not store but its records
      make (a worksheet's grid of computed values, a document's sections): `{table: {field: fn(db, pk)}}`.
    - `api`: the product's own REST API the app serves (Salesforce REST, the Table API, Graph): its path
      prefixes and the factory of its ASGI app (`apps/core/product_api.py`); None when it has none.
    - `prepare`: called (it must be idempotent and quick) whenever an episode offering the app is made, to
      start one-time background work such as compiling an engine before the first tool call needs it.
    - `on_time_passed`: the app's scheduled jobs, run (with a context of the app: its ids, its acting user,
      the new `now`) when logical time passes during another app's action in the same episode (the agent
      waits for mail while an approver's decision on the desk falls due); the app's own waiting action runs
      them itself.
    - `stores`: groups of its tables an episode may grow only up to a quota (`apps/core/quotas.py`), each
      with the product's refusal past it (the office's mail and drive).
    """

    name: str
    title: str
    metadata: MetaData
    actions: ActionSet
    load_seed: SeedLoader
    ui_router: Callable[[Any], APIRouter] | None = None
    id_formats: dict[str, IdFormat] = field(default_factory=dict)
    volatile_columns: dict[str, frozenset[str]] = field(default_factory=dict)
    bookkeeping_tables: frozenset[str] = frozenset()
    made_by: dict[str, str] = field(default_factory=dict)
    system_updates: dict[str, tuple[str, frozenset[str]]] = field(default_factory=dict)
    derived_fields: dict[str, dict[str, DerivedField]] = field(default_factory=dict)
    default_user: Callable[[World], str | None] | None = None
    prepare: Callable[[], None] | None = None
    error_shape: ErrorShape = ENGINE_SHAPE
    stores: tuple[Store, ...] = ()
    api: ProductApi | None = None
    on_time_passed: Callable[[Any], Any] | None = None

    def acting_user(self, world: World) -> str | None:
        """The user id the agent acts as in `world` when the surface names none."""
        if self.default_user is not None:
            return self.default_user(world)
        return world.manifest.get("actors", {}).get(self.name)

    def __post_init__(self) -> None:
        check_app_name(self.name)
        if "complete_task" in self.actions.actions:
            raise ValueError(f"app {self.name}: the tool name complete_task is reserved by the engine")
        for table in self.metadata.sorted_tables:
            if not table.name.startswith(qualified(self.name, "")):
                raise ValueError(f"table {table.name} of app {self.name} must be named {self.name}_<object>")
            if len(table.primary_key.columns) != 1:
                raise ValueError(f"table {table.name} must have exactly one primary-key column")
        own = {t.name for t in self.metadata.sorted_tables}
        for store in self.stores:
            if not set(store.tables) <= own:
                raise ValueError(f"store {store.name} of app {self.name} names tables the app does not own")
