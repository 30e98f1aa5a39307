"""The text a criterion reads: the performer's answer, or a field of the rows the episode changed."""

from __future__ import annotations

from typing import Any

from apps.core.journal import NetChange
from tasks.model import Deliverable
from tasks.verifier.expectations import Derive, after_values
from tasks.verifier.matching import matches


def deliverable_text(
    spec: Deliverable,
    changes: dict[tuple[str, str], NetChange],
    answer: str | None,
    derive: Derive | None = None,
) -> str | None:
    """The deliverable's text (several rows joined by a blank line), or None when the episode made none."""
    if spec.answer:
        return answer if answer and answer.strip() else None
    texts = []
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
            texts.append(str(text))
    return "\n\n".join(texts) if texts else None


def _value(after: dict[str, Any], name: str, table: str, pk: str, derive: Derive | None) -> Any:
    if name in after:
        return after[name]
    return derive(table, pk, name) if derive else None
