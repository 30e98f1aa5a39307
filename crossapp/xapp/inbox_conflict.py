"""Colleagues' requests about the SAME deal, where the order of the mails and the org chart decide what
stands (frontier): the prompt names who is waiting, never what they asked. A customer success colleague
asks to move a deal's close date and to send the customer's contact the deal's figures; a deal desk analyst
then asks to change the same deal's amount to a revised quote's. In `sequence` the quote is signed off: the
figures the customer gets are the new amount and the new date (figures sent before the amount is applied
are wrong). In `authority` and `keep` the analyst's quote still waits for his manager's sign-off, and the
manager — the Sales Operations Manager, as the directory's manager field shows — wrote about the same deal
without knowing of it, before or after: he signed it off at another amount (`authority`), or has approved no
change (`keep`). His word stands, the customer gets his figure, and the analyst is told why. In about half
the bundles the contact the colleague names has left the customer (the handovers part: a farewell or a bounce
in the mailbox names the successor), and the figures go to the successor.

What decides the truth: the bundle (`triage/conflicts.jsonl`: the deal, the dates and amounts the mails
name, who sent them, the variant, whether the contact has left and who took over), the deal's amount in the
CRM, and the directory. Distractors: the account's other open deals, the accounts whose name starts the same
way, the leaver's mails, and the other bundles' and parts' mails in the inbox.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from apps.core.worlds import worlds_root
from apps.crm.families.pricebook import amount_match, items_of
from crossapp.xapp.inbox_triage import OTHER_OPEN, SAME_START, _figures, _figures_mail, _mail
from tasks.families import mentions
from tasks.families.base import Draw, Family, Spec, eq, step
from tasks.families.frontier_kit import MAIL_SIDE_EFFECTS, RECORD_NOTES, first_name, listing, reads, sent_to
from tasks.truth_model import Allowance, Checkpoint, Expectation, FrontierMeasures, UiStep
from worlds.parts.requests.asks import nickname
from worlds.parts.triage.mails import money

DEAL = "SELECT id, name, amount, close_date FROM crm_opportunity WHERE id = ?"
ITEM_LABELS = {"quantity": "Quantity", "unit_price": "Sales Price", "discount": "Discount (%)"}
ROLES = ("mover", "analyst", "manager")


@cache
def _bundles(world: str) -> tuple[dict[str, Any], ...]:
    path = worlds_root() / world / "triage" / "conflicts.jsonl"
    return tuple(json.loads(line) for line in path.read_text().splitlines() if line) if path.is_file() else ()


def standing(b: dict[str, Any], crm_amount: float) -> float:
    """The amount that stands: the signed-off quote (`sequence`), the manager's (`authority`), the CRM's."""
    return {"sequence": b["analyst_amount"], "authority": b.get("manager_amount")}.get(
        b["variant"]
    ) or crm_amount


def _edit(deal_id: str, fields: dict[str, Any]) -> list[UiStep]:
    """The opportunity's edit page with `fields` (label -> value) filled, then saved."""
    steps = [UiStep(goto=f"/s/crm/opportunities/{deal_id}/edit")]
    steps += [UiStep(fill=(label, str(value))) for label, value in fields.items()]
    return [*steps, UiStep(click=("button", "Save"))]


def _reprice(items: list[dict[str, Any]], amount: float) -> tuple[dict[str, Any], dict[str, Any]]:
    """The line to change and its new values so that the deal's products total `amount`: the largest line
    without a discount takes what the others leave (its sales price, or one unit at that price when its
    quantity does not divide it to the cent; a discounted line loses its discount)."""
    item = max(items, key=lambda i: (not i["discount"], i["total_price"], i["id"]))
    rest = round(amount - sum(i["total_price"] for i in items if i["id"] != item["id"]), 2)
    change: dict[str, Any] = {}
    price = round(rest / item["quantity"], 2)
    if abs(price * item["quantity"] - rest) >= 0.005:
        change["quantity"], price = 1, rest
    change["unit_price"] = price
    if item["discount"]:
        change["discount"] = 0
    return item, change


def _amount_text(amount: float) -> str:
    return f"{amount:.2f}".rstrip("0").rstrip(".")


class InboxConflict(Family):
    name = "xapp.inbox-conflict"
    version = 2  # v2: a person told may be in To or Cc (recipients)
    apps = ("office", "crm")
    tier = "frontier"
    surfaces = ("mcp", "cli", "ui", "python")
    size = 39
    distinct = 13  # acme's thirteen conflict bundles
    author = "saasgym-frontier"
    summary = (
        "frontier: colleagues' requests touch the same deal — a close-date move with figures for the "
        "customer, a later revised amount, and the analyst's manager contradicting it (the org chart says "
        "whose word stands); the contact named may have left: send the figures that stand to whoever is there"
    )

    def build(self, d: Draw) -> Spec:
        b = d.pick("account", list(_bundles(d.world.world)), key="account_id")
        deal = d.world.rows(DEAL, b["deal_id"])[0]
        d.note("opportunity", deal["id"])
        variant, overruled = b["variant"], b["variant"] != "sequence"
        senders = [b["mover_name"], b["analyst_name"]] + ([b["manager"]["name"]] if overruled else [])
        k = d.rng.randrange(3)
        # the deal as a colleague names it (the account's short name): the same people mail about other deals
        # too, so the request says which thread of work it is, never what the mails ask or whose word stands
        nick = nickname(b["account"])
        prompt = (
            f"{listing(senders)} are waiting on you about the {nick} deal — could you work through what they "
            "sent you about it over the last few days?",
            f"Could you catch up on the {nick} mails {listing([first_name(s) for s in senders])} sent you "
            "last week? They're waiting to hear back.",
            f"There are a few requests about {nick} from {listing(senders)} in your inbox from the last "
            "couple of days. Please take care of them.",
        )[k]
        now = d.world.now.isoformat()
        crm_amount = float(deal["amount"])
        amount, close = standing(b, crm_amount), b["date1"]
        to = b["recipient"]
        ids = [b[f"{r}_message_id"] for r in ROLES if f"{r}_message_id" in b]
        oracle = [step("office_list_messages", folder="inbox")]
        oracle += [step("office_get_message", message_id=m) for m in ids]
        if overruled:
            oracle.append(step("office_find_people", query=b["analyst_name"]))
        if b["left"]:
            oracle.append(step("office_search_messages", query=b["contact"]["name"]))
        oracle.append(step("crm_list_opportunities", account_id=b["account_id"], status="open"))
        ui = [UiStep(goto=f"/s/office/mail?folder=inbox&id={m}") for m in ids]
        ui.append(UiStep(goto=f"/s/crm/opportunities/{deal['id']}"))
        items = items_of(d, deal["id"])
        changes: dict[str, Any] = {"close_date": close}
        repriced = abs(amount - crm_amount) >= 0.005
        if repriced and not items:
            changes["amount"] = amount
        oracle.append(step("crm_update_opportunity", opportunity_id=deal["id"], **changes))
        labels = {"close_date": "Close Date", "amount": "Amount"}
        ui += _edit(
            deal["id"], {labels[f]: (_amount_text(v) if f == "amount" else v) for f, v in changes.items()}
        )
        item_change: dict[str, Any] = {}
        if repriced and items:
            # with products the amount is their total (the update above leaves it): one line takes the rest
            item, item_change = _reprice(items, amount)
            oracle.append(step("crm_update_line_item", line_item_id=item["id"], **item_change))
            ui += [
                UiStep(goto=f"/s/crm/opportunities/{deal['id']}"),
                UiStep(click=("link", f"Edit {item['product_name']}")),
                *[UiStep(fill=(ITEM_LABELS[f], _amount_text(v))) for f, v in item_change.items()],
                UiStep(click=("button", "Save")),
            ]
        moved = Expectation(
            table="crm_opportunity",
            op="update",
            pk=deal["id"],
            note=f"the close date {close} and the amount {money(amount)} (not {money(b['analyst_amount'])})"
            if overruled
            else f"the close date {close} and the signed-off amount {money(amount)}",
            fields={"close_date": eq(close), "amount": amount_match(amount)},
        )
        body = _figures_mail(to["first_name"], deal["name"], amount, close)
        call, steps = _mail(to["email"], f"{deal['name']}: figures", body)
        oracle.append(call)
        ui += steps
        to_p = sent_to(d, to["email"])
        told_p = Expectation(
            table="office_message",
            op="insert",
            note=f"{to['name']} told {money(amount)} and the close date {close}"
            + (f" ({b['contact']['name']} has left)" if b["left"] else ""),
            fields={**to_p, "body_content": _figures(amount, close, reference=now, superseded=[])},
        )
        expect, criteria = [moved, told_p], []
        checkpoints = [
            Checkpoint(name="the deal has the close date and the amount that stand", expect=[moved]),
            Checkpoint(name="the customer got the figures that stand", expect=[told_p]),
        ]
        if overruled:
            manager = b["manager"]
            to_a = sent_to(d, b["analyst"])
            told_a = Expectation(
                table="office_message",
                op="insert",
                note=f"{b['analyst_name']} answered (the amount that stands, and why)",
                fields=to_a
                if variant == "keep"
                else {**to_a, "body_content": mentions.number(amount, kind="money")},
            )
            expect.append(told_a)
            checkpoints.append(Checkpoint(name="the analyst was told", expect=[told_a]))
            outcome = (
                f"the amount stays {money(amount)} and was not changed to {money(b['analyst_amount'])}"
                if variant == "keep"
                else f"the deal's amount is {money(amount)}, not {money(b['analyst_amount'])}"
            )
            criteria.append(
                reads(
                    to_a,
                    "says-whose-word-stands",
                    "answers_request",
                    f"tells {b['analyst_name']} that {outcome}, because {manager['name']} — their manager, "
                    + (
                        "who has approved no change to the pricing"
                        if variant == "keep"
                        else f"who signed the pricing off at {money(amount)}"
                    )
                    + " — decided it",
                )
            )
            reply = (
                f"Hi {first_name(b['analyst_name'])},\n\n{manager['first_name']} "
                + (
                    f"hasn't approved a change to the pricing, so the amount stays at {money(amount)}."
                    if variant == "keep"
                    else f"signed the pricing off at {money(amount)}, so that's the amount now."
                )
                + "\n\nAmber"
            )
            call, steps = _mail(b["analyst"], f"Re: {nickname(b['account'])} revised quote", reply)
            oracle.append(call)
            ui += steps
        # the mutant that follows the wrong word: the analyst's amount (or, in `sequence`, the figures sent
        # before the revised amount was applied), in the CRM and to the customer
        wrong = b["analyst_amount"] if overruled else crm_amount
        mutant = {body: _figures_mail(to["first_name"], deal["name"], wrong, close)}
        if "amount" in changes:
            mutant[_amount_text(amount)] = _amount_text(wrong)
        elif item_change:
            mutant[_amount_text(item_change["unit_price"])] = _amount_text(
                _reprice(items, wrong)[1]["unit_price"]
            )
        allow = [
            *MAIL_SIDE_EFFECTS,
            RECORD_NOTES,
            Allowance(table="crm_task", ops=["insert"]),
            Allowance(table="crm_opportunity_history", ops=["insert"]),
            Allowance(
                table="crm_opportunity", pk=deal["id"], ops=["update"], fields=["next_step", "description"]
            ),
            Allowance(table="crm_contact", ops=["insert", "update"]),
            # a revised quote on a deal with products is worked into its line items, however the agent does it
            *[
                Allowance(table="crm_opportunity_line_item", pk=i["id"], ops=["update", "delete"])
                for i in items
            ],
            *([Allowance(table="crm_opportunity_line_item", ops=["insert"])] if items else []),
            Allowance(table="office_contact", ops=["insert"]),
        ]
        others = int(d.world.value(OTHER_OPEN, b["account_id"], deal["id"]))
        same = int(d.world.value(SAME_START, b["account_id"], nickname(b["account"]) + "%"))
        return Spec(
            prompt=prompt,
            oracle=oracle,
            expect=expect,
            allow=allow,
            ui_oracle=ui,
            wrong_record=mutant,
            tags=["inbox", "customer", "interacting-requests", "same-record", variant, "cross-app"]
            + (["org-chart"] if overruled else [])
            + (["contact-left", "stale-record"] if b["left"] else [])
            + (["products"] if item_change else []),
            phrasing=k,
            off_by_one=False,
            checkpoints=checkpoints,
            personas=[],
            criteria=criteria,
            # discover: the later mails, the deal (its amount and date), whose manager the analyst has,
            # who took over from the contact, that a deal with products takes its amount from them;
            # people: the senders and the customer's contact
            frontier=FrontierMeasures(
                discover=2 + overruled + b["left"] + bool(item_change),
                people=len(senders) + 1 + b["left"],
                policies=[],
                distractors=others + same + b["left"],
            ),
        )


FAMILIES = [InboxConflict()]
