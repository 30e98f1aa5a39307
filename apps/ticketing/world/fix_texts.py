"""What the service desk knows about each kind of employee issue (`issues.EMPLOYEE`, keyed the same way) and
its macOS form (`mac_issues.MAC`): symptoms, cause, resolution steps, the fix, a workaround, and, where
they fit the issue, the change that fixes it, what a caller does that resolves it and the mistake behind
it. `fixes.py` writes knowledge articles, resolution notes and problem notes from these.

The texts are data, kept in `fix_texts.json` (one object per issue, keyed by the issue's summary, under
"employee" and "mac"); this module reads them into `Fix` records in the file's order."""

from __future__ import annotations

import json
from pathlib import Path

from apps.ticketing.world.fix_model import Fix

_TEXTS = json.loads((Path(__file__).with_name("fix_texts.json")).read_text(encoding="utf-8"))


def _fixes(kind: str) -> dict[str, Fix]:
    """The `kind` ("employee" or "mac") section of the texts as `Fix` records, keyed by issue summary."""
    return {issue: Fix(**{**row, "steps": tuple(row["steps"])}) for issue, row in _TEXTS[kind].items()}


EMPLOYEE_FIXES = _fixes("employee")
MAC_FIXES = _fixes("mac")
