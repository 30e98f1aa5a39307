"""A colleague asked to review a deck answers by the facts: the numbers of the deck that the CRM no longer
holds (with the right ones), the deals that closed since — or that it matches; a deck they cannot open gets
a request to share it. Through the mail a person sends and the time they take to answer."""

from __future__ import annotations

import json

from apps.core.api import Gym

WORLD = "acme"


def _episode():
    return Gym().create_episode(WORLD, apps=["crm", "office"])


def _qbr(ep):
    """Amber's first QBR deck the CRM has moved on from, with its account and what it shows."""
    with open(f"worlds/{WORLD}/decks/facts.jsonl") as file:
        facts = [json.loads(line) for line in file]
    me = ep.call("office_get_my_profile")["id"]
    for fact in facts:
        if fact["kind"] != "qbr" or fact["owner_id"] != me:
            continue
        won = ep.db.execute_raw(
            "SELECT coalesce(sum(amount), 0) FROM crm_opportunity WHERE account_id = ? AND is_won = 1 "
            "AND close_date >= '2026-01-01' AND close_date <= '2026-11-02'",
            [fact["subject"]],
        )[0][0]
        shown = next(f["value"] for f in fact["facts"] if f["metric"] == "won_amount")
        if round(won, 2) != shown:
            return fact, won, shown
    raise AssertionError("no stale QBR deck of Amber's")


def _ask_and_wait(ep, to: str, subject: str, body: str) -> str:
    ep.call("office_send_mail", to=[to], subject=subject, body=body)
    ep.call("office_wait_for_replies", minutes=1440, stop_at_first_reply=False)
    inbox = ep.call("office_list_messages", folder="inbox", limit=5)["records"]
    reply = next(
        m for m in inbox if m["subject"].lower().endswith(subject.lower()) and m["from_address"] == to
    )
    return ep.call("office_get_message", message_id=reply["id"])["body_content"]


def test_the_manager_names_the_numbers_that_are_wrong_and_the_right_ones():
    ep = _episode()
    fact, won, shown = _qbr(ep)
    manager = ep.db.execute_raw(
        "SELECT m.mail FROM office_user u JOIN office_user m ON m.id = u.manager_id WHERE u.mail = ?",
        ["amber.miller@acme.example"],
    )[0][0]
    body = _ask_and_wait(
        ep,
        manager,
        f"Review of the {fact['account']} QBR deck",
        f"Could you review my {fact['account']} QBR deck before I send it?",
    )
    money = f"${won:,.2f}".removesuffix(".00")
    old = f"${shown:,.2f}".removesuffix(".00")
    assert f"the won total says {old}; Salesforce has {money}" in body, body
    assert fact["name"] in body


def test_a_deck_with_todays_numbers_matches_and_an_unshared_deck_gets_a_request_to_share():
    ep = _episode()
    fact, _, _ = _qbr(ep)
    account = ep.db.execute_raw("SELECT name FROM crm_account WHERE id = ?", [fact["subject"]])[0][0]
    won, pipeline, count = ep.db.execute_raw(
        "SELECT (SELECT coalesce(sum(amount), 0) FROM crm_opportunity WHERE account_id = ?1 AND is_won = 1 "
        "AND close_date >= '2026-01-01' AND close_date <= '2026-11-02'), "
        "(SELECT coalesce(sum(amount), 0) FROM crm_opportunity WHERE account_id = ?1 AND is_closed = 0), "
        "(SELECT count(*) FROM crm_opportunity WHERE account_id = ?1 AND is_closed = 0)",
        [fact["subject"]],
    )[0]
    made = ep.call("office_create_presentation", name=f"{account} QBR Q4 2026")
    item = made["item"]["id"]
    lines = f"Won this year: ${won:,.2f}\nOpen pipeline: ${pipeline:,.2f} across {count} deals"
    ep.call("office_add_slide", item_id=item, title="Where we stand", text=lines)
    manager = ep.db.execute_raw(
        "SELECT m.mail FROM office_user u JOIN office_user m ON m.id = u.manager_id WHERE u.mail = ?",
        ["amber.miller@acme.example"],
    )[0][0]
    ep.call("office_share_drive_item", item_id=item, email=manager, role="read")
    body = _ask_and_wait(ep, manager, "Q4 deck", f"Can you check the {account} QBR Q4 2026 deck?")
    assert "the numbers match Salesforce" in body and f"{account} QBR Q4 2026.pptx" in body, body
    colleague = ep.db.execute_raw(
        "SELECT mail FROM office_user WHERE department = 'Finance' ORDER BY mail LIMIT 1"
    )[0][0]
    body = _ask_and_wait(ep, colleague, "Deck check", f"Please review the {account} QBR Q4 2026 deck.")
    assert f"I can't open “{account} QBR Q4 2026.pptx”" in body and "share it with me" in body, body
