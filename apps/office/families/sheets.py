"""Excel work on the team's Q4 Pipeline Forecast workbook: update several deals and report the new
weighted total (formulas recalculate), and write a roll-up formula into the sheet (test only).

Held-out entities: a deal row is about a customer (kind `account`, the CRM account id of its company);
a roll-up is about a stage (kind `stage`).
"""

from __future__ import annotations

from typing import Any

from apps.office.families.common import edited, names_list, phrase, type_cells
from tasks.families.base import Draw, Family, Redraw, Spec, answer_steps, eq, step, ui_answer
from tasks.match_model import Match
from tasks.truth_model import Allowance, AnswerSpec, Expectation, UiStep

BOOK = "Q4 Pipeline Forecast.xlsx"
ROWS = """
SELECT c.row_index AS r, json_extract(c.value, '$') AS v, c.column_index AS col
FROM office_cell c JOIN office_worksheet w ON w.id = c.worksheet_id
WHERE w.item_id = ? AND w.name = 'Forecast' AND c.row_index BETWEEN 2 AND 26
ORDER BY c.row_index, c.column_index
"""


def workbook(d: Draw) -> tuple[str, str, str]:
    """(workbook id, Forecast worksheet id, Assumptions worksheet id)."""
    item = d.world.value("SELECT id FROM office_drive_item WHERE name = ? AND kind = 'workbook'", BOOK)
    sheets = {
        r["name"]: r["id"]
        for r in d.world.rows("SELECT id, name FROM office_worksheet WHERE item_id = ? ORDER BY id", item)
    }
    return item, sheets["Forecast"], sheets.get("Assumptions", "")


def deals(d: Draw, item: str) -> list[dict[str, Any]]:
    """The forecast's deal rows (row, name, account, stage, amount, probability, close) with the CRM
    account id of the row's customer."""
    rows: dict[int, dict[str, Any]] = {}
    for c in d.world.rows(ROWS, item):
        rows.setdefault(c["r"], {"row": c["r"]})[" ABCDEFG"[c["col"]]] = c["v"]
    accounts = {
        r["company_name"]: r["id"]
        for r in d.world.rows(
            "SELECT DISTINCT company_name, crm_account_id AS id FROM office_contact "
            "WHERE crm_account_id IS NOT NULL ORDER BY company_name, id"
        )
    }
    out = []
    for r in rows.values():
        if r.get("B") in accounts and isinstance(r.get("D"), int | float):
            out.append(
                {
                    "row": r["row"],
                    "name": r["A"],
                    "account": r["B"],
                    "stage": r["C"],
                    "amount": r["D"],
                    "prob": r["E"],
                    "close": r["G"],
                    "account_id": accounts[r["B"]],
                }
            )
    return out


def _cell(sheet: str, address: str) -> str:
    return f"{sheet}!{address}"


def money(x: float) -> str:
    return f"${x:,.2f}".replace(".00", "")


def _deal_ref(d: Draw, deal: dict[str, Any], rows: list[dict[str, Any]]) -> str:
    """The deal by its name, or as the customer's only deal in the sheet."""
    if sum(1 for r in rows if r["account"] == deal["account"]) == 1 and d.chance(0.5):
        return f"the {deal['account']} deal"
    return f'"{deal["name"]}"'


class ForecastUpdateDeals(Family):
    name = "office.forecast-update-deals"
    apps = ("office",)
    surfaces = ("mcp", "cli", "ui", "python")
    version = 1
    author = "saasgym-office-team"
    summary = (
        "update the amount or probability of two or three deals in the team forecast workbook and report "
        "the new weighted total"
    )

    def build(self, d: Draw) -> Spec:
        item, sheet, assumptions = workbook(d)
        rows = deals(d, item)
        picked = sorted(
            d.pick_many("account", rows, d.choice([2, 2, 3]), key="account_id"), key=lambda r: r["row"]
        )
        if len({p["account"] for p in picked}) < len(picked):
            raise Redraw("two picked deals of one customer")
        changes: list[tuple[dict[str, Any], str, float]] = []
        for deal in picked:
            if d.chance(0.5):
                new = round(deal["amount"] * d.choice([0.8, 0.9, 1.1, 1.25, 1.5]) / 100) * 100
                changes.append((deal, "D", new))
            else:
                new = d.choice([p for p in (10, 20, 25, 40, 60, 75, 90) if p != deal["prob"]])
                changes.append((deal, "E", new))
        weighted = {r["row"]: r["amount"] * r["prob"] / 100 for r in rows}
        every = d.world.rows(
            "SELECT row_index AS r, json_extract(value, '$') AS v FROM office_cell WHERE worksheet_id = ? "
            "AND column_index = 6 AND row_index BETWEEN 2 AND 26 ORDER BY row_index",
            sheet,
        )
        totals = {c["r"]: c["v"] for c in every}
        for deal, col, new in changes:
            amount = new if col == "D" else deal["amount"]
            prob = new if col == "E" else deal["prob"]
            weighted[deal["row"]] = totals[deal["row"]] = amount * prob / 100
        total = round(sum(totals.values()), 2)
        parts = []
        for deal, col, new in changes:
            ref = _deal_ref(d, deal, rows)
            parts.append(
                f"{ref} is now {money(new)}" if col == "D" else f"{ref} is now at {new:g}% probability"
            )
        said = names_list(parts)
        phrasings = [
            f"Update the Q4 Pipeline Forecast sheet: {said}. What is the weighted total afterwards?",
            f"In the team forecast workbook, {said}. Then tell me the new total weighted amount.",
            f"Forecast changes from my pipeline review: {said}. Please make them in Q4 Pipeline Forecast "
            "and give me the weighted total it shows.",
            f"Please edit the Forecast sheet ({said}) and report the resulting weighted pipeline total.",
            f"Two minutes of spreadsheet work: {said}. Put that into the forecast and tell me the "
            "weighted total.",
        ]
        prompt, k = phrase(d, phrasings)
        oracle = [
            step("office_search_drive", query="Q4 Pipeline Forecast"),
            step("office_get_worksheet", item_id=item, worksheet="Forecast"),
        ]
        ui = []
        expect, allow = [], []
        for deal, col, new in changes:
            address = f"{col}{deal['row']}"
            oracle.append(
                step(
                    "office_update_cell",
                    item_id=item,
                    address=address,
                    value=f"{new:g}",
                    worksheet="Forecast",
                )
            )
            ui += [
                UiStep(goto=f"/sheets/{item}?sheet=Forecast"),
                *type_cells(address, [[f"{new:g}"]]),
            ]
            expect.append(
                Expectation(
                    table="office_cell",
                    op="update",
                    pk=_cell(sheet, address),
                    fields={"value": Match(approx=new, tol=0.001)},
                )
            )
            expect.append(
                Expectation(
                    table="office_cell",
                    op="update",
                    pk=_cell(sheet, f"F{deal['row']}"),
                    fields={"value": Match(approx=weighted[deal["row"]], tol=0.01)},
                )
            )
        expect.append(
            Expectation(
                table="office_cell",
                op="update",
                pk=_cell(sheet, "F28"),
                fields={"value": Match(approx=total, tol=0.01)},
            )
        )
        for pk in [
            _cell(sheet, "D28"),
            _cell(sheet, "D30"),
            _cell(assumptions, "B2"),
            _cell(assumptions, "B3"),
        ]:
            allow.append(Allowance(table="office_cell", ops=["update"], pk=pk, fields=["value"]))
        allow.append(edited(item))
        answer = f"{total:,.2f}"
        oracle += answer_steps(answer)
        first, col, _ = changes[0]
        spare = next(
            r for r in rows if r not in picked and r["account"] not in {p["account"] for p in picked}
        )
        return Spec(
            prompt=prompt,
            oracle=oracle,
            expect=expect,
            allow=allow,
            answer=AnswerSpec(match=Match(approx=total, tol=0.5)),
            ui_oracle=ui + ui_answer(answer),
            wrong_record={f"{col}{first['row']}": f"{col}{spare['row']}"},
            records=len(picked),  # each forecast row changed is a deal (its cells are one worksheet)
            tags=["sheets", "forecast", "formula", "question"],
            phrasing=k,
        )


AGGREGATES = {
    "sum-amount": ("SUMIF", "D", "the total amount"),
    "sum-weighted": ("SUMIF", "F", "the total weighted amount"),
    "count": ("COUNTIF", None, "the number of deals"),
    "average-amount": ("AVERAGEIF", "D", "the average deal amount"),
}
TARGETS = ["I2", "I3", "I4", "J2", "J5"]


def _rollup(rows: list[dict[str, Any]], stage: str, agg: str) -> float:
    """What the roll-up `agg` of one stage's deals comes to."""
    mine = [r for r in rows if r["stage"] == stage]
    amounts = [r["amount"] for r in mine]
    return {
        "sum-amount": sum(amounts),
        "sum-weighted": sum(r["amount"] * r["prob"] / 100 for r in mine),
        "count": len(mine),
        "average-amount": sum(amounts) / len(amounts),
    }[agg]


class ForecastRollupFormula(Family):
    name = "office.forecast-rollup-formula"
    apps = ("office",)
    splits = ("test",)
    surfaces = ("mcp", "cli", "ui", "python")
    version = 1
    author = "saasgym-office-team"
    summary = (
        "write a labelled SUMIF/COUNTIF/AVERAGEIF roll-up of one stage into the forecast sheet; test only"
    )

    def build(self, d: Draw) -> Spec:
        item, sheet, _ = workbook(d)
        rows = deals(d, item)
        stages = sorted({r["stage"] for r in rows})
        stage = d.pick("stage", [{"name": s} for s in stages], key="name")["name"]
        agg = d.choice(sorted(AGGREGATES))
        fn, col, what = AGGREGATES[agg]
        value = _rollup(rows, stage, agg)
        target = d.choice(TARGETS)
        label_cell = f"{chr(ord(target[0]) - 1)}{target[1:]}"
        label = f"{stage} {what.removeprefix('the ')}"
        formula = f'=COUNTIF(C2:C26,"{stage}")' if col is None else f'={fn}(C2:C26,"{stage}",{col}2:{col}26)'
        phrasings = [
            f"In the Forecast sheet of Q4 Pipeline Forecast, put {what} of the deals in {stage} into "
            f'{target} as a formula (so it updates), with the label "{label}" in {label_cell}.',
            f'Add a live roll-up to the team forecast: {label_cell} = "{label}", {target} = a formula '
            f"giving {what} of {stage} deals.",
            f"I want {what} of our {stage} deals to stay current in the forecast workbook. Write a "
            f'formula into {target} of the Forecast sheet and label it "{label}" in {label_cell}.',
            f'Forecast sheet: label {label_cell} "{label}" and make {target} compute {what} for stage '
            f"{stage}.",
            f"Please put a formula in Forecast!{target} that calculates {what} of the {stage} deals; "
            f'{label_cell} gets the label "{label}".',
        ]
        prompt, k = phrase(d, phrasings)
        other = next((s for s in stages if abs(_rollup(rows, s, agg) - value) > 0.01), None)
        if other is None:
            raise Redraw("every stage has the same roll-up")
        return Spec(
            prompt=prompt,
            oracle=[
                step("office_search_drive", query="Q4 Pipeline Forecast"),
                step("office_get_worksheet", item_id=item, worksheet="Forecast"),
                step(
                    "office_update_cell", item_id=item, address=label_cell, value=label, worksheet="Forecast"
                ),
                step("office_update_cell", item_id=item, address=target, value=formula, worksheet="Forecast"),
            ],
            expect=[
                Expectation(
                    table="office_cell",
                    op="insert",
                    fields={
                        "worksheet_id": eq(sheet),
                        "address": eq(label_cell),
                        "value": Match(contains=stage),
                    },
                ),
                Expectation(
                    table="office_cell",
                    op="insert",
                    fields={
                        "worksheet_id": eq(sheet),
                        "address": eq(target),
                        "formula": Match(is_null=False),
                        "value": Match(approx=value, tol=0.01),
                    },
                ),
            ],
            allow=[edited(item)],
            ui_oracle=[
                UiStep(goto=f"/sheets/{item}?sheet=Forecast"),
                *type_cells(label_cell, [[label]]),
                *type_cells(target, [[formula]]),
            ],
            wrong_record={formula: formula.replace(f'"{stage}"', f'"{other}"')},
            tags=["sheets", "formula", agg],
            phrasing=k,
        )


FAMILIES = [ForecastUpdateDeals(), ForecastRollupFormula()]
