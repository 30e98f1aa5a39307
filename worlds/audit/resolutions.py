"""Resolution notes fit what they close: an incident's notes (and a problem's cause, fix and workaround)
are about its own issue, never a fix for another kind of fault ("replaced the faulty part" on a phishing
report, "reset the VPN profile" on a Wi-Fi ticket, "shipped the patched build" for a course's
certificates), and its close code is one the issue can have (no "User error" for a failing disk).

What fits an issue is what the service desk knows about it (`apps.ticketing.world.fix_model.Fix`: its fix,
workaround, the change that fixed it, what a caller does, the usual mistake); the issue is the one the
short description tells (`apps.ticketing.world.fixes`).
"""

from __future__ import annotations

from collections.abc import Iterator

from apps.ticketing.world.fix_model import Fix
from apps.ticketing.world.fixes import fixes_for_text
from worlds.audit.checks import Finding, World, _violations

PROBLEM_NOTES = ("cause_notes", "fix_notes", "workaround")


def note_fits(text: str, fixes: list[Fix]) -> bool:
    low = text.lower()
    return any(p.lower() in low for fix in fixes for p in fix.own_phrases())


def resolutions_fit(w: World) -> Iterator[Finding]:
    """Every resolved incident's notes and code fit its issue; every problem's notes fit its issue."""
    incidents = [i for i in w["ticketing/incident"] if i.get("close_notes")]
    wrong = []
    for inc in incidents:
        fixes = fixes_for_text(inc["short_description"])
        code_ok = any(f.code_for(inc["close_code"] or "") == inc["close_code"] for f in fixes)
        if not fixes or not code_ok or not note_fits(inc["close_notes"], fixes):
            wrong.append(inc["number"])
    yield _violations("resolutions: incident notes and code fit the incident's issue", wrong, len(incidents))
    problems = [p for p in w["ticketing/problem"] if any(p.get(f) for f in PROBLEM_NOTES)]
    astray = []
    for prb in problems:
        fixes = fixes_for_text(prb["short_description"])
        cause_ok = not prb.get("cause_notes") or any(prb["cause_notes"] == f.cause for f in fixes)
        rest_ok = all(note_fits(prb[f], fixes) for f in ("fix_notes", "workaround") if prb.get(f))
        if not fixes or not cause_ok or not rest_ok:
            astray.append(prb["number"])
    yield _violations("resolutions: problem cause, fix and workaround fit its issue", astray, len(problems))
