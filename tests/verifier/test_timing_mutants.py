"""The `late` mutant's reordering (`calibration.moved_to_end`): the marked steps are done after every other
step but a closing complete_task, and the other steps' `$N` references still point at the same steps."""

from tasks.calibration import moved_to_end
from tasks.truth_model import OracleStep


def s(tool: str, **args) -> OracleStep:
    return OracleStep(tool=tool, args=args)


def test_marked_steps_go_last_before_the_answer_and_references_follow():
    steps = [
        s("office_list_messages"),
        s("crm_update_contact", contact_id="003A", title="CFO"),
        s("office_wait_for_replies", minutes=1440),
        s("office_get_message", message_id="$3.arrived.0.id"),
        s("complete_task", answer="done"),
    ]
    out = moved_to_end(steps, {1})
    assert [x.tool for x in out] == [
        "office_list_messages",
        "office_wait_for_replies",
        "office_get_message",
        "crm_update_contact",
        "complete_task",
    ]
    assert out[2].args == {"message_id": "$2.arrived.0.id"}  # the wait is step 2 now


def test_a_step_with_a_reference_stays_in_place():
    steps = [s("office_list_messages"), s("office_get_message", message_id="$1.records.0.id"), s("x_wait")]
    assert moved_to_end(steps, {1}) == steps
