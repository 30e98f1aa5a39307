"""Mixes: several kinds of change in one request — a deal's products reworked, an account's open tasks
closed out, a deal advanced with a follow-up for its owner."""

from __future__ import annotations

from typing import Any

from apps.crm.families.activities import TASK_SUBJECTS, deal_ref, open_deal_accounts, task_insert, task_ui
from apps.crm.families.common import (
    HISTORY,
    TODAY,
    account_ref,
    accounts,
    open_opps_of,
    opportunities,
    other,
    phrase,
)
from apps.crm.families.pricebook import (
    STANDARD,
    amount_match,
    new_product,
    one_item,
    pick_deal,
    rework_ui,
    total,
)
from apps.crm.picklists import OPEN_STAGES, STAGES_BY_NAME
from tasks.families.base import Draw, Family, Redraw, Spec, eq, step
from tasks.families.batch import PAIRS, intros, several
from tasks.truth_model import Expectation, UiStep

OPEN_TASKS = (
    "SELECT id, subject, activity_date, what_id FROM crm_task WHERE is_closed = 0 AND what_id = ? ORDER BY id"
)


class ReworkProducts(Family):
    name = "crm.rework-products"
    version = 3  # v2: a UI oracle (Edit, Remove, then Add Product); v3: Add Products in two steps
    apps = ("crm",)
    surfaces = ("mcp", "cli", "ui", "python")
    author = "saasgym-crm-team"
    summary = "three product changes on one open deal: drop one, change another's quantity, add a new one"

    def build(self, d: Draw) -> Spec:
        deal, opps, ref, lookup = pick_deal(d, "several")
        items, gone, rest = one_item(d, deal)
        keep = d.choice(rest)
        if sum(1 for i in items if i["product_id"] == keep["product_id"]) > 1:
            raise Redraw("the changed product is on the deal twice")
        qty = d.choice([q for q in (2, 3, 5, 10, 20, 40) if q != keep["quantity"]])
        entry, add_qty = new_product(d, deal)
        kept_total = total(keep["unit_price"], qty, keep["discount"])
        new_total = total(entry["unit_price"], add_qty, None)
        others = sum(i["total_price"] for i in rest if i["id"] != keep["id"])
        amount = round(others + kept_total + new_total, 2)
        g, kp, p = gone["product_name"], keep["product_name"], entry["name"]
        phrasings = [
            f"Rework {ref}: remove {g}, change {kp} to quantity {qty}, and add {add_qty} × {p} at list "
            "price.",
            f"The customer revised the order on {ref}. Drop {g}; {kp} is now {qty}; new: {add_qty} of {p}.",
            f"Three product changes on {ref}: {g} out, {kp} quantity {qty}, plus {add_qty} {p} (list price).",
            f"Please update the products of {ref} — take off {g}, set {kp} to {qty} units and add "
            f"{p} (qty {add_qty}).",
            f"Order change for {ref}: no more {g}; {qty} × {kp}; and {add_qty} × {p} at list.",
        ]
        prompt, k = phrase(d, phrasings)
        line = {
            "opportunity_id": eq(deal["id"]),
            "product_id": eq(entry["product_id"]),
            "quantity": amount_match(add_qty),
            "total_price": amount_match(new_total),
        }
        return Spec(
            prompt=prompt,
            oracle=[
                *lookup,
                step("crm_get_opportunity", opportunity_id=deal["id"]),
                step("crm_list_pricebook_entries", pricebook_id=deal["pricebook_id"] or STANDARD, search=p),
                step("crm_update_line_item", line_item_id=keep["id"], quantity=qty),
                step("crm_remove_line_item", line_item_id=gone["id"]),
                step(
                    "crm_add_line_item",
                    opportunity_id=deal["id"],
                    product_id=entry["product_id"],
                    quantity=add_qty,
                ),
            ],
            expect=[
                Expectation(table="crm_opportunity_line_item", op="delete", pk=gone["id"]),
                Expectation(
                    table="crm_opportunity_line_item",
                    op="update",
                    pk=keep["id"],
                    fields={"quantity": amount_match(qty), "total_price": amount_match(kept_total)},
                ),
                Expectation(table="crm_opportunity_line_item", op="insert", fields=line),
                Expectation(
                    table="crm_opportunity",
                    op="update",
                    pk=deal["id"],
                    fields={"amount": amount_match(amount)},
                ),
            ],
            allow=[HISTORY],
            ui_oracle=[
                *rework_ui(deal["id"], {kp: str(qty)}, g, entry, add_qty),
                UiStep(expect_text=f"${amount:,.2f}"),
            ],
            wrong_record={gone["id"]: keep["id"]},
            tags=["opportunity", "products", "amount", "mix"],
            phrasing=k,
        )


def _open_tasks(d: Draw, acc: dict[str, Any]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The open tasks on the account itself and on each of its open deals; and those deals."""
    deals = open_opps_of(d, acc["id"])
    tasks = [t for rid in [acc["id"], *(o["id"] for o in deals)] for t in d.world.rows(OPEN_TASKS, rid)]
    return tasks, deals


class CloseOutTasks(Family):
    name = "crm.close-out-tasks"
    version = 2  # v2: a UI oracle (Mark Complete in the account page's activity timeline)
    apps = ("crm",)
    surfaces = ("mcp", "cli", "ui", "python")
    author = "saasgym-crm-team"
    summary = "complete every open task (or only the overdue ones) on an account and its open deals"

    def build(self, d: Draw) -> Spec:
        pool = accounts(
            d,
            "a.id IN (SELECT what_id FROM crm_task WHERE is_closed = 0) OR a.id IN (SELECT o.account_id "
            "FROM crm_opportunity o JOIN crm_task t ON t.what_id = o.id WHERE t.is_closed = 0 AND "
            "o.is_closed = 0)",
        )
        acc = d.pick("account", pool, key="id")
        tasks, deals = _open_tasks(d, acc)
        overdue = d.chance(0.4)
        done = [t for t in tasks if not overdue or (t["activity_date"] and t["activity_date"] < TODAY)]
        if len(done) < 2 or len(tasks) > 8:
            raise Redraw("not two to eight tasks to complete")
        for t in tasks:
            d.note("task", t["id"])
        ref, lookup = account_ref(d, acc)
        which = "overdue open tasks (due before today)" if overdue else "open tasks"
        phrasings = [
            f"Close out the {which} on {ref} and on its open opportunities: mark each one completed.",
            f"We finished everything for {ref}. Mark all {which} related to the account or to one of "
            "its open "
            "deals as completed.",
            f"Please complete the {which} of {ref} — those on the account record and those on its open "
            "deals.",
            f"Task clean-up for {ref}: every one of its {which}, on the account or its open "
            "opportunities, is done.",
            f"Mark as completed the {which} attached to {ref} or to its open opportunities.",
        ]
        prompt, k = phrase(d, phrasings)
        oracle = [*lookup, step("crm_list_tasks", what_id=acc["id"])]
        oracle.append(step("crm_list_opportunities", account_id=acc["id"], status="open"))
        oracle += [step("crm_list_tasks", what_id=o["id"]) for o in deals]
        oracle += [step("crm_mark_task_complete", task_id=t["id"]) for t in done]
        closed = {"status": eq("Completed"), "is_closed": eq(True)}
        expect = [Expectation(table="crm_task", op="update", pk=t["id"], fields=closed) for t in done]
        expect += [Expectation(table="crm_task", op="unchanged", pk=t["id"]) for t in tasks if t not in done]
        later = [t for t in tasks if t not in done]
        return Spec(
            prompt=prompt,
            oracle=oracle,
            expect=expect,
            ui_oracle=_complete_ui(d, acc["id"], done),
            wrong_record={done[0]["id"]: later[0]["id"] if later else _stranger(d, tasks)},
            tags=["activity", "task", "bulk", "mix"],
            phrasing=k,
        )


TIMELINE = """
SELECT t.id, t.subject FROM crm_task t WHERE t.is_closed = 0 AND (t.what_id = ?1
  OR t.what_id IN (SELECT id FROM crm_opportunity WHERE account_id = ?1)
  OR t.who_id IN (SELECT id FROM crm_contact WHERE account_id = ?1))
ORDER BY t.activity_date IS NULL, coalesce(t.activity_date, t.last_modified_date, t.created_date), t.id
"""


def _complete_ui(d: Draw, account_id: str, done: list[dict[str, Any]]) -> list[UiStep]:
    """Mark Complete on each of `done` in the account page's timeline (its open tasks, those of its deals
    and contacts, by due date). The button of form "Complete task <subject>" completes the first shown of
    that subject, so no other open task of the same subject may come before one of `done`."""
    targets = {t["id"] for t in done}
    steps = [UiStep(goto=f"/accounts/{account_id}")]
    seen_other: set[str] = set()
    for t in d.world.rows(TIMELINE, account_id):
        if t["id"] not in targets:
            seen_other.add(t["subject"])
            continue
        if t["subject"] in seen_other:
            raise Redraw("another open task of the same subject comes first in the timeline")
        steps.append(UiStep(click=("button", "Mark Complete"), in_form=f"Complete task {t['subject']}"))
    return steps


def _stranger(d: Draw, tasks: list[dict[str, Any]]) -> str:
    """An open task of another record (for the wrong-record mutant)."""
    mine = {t["id"] for t in tasks}
    rows = d.world.rows(
        "SELECT id FROM crm_task WHERE is_closed = 0 AND what_id IS NOT NULL ORDER BY id LIMIT 20"
    )
    return next(r["id"] for r in rows if r["id"] not in mine)


class StageAndFollowUp(Family):
    name = "crm.stage-and-follow-up"
    version = 3  # v2: the batch knob (several()); v3: a UI oracle (Mark Stage as Complete, New Task)
    apps = ("crm",)
    surfaces = ("mcp", "cli", "ui", "python")
    splits = ("test",)
    author = "saasgym-crm-team"
    summary = (
        "advance an open deal (found by relation) one stage and give its owner a follow-up task (or a batch "
        "of 2–3); test only"
    )

    def build(self, d: Draw) -> Spec:
        return several(d, self.one, d.choice(PAIRS), intros("deal"))

    def one(self, d: Draw) -> Spec:
        """One request, drawn with its own preconditions (build may batch several)."""
        acc = d.pick("account", open_deal_accounts(d), key="id")
        opps = open_opps_of(d, acc["id"])
        deal, ref, lookup = deal_ref(d, acc, opps)
        d.note("opportunity", deal["id"])
        here = OPEN_STAGES.index(deal["stage_name"])
        if here + 1 >= len(OPEN_STAGES):
            raise Redraw("the deal is in the last open stage")
        stage = STAGES_BY_NAME[OPEN_STAGES[here + 1]]
        subject, key = d.choice(TASK_SUBJECTS)
        due = d.choice(["2026-11-06", "2026-11-13", "2026-11-20"])
        phrasings = [
            f'Move {ref} to the next stage and give its owner a task "{subject}" due {due}.',
            f'{ref[0].upper() + ref[1:]} progressed: advance it one stage, then create a task "{subject}" '
            f"(due {due}) assigned to the deal's owner.",
            f'Advance {ref} by one stage. Also add a follow-up "{subject}" on it for its owner, due {due}.',
            f'Two things for {ref}: bump it to the following stage, and put a "{subject}" task on it for the '
            f"opportunity owner, due {due}.",
            f'Next stage for {ref}, please — plus a to-do "{subject}" (due {due}) for whoever owns the deal.',
        ]
        prompt, k = phrase(d, phrasings)
        return Spec(
            prompt=prompt,
            oracle=[
                *lookup,
                step("crm_get_opportunity", opportunity_id=deal["id"]),
                step("crm_update_opportunity", opportunity_id=deal["id"], stage_name=stage.name),
                step(
                    "crm_create_task",
                    subject=subject,
                    what_id=deal["id"],
                    activity_date=due,
                    owner_id=deal["owner_id"],
                ),
            ],
            expect=[
                Expectation(
                    table="crm_opportunity",
                    op="update",
                    pk=deal["id"],
                    fields={
                        "stage_name": eq(stage.name),
                        "probability": eq(stage.probability),
                        "forecast_category": eq(stage.forecast_category),
                    },
                ),
                task_insert(deal["id"], key, due, deal["owner_id"]),
            ],
            allow=[HISTORY],
            ui_oracle=[
                UiStep(goto=f"/opportunities/{deal['id']}"),
                UiStep(click=("button", "Mark Stage as Complete")),
                UiStep(expect_text=f"Stage changed to {stage.name}."),
                *task_ui(deal["id"], subject, due, deal["owner_name"]),
            ],
            wrong_record={deal["id"]: other(opportunities(d, "o.is_closed = 0"), deal)["id"]},
            tags=["opportunity", "stage", "task", "mix"],
            phrasing=k,
        )


FAMILIES = [ReworkProducts(), CloseOutTasks(), StageAndFollowUp()]
