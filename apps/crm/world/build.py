"""The CRM part of a world: users, accounts, contacts, catalog, opportunities, leads and activities,
generated in that order from the `{seed}:crm` random stream, then the org's configuration."""

from __future__ import annotations

import random
from datetime import datetime

from apps.crm.world.accounts import build_accounts, build_contacts
from apps.crm.world.activity import build_activities
from apps.crm.world.deals import build_leads, build_opportunities
from apps.crm.world.org import build_org
from apps.crm.world.sizes import size_deals
from apps.crm.world.state import Crm, build_catalog, build_users
from worlds.generator.common import make_faker
from worlds.generator.company import Company


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
    build_org(crm)
    size_deals(crm, seed)
    return crm
