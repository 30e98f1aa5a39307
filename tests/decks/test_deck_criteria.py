"""Decks whose content matters are read by rubric criteria on the slides as the audience sees them: a deck in
other wording, order and notation passes; a wrong amount, a missing deal or a missing section fails the
criterion that names it (real episodes: the oracle, then one step changed)."""

from __future__ import annotations

import pytest

from tasks.families.instances import build_task
from tasks.families.registry import get_family
from tasks.oracle import run_python
from tasks.rubric import extract
from tasks.rubric.evaluate import ASSUME_MET
from tasks.verifier import verify


def _verdict(gym, task, edit):
    ep = gym.create_episode("acme", apps=task.public.apps)
    try:
        steps = [s.model_copy(update={"args": edit(s.tool, dict(s.args))}) for s in task.truth.oracle]
        run_python(ep, steps)
        return verify(ep, task, judge=ASSUME_MET)
    finally:
        ep.close()


def _unmet(verdict) -> set[str]:
    return {c["id"] for c in verdict.criteria if c["met"] is False}


@pytest.fixture(scope="module")
def pipeline():
    return build_task("acme", get_family("xapp.pipeline-review-deck"), 0)


@pytest.fixture(scope="module")
def plan():
    return build_task("acme", get_family("office.document-to-deck"), 0)


def _millions(cell: str) -> str:
    """The amount in millions, every digit kept ("$3,438,343" -> "USD 3.438343M")."""
    return f"USD {float(cell.strip('$').replace(',', '')) / 1e6:.9g}M"


def test_a_pipeline_deck_in_other_notation_and_order_passes(gym, pipeline):
    def edit(tool, args):
        if tool == "office_add_table":  # amounts in millions, the deals in reverse order, columns swapped
            head, *deals = args["rows"]
            args["rows"] = [head[::-1]] + [[*r[:3], _millions(r[3]), r[4]][::-1] for r in reversed(deals)]
        if tool == "office_add_slide" and args.get("text"):
            args["text"] = "All open deals together: " + _millions(args["text"].split(": ")[1])
        return args

    verdict = _verdict(gym, pipeline, edit)
    assert verdict.outcome == "pass", verdict.explain()


def test_a_wrong_amount_or_a_missing_deal_fails_the_top_deals_criterion(gym, pipeline):
    def wrong_amount(tool, args):
        if tool == "office_add_table":
            first = args["rows"][1]
            args["rows"] = [args["rows"][0], [*first[:3], "$1", first[4]], *args["rows"][2:]]
        return args

    def missing_deal(tool, args):
        if tool == "office_add_table":
            args["rows"] = args["rows"][:-1]
        return args

    for edit in (wrong_amount, missing_deal):
        verdict = _verdict(gym, pipeline, edit)
        assert verdict.outcome == "fail" and _unmet(verdict) == {"top-deals"}, verdict.explain()
        assert "criterion top-deals" in verdict.explain()


def test_a_wrong_total_fails_the_total_criterion(gym, pipeline):
    def edit(tool, args):
        if tool == "office_add_slide" and args.get("text"):
            args["text"] = "Total open pipeline: $1"
        return args

    verdict = _verdict(gym, pipeline, edit)
    assert _unmet(verdict) == {"pipeline-total"}, verdict.explain()


def test_a_plan_deck_with_reworded_titles_passes(gym, plan):
    def edit(tool, args):  # the section slides' titles and the title slide's text
        key = {"office_add_slide": "title", "office_set_shape_text": "text"}.get(tool)
        if key:
            args[key] = args[key].upper().replace(" AND ", " & ").replace(":", " —")
        return args

    verdict = _verdict(gym, plan, edit)
    assert verdict.outcome == "pass", verdict.explain()


def test_a_missing_section_fails_the_section_slides_criterion(gym, plan):
    slides = [s for s in plan.truth.oracle if s.tool == "office_add_slide"]
    gone = slides[-1].args["title"]

    def edit(tool, args):
        if tool == "office_add_slide" and args["title"] == gone:
            args["title"] = "More"
        return args

    verdict = _verdict(gym, plan, edit)
    assert "section-slides" in _unmet(verdict), verdict.explain()
    assert gone in verdict.explain()


def test_headings_are_matched_by_their_words_one_slide_each():
    deck = "# Slide 1: GOALS & OBJECTIVES\n# Slide 2: next steps\nnext steps are listed"
    assert extract.missing_headings(deck, ["Goals and objectives", "Next steps"]) == []
    assert extract.missing_headings("# Slide 1: Goals and next steps", ["Goals", "Next steps"]) == [
        "Next steps"
    ]
    assert extract.missing_headings("Next steps\n# Slide 1: Goals", ["Next steps"]) == ["Next steps"]
