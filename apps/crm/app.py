"""The CRM app (Salesforce Sales Cloud-like): registered with the engine through `spec`."""

from __future__ import annotations

from apps.core.spec import AppSpec, ProductApi
from apps.crm.derived import DERIVED_FIELDS
from apps.crm.error_shape import SHAPE as ERROR_SHAPE
from apps.crm.ids import ID_FORMATS
from apps.crm.models import crm_registry
from apps.crm.seed import load_seed
from apps.crm.services import actions


def _ui_router(kit):  # noqa: ANN001, ANN202
    from apps.crm.ui import build_router

    return build_router(kit)


def _rest_api():  # noqa: ANN202
    from apps.crm.sfapi.routes import build

    return build()


spec = AppSpec(
    name="crm",
    title="Sales",
    metadata=crm_registry.metadata,
    actions=actions,
    load_seed=load_seed,
    ui_router=_ui_router,
    id_formats=ID_FORMATS,
    # Saving a record stamps who/when; alone, that is never a meaningful change.
    volatile_columns={"*": frozenset({"last_modified_date", "last_modified_by_id"})},
    error_shape=ERROR_SHAPE,
    derived_fields=DERIVED_FIELDS,
    api=ProductApi(prefixes=("/services/",), build=_rest_api),  # Salesforce REST: /services/data/vNN.0/…
)
