"""Journal entries on incidents: an internal work note or a customer-visible comment with given text,
on one incident or on every open incident of a configuration item."""

from __future__ import annotations

from apps.ticketing.families.common import OPEN, incidents, other, stamps
from tasks.families.base import Draw, Family, Redraw, Spec, eq, step
from tasks.match_model import Match
from tasks.truth_model import Expectation, UiStep

JOURNAL_TABS = {"work_notes": "Work notes", "comments": "Additional comments"}  # the journal field's labels
NOTES = [
    ("Checked the switch logs; no errors on the uplink since 08:00.", "no errors on the uplink"),
    ("Vendor confirmed a fix is scheduled for this week.", "fix is scheduled for this week"),
    ("Reproduced the issue on a second laptop; escalating to engineering.", "escalating to engineering"),
    ("Cleared the local cache and restarted the service.", "restarted the service"),
    ("Waiting on the change window on Thursday to apply the patch.", "change window on Thursday"),
    ("Replacement part ordered, ETA two business days.", "ETA two business days"),
    ("User confirmed the workaround helps for now.", "workaround helps for now"),
    ("Collected the event logs and attached them to the problem record.", "attached them to the problem"),
    ("Password policy reset applied; asked the user to sign in again.", "asked the user to sign in again"),
    ("Monitoring shows normal latency again since 10:15.", "normal latency again since 10:15"),
]


def _journal(inc: dict, kind: str, phrase: str) -> Expectation:
    return Expectation(
        table="ticketing_sys_journal_field",
        op="insert",
        fields={
            "element_id": eq(inc["sys_id"]),
            "element": eq(kind),
            "name": eq("incident"),
            "value": Match(contains=phrase),
        },
    )


def journal_ui(number: str, kind: str, text: str, phrase: str) -> list[UiStep]:
    """The incident form: the journal field (its Work notes box checked for a work note), the text, Post."""
    return [
        UiStep(goto=f"/incidents/{number}"),
        *([UiStep(check="Work notes")] if kind == "work_notes" else []),
        UiStep(fill=(JOURNAL_TABS[kind], text)),
        UiStep(click=("button", "Post")),
        UiStep(expect_text=phrase),
    ]


class IncidentNote(Family):
    name = "ticketing.incident-note"
    version = 2  # its UI oracle follows the new pages (UI16, event pane, slides)
    apps = ("ticketing",)
    surfaces = ("mcp", "cli", "ui", "python")
    author = "saasgym-itsm-team"
    summary = "a work note or a customer-visible comment with given text on one open incident"

    def build(self, d: Draw) -> Spec:
        pool = incidents(d, OPEN)
        inc = d.pick("caller", pool, key="caller_id")
        d.note("incident", inc["sys_id"])
        text, phrase = d.choice(NOTES)
        kind = d.choice(["work_notes", "comments"])
        what = (
            "an internal work note (not visible to the caller)"
            if kind == "work_notes"
            else ("a comment the caller can see")
        )
        n, short, caller = inc["number"], inc["short_description"], inc["caller_name"]
        phrasings = [
            f'On {n} ({short}), add {what} saying: "{text}"',
            f'Please put {what} on {n}: "{text}"',
            f'{caller}\'s open incident "{short}" needs {what}. Text: "{text}"',
            f'Log this on {n} as {what}: "{text}"',
            f'For the {inc["group_name"]} incident {n}, record {what}: "{text}"',
        ]
        k = d.rng.randrange(len(phrasings))
        oracle = []
        if k == 2:
            same = [r for r in pool if r["caller_id"] == inc["caller_id"] and r["short_description"] == short]
            if len(same) > 1:
                raise Redraw("the caller has two open incidents with that description")
            d.distractors = sum(1 for r in pool if r["caller_id"] == inc["caller_id"]) - 1
            oracle.append(step("ticketing_list_incidents", caller_id=inc["caller_email"], active=True))
        tool = "ticketing_add_work_note" if kind == "work_notes" else "ticketing_add_comment"
        oracle.append(step(tool, record_id=n, text=text))
        return Spec(
            prompt=phrasings[k],
            oracle=oracle,
            expect=[_journal(inc, kind, phrase)],
            allow=[stamps(inc["sys_id"])],
            ui_oracle=journal_ui(n, kind, text, phrase),
            wrong_record={n: other(d, pool, inc)["number"]},
            tags=["incident", kind.replace("_", "-")],
            phrasing=k,
        )


class MultiIncidentNote(Family):
    name = "ticketing.multi-incident-note"
    apps = ("ticketing",)
    surfaces = ("mcp", "cli", "ui", "python")
    version = 3  # its UI oracle follows the new pages (UI16, event pane, slides)
    author = "saasgym-itsm-team"
    summary = "the same work note on three or four open incidents (each read first)"

    def build(self, d: Draw) -> Spec:
        pool = incidents(d, OPEN)
        chosen = d.pick_many("caller", pool, d.choice([3, 4]), key="caller_id")
        chosen = sorted({r["number"]: r for r in chosen}.values(), key=lambda r: r["number"])
        if len(chosen) < 3:
            raise Redraw("two of the drawn incidents are the same")
        for r in chosen:
            d.note("incident", r["sys_id"])
        text, phrase = d.choice(NOTES)
        nums = [r["number"] for r in chosen]
        listed = ", ".join(nums[:-1]) + f" and {nums[-1]}"
        phrasings = [
            f'Add this internal work note to {listed}: "{text}"',
            f"The same update applies to {listed}. Post it on each as a work note (not visible to callers): "
            f'"{text}"',
            f'Please work-note each of these incidents — {listed} — with: "{text}"',
            f'Internal update for {len(nums)} tickets ({listed}); check each one, then add: "{text}"',
            f'I need a work note on {listed}. Wording: "{text}"',
        ]
        k = d.rng.randrange(len(phrasings))
        oracle = [step("ticketing_get_incident", incident_id=n) for n in nums]
        oracle += [step("ticketing_add_work_note", record_id=n, text=text) for n in nums]
        return Spec(
            prompt=phrasings[k],
            oracle=oracle,
            expect=[_journal(r, "work_notes", phrase) for r in chosen],
            allow=[stamps(r["sys_id"]) for r in chosen],
            ui_oracle=[u for n in nums for u in journal_ui(n, "work_notes", text, phrase)],
            wrong_record={nums[0]: other(d, pool, chosen[0])["number"]},
            tags=["incident", "work-note", "bulk"],
            phrasing=k,
        )


FAMILIES = [IncidentNote(), MultiIncidentNote()]
