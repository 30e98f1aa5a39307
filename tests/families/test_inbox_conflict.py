"""xapp.inbox-conflict: colleagues' requests about the same deal — a close-date move with figures for the
customer, a later revised amount and, in `authority` and `keep`, the analyst's manager contradicting it.
The careful path passes in words of its own (to the successor when the contact has left, through the line
items when the deal has products); following the analyst's amount when overruled, sending the figures before
the revised amount, mailing the contact who left or leaving the analyst without an answer fail with a diff
that says what; the world part's bundles agree with the CRM, the inbox and the directory."""

from __future__ import annotations

import json
from datetime import date

import pytest

from apps.core.api import Gym
from apps.core.worlds import worlds_root
from tasks.families.instances import instance
from tests.verifier.meaning_kit import run
from worlds.parts.requests.asks import nickname

FAMILY = "xapp.inbox-conflict"
SIZE = 39
BUNDLES = [json.loads(x) for x in (worlds_root() / "acme/triage/conflicts.jsonl").read_text().splitlines()]
DEAL = "SELECT account_id, name, amount, is_closed FROM crm_opportunity WHERE id = ?"
AMOUNT = "SELECT amount FROM crm_opportunity WHERE id = ?"
ITEMS = "SELECT id, total_price FROM crm_opportunity_line_item WHERE opportunity_id = ? ORDER BY id"
ROLES = ("mover", "analyst", "manager")


@pytest.fixture(scope="module")
def gym():
    return Gym()


def _task(*tags: str, without: tuple[str, ...] = ()):
    """The first instance with every one of `tags` and none of `without`, and its bundle."""
    for seed in range(SIZE):
        task = instance("acme", FAMILY, seed)
        have = set(task.truth.variant_tags)
        if set(tags) <= have and not have & set(without):
            return task, _bundle(task)
    raise AssertionError(f"no instance with {tags} without {without}")


def _bundle(task):
    read = {s.args["message_id"] for s in task.truth.oracle if s.tool == "office_get_message"}
    return next(b for b in BUNDLES if b["mover_message_id"] in read)


def _failed(gym, task, work) -> str:
    """The diff of a run that must fail."""
    verdict = run(gym, task, [], after=work)
    assert verdict.outcome == "fail", verdict.explain()
    return verdict.explain()


def _num(amount: float) -> str:
    return f"{amount:.2f}".rstrip("0").rstrip(".")


def _spoken(iso: str) -> str:
    d = date.fromisoformat(iso)
    return f"{d:%A}, {d.day} {d:%B} {d.year}"


def _careful(b, *, analysts: bool = False, early: bool = False, leaver: bool = False, answer: bool = True):
    """The careful path in words of its own; each flag makes one of the hasty paths of it: the analyst's
    amount although overruled, the figures sent before the revised amount is applied, the figures to the
    contact who left, no answer to the analyst."""

    def work(ep):
        crm = float(ep.db.execute_raw(AMOUNT, [b["deal_id"]])[0][0])
        standing = {"sequence": b["analyst_amount"], "authority": b.get("manager_amount")}.get(b["variant"])
        amount = b["analyst_amount"] if analysts else standing or crm
        to = b["contact"] if leaver else b["recipient"]

        def figures(value: float) -> None:
            ep.call("office_send_mail", to=[to["email"]], subject=f"{b['account']} – update",
                    body=f"Dear {to['first_name']}, as promised: the order stands at USD {value:,.2f} and "
                    f"we now expect to sign on {_spoken(b['date1'])}. Kind regards, Amber")  # fmt: skip

        if early:  # the move done and the figures sent before the analyst's mail was worked in
            ep.call("crm_update_opportunity", opportunity_id=b["deal_id"], close_date=b["date1"])
            figures(crm)
        items = ep.db.execute_raw(ITEMS, [b["deal_id"]])
        change = {"amount": amount} if abs(amount - crm) >= 0.005 and not items else {}
        ep.call("crm_update_opportunity", opportunity_id=b["deal_id"], close_date=b["date1"], **change)
        if items and abs(amount - crm) >= 0.005:  # the first line takes what the others leave, as one unit
            rest = round(amount - sum(total for _, total in items[1:]), 2)
            ep.call("crm_update_line_item", line_item_id=items[0][0], quantity=1, unit_price=rest, discount=0)
        if not early:
            figures(amount)
        if b["variant"] == "sequence" or not answer:
            return
        boss = b["manager"]["first_name"]
        note = (
            f"{boss} has not agreed to any new pricing yet, so nothing changed on the amount."
            if b["variant"] == "keep"
            else f"{boss} already approved USD {amount:,.2f} with their procurement, so I used his number."
        )
        ep.call("office_send_mail", to=[b["analyst"]], subject="Your quote", body=f"Hi, {note} Amber")

    return work


CAREFUL = {
    "sequence": (("sequence",), ("contact-left",)),
    "authority": (("authority",), ("contact-left", "products")),
    "keep": (("keep",), ()),
    "contact-left": (("sequence", "contact-left"), ()),
    "products": (("products",), ("contact-left",)),
}


@pytest.mark.parametrize("case", list(CAREFUL))
def test_the_careful_path_in_other_words_passes(gym, case):
    tags, without = CAREFUL[case]
    task, b = _task(*tags, without=without)
    assert task.truth.oracle[-1].args["subject"] != "Your quote"  # the oracle's words are not these
    verdict = run(gym, task, [], after=_careful(b))
    assert verdict.outcome == "pass", verdict.explain()


def test_a_deal_with_products_takes_its_amount_from_the_line_items(gym):
    """Setting the Amount alone on a deal with products changes nothing: the line items decide it."""
    task, b = _task("products", without=("contact-left",))
    assert any(s.tool == "crm_update_line_item" for s in task.truth.oracle)

    def without_items(ep):
        ep.call("crm_update_opportunity", opportunity_id=b["deal_id"], close_date=b["date1"],
                amount=b["manager_amount"])  # fmt: skip
        to = b["recipient"]
        ep.call("office_send_mail", to=[to["email"]], subject="Figures",
                body=f"USD {b['manager_amount']:,.2f}, closing {_spoken(b['date1'])}.")  # fmt: skip
        ep.call("office_send_mail", to=[b["analyst"]], subject="Quote",
                body=f"Brian signed off USD {b['manager_amount']:,.2f}.")  # fmt: skip

    text = _failed(gym, task, without_items)
    assert f"amount is {b['amount0']}, expected ≈ {_num(b['manager_amount'])} " in text, text
    assert "checkpoint not met the deal has the close date and the amount that stand" in text, text


@pytest.mark.parametrize("variant", ["authority", "keep"])
def test_following_the_analyst_when_overruled_fails(gym, variant):
    """The analyst's amount in the CRM and to the customer: his manager's word stands."""
    task, b = _task(variant, without=("products",))
    text = _failed(gym, task, _careful(b, analysts=True))
    standing = b.get("manager_amount", b["amount0"])
    assert f"FAIL expect 1: update crm_opportunity {b['deal_id']}: amount is {b['analyst_amount']}, " in text
    assert f"expected ≈ {_num(standing)} " in text, text
    assert "checkpoint not met the customer got the figures that stand" in text, text


def test_sending_the_figures_before_the_revised_amount_fails(gym):
    """In `sequence` the customer got the old amount: the revised quote was applied after the mail."""
    task, b = _task("sequence")
    text = _failed(gym, task, _careful(b, early=True))
    assert "checkpoint met  the deal has the close date and the amount that stand" in text, text
    assert "checkpoint not met the customer got the figures that stand" in text, text
    assert f"body_content stating {_num(b['analyst_amount'])} (money)" in text, text


def test_mailing_the_contact_who_left_fails(gym):
    task, b = _task("contact-left", without=("products",))
    text = _failed(gym, task, _careful(b, leaver=True))
    assert "checkpoint not met the customer got the figures that stand" in text, text
    assert f"recipients contains '{b['recipient']['email']}'" in text, text


@pytest.mark.parametrize("variant", ["authority", "keep"])
def test_leaving_the_analyst_without_an_answer_fails(gym, variant):
    task, b = _task(variant, without=("products",))
    text = _failed(gym, task, _careful(b, answer=False))
    assert "checkpoint met  the customer got the figures that stand" in text, text
    assert "checkpoint not met the analyst was told: no new row with owner_id" in text, text
    assert f"recipients contains '{b['analyst']}'" in text, text


def test_the_prompt_names_the_senders_and_the_deal_and_no_trap():
    """The same analysts and manager mail about several deals, so the request says which deal, as a colleague
    would (the account's short name); it never names the deal in full, the contact, or what decides it."""
    for seed in range(SIZE):
        task = instance("acme", FAMILY, seed)
        b, prompt = _bundle(task), task.public.prompt
        senders = [b["mover_name"], b["analyst_name"]] + ([b["manager"]["name"]] if "manager" in b else [])
        assert all(s.split()[0] in prompt for s in senders), prompt
        assert nickname(b["account"]) in prompt, prompt
        for word in ("amount", "manager", "quote", "left", b["deal_name"], b["contact"]["name"]):
            assert word.lower() not in prompt.lower(), (word, prompt)


def test_the_bundles_vary_and_reach_every_split():
    assert len({b["account_id"] for b in BUNDLES}) == len(BUNDLES)
    for split in ("train", "dev", "test"):
        mine = [b for b in BUNDLES if b["split"] == split]
        assert {b["variant"] for b in mine} == {"sequence", "authority", "keep"}, split
    assert {b["left"] for b in BUNDLES} == {True, False}
    assert {b["manager_first"] for b in BUNDLES if "manager" in b} == {True, False}
    for b in BUNDLES:
        amounts = {b["amount0"], b["analyst_amount"], b.get("manager_amount", b["amount0"])}
        assert len(amounts) == (3 if b["variant"] == "authority" else 2), b["id"]


def test_the_bundles_agree_with_the_crm_the_inbox_and_the_directory(gym):
    """Each bundle's deal is the account's open deal at its amount, its mails are in Amber's inbox from
    their senders in the order the variant says, the manager is the analyst's manager in the directory,
    and a contact who left has the handovers part's successor."""
    handovers = {
        h["account_id"]: h
        for h in map(json.loads, (worlds_root() / "acme/handovers/handovers.jsonl").read_text().splitlines())
    }
    ep = gym.create_episode("acme", apps=["office", "crm"])
    try:
        q = ep.db.execute_raw
        me = q("SELECT id FROM office_user WHERE mail = 'amber.miller@acme.example'")[0][0]
        for b in BUNDLES:
            deal = q(DEAL, [b["deal_id"]])
            assert deal == [(b["account_id"], b["deal_name"], b["amount0"], 0)], b["id"]
            contact = q("SELECT account_id, email FROM crm_contact WHERE id = ?", [b["contact"]["id"]])
            assert contact == [(b["account_id"], b["contact"]["email"])], b["id"]
            sent = {}
            for role in ROLES:
                if role == "manager" and b["variant"] == "sequence":
                    assert "manager_message_id" not in b, b["id"]
                    continue
                sql = "SELECT owner_id, from_address, received_date_time FROM office_message WHERE id = ?"
                [(owner, sender, when)] = q(sql, [b[f"{role}_message_id"]])
                address = b["manager"]["email"] if role == "manager" else b[role]
                assert (owner, sender) == (me, address), (b["id"], role)
                sent[role] = when
            assert sent["mover"] < sent["analyst"], b["id"]
            if "manager" in sent:
                assert (sent["manager"] < sent["analyst"]) == b["manager_first"], b["id"]
                user = "SELECT id, manager_id, job_title FROM office_user WHERE mail = ?"
                [(boss, _, title)] = q(user, [b["manager"]["email"]])
                [(_, analysts_boss, _)] = q(user, [b["analyst"]])
                assert analysts_boss == boss and title == b["manager"]["title"], b["id"]
            if b["left"]:
                assert handovers[b["account_id"]]["gone_contact_id"] == b["contact"]["id"], b["id"]
                assert b["recipient"] == handovers[b["account_id"]]["successor"], b["id"]
            else:
                assert b["recipient"] == b["contact"], b["id"]
    finally:
        ep.close()


@pytest.mark.parametrize("role", ROLES)
def test_each_sender_answers_a_question_about_their_mail(gym, role):
    b = next(b for b in BUNDLES if b["variant"] == "authority")
    address = b["manager"]["email"] if role == "manager" else b[role]
    ep = gym.create_episode("acme", apps=["office", "crm"])
    try:
        ep.call("office_send_mail", to=[address], subject=b["account"].split(",")[0],
                body=f"Quick question on {b['account']}: what exactly do you need from me?")  # fmt: skip
        ep.call("office_wait_for_replies", minutes=1440, stop_at_first_reply=False)
        sql = "SELECT body_content FROM office_message WHERE from_address = ? AND owner_id = ? AND id != ?"
        me = ep.db.execute_raw("SELECT id FROM office_user WHERE mail = 'amber.miller@acme.example'")[0][0]
        bodies = [r[0] for r in ep.db.execute_raw(sql, [address, me, b[f"{role}_message_id"]])]
        assert bodies, role  # the answer, not the planted mail
        answer = {"mover": "needs the amount and that date", "analyst": "his word stands",
                  "manager": "the price I signed off"}[role]  # fmt: skip
        assert any(answer in body for body in bodies), bodies
    finally:
        ep.close()


@pytest.mark.parametrize(
    "body",
    [
        "Hi {first}, FYI: I kept the {short} amount as it is, since {boss} signed off that price. Thanks!",
        "Hi {first}, {contact} at {account} seems to have left. Do you know who took over from them, and how "
        "we mark a contact who left in the CRM?",
    ],
    ids=["status-note", "other-question"],
)
def test_the_analyst_answers_only_questions_about_what_they_meant(gym, body):
    """A status note, or a question about something else of the account, gets no "his word stands"."""
    b = next(b for b in BUNDLES if b["variant"] == "authority")
    ep = gym.create_episode("acme", apps=["office", "crm"])
    try:
        names = {"first": b["analyst"].split(".")[0].title(), "short": b["account"].split(",")[0]}
        names |= {"boss": b["manager"]["name"], "contact": b["contact"]["name"], "account": b["account"]}
        text = body.format(**names)
        ep.call("office_send_mail", to=[b["analyst"]], subject=b["account"].split(",")[0], body=text)
        ep.call("office_wait_for_replies", minutes=1440, stop_at_first_reply=False)
        sql = "SELECT body_content FROM office_message WHERE from_address = ? AND owner_id = ? AND id != ?"
        me = ep.db.execute_raw("SELECT id FROM office_user WHERE mail = 'amber.miller@acme.example'")[0][0]
        bodies = [r[0] for r in ep.db.execute_raw(sql, [b["analyst"], me, b["analyst_message_id"]])]
        assert not any("his word stands" in body for body in bodies), bodies
    finally:
        ep.close()
