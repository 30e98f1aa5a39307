"""The editor's Save mapping (apps/office/doc_edits.py): the browser's blocks to document actions."""

from __future__ import annotations

import pytest

from apps.office.doc_edits import EditRefused, plan_edit

ORIGINAL = [
    {"id": "h", "block_type": "heading1", "text": "Notes"},
    {"id": "p", "block_type": "paragraph", "text": "Some _old_ text"},
    {"id": "t", "block_type": "table", "text": ""},
    {"id": "b", "block_type": "bullet", "text": "One"},
]


def block(bid, kind, *runs):
    return {"id": bid, "type": kind, "runs": [{"text": t, "marks": list(m)} for t, *m in runs]}


def steps(plan):
    return [(s.action, s.args, s.after) for s in plan.steps]


def test_nothing_changed_is_no_action_even_where_italic_was_written_with_underscores():
    same = [
        block("h", "heading1", ("Notes",)),
        block("p", "paragraph", ("Some ",), ("old", "italic"), (" text",)),
    ]
    same += [{"id": "t", "type": "table"}, block("b", "bullet", ("One",))]
    assert plan_edit(ORIGINAL, same).steps == []


def test_enter_copies_an_id_the_first_copy_keeps_it_and_the_rest_are_new_blocks_after_it():
    edited = [block("h", "heading1", ("Notes",)), block("p", "paragraph", ("Some ",), ("new", "bold"))]
    edited += [
        block("p", "heading2", ("Added",)),
        {"id": "t", "type": "table"},
        block("b", "numbered", ("One",)),
    ]
    plan = plan_edit(ORIGINAL, edited)
    assert steps(plan) == [
        ("update_document_block", {"block_id": "p", "text": "Some **new**"}, None),
        ("insert_document_block", {"block_type": "heading2", "text": "Added"}, 1),
        ("update_document_block", {"block_id": "b", "text": "One", "block_type": "numbered"}, None),
    ]
    assert plan.after_id(plan.steps[1]) == "p"


def test_missing_and_emptied_blocks_are_deleted_and_reordered_ids_become_new():
    edited = [
        block("b", "bullet", ("One",)),
        block("p", "paragraph", ("",)),
        block("h", "heading1", ("Notes",)),
    ]
    plan = plan_edit(ORIGINAL, edited)
    assert [(s.action, s.args) for s in plan.steps] == [
        ("delete_document_block", {"block_id": "h"}),
        ("delete_document_block", {"block_id": "p"}),
        ("delete_document_block", {"block_id": "t"}),
        ("insert_document_block", {"block_type": "heading1", "text": "Notes"}),
    ]
    assert plan.ids == ["b", None]


@pytest.mark.parametrize(
    ("edited", "message"),
    [
        ([block("p", "paragraph", ("x", "underline"))], "underline is not part of a document here"),
        ([block("p", "paragraph", ("a*b*c",))], "would read back differently"),
        ([block("p", "paragraph", ("x", "code", "bold"))], "code text cannot also be bold"),
        ([{"id": None, "type": "unsupported:blockquote", "runs": []}], "<blockquote>"),
        (
            [{"id": None, "type": "table"}, {"id": "t", "type": "table"}, {"id": "t", "type": "table"}],
            "table",
        ),
        ("not a list", "blocks must be a list"),
    ],
)
def test_what_the_model_cannot_hold_is_refused_with_the_reason(edited, message):
    with pytest.raises(EditRefused, match=message):
        plan_edit(ORIGINAL, edited)


def test_a_new_table_is_inserted_with_its_rows_and_a_kept_table_updated_when_its_cells_change():
    original = [*ORIGINAL[:2], {**ORIGINAL[2], "rows": [["Name", "Amount"], ["Knox", "100"]]}, ORIGINAL[3]]
    edited = [
        block("h", "heading1", ("Notes",)),
        {"id": None, "type": "table", "rows": [["A", " B  c "], ["", "1"]]},
        block("p", "paragraph", ("Some ",), ("old", "italic"), (" text",)),
        {"id": "t", "type": "table", "rows": [["Name", "Amount"], ["Knox", "1000"]]},
        block("b", "bullet", ("One",)),
    ]
    plan = plan_edit(original, edited)
    assert steps(plan) == [
        ("insert_document_block", {"block_type": "table", "rows": [["A", "B c"], ["", "1"]]}, 0),
        ("update_document_block", {"block_id": "t", "rows": [["Name", "Amount"], ["Knox", "1000"]]}, None),
    ]
    assert plan.after_id(plan.steps[0]) == "h"
    same = [*edited[:1], *edited[2:3], {"id": "t", "type": "table", "rows": original[2]["rows"]}]
    assert plan_edit(original, same).steps[-1].action == "delete_document_block"  # only b went


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        ([], "1 to 200 rows"),
        ([["x"] * 64], "1 to 63 cells"),
        ([["x", 3]], "cell holds text"),
        ("x", "1 to 200 rows"),
    ],
)
def test_a_table_the_model_cannot_hold_is_refused(rows, message):
    with pytest.raises(EditRefused, match=message):
        plan_edit(ORIGINAL, [{"id": None, "type": "table", "rows": rows}])
