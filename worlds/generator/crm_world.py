"""The CRM part of a world: users, accounts, contacts, catalog, opportunities, leads and activities,
generated in that order from the `{seed}:crm` random stream."""

from __future__ import annotations

import random
from datetime import datetime

from .common import make_faker
from .company import Company
from .crm import Crm, build_catalog, build_users
from .crm_accounts import build_accounts, build_contacts
from .crm_activity import build_activities
from .crm_deals import build_leads, build_opportunities


def build_crm(seed: int, scale: float, now: datetime, company: Company) -> Crm:
    """Generate every CRM table from the `{seed}:crm` random stream."""
    rng = random.Random(f"{seed}:crm")
    crm = Crm(rng=rng, fake=make_faker(rng), scale=scale, now=now, company=company)
    build_users(crm)
    build_accounts(crm)
    build_contacts(crm)
    build_catalog(crm)
    build_opportunities(crm)
    build_leads(crm)
    build_activities(crm)
    return crm
