"""Cross-app families that end in a new workbook: an account's open deals (CRM → sheet), the incidents an
account's contacts raised (CRM → desk → sheet); as a knob the sheet is shared with the account's owner."""

from __future__ import annotations

from typing import Any

from apps.crm.families.common import account_ref, accounts, phrase
from apps.office.families.common import new_file_ui, share_ui, type_cells
from crossapp.xapp.common import (
    AMBER,
    STATES,
    callers_of,
    hold_callers,
    incidents_of,
    open_deals,
    same_split_accounts,
)
from tasks.families.base import Draw, Family, Redraw, Spec, eq, step
from tasks.match_model import Match
from tasks.truth_model import Allowance, Expectation, OracleStep, UiStep


def cell(address: str, value: Any) -> Expectation:
    """A new cell of the new workbook (text contained, numbers within a cent)."""
    rule = Match(approx=float(value), tol=0.01) if isinstance(value, int | float) else Match(contains=value)
    return Expectation(table="office_cell", op="insert", fields={"address": eq(address), "value": rule})


def workbook_steps(
    name: str, rows: list[list[Any]], share: dict[str, Any] | None
) -> tuple[list[OracleStep], list[Expectation]]:
    """Create workbook `name`, write `rows` from A1, maybe share it; the oracle steps and what they make."""
    steps = [
        step("office_create_workbook", name=name),
        step("office_update_range", item_id="$1.item.id", start_address="A1", values=rows),
    ]
    expect = [Expectation(table="office_drive_item", op="insert", fields={"name": eq(f"{name}.xlsx")})]
    for r, row in enumerate(rows, start=1):
        expect += [
            cell(f"{chr(65 + c)}{r}", v)
            for c, v in enumerate(row)
            if v is not None and not str(v).startswith("=")
        ]
    if share:
        steps.append(
            step("office_share_drive_item", item_id="$1.item.id", email=share["email"], role="write")
        )
        expect.append(
            Expectation(
                table="office_permission",
                op="insert",
                fields={"user_id": eq(share["office_id"]), "roles": Match(contains="write")},
            )
        )
    return steps, expect


def sheet_ui(name: str, rows: list[list[Any]], share: dict[str, Any] | None) -> list[UiStep]:
    """The browser way: a new workbook from My files, the rows typed into its grid, then maybe the Share
    dialog (edit rights for `share`'s address)."""
    ui = [*new_file_ui(name, "workbook"), *type_cells("A1", rows)]
    if share:
        ui += share_ui(f"{name}.xlsx", share["email"], "write")
    return ui


def _renumber(steps: list[OracleStep], first: int) -> list[OracleStep]:
    """`$1` references of the workbook steps, shifted to where the workbook is created in the oracle."""
    out = []
    for s in steps:
        args = {k: (f"${first}.item.id" if v == "$1.item.id" else v) for k, v in s.args.items()}
        out.append(step(s.tool, **args))
    return out


def owner_share(d: Draw, acc: dict[str, Any]) -> dict[str, Any] | None:
    """The account owner as an office user to share with (None when the knob is off or it is Amber)."""
    owner = d.world.rows(
        "SELECT u.id AS office_id, u.mail AS email, c.name FROM crm_user c "
        "JOIN office_user u ON u.mail = c.email WHERE c.id = ?",
        acc["owner_id"],
    )
    if not owner or owner[0]["email"] == AMBER or not d.chance(0.5):
        return None
    return owner[0]


FIRST_INCIDENTS = "SELECT number FROM ticketing_incident ORDER BY number LIMIT 10"
SHEET_SIDE_EFFECTS = [
    Allowance(table="office_worksheet", ops=["insert"]),
    Allowance(table="office_drive_item", ops=["update"], fields=["size", "last_modified_date_time"]),
    Allowance(table="office_message", ops=["insert"]),
]


class PipelineSheet(Family):
    name = "xapp.pipeline-sheet"
    apps = ("crm", "office")
    surfaces = ("mcp", "cli", "ui", "python")
    version = 2  # 2: an instance that shares the workbook has a browser oracle (the Share dialog)
    author = "saasgym-xapp-team"
    summary = (
        "a new workbook listing an account's open deals (name, stage, amount) with a total; maybe shared"
    )

    def build(self, d: Draw) -> Spec:
        pool = accounts(d, "a.id IN (SELECT account_id FROM crm_opportunity WHERE is_closed = 0)")
        acc = d.pick("account", pool, key="id")
        deals = open_deals(d, acc["id"])
        if not 2 <= len(deals) <= 4 or len({o["amount"] for o in deals}) < len(deals):
            raise Redraw("not two to four open deals of distinct amounts")
        for o in deals:
            d.note("opportunity", o["id"])
        ref, lookup = account_ref(d, acc)
        share = owner_share(d, acc)
        name = d.choice(
            ["Open pipeline review", "Pipeline snapshot", "Deals for the QBR", "Account pipeline"]
        )
        n = len(deals) + 1
        rows = [
            ["Opportunity", "Stage", "Amount"],
            *[[o["name"], o["stage_name"], o["amount"]] for o in deals],
        ]
        rows.append(["Total", None, f"=SUM(C2:C{n})"])
        total = round(sum(o["amount"] for o in deals), 2)
        tail = " Share it with the account's owner (edit rights)." if share else ""
        phrasings = [
            f'Create a workbook "{name}" listing the open opportunities of {ref}: columns Opportunity, '
            f"Stage, Amount (header in row 1, biggest deal first) and a last row Total with a SUM formula.",
            f'Put {ref}\'s open deals in a new Excel file called "{name}" — header Opportunity | Stage | '
            "Amount, one row per deal from the largest amount down, then a Total row summing the amounts.",
            f'I need a sheet "{name}": every open opportunity of {ref} (name, stage, amount; largest first, '
            'headers "Opportunity", "Stage", "Amount") and a final "Total" row with =SUM of the amounts.',
            f'New workbook "{name}" please, with the open pipeline of {ref}: row 1 Opportunity, Stage, '
            "Amount; then the deals sorted by amount descending; then Total = the sum (as a formula).",
            f'Export the open opportunities of {ref} to a workbook named "{name}" (columns Opportunity, '
            "Stage, Amount, biggest first) ending with a Total row that sums column C.",
        ]
        prompt, k = phrase(d, phrasings)
        sheet, expect = workbook_steps(name, rows, share)
        expect.append(cell(f"C{n + 1}", total))
        first = len(lookup) + 2
        oracle = [*lookup, step("crm_list_opportunities", account_id=acc["id"], status="open")]
        oracle += _renumber(sheet, first)
        if share:
            oracle.insert(len(oracle) - 1, step("crm_get_account", account_id=acc["id"]))
        other = d.world.value(
            "SELECT name FROM crm_opportunity WHERE is_closed = 0 AND account_id != ? ORDER BY id", acc["id"]
        )
        return Spec(
            prompt=prompt + tail,
            oracle=oracle,
            expect=expect,
            allow=SHEET_SIDE_EFFECTS,
            ui_oracle=sheet_ui(name, rows, share),
            wrong_record={deals[0]["name"]: other},
            tags=["sheet", "opportunity", "cross-app", *(["share"] if share else [])],
            phrasing=k,
            records=len(deals) + 1,
        )


def account_incidents(d: Draw, acc: dict[str, Any]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The account's contacts (with desk users) and every incident they raised, by number (a world part's
    too: the data room's billing disputes are some of its customers')."""
    people = callers_of(d, acc["id"])
    found = [
        {**i, "caller": p["name"], "email": p["email"]}
        for p in people
        for i in incidents_of(d, p["caller_sys_id"], with_parts=True)
    ]
    return people, sorted(found, key=lambda i: i["number"])


class AccountIncidentsSheet(Family):
    name = "xapp.account-incidents-sheet"
    apps = ("crm", "office", "ticketing")
    surfaces = ("mcp", "cli", "ui", "python")
    # v3: an account's incidents include the ones world parts add (the data room's billing disputes);
    # 2: an instance that shares the workbook has a browser oracle (the Share dialog)
    version = 3
    reads_part_rows = True
    author = "saasgym-xapp-team"
    summary = (
        "a workbook of every incident the contacts of an account raised (number, caller, state, priority)"
    )

    def build(self, d: Draw) -> Spec:
        pool = accounts(
            d,
            "a.id IN (SELECT c.account_id FROM crm_contact c "
            "JOIN ticketing_sys_user u ON u.crm_contact_id = c.id "
            "JOIN ticketing_incident i ON i.caller_id = u.sys_id)",
        )
        acc = d.pick("account", same_split_accounts(d, pool), key="id")
        people, found = account_incidents(d, acc)
        if not 2 <= len(found) <= 6 or len(people) > 6:
            raise Redraw("not two to six incidents, or too many contacts")
        parts = [i for i in found if d.world.is_part_row("ticketing_incident", i["sys_id"])]
        hold_callers(d, [i for i in found if i not in parts])
        for i in parts:  # a part's incident (a billing dispute) comes with its account, whoever raised it
            d.note("incident", i["sys_id"])
        ref, lookup = account_ref(d, acc, ("name", "number", "city"))
        share = owner_share(d, acc)
        name = d.choice(["Support history", "Incident overview", "Escalation prep", "Support review"])
        rows = [
            ["Number", "Caller", "State", "Priority"],
            *[[i["number"], i["caller"], STATES[i["state"]], i["priority"]] for i in found],
        ]
        tail = " Then share the workbook with the account's CRM owner (edit)." if share else ""
        phrasings = [
            f'Make a workbook "{name}" with every incident (open or closed) raised by a contact of {ref}: '
            "columns Number, Caller, State, Priority (state as its label, priority as 1-5), by number.",
            f'List all service-desk incidents of {ref}\'s contacts in a new sheet "{name}" — header Number | '
            "Caller | State | Priority, one row per incident in number order.",
            f"For {ref}: find every contact, every incident each of them has raised, and put them in a "
            f'workbook "{name}" (Number, Caller, State, Priority; ascending by number).',
            f'I want an overview of the support history of {ref}. New Excel file "{name}", row 1 Number, '
            "Caller, State, Priority, then each incident its contacts opened, lowest number first.",
            f'Build "{name}": all incidents whose caller is one of {ref}\'s CRM contacts, one per row '
            "(Number, Caller, State label, Priority number), sorted by incident number, headers in row 1.",
        ]
        prompt, k = phrase(d, phrasings)
        sheet, expect = workbook_steps(name, rows, share)
        reads = [
            *lookup,
            step("crm_list_contacts", account_id=acc["id"]),
            *[step("ticketing_list_incidents", caller_id=p["email"]) for p in people],
        ]
        oracle = [*reads, *_renumber(sheet, len(reads) + 1)]
        if share:
            oracle.insert(len(oracle) - 1, step("crm_get_account", account_id=acc["id"]))
        mine = {i["number"] for i in found}
        other = next(r["number"] for r in d.world.rows(FIRST_INCIDENTS) if r["number"] not in mine)
        return Spec(
            prompt=prompt + tail,
            oracle=oracle,
            expect=expect,
            allow=SHEET_SIDE_EFFECTS,
            ui_oracle=sheet_ui(name, rows, share),
            wrong_record={found[0]["number"]: other},
            tags=["sheet", "incident", "cross-app", *(["share"] if share else [])],
            phrasing=k,
            records=len(found) + 1,
        )


FAMILIES = [PipelineSheet(), AccountIncidentsSheet()]
