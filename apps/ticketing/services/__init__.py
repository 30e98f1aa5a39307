"""The ticketing actions, one module per aggregate; importing this package registers them all."""

from apps.ticketing.services import (  # noqa: F401
    approvals,
    catalog,
    change_flow,
    changes,
    cmdb,
    cmdb_edit,
    incident_states,
    incidents,
    journal,
    knowledge,
    problems,
    requests,
    slas,
    table_api,
    users,
)
from apps.ticketing.services.common import actions

__all__ = ["actions"]
