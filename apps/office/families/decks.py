"""PowerPoint work on Amber's decks: put an old deck on the new brand template, make the fixes her manager
asked for in comments on a draft (a wrong number, a slide to delete, move or hide, a title typo) and
resolve them, turn an account plan document into a deck.

Held-out entity: the customer (kind `account`) the deck or the plan is about."""

from __future__ import annotations

from typing import Any

from apps.office.families.common import edited, me_id, phrase
from apps.office.families.deck_common import (
    deck_changed,
    deck_edits,
    deck_facts,
    editable,
    has_table,
    open_deck_ui,
    placeholder,
    retype_ui,
    row,
    slides_of,
)
from tasks.families.base import Draw, Family, Spec, eq, step
from tasks.match_model import Match, TableMatch
from tasks.truth_model import Allowance, Expectation, UiStep

NEW_THEME = "Acme 2027"


class ApplyDeckTemplate(Family):
    name = "office.apply-deck-template"
    apps = ("office",)
    surfaces = ("mcp", "cli", "ui", "python")
    version = 1
    ci_instances = 1
    author = "saasgym-office-team"
    summary = (
        "put a deck Amber can edit (a QBR deck, an account-update draft, a post-incident review) on "
        "Marketing's new Acme 2027 template (its theme's fonts and colours)"
    )

    def build(self, d: Draw) -> Spec:
        mine = account_decks(d, ("qbr", "draft", "pir"))
        fact = d.pick("account", mine, key="account_id")
        item = fact["deck_id"]
        fact = {**fact, "account": fact["name"].removesuffix(".pptx")}
        template = next(f for f in deck_facts(d, "template") if f["subject"] == NEW_THEME)
        props = d.world.rows(
            "SELECT heading_font, body_font, colors FROM main.office_presentation WHERE id = ?",
            template["deck_id"],
        )[0]
        said, k = phrase(
            d,
            [
                f"Marketing published the new {NEW_THEME} template. Put the “{fact['account']}” deck on it.",
                f"Please restyle the presentation “{fact['account']}” with the {NEW_THEME} design from the "
                "Brand folder.",
                f"Apply the new brand template ({NEW_THEME}) to the “{fact['account']}” deck.",
                f"The “{fact['account']}” deck still uses the old design; switch it to the {NEW_THEME} "
                "template.",
                f"Can you give the slides of “{fact['account']}” the {NEW_THEME} look Marketing just "
                "released?",
            ],
        )
        expect = Expectation(
            table="office_presentation",
            op="update",
            pk=item,
            fields={
                "theme_name": eq(NEW_THEME),
                "heading_font": eq(props["heading_font"]),
                "body_font": eq(props["body_font"]),
                "colors": Match(contains=json_value(props["colors"], "accent1")),
                "template_item_id": eq(template["deck_id"]),
            },
        )
        ui = [
            open_deck_ui(item),
            UiStep(click=("tab", "Design")),
            UiStep(click=("button", "Browse for Themes")),
            UiStep(check=template["name"]),
            UiStep(click=("button", "Apply")),
            UiStep(expect_text=NEW_THEME),
        ]
        others = [f["deck_id"] for f in mine if f["deck_id"] != item]
        return Spec(
            prompt=said,
            oracle=[
                step("office_search_drive", query=f"{NEW_THEME} template"),
                step("office_apply_presentation_template", item_id=item, template_id=template["deck_id"]),
            ],
            expect=[expect],
            allow=[edited(item)],
            ui_oracle=ui,
            wrong_record={item: others[0]} if others else {},
            tags=["presentation", "template"],
            phrasing=k,
        )


def account_decks(d: Draw, kinds: tuple[str, ...]) -> list[dict[str, Any]]:
    """The world's decks of these kinds that Amber may edit, each with the CRM account it is about (a
    post-incident review: its customer's)."""
    names = (
        {a["name"]: a["id"] for a in d.world.rows("SELECT id, name FROM crm_account ORDER BY id")}
        if has_table(d, "crm_account")
        else {}
    )
    out = []
    for kind in kinds:
        for f in deck_facts(d, kind):
            if kind == "pir":
                company = (
                    d.world.value("SELECT company FROM ticketing_incident WHERE number = ?", f["subject"])
                    if has_table(d, "ticketing_incident")
                    else None
                )
                account = names.get(company or "", company or f["subject"])
            else:
                account = f["subject"]
            if editable(d, f["deck_id"]):
                out.append({**f, "account_id": account})
    return out


def owner_name(d: Draw, fact: dict[str, Any]) -> str | None:
    """The deck's owner's first name when it is not Amber's own deck."""
    if fact["owner_id"] == me_id(d):
        return None
    return d.world.value("SELECT given_name FROM office_user WHERE id = ?", fact["owner_id"])


def json_value(raw: Any, key: str) -> str:
    import json

    return (json.loads(raw) if isinstance(raw, str) else raw)[key]


class DeckReviewFixes(Family):
    name = "office.deck-review-fixes"
    apps = ("office",)
    surfaces = ("mcp", "cli", "ui", "python")
    version = 3  # its UI oracle follows the new pages (UI16, event pane, slides)
    ci_instances = 1
    author = "saasgym-office-team"
    summary = (
        "make the fixes Amber's manager asked for in comments on a draft deck (a wrong number, a slide to "
        "delete, move or hide, a title typo) and resolve the comments"
    )

    def build(self, d: Draw) -> Spec:
        drafts = account_decks(d, ("draft",))
        fact = d.pick("account", drafts, key="account_id")
        item = fact["deck_id"]
        owner = owner_name(d, fact)
        whose = f"{owner}'s" if owner else "my"
        away = f"{owner} is out this week, so please finish the deck. " if owner else ""
        reviewer = d.world.rows("SELECT display_name FROM office_user WHERE id = ?", fact["reviewer"])[0][
            "display_name"
        ]
        slides = slides_of(d, item)
        order = [s["id"] for s in slides]
        comments = d.world.rows(
            "SELECT id, slide_id FROM main.office_slide_comment WHERE item_id = ? ORDER BY "
            "created_date_time, id",
            item,
        )
        by_slide = {c["slide_id"]: c["id"] for c in comments}
        oracle: list[Any] = [step("office_get_presentation", item_id=item, include_shapes=True)]
        ui: list[UiStep] = []
        expect: list[Expectation] = []
        allow: list[Allowance] = deck_edits(d, item)
        # a reply in a reviewer's comment thread ("Fixed - moved it up") before resolving it, as people do
        allow.append(Allowance(table="office_slide_comment", ops=["insert"]))
        rows, absent = [row("Where we stand")], []
        kinds = {c["kind"]: c for c in fact["comments"]}
        if "delete_slide" in kinds:
            gone = kinds["delete_slide"]["slide_id"]
            oracle.append(step("office_delete_slide", item_id=item, slide_id=gone))
            ui += [open_deck_ui(item, order.index(gone) + 1), UiStep(click=("button", "Delete Slide"))]
            expect.append(Expectation(table="office_slide", op="delete", pk=gone))
            allow.append(Allowance(table="office_slide_comment", ops=["delete"], pk=by_slide[gone]))
            order.remove(gone)
        if "move_slide" in kinds:
            agenda = kinds["move_slide"]["slide_id"]
            oracle.append(step("office_move_slide", item_id=item, slide_id=agenda, position=2))
            for n in range(order.index(agenda) + 1, 2, -1):  # the slide's context menu (Shift+F10)
                ui += [
                    open_deck_ui(item, n, view="sorter", focus="sorter"),
                    UiStep(press="Shift+F10"),
                    UiStep(click=("menuitem", f"Move earlier slide {n}")),
                ]
            expect.append(
                Expectation(table="office_slide", op="update", pk=agenda, fields={"position": eq(1)})
            )
            order.remove(agenda)
            order.insert(1, agenda)
        if "wrong_number" in kinds:
            c = kinds["wrong_number"]
            body = placeholder(d, slides[1]["id"], "body")
            fixed = body["text"].replace(c["wrong"], money_of(c["right"]), 1)
            oracle.append(
                step(
                    "office_set_shape_text",
                    item_id=item,
                    slide_id=slides[1]["id"],
                    shape_id=body["id"],
                    text=fixed,
                )
            )
            ui += [open_deck_ui(item, order.index(slides[1]["id"]) + 1), *retype_ui("Content", fixed)]
            rows.append(row("won", c["right"]))
            absent.append(row("won", amount_of(c["wrong"])))
        if "title_typo" in kinds:
            c = kinds["title_typo"]
            title = placeholder(d, c["slide_id"], "title")
            oracle.append(
                step(
                    "office_set_shape_text",
                    item_id=item,
                    slide_id=c["slide_id"],
                    shape_id=title["id"],
                    text=c["title"],
                )
            )
            ui += [open_deck_ui(item, order.index(c["slide_id"]) + 1), *retype_ui("Title", c["title"])]
            rows.append(row(c["title"]))
            absent.append(row("pipline"))
        if "hide_slide" in kinds:
            hide = kinds["hide_slide"]["slide_id"]
            oracle.append(step("office_set_slide_hidden", item_id=item, slide_id=hide, hidden=True))
            ui += [open_deck_ui(item, order.index(hide) + 1), UiStep(click=("button", "Hide Slide"))]
            expect.append(
                Expectation(table="office_slide", op="update", pk=hide, fields={"hidden": eq(True)})
            )
        for c in fact["comments"]:
            slide = c.get("slide_id") or slides[c["slide"] - 1]["id"]
            if c["kind"] == "delete_slide":
                continue
            oracle.append(step("office_resolve_slide_comment", item_id=item, comment_id=by_slide[slide]))
            ui += [
                open_deck_ui(item, order.index(slide) + 1, comments="1"),
                UiStep(click=("button", "Resolve thread")),
            ]
            expect.append(
                Expectation(
                    table="office_slide_comment",
                    op="update",
                    pk=by_slide[slide],
                    fields={"resolved": eq(True)},
                )
            )
        expect.insert(0, deck_changed(item, TableMatch(rows=rows, absent=absent)))
        first = reviewer.split()[0]
        said, k = phrase(
            d,
            [
                f"{away}{reviewer} reviewed {whose} {fact['account']} account update draft and left "
                "comments. "
                f"Make the changes {first} asked for and resolve the comments.",
                f"{away}Please work through {reviewer}'s comments on {whose} {fact['account']} account "
                "update "
                "deck (the draft): fix what each points out, then resolve each comment.",
                f"{away}{reviewer} commented on {whose} draft deck for {fact['account']}. Apply the feedback "
                "and mark the comments resolved.",
                f"{away}Go through the review comments on {whose} {fact['account']} account update (draft) "
                "presentation, do what each one asks, and resolve them.",
                f"{away}Can you take care of {reviewer}'s review of {whose} {fact['account']} update deck? "
                "Every comment should be addressed and resolved.",
            ],
        )
        others = [f["deck_id"] for f in drafts if f["deck_id"] != item]
        return Spec(
            prompt=said,
            oracle=oracle,
            expect=expect,
            allow=allow,
            ui_oracle=ui,
            wrong_record={item: others[0]} if others else {},
            tags=["presentation", "comments", "review"],
            phrasing=k,
            off_by_one=False,
            records=len(fact["comments"]) + 1,
        )


def money_of(value: float) -> str:
    from worlds.parts.decks.asof import money

    return money(value)


def amount_of(shown: str) -> float:
    return float(shown.replace("$", "").replace(",", ""))


FAMILIES = [ApplyDeckTemplate(), DeckReviewFixes()]
