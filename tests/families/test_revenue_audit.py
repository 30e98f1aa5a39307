"""xapp.revenue-audit: the controller's billing exceptions over a scope. The truth (every wrong deal with its
documents, the net effect) equals a recomputation from the GL export written here apart from the family; a
mail missing one wrong deal, or flagging a clean look-alike, fails; the right findings in other words pass."""

from __future__ import annotations

from collections import defaultdict

import pytest

from apps.core.api import Gym
from apps.core.worlds import worlds_root
from tasks.families.instances import instance, world_view
from tasks.rubric.evaluate import ASSUME_MET, deterministic_problems
from tasks.verifier import verify
from worlds.parts.dataroom.tasks import ledger_grid

FAMILY = "xapp.revenue-audit"


def _scoped(key: str):
    for seed in range(40):
        task = instance("acme", FAMILY, seed)
        if f"audit-scope:{key}" in task.truth.entities:
            return task
    raise AssertionError(f"no instance of scope {key}")


@pytest.fixture(scope="module")
def gym():
    return Gym()


@pytest.fixture(scope="module")
def q2():
    return _scoped("FY2026 Q2")


def _recompute(lo: str, hi: str) -> tuple[dict[str, list[str]], float]:
    """Per wrong deal closed won in [lo, hi], its documents, and the net effect — from the GL rows."""
    grid = ledger_grid(worlds_root() / "acme")
    rows, cols = grid.extent()
    head = grid.values(1, 1, 1, cols)[0]
    lines = [dict(zip(head, r, strict=True)) for r in grid.values(2, 1, rows, cols)]
    billed: dict[str, dict[str, float]] = defaultdict(dict)
    odd: dict[str, set[str]] = defaultdict(set)
    for x in lines:
        ref, doc, gl = x["Opportunity Ref"], x["Document No"], str(x["GL Account"])
        if not ref or not gl.startswith("4"):
            continue
        if x["Document Type"] == "Invoice":
            billed[ref][doc] = billed[ref].get(doc, 0.0) + float(x["Amount"])
            if x["Period"] != str(x["Posting Date"])[:7]:
                odd[ref].add(doc)
        elif x["Document Type"] == "Credit Memo" and x["D/C"] == "C":
            odd[ref].add(doc)
    won = (
        "SELECT id, amount FROM crm_opportunity WHERE stage_name = 'Closed Won' "
        "AND close_date BETWEEN ? AND ? ORDER BY id"
    )
    deals = [(r["id"], r["amount"]) for r in world_view("acme").rows(won, lo, hi)]
    wrong: dict[str, list[str]] = {}
    net = 0.0
    for deal_id, amount in deals:
        invoices = billed.get(deal_id, {})
        total = round(sum(invoices.values()), 2)
        docs = set(odd.get(deal_id, set()))
        if len(invoices) != 1 or abs(total - amount) > 0.005:
            docs |= set(invoices)
        if docs or not invoices:
            wrong[deal_id] = sorted(docs)
            net += total - amount
    return wrong, round(net, 2)


def _send(gym, task, body: str):
    ep = gym.create_episode("acme", apps=task.public.apps)
    ep.task = task.public
    try:
        ep.call(
            "office_send_mail", to=["gregory.nelson@acme.example"], subject="Billing exceptions", body=body
        )
        return verify(ep, task, judge=ASSUME_MET)
    finally:
        ep.close()


def _deal_names(task) -> list[list[str]]:
    return [c.names for c in task.truth.criteria if c.id.startswith("deal-")]


def test_the_truth_equals_a_recomputation_from_the_gl(q2):
    wrong, net = _recompute("2026-02-01", "2026-04-30")
    assert "Q2 of FY2026 (2026-02-01 to 2026-04-30)" in q2.public.prompt
    want = sorted(sorted(docs) for docs in wrong.values())
    assert sorted(sorted(n for n in names if n[:3] in ("INV", "CM-")) for names in _deal_names(q2)) == want
    net_c = next(c for c in q2.truth.criteria if c.id == "net-effect")
    assert net_c.numbers == [abs(net)] and len(wrong) == 3


def _other_words(task) -> str:
    parts = []
    for names in reversed(_deal_names(task)):
        deal, *docs = names
        parts.append(f"* {deal} — see {' and '.join(docs) if docs else 'no invoice at all'}")
    net = next(c for c in task.truth.criteria if c.id == "net-effect").numbers[0]
    return "Gregory,\n\nExceptions found:\n" + "\n".join(parts) + f"\n\nNet revenue effect: ${net:,.0f}\n"


def test_the_findings_in_other_words_pass(gym, q2):
    verdict = _send(gym, q2, _other_words(q2))
    assert verdict.outcome == "pass", verdict.explain()


def _problems(task, body: str) -> dict[str, list[str]]:
    """The deterministic criteria a mail body fails, with why (the verdict's own reading of the text)."""
    found = {c.id: deterministic_problems(c, body) for c in task.truth.criteria if c.kind == "deterministic"}
    return {k: v for k, v in found.items() if v}


def test_a_mail_missing_one_wrong_deal_fails(q2):
    body = "\n".join(line for line in _other_words(q2).splitlines() if _deal_names(q2)[0][0] not in line)
    assert list(_problems(q2, body)) == ["deal-1"]


def test_a_clean_look_alike_named_as_clean_is_no_flag_and_flags_are_judged(q2):
    """Blind probe 2026-12-06: agents named correctly debited credit memos as "not exceptions"; a matched
    mention failed them. Whether a look-alike is flagged is now the judge's reading, the look-alikes named."""
    only = next(c for c in q2.truth.criteria if c.id == "only-wrong-deals")
    assert only.kind == "judged"
    clean = only.holds.split("none of ", 1)[1].split(" is reported")[0].split(", ")[0]
    cleared = _other_words(q2) + f"\n{clean} was checked and is booked correctly: not an exception.\n"
    assert not _problems(q2, cleared)
