"""Paraphrase positives: the oracle's free text rewritten as a colleague might write it still passes, the
words the prompt quotes stay as written, and an answer stuffed with every rival candidate fails."""

from __future__ import annotations

import pytest

from tasks.calibration import _answer_steps, paraphrase_outcome, score_steps
from tasks.families.worldview import world_view
from tasks.paraphrase import VARIANTS, paraphrased, stuffed_answer
from tasks.store import find_task
from tests.verifier.meaning_kit import first


@pytest.fixture(scope="module")
def gym():
    return world_view("acme").gym


def _texts(steps) -> list[str]:
    return [s.args[k] for s in steps for k in ("text", "body", "answer") if isinstance(s.args.get(k), str)]


def test_the_rewrites_change_the_words_and_keep_what_the_prompt_quotes():
    task = find_task("office-reply-vance-quote", ["acme"])
    quoted = task.truth.expect[0].fields["body_content"].contains
    for variant in VARIANTS:
        steps = paraphrased(task, list(task.truth.oracle), variant)
        assert steps is not None and _texts(steps) != _texts(task.truth.oracle)
        assert any(quoted in t for t in _texts(steps)), (variant, _texts(steps))


def test_names_and_numbers_take_other_forms():
    task = first("ticketing.handbook-escalation", lambda t: True)
    steps = paraphrased(task, list(task.truth.oracle), "names+notation+courteous")
    (name,) = [e.fields["value"].person.name for e in task.truth.expect if e.fields["value"].person]
    last, given = name.split()[-1], " ".join(name.split()[:-1])
    assert any(f"{last.upper()}, {given}" in t for t in _texts(steps))
    assert all(not t.endswith(".") for t in _texts(steps))


@pytest.mark.parametrize(
    "task_id",
    ["ticketing-refuse-resolve-no-notes", "xoffice-vance-quote-task-reply", "crm-qa-knox-owner"],
)  # fmt: skip
def test_every_paraphrase_passes(gym, task_id):
    task = find_task(task_id, ["acme"])
    assert paraphrase_outcome(gym, task, list(task.truth.oracle)) == "pass"


def test_a_family_instance_paraphrased_passes(gym):
    task = first("ticketing.handbook-escalation", lambda t: True)
    assert paraphrase_outcome(gym, task, list(task.truth.oracle)) == "pass"


def test_an_answer_listing_every_rival_fails(gym):
    task = find_task("crm-qa-knox-owner", ["acme"])
    stuffed = stuffed_answer(task)
    assert stuffed.startswith("Alexandra Pittman, ") and stuffed.count(",") >= 50
    assert score_steps(gym, task, _answer_steps(list(task.truth.oracle), stuffed)) == "fail"
    assert score_steps(gym, task, list(task.truth.oracle)) == "pass"


def test_a_document_keeps_its_structure_and_its_prose_is_reworded(gym):
    """A Markdown document's headings, bullets and numbered items keep their markers (the prompt dictates
    the structure), table rows stay as they are, and only a plain paragraph is reworded as a whole."""
    task = find_task("office-create-stewart-account-plan", ["acme"])
    for variant in VARIANTS:
        (step,) = paraphrased(task, list(task.truth.oracle), variant)
        before, after = task.truth.oracle[0].args["content"].split("\n"), step.args["content"].split("\n")
        assert len(after) == len(before) and after != before
        for old, new in zip(before, after, strict=True):
            if old.startswith("|"):
                assert new == old
            elif old[0] in "#-1":
                assert new.split(" ")[0] == old.split(" ")[0]
    assert paraphrase_outcome(gym, task, list(task.truth.oracle)) == "pass"
