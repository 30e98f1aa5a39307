"""What people know of the CRM, as plain dicts read from the episode's current records
(`apps.core.peer_knowledge`): a customer contact sees their account and the open deals the company is
quoting them — never internal fields (stage, probability, forecast, next step, notes); an employee who owns
accounts knows their accounts and deals, a manager their team's.
"""

from __future__ import annotations

from typing import Any

from sqlmodel import col, func, select

from apps.core.actions import Ctx
from apps.crm.models import Account, Contact, Opportunity, OpportunityLineItem, Product, User


def _person(user: User | None) -> dict[str, Any] | None:
    if user is None:
        return None
    return {"name": user.name, "email": user.email, "title": user.title}


def _lines(ctx: Ctx, opp: Opportunity) -> list[dict[str, Any]]:
    stmt = (
        select(OpportunityLineItem, Product.name)
        .join(Product, col(Product.id) == OpportunityLineItem.product_id)
        .where(OpportunityLineItem.opportunity_id == opp.id)
        .order_by(OpportunityLineItem.id)
    )
    return [
        {"product": name, "quantity": li.quantity, "unit_price": li.unit_price, "total": li.total_price}
        for li, name in ctx.db.exec(stmt)
    ]


def _open_deals(ctx: Ctx, **where: str) -> list[Opportunity]:
    stmt = select(Opportunity).where(col(Opportunity.is_closed).is_(False))
    for column, value in where.items():
        stmt = stmt.where(getattr(Opportunity, column) == value)
    return list(ctx.db.exec(stmt.order_by(Opportunity.close_date, Opportunity.name, Opportunity.id)))


def customer_view(ctx: Ctx, email: str, company: str | None = None) -> dict[str, Any] | None:
    """A customer contact's view of their company's relationship: who they are, their account, its account
    manager, their colleagues (other contacts of the account, with their address) and the open deals as a
    quote shows them (name, amount, target close date, products). Someone the CRM does not hold yet (a
    buyer who took over from a contact who left) still knows their own company's: the account named
    `company`. None when neither is found.

    Args:
        ctx: the reading action's context.
        email: the contact's address (any case).
        company: the company the address book gives the contact, for one the CRM does not hold.
    """
    contact = ctx.db.exec(
        select(Contact).where(func.lower(Contact.email) == email.lower()).order_by(Contact.id)
    ).first()
    if contact is None:
        return _newcomer_view(ctx, company) if company else None
    account = ctx.db.get(Account, contact.account_id) if contact.account_id else None
    view: dict[str, Any] = {
        "name": f"{contact.first_name or ''} {contact.last_name}".strip(),
        "title": contact.title,
        "department": contact.department,
        "country": contact.mailing_country,
        "state": contact.mailing_state,
        "account": account.name if account else None,
        "account_manager": _person(ctx.db.get(User, account.owner_id)) if account else None,
        "colleagues": [],
        "deals": [],
    }
    return _with_account(ctx, view, account, contact.id)


def _newcomer_view(ctx: Ctx, company: str) -> dict[str, Any] | None:
    """The view of a contact the CRM does not hold, of the one account named exactly `company` (any case);
    None when no single account has that name."""
    accounts = list(ctx.db.exec(select(Account).where(func.lower(Account.name) == company.lower()).limit(2)))
    if len(accounts) != 1:
        return None
    view: dict[str, Any] = {"name": None, "title": None, "department": None, "country": None, "state": None}
    view |= {"account": accounts[0].name, "colleagues": [], "deals": []}
    view["account_manager"] = _person(ctx.db.get(User, accounts[0].owner_id))
    return _with_account(ctx, view, accounts[0], None)


def _with_account(ctx: Ctx, view: dict[str, Any], account: Account | None, me: str | None) -> dict[str, Any]:
    """`view` with the account's other contacts as colleagues and its open deals."""
    if account is None:
        return view
    others = select(Contact).where(Contact.account_id == account.id, Contact.id != me)
    view["colleagues"] = [
        {
            "name": f"{c.first_name or ''} {c.last_name}".strip(),
            "title": c.title,
            "department": c.department,
            "email": c.email,
        }
        for c in ctx.db.exec(
            others.where(col(Contact.email).is_not(None)).order_by(Contact.last_name, Contact.id)
        )
    ]
    view["deals"] = [
        {"name": o.name, "amount": o.amount, "close_date": o.close_date.isoformat(), "lines": _lines(ctx, o)}
        for o in _open_deals(ctx, account_id=account.id)
    ]
    return view


def _deal(ctx: Ctx, opp: Opportunity, owner: User | None = None) -> dict[str, Any]:
    account = ctx.db.get(Account, opp.account_id) if opp.account_id else None
    return {
        "name": opp.name,
        "account": account.name if account else None,
        "amount": opp.amount,
        "stage": opp.stage_name,
        "close_date": opp.close_date.isoformat(),
        "next_step": opp.next_step,
        "owner": owner.name if owner else None,
    }


def owner_view(ctx: Ctx, email: str) -> dict[str, Any] | None:
    """An employee's CRM knowledge: the accounts they own, their open deals (amount, stage, close date,
    next step) and, for a manager, their direct reports' open deals. None when they have no CRM user.

    Args:
        ctx: the reading action's context.
        email: the employee's address (any case).
    """
    user = ctx.db.exec(select(User).where(func.lower(User.email) == email.lower())).first()
    if user is None:
        return None
    accounts = ctx.db.exec(select(Account.name).where(Account.owner_id == user.id).order_by(Account.name))
    team = list(ctx.db.exec(select(User).where(User.manager_id == user.id).order_by(User.name, User.id)))
    return {
        "accounts": list(accounts),
        "deals": [_deal(ctx, o) for o in _open_deals(ctx, owner_id=user.id)],
        "team_deals": [_deal(ctx, o, m) for m in team for o in _open_deals(ctx, owner_id=m.id)],
    }


def owner_of(ctx: Ctx, text: str) -> dict[str, Any] | None:
    """Who owns the open deal, or else the account, that `text` names (the longest name found in it):
    {"what", "owner": {name, email, title}}; None when it names none.

    Args:
        ctx: the reading action's context.
        text: the question, in any case.
    """
    low = text.lower()
    deals = [(o.name, o.owner_id) for o in _open_deals(ctx)]
    accounts = [(a.name, a.owner_id) for a in ctx.db.exec(select(Account).order_by(Account.name, Account.id))]
    for candidates in (deals, accounts):
        found = [(name, owner) for name, owner in candidates if name and name.lower() in low]
        if found:
            name, owner = max(found, key=lambda f: len(f[0]))
            return {"what": name, "owner": _person(ctx.db.get(User, owner))}
    return None


def open_deals(ctx: Ctx) -> list[dict[str, Any]]:
    """Every open deal as colleagues may name it: name, account, amount, stage, close date, next step, and
    its owner (name, email, title) — what a reader matches a mention against and a referral names. Read as
    plain rows, not ORM objects: every colleague's and customer's reading of a mail reads all of them.

    Args:
        ctx: the reading action's context.
    """
    people = {
        uid: ({"name": name, "email": email, "title": title}, manager)
        for uid, name, email, title, manager in ctx.db.exec(
            select(User.id, User.name, User.email, User.title, User.manager_id)
        )
    }
    accounts = dict(ctx.db.exec(select(Account.id, Account.name)).all())
    deals = ctx.db.exec(
        select(
            Opportunity.id,
            Opportunity.name,
            Opportunity.account_id,
            Opportunity.amount,
            Opportunity.stage_name,
            Opportunity.close_date,
            Opportunity.next_step,
            Opportunity.owner_id,
        )
        .where(col(Opportunity.is_closed).is_(False))
        .order_by(Opportunity.close_date, Opportunity.name, Opportunity.id)
    )
    out = []
    for oid, name, account_id, amount, stage, close, next_step, owner_id in deals:
        owner, manager = people.get(owner_id, (None, None))
        out.append(
            {
                "id": oid,
                "name": name,
                "account": accounts.get(account_id),
                "amount": amount,
                "stage": stage,
                "close_date": close.isoformat(),
                "next_step": next_step,
                "owner": dict(owner) if owner else None,
                "owner_manager": dict(people[manager][0]) if owner and manager in people else None,
            }
        )
    return out


def account_standing(ctx: Ctx, account_name: str) -> dict[str, Any] | None:
    """Where an account stands today, as a QBR deck shows it: this year's won total and count, the open
    pipeline total and count, and the open deals by amount (name, stage, amount). None when no account has
    that name.

    Args:
        ctx: the reading action's context.
        account_name: the account's name (exact, any case).
    """
    account = ctx.db.exec(select(Account).where(func.lower(Account.name) == account_name.lower())).first()
    if account is None:
        return None
    deals = list(
        ctx.db.exec(select(Opportunity).where(Opportunity.account_id == account.id).order_by(Opportunity.id))
    )
    today = ctx.now.date()
    won = [
        o
        for o in deals
        if o.is_won and o.close_date and o.close_date.year == today.year and o.close_date <= today
    ]
    open_deals = sorted((o for o in deals if not o.is_closed), key=lambda o: (-(o.amount or 0), o.name))
    return {
        "account": account.name,
        "won_amount": round(sum(o.amount or 0 for o in won), 2),
        "won_count": len(won),
        "pipeline_amount": round(sum(o.amount or 0 for o in open_deals), 2),
        "pipeline_count": len(open_deals),
        "open_deals": [{"name": o.name, "stage": o.stage_name, "amount": o.amount or 0} for o in open_deals],
        "closed": {o.name: o.stage_name for o in deals if o.is_closed},
    }
