"""Ticketing world, part 3: the service catalog with requests, and the knowledge base's records (their
bodies are written by `kb_articles.write_articles` once the incidents exist)."""

from __future__ import annotations

from datetime import datetime, timedelta

from apps.ticketing.ids import user_sys_id
from apps.ticketing.world.catalog_answers import ITEM_TEXT, text_answer
from apps.ticketing.world.catalog_text import CATALOG
from apps.ticketing.world.core import Desk
from apps.ticketing.world.kb_articles import topics

DAY = timedelta(days=1)


def _decided(opened: datetime, after: timedelta, now: datetime) -> datetime:
    """An approver's decision `after` the request, or halfway to now when that is still ahead (v7)."""
    return opened + after if opened + after <= now else opened + (now - opened) / 2


def _answer(desk: Desk, var: dict, requester: dict, context: dict) -> str | None:
    """A requester's answer to one variable; the free-text answers come from the faker's own stream,
    so the desk's draws are those of v6."""
    rng = desk.rng
    if var["type"] == 5:
        return rng.choice(var["choices"].split("|"))
    if var["type"] in (1, 7):
        return rng.choice(("true", "false"))
    if var["type"] == 9:
        return (desk.now + timedelta(days=rng.randint(3, 60))).date().isoformat()
    if var["mandatory"] or rng.random() < 0.5:
        return text_answer(desk.fake.random_element, var["name"], requester, context)
    return None


def build_catalog(desk: Desk) -> None:
    """Catalog items with variables, and requests (REQ) with one requested item (RITM) each."""
    rng, now = desk.rng, desk.now
    created = desk.dt(now.replace(year=now.year - 2))
    people = {user_sys_id(e["employee_number"]): e for e in desk.company.employees}
    managers = {u: people[m]["email"] for u in people if (m := desk.managers.get(u))}
    context = {
        "databases": [c["name"] for c in desk.cis if c["sys_class_name"] == "cmdb_ci_db_instance"],
        "managers": {people[u]["email"]: mail for u, mail in managers.items()},
        "departments": sorted({e["department"] for e in desk.company.employees}),
    }
    items = []
    for name, category, price, group, approval, variables in CATALOG:
        short, description = ITEM_TEXT[name]
        item = desk.add(
            "sc_cat_item",
            name=name,
            short_description=short,
            description=description,
            category=category,
            price=price,
            group=desk.groups[group],
            approval_required=approval,
            delivery_days=rng.randint(1, 5),
            active=True,
            sys_created_on=created,
            sys_updated_on=created,
        )
        rows = [
            desk.add(
                "item_option_new",
                cat_item=item["sys_id"],
                name=v,
                question_text=q,
                type=t,
                mandatory=m,
                choices=ch,
                order=100 * (i + 1),
            )
            for i, (v, q, t, m, ch) in enumerate(variables)
        ]
        items.append((item, rows, group))
    n = desk.count(800, 20)
    for opened in sorted(desk.when(now - 120 * DAY, now - timedelta(hours=1)) for _ in range(n)):
        item, variables, group = rng.choice(items)
        who = rng.choice(desk.employees)
        approver = desk.managers.get(who) if item["approval_required"] else None
        age = (now - opened) / DAY
        if approver:
            outcome = rng.choices(("pending", "approved", "rejected"), weights=(6 if age < 5 else 0.2, 8, 1))[
                0
            ]
        else:
            outcome = "approved"
        done = outcome == "approved" and (age > 7 or rng.random() < age / 7)
        closed_at = (
            opened + timedelta(days=min(age, rng.uniform(0.3, 5))) if done or outcome == "rejected" else None
        )
        quantity = 1
        req = desk.add(
            "sc_request",
            numbered=True,
            requested_for=who,
            opened_by=who,
            opened_at=desk.dt(opened),
            request_state={"pending": "requested", "rejected": "closed_rejected"}.get(
                outcome, "closed_complete" if done else "in_process"
            ),
            approval={"pending": "requested", "rejected": "rejected"}.get(outcome, "approved"),
            price=item["price"] * quantity,
            closed_at=desk.dt(closed_at),
            active=closed_at is None,
            sys_created_on=desk.dt(opened),
            sys_updated_on=desk.dt(closed_at or opened),
        )
        ritm = desk.add(
            "sc_req_item",
            numbered=True,
            request=req["sys_id"],
            cat_item=item["sys_id"],
            short_description=item["name"],
            requested_for=who,
            quantity=quantity,
            price=item["price"],
            approval={"pending": "requested", "rejected": "rejected"}.get(
                outcome, "approved" if approver else "not requested"
            ),
            stage={"pending": "waiting_for_approval", "rejected": "Request Cancelled"}.get(
                outcome, "complete" if done else "fulfillment"
            ),
            state={"rejected": 4}.get(outcome, 3 if done else 1),
            assignment_group=item["group"],
            opened_at=desk.dt(opened),
            due_date=desk.dt(opened + timedelta(days=item["delivery_days"])),
            closed_at=desk.dt(closed_at),
            active=closed_at is None,
            sys_created_on=desk.dt(opened),
            sys_updated_on=desk.dt(closed_at or opened),
        )
        for var in variables:
            value = _answer(desk, var, people[who], context)
            if value is not None:
                desk.add(
                    "sc_item_option", request_item=ritm["sys_id"], item_option_new=var["sys_id"], value=value
                )
        if approver:
            state = {"pending": "requested", "rejected": "rejected"}.get(outcome, "approved")
            desk.add(
                "sysapproval_approver",
                approver=approver,
                sysapproval=ritm["sys_id"],
                source_table="sc_req_item",
                state=state,
                sys_created_on=desk.dt(opened),
                sys_updated_on=desk.dt(
                    _decided(opened, timedelta(hours=rng.randint(1, 30)), now)
                    if state != "requested"
                    else opened
                ),
            )
        if outcome == "approved":
            desk.add(
                "sc_task",
                numbered=True,
                request_item=ritm["sys_id"],
                short_description=f"Fulfil: {item['name']}",
                state=3 if done else rng.choice((1, 2)),
                assignment_group=item["group"],
                assigned_to=desk.member(group) if done or rng.random() < 0.5 else None,
                opened_at=desk.dt(opened),
                closed_at=desk.dt(closed_at),
                active=not done,
                sys_created_on=desk.dt(opened),
            )


def build_knowledge(desk: Desk) -> None:
    """Two knowledge bases; one article per topic (`kb_articles.topics`, as many as the scale allows) in
    every workflow state, some with an outdated earlier version. Their bodies are written later."""
    rng, now = desk.rng, desk.now
    created = desk.dt(now.replace(year=now.year - 3))
    it = desk.add(
        "kb_knowledge_base",
        title="IT",
        description="Internal IT help",
        owner=desk.actor,
        sys_created_on=created,
        sys_updated_on=created,
    )
    cs = desk.add(
        "kb_knowledge_base",
        title="Customer Support",
        description="Answers for customers",
        owner=desk.member("Customer Support Tier 1"),
        sys_created_on=created,
        sys_updated_on=created,
    )
    subjects = topics(desk)
    n = min(desk.count(200, 12), len(subjects))
    authors = desk.members[desk.groups["Service Desk"]] + desk.members[desk.groups["Customer Support Tier 1"]]
    for i in range(n):
        topic = subjects[i]
        title, category = topic.title, topic.category
        kb = cs if category == "Product" else it
        number = f"KB{10000 + i + 1:07d}"
        desk.kb_topics[number] = topic
        state = rng.choices(("published", "draft", "review", "retired"), weights=(84, 8, 5, 3))[0]
        first = desk.when(now - 700 * DAY, now - 30 * DAY)
        common = dict(
            number=number,
            short_description=title,
            kb_knowledge_base=kb["sys_id"],
            kb_category=category,
            meta=category.lower(),
            author=rng.choice(authors),
        )
        text = ""  # kb_articles.write_articles
        if state == "published" and rng.random() < 0.25:
            desk.add(
                "kb_knowledge",
                version="1.0",
                latest=False,
                text=text,
                workflow_state="outdated",
                published=desk.dt(first),
                sys_view_count=rng.randint(5, 400),
                sys_created_on=desk.dt(first),
                sys_updated_on=desk.dt(first),
                **common,
            )
            first = desk.when(first, now - DAY)
            version = "2.0"
        else:
            version = {"published": "1.0", "retired": "1.0", "draft": "0.01", "review": "0.01"}[state]
        desk.add(
            "kb_knowledge",
            version=version,
            latest=True,
            text=text,
            workflow_state=state,
            published=desk.dt(first) if state in ("published", "retired") else None,
            sys_view_count=rng.randint(0, 2500) if state == "published" else 0,
            sys_created_on=desk.dt(first),
            sys_updated_on=desk.dt(first),
            **common,
        )
