"""PowerPoint work on Amber's decks: turn an account plan document into a deck (its sections as slides, its
figures in a table), graded on what the deck says.

Held-out entity: the customer (kind `account`) the plan is about."""

from __future__ import annotations

import re
from typing import Any

from apps.office.families.common import customers, phrase
from apps.office.families.deck_common import (
    new_deck_parts,
    new_deck_text,
    retype_ui,
    row,
    table_ui,
)
from tasks.families.base import Draw, Family, Redraw, Spec, eq, step
from tasks.match_model import Match, TableMatch
from tasks.truth_model import Criterion, Deliverable, Expectation, UiStep


class DocumentToDeck(Family):
    name = "office.document-to-deck"
    apps = ("office",)
    surfaces = ("mcp", "cli", "ui", "python")
    version = 3  # its UI oracle follows the new pages (UI16, event pane, slides)
    author = "saasgym-office-team"
    summary = (
        "turn a customer's account plan document into a deck: its title slide, a slide per section "
        "(bullets, the table)"
    )
    ci_instances = 1
    ci_surfaces = ("python", "mcp")  # the browser: saasgym tasks check --family office.document-to-deck

    def build(self, d: Draw) -> Spec:
        acc = d.pick("account", customers(d), key="account_id")
        plan = acc["plan_id"]
        d.note("drive_item", plan)
        blocks = d.world.rows(
            "SELECT block_type, text, rows FROM office_doc_block WHERE item_id = ? ORDER BY position, id",
            plan,
        )
        import json

        title = blocks[0]["text"]
        sections: list[dict[str, Any]] = []
        for b in blocks[1:]:
            if b["block_type"].startswith("heading"):
                sections.append({"title": b["text"], "lines": [], "table": None})
            elif sections and b["block_type"] == "table":
                sections[-1]["table"] = json.loads(b["rows"] or "[]")
            elif sections:
                sections[-1]["lines"].append(b["text"])
        if len(sections) != 3 or not any(s["table"] for s in sections):
            raise Redraw("the plan is not three sections with a table")
        left_out = d.choice([None, *[s["title"] for s in sections]])
        sections = [s for s in sections if s["title"] != left_out]
        name = d.choice(
            [f"{title.replace(':', ' -')}", f"{acc['name']} plan deck", f"{acc['name']} account plan slides"]
        )
        criteria = plan_criteria(new_deck_text(name), title, sections, left_out)
        oracle = [
            step("office_search_drive", query=acc["name"]),
            step("office_get_document", item_id=plan),
            step("office_create_presentation", name=name),
            step("office_get_slide", item_id="$3.item.id", slide_number=1),
            step(
                "office_set_shape_text",
                item_id="$3.item.id",
                slide_id="$3.slides.0.id",
                shape_id="$4.shapes.0.id",
                text=title,
            ),
        ]
        ui = [
            UiStep(goto=f"/s/office/docs/{plan}"),
            UiStep(goto="/s/office/decks"),
            UiStep(click=("button", "Blank presentation")),
            UiStep(fill=("Name", name)),
            UiStep(click=("button", "Create")),
            *retype_ui("Title", title),
        ]
        n = len(oracle)
        for s in sections:
            if s["table"]:
                oracle += [
                    step("office_add_slide", item_id="$3.item.id", layout="Title Only", title=s["title"]),
                    step("office_add_table", item_id="$3.item.id", slide_id=f"${n + 1}.id", rows=s["table"]),
                ]
                ui += [
                    UiStep(click=("button", "New Slide")),
                    UiStep(click=("menuitem", "Title Only")),
                    *retype_ui("Title", s["title"]),
                    *table_ui(s["table"], "Table 2"),
                ]
                n += 2
            else:
                oracle.append(
                    step(
                        "office_add_slide", item_id="$3.item.id", title=s["title"], text="\n".join(s["lines"])
                    )
                )
                ui += [
                    UiStep(click=("button", "New Slide")),
                    UiStep(click=("menuitem", "Title and Content")),
                    *retype_ui("Title", s["title"]),
                    *retype_ui("Content", "\n".join(s["lines"])),
                ]
                n += 1
        skip = f" Leave out the {left_out} section." if left_out else ""
        call = f"Save it as “{name}”."
        said, k = phrase(
            d,
            [
                f"Turn my {acc['name']} account plan into a deck: a title slide with the plan's title, then "
                "one slide per section titled like the section, its points as bullets and its table as a "
                f"table.{skip} {call}",
                f"I need the {acc['name']} account plan as a PowerPoint: the plan's title on the first slide "
                f"and a slide for each section (same titles), bullets for the points, the table kept as a "
                f"table.{skip} {call}",
                f"Make a presentation out of the account plan for {acc['name']}: title slide, then every "
                "section on its own slide with the same heading; lists become bullets, the table stays a "
                f"table.{skip} {call}",
                f"Please convert the {acc['name']} account plan document into slides — first slide its "
                "title, then a slide per section named as in the document, with the section's points as "
                f"bullets and its table as a table.{skip} {call}",
                f"Can you build a deck from my account plan for {acc['name']}? Title slide from the plan, "
                "one slide per section with the section heading as title, bullets for the items, a table "
                f"for the table.{skip} {call}",
            ],
        )
        made = Expectation(
            table="office_drive_item",
            op="insert",
            fields={"kind": eq("presentation"), "name": Match(contains=name)},
        )
        allow = new_deck_parts()
        other = next(c for c in customers(d) if c["account_id"] != acc["account_id"])
        return Spec(
            prompt=said,
            oracle=oracle,
            expect=[made],
            allow=allow,
            ui_oracle=ui,
            wrong_record={plan: other["plan_id"], title: blocks_title(d, other["plan_id"])},
            tags=["presentation", "document"],
            phrasing=k,
            off_by_one=False,
            records=len(sections) + 1,
            criteria=criteria,
        )


def plan_criteria(
    deck: Deliverable, title: str, sections: list[dict[str, Any]], left_out: str | None
) -> list[Criterion]:
    """The deck carries the plan: the plan's title and each kept section's heading as slide titles of their
    own (the left-out one on none), each section's points (a stakeholder by name, a step by its words), and
    the table's rows with their amounts and dates — by meaning: any case, punctuation, order or notation."""
    people = [ln.split(",")[0] for s in sections for ln in s["lines"] if "@" in ln]
    points = [ln.split(",")[0].split(" (")[0] for s in sections for ln in s["lines"] if "@" not in ln]
    out = [
        Criterion(
            id="section-slides",
            kind="deterministic",
            type="covers_items",
            holds="the plan's title and every kept section's heading are slide titles, one slide each"
            + (f"; no slide for the left-out {left_out} section" if left_out else ""),
            deliverable=deck,
            headings=[title, *(s["title"] for s in sections)],
            forbid=[left_out] if left_out else [],
        ),
    ]
    if people or points:
        out.append(
            Criterion(
                id="section-points",
                kind="deterministic",
                type="covers_items",
                holds="every point of the kept sections is on the deck: each stakeholder named, each step "
                "stated",
                deliverable=deck,
                names=people,
                phrases=points,
            )
        )
    table = next((s["table"] for s in sections if s["table"]), None)
    if table:
        out.append(
            Criterion(
                id="plan-figures",
                kind="deterministic",
                type="states_fact",
                holds="the plan's table is on the deck: each row by its first cell, with its amounts and "
                "dates",
                deliverable=deck,
                table=TableMatch(rows=[row(r[0], *_amounts(r)) for r in table[1:]]),
                dates=[c for r in table[1:] for c in r if _ISO.fullmatch(c)],
            )
        )
    return out


_ISO = re.compile(r"\d{4}-\d{2}-\d{2}")


def _amounts(cells: list[str]) -> list[float]:
    return [
        float(c.replace(",", ""))
        for c in cells
        if c.replace(",", "").replace(".", "").isdigit() and "-" not in c
    ]


def blocks_title(d: Draw, plan: str) -> str:
    return d.world.value(
        "SELECT text FROM office_doc_block WHERE item_id = ? ORDER BY position LIMIT 1", plan
    )


FAMILIES = [DocumentToDeck()]
