"""xapp.stale-contact: the CRM names a customer contact who has left; the mailbox says who took over. The
careful path (mail the successor, add them to the CRM, mark the leaver, relay the PO number the successor
gives) passes in other words; the hasty paths fail with a diff that says what is missing; the departed
contact's mailbox answers as a mail system would (an automatic reply, or a bounce)."""

from __future__ import annotations

import json

import pytest

from apps.core.api import Gym
from apps.core.worlds import worlds_root
from crossapp.xapp.inbox_conflict import standing
from tasks.families.instances import instance
from tasks.rubric.evaluate import ASSUME_MET
from tasks.verifier import verify

FAMILY = "xapp.stale-contact"
HANDOVERS = [
    json.loads(x) for x in (worlds_root() / "acme/handovers/handovers.jsonl").read_text().splitlines()
]


@pytest.fixture(scope="module")
def gym():
    return Gym()


def _task(po: bool, variant: str | None = None):
    for seed in range(60):
        task = instance("acme", FAMILY, seed)
        if ("persona" in task.tags) == po and (variant is None or variant in task.tags):
            return task, _handover(task)
    raise AssertionError("no instance fits")


def _handover(task):
    email = (
        next(e for e in task.truth.expect if e.table == "crm_contact" and e.op == "insert")
        .fields["email"]
        .text
    )
    return next(h for h in HANDOVERS if h["successor"]["email"] == email)


def _deal(ep, h) -> tuple[float, str]:
    sql = "SELECT amount, close_date FROM crm_opportunity WHERE id = ?"
    return tuple(ep.db.execute_raw(sql, [h["deal_id"]])[0])


def _run(gym, task, work):
    ep = gym.create_episode("acme", apps=task.public.apps)
    ep.task = task.public
    try:
        work(ep)
        return verify(ep, task, judge=ASSUME_MET)
    finally:
        ep.close()


def _figures(ep, h) -> str:
    amount, close = _deal(ep, h)
    return f"The deal comes to ${amount:,.2f} and is expected to close on {close}."


def _careful(h, *, asker: str | None = None):
    """The careful path in words of its own: the CRM marked in the title, the successor added."""

    def work(ep):
        s = h["successor"]
        ep.call(
            "crm_create_contact",
            account_id=h["account_id"],
            first_name=s["first_name"],
            last_name=s["last_name"],
            email=s["email"].upper(),
            title=s["title"],
        )
        ep.call("crm_update_contact", contact_id=h["gone_contact_id"], title="No longer with the company")
        ask = " Could you also let me have your PO number for it?" if asker else ""
        ep.call("office_send_mail", to=[s["email"]], subject="Figures you asked for",
                body=f"Dear {s['first_name']}, {_figures(ep, h)}{ask} Kind regards, Amber")  # fmt: skip
        if asker:
            ep.call("office_wait_for_replies", minutes=1440, stop_at_first_reply=False)
            ep.call("office_send_mail", to=[asker], subject="PO",
                    body=f"They sent it: {h['purchase_order']}.")  # fmt: skip

    return work


def _asker(task) -> str:
    return next(
        e.fields["recipients"].contains
        for e in task.truth.expect
        if e.table == "office_message" and "recipients" in e.fields and e.fields["body_content"].contains
    )


def test_the_careful_path_in_other_words_passes(gym):
    task, h = _task(po=False)
    verdict = _run(gym, task, _careful(h))
    assert verdict.outcome == "pass", verdict.explain()


def test_a_thank_you_after_the_figures_still_passes(gym):
    """The figures may be in any mail to the successor, not only the last one."""
    task, h = _task(po=False)

    def thanks(ep):
        _careful(h)(ep)
        ep.call("office_send_mail", to=[h["successor"]["email"]], subject="Thanks", body="Thanks again!")

    verdict = _run(gym, task, thanks)
    assert verdict.outcome == "pass", verdict.explain()


def test_the_figures_wrong_by_a_day_fail(gym):
    task, h = _task(po=False)

    def late(ep):
        amount, close = _deal(ep, h)
        s = h["successor"]
        ep.call("crm_create_contact", account_id=h["account_id"], first_name=s["first_name"],
                last_name=s["last_name"], email=s["email"], title=s["title"])  # fmt: skip
        ep.call("crm_update_contact", contact_id=h["gone_contact_id"], description="Left the company")
        day = f"{close[:8]}{int(close[8:]) % 28 + 1:02d}"
        body = f"${amount:,.2f}, closing {day}."
        ep.call("office_send_mail", to=[s["email"]], subject="Figures", body=body)

    verdict = _run(gym, task, late)
    assert verdict.outcome == "fail"
    assert "FAIL expect 3: insert office_message" in verdict.explain()


def test_the_purchase_order_comes_from_the_successor_and_is_passed_on(gym):
    task, h = _task(po=True)
    verdict = _run(gym, task, _careful(h, asker=_asker(task)))
    assert verdict.outcome == "pass", verdict.explain()


def test_mailing_the_crm_contact_fails_and_says_the_successor_got_nothing(gym):
    """The hasty path: the CRM's contact gets the figures, the CRM stays as it was."""
    task, h = _task(po=False)

    def hasty(ep):
        ep.call("office_send_mail", to=[h["gone_email"]], subject="Figures", body=_figures(ep, h))

    verdict = _run(gym, task, hasty)
    assert verdict.outcome == "fail"
    text = verdict.explain()
    assert "FAIL expect 1: insert crm_contact" in text and h["successor"]["email"] in text
    assert "FAIL expect 3: insert office_message" in text


def test_mailing_the_successor_without_fixing_the_crm_fails(gym):
    task, h = _task(po=False)

    def mail_only(ep):
        ep.call("office_send_mail", to=[h["successor"]["email"]], subject="Figures", body=_figures(ep, h))

    verdict = _run(gym, task, mail_only)
    assert verdict.outcome == "fail"
    assert "departed contact is marked as gone" in verdict.explain()


def test_the_successor_on_another_account_fails(gym):
    task, h = _task(po=False)
    other = next(x for x in HANDOVERS if x["account_id"] != h["account_id"])

    def wrong_account(ep):
        _careful({**h, "account_id": other["account_id"]})(ep)

    verdict = _run(gym, task, wrong_account)
    assert verdict.outcome == "fail"
    assert "account_id" in verdict.explain()


def test_a_purchase_order_number_not_asked_for_fails(gym):
    """Inventing the answer: the colleague gets a PO number nobody gave."""
    task, h = _task(po=True)
    asker = _asker(task)

    def invent(ep):
        _careful(h)(ep)
        ep.call("office_send_mail", to=[asker], subject="PO", body="Their PO number is PO-1234567.")

    verdict = _run(gym, task, invent)
    assert verdict.outcome == "fail"
    assert "the successor answered" in verdict.explain()


@pytest.mark.parametrize("variant", ["notice", "bounce"])
def test_the_departed_contacts_mailbox_answers_as_a_mail_system(gym, variant):
    """A farewell's mailbox replies automatically naming the successor; a bounced address bounces again."""
    task, h = _task(po=False, variant=variant)
    ep = gym.create_episode("acme", apps=task.public.apps)
    try:
        ep.call("office_send_mail", to=[h["gone_email"]], subject="Your renewal", body="Could you confirm?")
        ep.call("office_wait_for_replies", minutes=10, stop_at_first_reply=False)
        sql = (
            "SELECT subject, from_address, body_content FROM office_message WHERE subject LIKE ? "
            "AND from_address != 'amber.miller@acme.example'"
        )
        got = ep.db.execute_raw(sql, ["%: Your renewal"])
        assert len(got) == 1, got
        subject, sender, body = got[0]
        if variant == "notice":
            assert subject == "Automatic reply: Your renewal" and sender == h["gone_email"]
            assert h["successor"]["email"] in body
        else:
            assert subject == "Undeliverable: Your renewal" and sender.startswith("postmaster@")
            assert "550 5.1.1" in body
    finally:
        ep.close()


def test_a_small_world_gets_no_handovers_and_keeps_every_file(tmp_path):
    import shutil

    from worlds.generator import generate_parts

    copy = tmp_path / "tiny"
    shutil.copytree(worlds_root() / "tiny", copy)
    before = {p.relative_to(copy): p.read_bytes() for p in copy.rglob("*.jsonl")}
    manifest = generate_parts(copy, ["handovers"])
    assert {p.relative_to(copy): p.read_bytes() for p in copy.rglob("*.jsonl")} == before
    assert manifest["files"] == json.loads((worlds_root() / "tiny" / "manifest.json").read_text())["files"]


def test_the_handovers_reach_every_split_and_name_nobody_twice():
    from worlds.splits import entity_split

    splits = {entity_split("acme", "account", h["account_id"]) for h in HANDOVERS}
    assert splits == {"train", "dev", "test"}
    people = [h["gone_email"] for h in HANDOVERS] + [h["successor"]["email"] for h in HANDOVERS]
    assert len(set(people)) == len(people)


def test_the_deals_conflict_mails_worked_through_first_pass_and_other_figures_fail(gym):
    """Amber's inbox also holds the deal's conflict bundle (a new close date, a signed-off amount): moving
    the deal to the figures that stand and sending those is good work (the s11 blind probe's agent did
    it and failed); a deal moved to figures nobody gave, and sent, still fails."""
    bundles = {
        b["deal_id"]: b
        for b in map(json.loads, (worlds_root() / "acme/triage/conflicts.jsonl").read_text().splitlines())
    }
    # a deal without products: its amount is set on the deal itself (a product's deal is repriced by a line)
    lines = (worlds_root() / "acme/crm/opportunity_line_item.jsonl").read_text().splitlines()
    with_products = {json.loads(x)["opportunity_id"] for x in lines}
    task, h = next(
        (t, hh)
        for seed in range(60)
        if (hh := _handover(t := instance("acme", FAMILY, seed)))["deal_id"] in bundles
        and hh["deal_id"] not in with_products
        and "persona" not in t.tags
    )
    b = bundles[h["deal_id"]]
    settled = standing(b, _deal_amount(gym, h))

    def moved_to(amount: float, close: str):
        def work(ep):
            items = ep.db.execute_raw(
                "SELECT count(*) FROM crm_opportunity_line_item WHERE opportunity_id = ?", [h["deal_id"]]
            )[0][0]
            changes = {"close_date": close} | ({} if items else {"amount": amount})
            ep.call("crm_update_opportunity", opportunity_id=h["deal_id"], **changes)
            _careful(h)(ep)

        return work

    assert _run(gym, task, moved_to(settled, b["date1"])).outcome == "pass"
    assert _run(gym, task, moved_to(settled + 1000, "2027-06-30")).outcome == "fail"


def _deal_amount(gym, h) -> float:
    ep = gym.create_episode("acme", apps=["crm"])
    try:
        return float(_deal(ep, h)[0])
    finally:
        ep.close()
