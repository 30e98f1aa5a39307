"""Word work on Amber's account plans: add next steps, list the customer's contacts missing from the
stakeholders, remove a stakeholder who left, comment on a section — one or two of these per request.

Held-out entity: the customer (kind `account`, the CRM account id of the plan's company).
"""

from __future__ import annotations

from typing import Any

from apps.office.families.common import customers, edited, names_list, phrase
from tasks.families.base import Draw, Family, Redraw, Spec, eq, step
from tasks.match_model import Match
from tasks.truth_model import Allowance, Expectation, UiStep

NEXT_STEPS = [
    "Book the technical deep dive",
    "Share the security questionnaire",
    "Agree the pilot success criteria",
    "Schedule the executive sponsor call",
    "Send the revised pricing",
    "Confirm the rollout timeline",
    "Introduce our solutions engineer",
]
COMMENTS = [
    ("Are these amounts still current after the last pricing change?", "still current"),
    ("Please add the expected close quarter for each deal.", "expected close quarter"),
    ("Can we double-check the decision maker for this?", "double-check the decision maker"),
    ("Let's review this section in our next 1:1.", "next 1:1"),
]
SECTIONS = ["Stakeholders", "Opportunities", "Next steps"]


def _blocks(d: Draw, item: str) -> list[dict[str, Any]]:
    return d.world.rows(
        "SELECT id, position, block_type, text FROM office_doc_block WHERE item_id = ? ORDER BY position, id",
        item,
    )


def _section(blocks: list[dict[str, Any]], title: str) -> tuple[int, int]:
    """(index of the section's heading, index of its last block)."""
    head = next(
        (i for i, b in enumerate(blocks) if b["block_type"].startswith("heading") and b["text"] == title),
        None,
    )
    if head is None:
        raise Redraw(f"the plan has no {title} section")
    end = next(
        (i - 1 for i in range(head + 1, len(blocks)) if blocks[i]["block_type"].startswith("heading")),
        len(blocks) - 1,
    )
    return head, end


class UpdateAccountPlan(Family):
    name = "office.update-account-plan"
    apps = ("office",)
    surfaces = ("mcp", "cli", "ui", "python")
    version = 3
    author = "saasgym-office-team"
    summary = (
        "one or two edits of a customer's account plan: add next steps, add the customer's contacts "
        "missing from the stakeholders, remove a stakeholder who left, comment on a section"
    )

    def build(self, d: Draw) -> Spec:
        acc = d.pick("account", customers(d), key="account_id")
        item = acc["plan_id"]
        d.note("drive_item", item)
        blocks = _blocks(d, item)
        ops = d.choice(
            [
                ["next"],
                ["next", "left"],
                ["next", "comment"],
                ["next", "missing"],
                ["missing", "comment"],
                ["left", "comment"],
                ["next", "left", "comment"],
                ["next", "missing", "comment"],
            ]
        )
        order = [b["id"] for b in blocks]  # the block order the edits must end with
        stake_head, stake_end = _section(blocks, "Stakeholders")
        said, oracle, expect, inserted = [], [], [], {}
        typing: list[UiStep] = []  # the same edits typed into the document page
        commenting: list[UiStep] = []  # then a comment on the selected heading
        if "left" in ops:
            people = blocks[stake_head + 1 : stake_end + 1]
            if len(people) < 2:
                raise Redraw("too few stakeholders to remove one")
            gone = d.choice(people)
            if d.world.value("SELECT count(*) FROM office_doc_comment WHERE block_id = ?", gone["id"]):
                raise Redraw("the stakeholder's line has a comment")
            who = gone["text"].split(",")[0]
            said.append(f"{who} has left {acc['name']}, so remove them from the stakeholders")
            oracle.append(step("office_delete_document_block", item_id=item, block_id=gone["id"]))
            typing += [UiStep(select_text=gone["text"]), UiStep(press="Backspace")]  # an emptied line goes
            expect.append(Expectation(table="office_doc_block", op="delete", pk=gone["id"]))
            order.remove(gone["id"])
        if "missing" in ops:
            listed = " ".join(b["text"] for b in blocks[stake_head + 1 : stake_end + 1])
            contacts = d.world.rows(
                "SELECT display_name, job_title, email_address FROM office_contact WHERE crm_account_id = ? "
                "ORDER BY display_name, email_address",
                acc["account_id"],
            )
            missing = [c for c in contacts if c["email_address"] not in listed]
            if not missing:
                raise Redraw("every contact of the customer is listed already")
            said.append(
                f"add every {acc['name']} contact from my address book who is not yet under Stakeholders, "
                "in the same format as the others"
            )
            oracle.insert(0, step("office_find_people", query=acc["name"], limit=50))
            anchor = blocks[stake_end]["id"]
            for c in reversed(missing):  # each lands right after the last listed one: insert the last first
                text = f"{c['display_name']}, {c['job_title']} ({c['email_address']})"
                oracle.append(
                    step(
                        "office_insert_document_block",
                        item_id=item,
                        block_type="bullet",
                        text=text,
                        after_block_id=anchor,
                    )
                )
            typing += [UiStep(click_text=blocks[stake_end]["text"]), UiStep(press="End")]
            for c in missing:  # Enter in a bulleted list: a new item
                typing += [
                    UiStep(press="Enter"),
                    UiStep(type=f"{c['display_name']}, {c['job_title']} ({c['email_address']})"),
                ]
            at = order.index(anchor) + 1
            for j, c in enumerate(missing):
                key = f"new:{c['email_address']}"
                order.insert(at + j, key)
                inserted[key] = {"block_type": eq("bullet"), "text": Match(contains=c["display_name"])}
        if "next" in ops:
            _, next_end = _section(blocks, "Next steps")
            if next_end != len(blocks) - 1:
                raise Redraw("Next steps is not the plan's last section")
            n = d.choice([2, 3, 3]) if ops == ["next"] else d.choice([1, 2, 2])
            items = d.rng.sample(NEXT_STEPS, n)
            said.append(f"add {names_list([f'“{t}”' for t in items])} to the Next steps list")
            for t in items:
                oracle.append(
                    step("office_insert_document_block", item_id=item, block_type="numbered", text=t)
                )
                key = f"new:{t}"
                order.append(key)
                inserted[key] = {"block_type": eq("numbered"), "text": Match(text=t)}
            typing += [UiStep(click_text=blocks[-1]["text"]), UiStep(press="End")]
            for t in items:
                typing += [UiStep(press="Enter"), UiStep(type=t)]
        if "comment" in ops:
            section = d.choice([s for s in SECTIONS if s != "Stakeholders" or "left" not in ops])
            head, _ = _section(blocks, section)
            if any(section in (b["text"] or "") for b in blocks[:head]):
                raise Redraw("the heading's text appears earlier in the plan")
            text, key_phrase = d.choice(COMMENTS)
            commenting = [  # Word: select the heading's text, New comment, type it, Post
                UiStep(select_text=section),
                UiStep(click=("tab", "Insert")),  # the Insert tab holds Comment; the selection stays
                UiStep(click=("button", "New comment")),
                UiStep(fill=("Comment", text)),
                UiStep(click=("button", "Post comment")),
            ]
            said.append(f'comment on the {section} heading: "{text}"')
            oracle.append(
                step("office_add_document_comment", item_id=item, block_id=blocks[head]["id"], content=text)
            )
            expect.append(
                Expectation(
                    table="office_doc_comment",
                    op="insert",
                    fields={
                        "item_id": eq(item),
                        "block_id": eq(blocks[head]["id"]),
                        "content": Match(contains=key_phrase),
                    },
                )
            )
        saving = [UiStep(click=("button", "Save")), UiStep(expect_text="Saved.")] if typing else []
        ui = [UiStep(goto=f"/docs/{item}"), *typing, *saving, *commenting]
        for key, fields in inserted.items():
            expect.append(
                Expectation(
                    table="office_doc_block",
                    op="insert",
                    fields={"item_id": eq(item), "position": eq(order.index(key)), **fields},
                )
            )
        plan = d.choice(
            [
                f"the account plan for {acc['name']}",
                f"my {acc['name']} account plan",
                f'"Account plan - {acc["name"]}"',
            ]
        )
        work = "; ".join(said)
        phrasings = [
            f"Please update {plan}: {work}.",
            f"Edits for {plan} — {work}.",
            f"In {plan}, {work}.",
            f"I reviewed {plan}. {work[0].upper()}{work[1:]}.",
            f"Can you make these changes to {plan}? {work[0].upper()}{work[1:]}.",
        ]
        prompt, k = phrase(d, phrasings)
        others = [c for c in customers(d) if c["account_id"] != acc["account_id"]]
        decoy = others[len(acc["name"]) % len(others)]["plan_id"]
        return Spec(
            prompt=prompt,
            oracle=[
                step("office_search_drive", query=f"Account plan {acc['name']}"),
                step("office_get_document", item_id=item),
                *oracle,
            ],
            expect=expect,
            allow=[
                *[
                    Allowance(table="office_doc_block", ops=["update"], pk=b["id"], fields=["position"])
                    for b in blocks
                ],
                edited(item),
            ],
            ui_oracle=ui,
            wrong_record={item: decoy},
            tags=["docs", "account-plan", *ops],
            phrasing=k,
        )


FAMILIES = [UpdateAccountPlan()]
