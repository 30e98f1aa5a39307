"""CRM service layer: the only code that reads and writes CRM tables. Importing it registers every action."""

from apps.crm.services import (  # noqa: F401
    accounts,
    activities,
    contacts,
    describe,
    lead_conversion,
    leads,
    notes,
    opportunities,
    products,
    report_builder,
    reports,
    rest_api,
    search,
    users,
)
from apps.crm.services.common import actions

__all__ = ["actions"]
