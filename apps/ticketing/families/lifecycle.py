"""Moving incidents through their life cycle: resolve with a code and notes, put on hold with a reason
(and, awaiting the caller, a comment the caller sees)."""

from __future__ import annotations

from apps.ticketing.families.common import incidents, other, sla_follow, stamps
from apps.ticketing.world.fix_model import Fix
from apps.ticketing.world.fixes import fix_for_text, key_phrase
from tasks.families.base import Draw, Family, Redraw, Spec, eq, step
from tasks.families.batch import COUNTS, intros, several
from tasks.match_model import Match
from tasks.truth_model import Expectation, UiStep

JAMIE = "jamie.collins@acme.example"
# the close codes a resolver picks; each incident's notes are its own issue's (apps/ticketing/world/fixes)
CODES = ("Solution provided", "Workaround provided", "Resolved by caller", "User error", "Resolved by change")
HOLDS = [
    ("1", "Awaiting Caller"),
    ("4", "Awaiting Vendor"),
    ("3", "Awaiting Problem"),
    ("5", "Awaiting Change"),
]


class ResolveIncident(Family):
    name = "ticketing.resolve-incident"
    # v2: the batch knob (several()); v3: notes are the incident's own fix (no VPN fix for Wi-Fi); v4: a
    # Resolved incident stays active (the desk now follows ServiceNow: active until Closed or Canceled); v5:
    # the UI oracle opens the form's Resolution Information tab (tabbed forms) before choosing the code
    version = 5
    apps = ("ticketing",)
    surfaces = ("mcp", "cli", "ui", "python")
    author = "saasgym-itsm-team"
    summary = "resolve an in-progress incident with a resolution code and notes (or a batch of 3–4)"

    def build(self, d: Draw) -> Spec:
        return several(d, self.one, d.choice(COUNTS), intros("incident"))

    def one(self, d: Draw) -> Spec:
        """One request, drawn with its own preconditions (build may batch several)."""
        pool = incidents(d, "i.state IN (1, 2, 3) AND i.state = 2")
        inc = d.pick("caller", pool, key="caller_id")
        d.note("incident", inc["sys_id"])
        fix = fix_for_text(inc["short_description"])
        if fix is None:
            raise Redraw("an incident whose issue the desk has no fix for")
        code = fix.code_for(d.choice(CODES))
        notes, phrase = fix.close_notes(code, inc["caller_name"].split()[0]), key_phrase(_said(fix, code))
        n, short, who = inc["number"], inc["short_description"], inc["caller_name"]
        phrasings = [
            f'{n} ({short}) is fixed. Resolve it with the code "{code}" and the notes: "{notes}"',
            f'Please resolve {who}\'s incident {n}: resolution code {code}, notes "{notes}"',
            f'We can close out {n} — resolve it as "{code}". Resolution notes: "{notes}"',
            f'Mark {n} resolved ({code}). Use these notes: "{notes}"',
            f'The {inc["group_name"]} ticket {n} about "{short}" is done: resolve with {code}, "{notes}"',
        ]
        k = d.rng.randrange(len(phrasings))
        jamie = d.world.value("SELECT sys_id FROM ticketing_sys_user WHERE email = ?", JAMIE)
        return Spec(
            prompt=phrasings[k],
            oracle=[step("ticketing_resolve_incident", incident_id=n, close_code=code, close_notes=notes)],
            expect=[
                Expectation(
                    table="ticketing_incident",
                    op="update",
                    pk=inc["sys_id"],
                    fields={
                        "state": eq(6),
                        "active": eq(True),  # Resolved stays active until Closed (ServiceNow)
                        "close_code": eq(code),
                        "close_notes": Match(contains=phrase),
                        "resolved_at": Match(is_null=False),
                        "resolved_by": eq(jamie),
                    },
                )
            ],
            allow=[stamps(inc["sys_id"]), sla_follow()],
            ui_oracle=[
                UiStep(goto=f"/incidents/{n}"),
                UiStep(click=("tab", "Resolution Information")),
                UiStep(select=("Resolution code", code)),
                UiStep(fill=("Resolution notes", notes)),
                UiStep(click=("button", "Resolve")),
                UiStep(expect_text="Resolved"),
            ],
            wrong_record={n: other(d, pool, inc)["number"]},
            tags=["incident", "resolve"],
            phrasing=k,
        )


def _said(fix: Fix, code: str) -> str:
    """The part of the notes that says what resolved it (the phrase a check looks for)."""
    return {
        "Workaround provided": fix.workaround,
        "Resolved by caller": fix.caller,
        "User error": fix.mistake,
        "Resolved by change": fix.change,
    }.get(code) or fix.fix


class HoldIncident(Family):
    name = "ticketing.hold-incident"
    version = 3  # its UI oracle follows the new pages (UI16, event pane, slides)
    apps = ("ticketing",)
    surfaces = ("mcp", "cli", "ui", "python")
    author = "saasgym-itsm-team"
    summary = (
        "put an in-progress incident on hold with a reason (awaiting caller: with a question to them)"
        " (or a batch of 3–4)"
    )

    def build(self, d: Draw) -> Spec:
        return several(d, self.one, d.choice(COUNTS), intros("incident"))

    def one(self, d: Draw) -> Spec:
        """One request, drawn with its own preconditions (build may batch several)."""
        pool = incidents(d, "i.state IN (1, 2, 3) AND i.state = 2")
        inc = d.pick("caller", pool, key="caller_id")
        d.note("incident", inc["sys_id"])
        code, reason = d.choice(HOLDS)
        n, who = inc["number"], inc["caller_name"]
        first = who.split()[0]
        question = f"Hi {first}, could you tell us when the problem last happened and send a screenshot?"
        ask = f', and ask {who} in a comment they can see: "{question}"' if code == "1" else ""
        phrasings = [
            f"Put {n} on hold — {reason.lower()}{ask}.",
            f"{n} can't move until we hear back: set it On Hold with the reason {reason}{ask}.",
            f"Please park {who}'s incident {n} ({reason}){ask}.",
            f'On hold for {n}, reason "{reason}"{ask}.',
            f"We're blocked on {n}. Hold it as {reason}{ask}.",
        ]
        k = d.rng.randrange(len(phrasings))
        args = {"incident_id": n, "hold_reason": reason}
        expect = [
            Expectation(
                table="ticketing_incident",
                op="update",
                pk=inc["sys_id"],
                fields={"state": eq(3), "hold_reason": eq(code)},
            )
        ]
        ui = [UiStep(goto=f"/incidents/{n}")]
        if code == "1":
            args["comments"] = question
            expect.append(
                Expectation(
                    table="ticketing_sys_journal_field",
                    op="insert",
                    fields={
                        "element_id": eq(inc["sys_id"]),
                        "element": eq("comments"),
                        "value": Match(contains="send a screenshot"),
                    },
                )
            )
            ui += [
                UiStep(fill=("Additional comments", question)),
                UiStep(click=("button", "Post")),
            ]
        ui += [
            UiStep(select=("On hold reason", reason)),
            UiStep(click=("button", "On Hold")),
            UiStep(expect_text="On Hold"),
        ]
        return Spec(
            prompt=phrasings[k],
            oracle=[
                step("ticketing_get_incident", incident_id=n),
                step("ticketing_put_incident_on_hold", **args),
            ],
            expect=expect,
            allow=[stamps(inc["sys_id"]), sla_follow()],
            ui_oracle=ui,
            wrong_record={n: other(d, pool, inc)["number"]},
            tags=["incident", "hold"],
            phrasing=k,
        )


FAMILIES = [ResolveIncident(), HoldIncident()]
