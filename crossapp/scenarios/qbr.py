"""A quarterly business review pack for one customer account: its open and won opportunities (CRM) and
the incidents its contacts raised (service desk) in a workbook with SUM and COUNTIF formulas, a Word
document quoting the totals, the QBR date asked of the account owner (who answers on the logical clock),
the meeting booked at that time and the document shared with the owner."""

from __future__ import annotations

from typing import Any

from apps.office.coworkers.reviews import review_slot
from crossapp.scenarios.deliverables import (
    PRIORITY_WORDS,
    START,
    FilePlan,
    FileScenario,
    ask_and_book,
    colleague,
    document_expect,
    formula_cell,
    named_file,
    spoken,
)
from crossapp.scenarios.story import catalog_size
from crossapp.xapp.common import AMBER, STATES
from tasks.families import mentions
from tasks.families.base import Draw, Spec
from tasks.match_model import Match, TableRow
from tasks.truth_model import Criterion, Deliverable
from worlds.splits import SPLITS

QUARTER = "Q4 2026"
SINCE = ["2026-07-01", "2026-08-01", "2026-09-01"]  # the service period a QBR looks back on
WON_SINCE = {"2026-01-01": "January 1, 2026", "2025-11-01": "November 1, 2025"}  # the wins it celebrates
ACCOUNTS = """
SELECT a.id, a.name, o.email AS owner_email FROM crm_account a JOIN crm_user o ON o.id = a.owner_id
WHERE o.email != ? AND o.email IN (SELECT mail FROM office_user) ORDER BY a.name, a.id
"""
DEALS = """
SELECT id, name, stage_name, amount, close_date, is_won FROM crm_opportunity
WHERE account_id = ? AND (is_closed = 0 OR (is_won = 1 AND close_date >= ?)) AND amount > 0
ORDER BY is_won, amount DESC, id
"""
INCIDENTS = """
SELECT i.sys_id, i.number, i.priority, i.state, u.email AS caller_email FROM ticketing_incident i
JOIN ticketing_sys_user u ON u.sys_id = i.caller_id JOIN crm_contact c ON c.id = u.crm_contact_id
WHERE c.account_id = ? AND i.opened_at >= ? ORDER BY i.number
"""
RUNNING = """
SELECT count(*) FROM ticketing_task_sla WHERE stage = 'in_progress' AND has_breached = 0 AND task IN ({})
"""
INTROS = [
    "The {acct} QBR is coming up and I need the pack.",
    "Could you put the {acct} quarterly business review pack together?",
    "QBR prep for {acct}, please — numbers from the CRM and the service desk.",
    "I'm presenting the {acct} QBR this quarter; please build the material.",
    "Time to get the {acct} QBR ready.",
]


def money(x: float) -> str:
    return f"${x:,.2f}"


class QbrPack(FileScenario):
    name = "scenario.qbr-pack"
    apps = ("crm", "office", "ticketing")
    splits = SPLITS  # accounts are the CRM's held-out entity: a pack is in its account's split
    size = catalog_size("scenario.qbr-pack", SPLITS, least=4)
    summary = (
        "QBR pack: CRM deals and desk incidents into a workbook (SUM, COUNTIF) and a doc; the owner "
        "asked for the date, the meeting booked, the doc shared"
    )
    job = "account-management"
    version = 3  # 3: a judged rubric criterion reads the QBR document as its reader would

    def build(self, d: Draw) -> Spec:
        since, won = d.choice(SINCE), d.choice(sorted(WON_SINCE))
        pool = [a for a in d.world.rows(ACCOUNTS, AMBER) if self._fits(d, a, since, won)]
        acc = d.pick("account", pool, key="id")
        deals, incs = d.world.rows(DEALS, acc["id"], won), d.world.rows(INCIDENTS, acc["id"], since)
        owner = colleague(d, acc["owner_email"])
        breached = self._breached(d, incs)
        for o in deals:
            d.note("opportunity", o["id"])
        for i in incs:
            d.note("incident", i["number"])
        p = FilePlan(d)
        self._reads(p, acc, incs, won)
        title = f"QBR {acc['name']} {QUARTER}"
        self._workbook(p, title, deals, incs, breached)
        open_total = round(sum(o["amount"] for o in deals if not o["is_won"]), 2)
        won_total = round(sum(o["amount"] for o in deals if o["is_won"]), 2)
        n, nb = len(incs), len(breached)
        doc = p.document(
            title,
            "\n".join(
                [
                    f"# {title}",
                    "## Summary",
                    f"Open pipeline {money(open_total)}, won {money(won_total)}, {n} incidents.",
                    "## Pipeline",
                    f"Open pipeline: {money(open_total)}. Won: {money(won_total)}.",
                    "## Service",
                    f"{n} incidents since {since}; SLA breaches: {nb}.",
                    "## Next steps",
                ]
            ),
        )
        subject = f"{acc['name']} QBR date"
        p.ask(
            owner,
            subject,
            f"Hi {owner.first}, when would you like to hold the {acc['name']} QBR? Thanks, Amber",
            "account owner",
        )
        day, hour = review_slot(f"qbr:{acc['name']}", START)
        p.answered(owner, mentions.date(day.isoformat(), reference=START.isoformat()))
        p.meeting(
            f"QBR {acc['name']}", owner, f"qbr:{acc['name']}", f"Quarterly business review of {acc['name']}"
        )
        p.paragraph(doc, f"QBR with {owner.name} on {spoken(day)}.")
        sections = [
            TableRow(key="# Summary", amounts=[open_total, won_total, n]),
            TableRow(key="# Pipeline", amounts=[open_total, won_total]),
            TableRow(key="# Service", amounts=[n, nb]),
            TableRow(key="# Next steps", words=[f"{day:%B} {day.day}"]),
        ]
        p.milestone("the QBR document quotes the totals", [document_expect(title, sections)])
        p.share(doc, owner, "write", "the QBR document")
        decoy = d.world.value(
            "SELECT email FROM crm_user WHERE email IN (SELECT mail FROM office_user) "
            "AND email NOT IN (?, ?) ORDER BY email LIMIT 1",
            owner.mail,
            AMBER,
        )
        p.wrong[owner.mail] = decoy
        k = d.rng.randrange(len(INTROS))
        sheets = (
            f'Build a workbook "{title}" with three worksheets. "Opportunities": columns Opportunity, '
            "Stage, Amount, Close date (header in row 1), one row for every open opportunity of the account "
            f"and every one it won since {WON_SINCE[won]}, then a Total row whose amount is a SUM formula. "
            '"Incidents": columns Number, Priority, State, SLA breached (Yes/No), one row for every '
            f'service-desk incident the account\'s contacts opened since {since}. "By priority": one row '
            "per priority (Critical, High, Moderate, Low, Planning in column A) with a COUNTIF formula in "
            'column B counting that priority in the Incidents sheet, and a last row "SLA breaches" counting '
            "the Yes with COUNTIF."
        )
        doc_text = (
            f'Finally write a Word document "{title}" with the headings Summary, Pipeline, Service and Next '
            "steps: the open pipeline total, the won total and the number of incidents under Summary; the "
            "two totals under Pipeline; the incident count and the number of SLA breaches under Service; the "
            'QBR day as the owner wrote it (like "Tuesday, December 1") under Next steps — and share it with '
            "the owner with edit rights."
        )
        ask = ask_and_book("the account owner", "when they want to hold the QBR", f'"QBR {acc["name"]}"')
        prompt = f"{INTROS[k].format(acct=acc['name'])} {sheets} Then {ask}. {doc_text}"
        spec = p.spec(prompt, [self.job, "qbr", "workbook", "document"], k)
        spec.criteria = [
            Criterion(
                id="briefs-the-owner",
                kind="judged",
                type="covers_items",
                holds=f"a reader of the QBR document learns the open pipeline ({money(open_total)}), the "
                f"won total ({money(won_total)}), the {n} incidents with {nb} SLA breaches, and that the QBR "
                f"with {owner.name} is on {spoken(day)}",
                deliverable=Deliverable(
                    table="office_drive_item", where={"name": Match(text=f"{title}.docx")}, field="sections"
                ),
            )
        ]
        return spec

    def _fits(self, d: Draw, acc: dict[str, Any], since: str, won: str) -> bool:
        deals = d.world.rows(DEALS, acc["id"], won)
        names = [o["name"] for o in deals]
        if not 2 <= len(deals) <= 8 or not any(o["is_won"] for o in deals) or all(o["is_won"] for o in deals):
            return False
        if any(a != b and a.lower() in b.lower() for a in names for b in names):
            return False
        incs = d.world.rows(INCIDENTS, acc["id"], since)
        if not 2 <= len(incs) <= 12:
            return False
        ids = [i["sys_id"] for i in incs]
        running = d.world.value(RUNNING.format(",".join("?" * len(ids))), *ids)
        return running == 0  # no SLA that could breach while the pack is made

    def _breached(self, d: Draw, incs: list[dict[str, Any]]) -> set[str]:
        found: set[str] = set()
        for caller in sorted({i["caller_email"] for i in incs}):
            page = d.world.call("ticketing_list_incidents", caller_id=caller, sla_breached=True, limit=200)
            found |= {r["number"] for r in page["records"]}
        return found & {i["number"] for i in incs}

    def _reads(self, p: FilePlan, acc: dict[str, Any], incs: list[dict[str, Any]], won: str) -> None:
        p.read("crm_list_accounts", search=acc["name"])
        p.read("crm_get_account", account_id=acc["id"])
        p.read("crm_list_contacts", account_id=acc["id"], limit=100)
        p.read("crm_list_opportunities", account_id=acc["id"], status="open", limit=100)
        p.read("crm_list_opportunities", account_id=acc["id"], status="won", close_date_from=won)
        for caller in sorted({i["caller_email"] for i in incs}):
            p.read("ticketing_list_incidents", caller_id=caller, limit=200)
            p.read("ticketing_list_incidents", caller_id=caller, sla_breached=True, limit=200)

    def _workbook(
        self,
        p: FilePlan,
        title: str,
        deals: list[dict[str, Any]],
        incs: list[dict[str, Any]],
        breached: set[str],
    ) -> None:
        n = len(deals)
        opp_rows: list[list[Any]] = [["Opportunity", "Stage", "Amount", "Close date"]]
        opp_rows += [[o["name"], o["stage_name"], o["amount"], str(o["close_date"])[:10]] for o in deals]
        opp_rows.append(["Total", None, f"=SUM(C2:C{n + 1})", None])
        inc_rows: list[list[Any]] = [["Number", "Priority", "State", "SLA breached"]]
        inc_rows += [
            [
                i["number"],
                PRIORITY_WORDS[i["priority"]],
                STATES[i["state"]],
                "Yes" if i["number"] in breached else "No",
            ]
            for i in incs
        ]
        m = len(incs) + 1
        by_rows: list[list[Any]] = [["Priority", "Count"]]
        by_rows += [[w, f'=COUNTIF(Incidents!B2:B{m},"{w}")'] for w in PRIORITY_WORDS.values()]
        by_rows.append(["SLA breaches", f'=COUNTIF(Incidents!D2:D{m},"Yes")'])
        p.workbook(title, [("Opportunities", opp_rows), ("Incidents", inc_rows), ("By priority", by_rows)])
        total = round(sum(o["amount"] for o in deals), 2)
        opps = [TableRow(key=o["name"], words=[o["stage_name"]], amounts=[o["amount"]]) for o in deals]
        p.milestone(
            "the Opportunities sheet lists every deal with a SUM total",
            [
                named_file(title, "xlsx"),
                p.sheet("Opportunities", [*opps, TableRow(key="Total", amounts=[total])]),
                formula_cell("SUM", total),
            ],
        )
        rows = [
            TableRow(
                key=i["number"],
                words=[
                    PRIORITY_WORDS[i["priority"]],
                    STATES[i["state"]],
                    *(["yes"] if i["number"] in breached else []),
                ],
            )
            for i in incs
        ]
        p.milestone("the Incidents sheet lists every incident", [p.sheet("Incidents", rows, r"INC\d{7}")])
        counts = {w: sum(PRIORITY_WORDS[i["priority"]] == w for i in incs) for w in PRIORITY_WORDS.values()}
        by = [TableRow(key=w, amounts=[c]) for w, c in counts.items()]
        by.append(TableRow(key="SLA breaches", amounts=[len(breached)]))
        p.milestone(
            "the By priority sheet counts with COUNTIF",
            [
                p.sheet("By priority", by),
                *[formula_cell("COUNTIF", c) for c in [*counts.values(), len(breached)]],
            ],
        )


FAMILIES = [QbrPack()]
