"""The text a criterion reads: the performer's answer, or a field of the rows the episode changed."""

from __future__ import annotations

from typing import Any

from apps.core.journal import NetChange
from tasks.rubric.corrections import read_thread
from tasks.truth_model import Deliverable
from tasks.verifier.expectations import Derive, after_values
from tasks.verifier.matching import matches

# a conversation's deliverable is read as its reader reads it: the latest message is the last word (a holding
# note, then the answer), and a correction supersedes the facts it corrects of the message before it
# (`corrections.read_thread`)
LAST_WORD_TABLES = frozenset({"office_message", "office_chat_message"})


def deliverable_text(
    spec: Deliverable,
    changes: dict[tuple[str, str], NetChange],
    answer: str | None,
    derive: Derive | None = None,
) -> str | None:
    """The deliverable's text, or None when the episode made none: several rows are joined by a blank line in
    the order they were written — except mail and chat, read as a thread: the latest message to the recipient
    is the last word (a holding note, then the answer: the answer is read), and a correction ("the total is
    $X; the rest stands") is read applied to the message it corrects."""
    if spec.answer:
        return answer if answer and answer.strip() else None
    texts: list[tuple[int, str]] = []
    for (table, pk), change in sorted(changes.items()):
        if table != spec.table or change.op == "delete" or (spec.pk is not None and pk != spec.pk):
            continue
        after = after_values(change)
        if not all(
            matches(rule, _value(after, name, table, pk, derive)) for name, rule in spec.where.items()
        ):
            continue
        text = _value(after, spec.field, table, pk, derive)
        if text is not None and str(text).strip():
            texts.append((max((a for a in change.action_ids if a is not None), default=0), str(text)))
    if not texts:
        return None
    texts.sort(key=lambda t: t[0])
    if spec.table in LAST_WORD_TABLES:
        return read_thread([t for _, t in texts])
    return "\n\n".join(t for _, t in texts)


def _value(after: dict[str, Any], name: str, table: str, pk: str, derive: Derive | None) -> Any:
    if name in after:
        return after[name]
    return derive(table, pk, name) if derive else None
