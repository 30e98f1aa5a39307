"""Problem management: several open incidents on one configuration item tied to one problem (a new one
opened from the first incident, or an existing open problem), and a known error whose workaround reaches
every incident linked to it (test only)."""

from __future__ import annotations

from typing import Any

from apps.ticketing.families.common import OPEN, incidents, stamps
from apps.ticketing.world.fixes import fix_for_text, key_phrase
from tasks.families.base import Draw, Family, Redraw, Spec, eq, step
from tasks.match_model import Match
from tasks.truth_model import Expectation, UiStep
from worlds.splits import entity_split

UNLINKED = f"{OPEN} AND i.problem_id IS NULL AND i.cmdb_ci IS NOT NULL"
TITLES = [
    ("Recurring outage of {ci}", "recurring outage"),
    ("Root cause investigation: {ci} failures", "root cause investigation"),
    ("{ci} keeps failing for several users", "keeps failing"),
    ("Repeated {ci} incidents", "repeated"),
]
OPEN_PROBLEMS = """
SELECT p.sys_id, p.number, p.short_description, p.state, p.cmdb_ci, c.name AS ci_name, p.category
FROM ticketing_problem p JOIN ticketing_cmdb_ci c ON c.sys_id = p.cmdb_ci
WHERE p.active = 1 AND p.state IN (101, 102, 103, 104) AND p.known_error = 0 ORDER BY p.number
"""


def _listed(nums: list[str]) -> str:
    return ", ".join(nums[:-1]) + f" and {nums[-1]}"


def _related(d: Draw, n: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """`n` open, unlinked incidents of held-out callers on one CI (in number order), and all such
    incidents of that CI (the distractors the agent sees when listing them)."""
    pool = incidents(d, UNLINKED)
    by_ci: dict[str, list[dict[str, Any]]] = {}
    for r in pool:
        by_ci.setdefault(r["cmdb_ci"], []).append(r)
    cis = sorted(k for k, rows in by_ci.items() if len(_callers(d, rows)) >= n)
    ci = d.choice(cis)
    chosen = d.pick_many("caller", by_ci[ci], n, key="caller_id")
    chosen = sorted({r["number"]: r for r in chosen}.values(), key=lambda r: r["number"])
    if len(chosen) < n:
        raise Redraw("two drawn incidents are the same")
    for r in chosen:
        d.note("incident", r["sys_id"])
    d.distractors = len(by_ci[ci]) - n
    return chosen, by_ci[ci]


def link_ui(problem: str, numbers: list[str]) -> list[UiStep]:
    """On the problem's form, the Incidents related list's Edit...: each incident moved from the
    Collection to the Incidents List, then Save (link_incident_to_problem for each)."""
    steps = [UiStep(goto=f"/problems/{problem}"), UiStep(click=("link", "Edit..."))]
    for n in numbers:
        steps += [UiStep(select=("Collection", n)), UiStep(click=("button", "Add"))]
    return [*steps, UiStep(click=("button", "Save")), UiStep(expect_text=numbers[-1])]


def known_error_ui(problem: str, workaround: str) -> list[UiStep]:
    """On the problem's form: the workaround, the Known error check box, then Update."""
    return [
        UiStep(goto=f"/problems/{problem}"),
        UiStep(fill=("Workaround", workaround)),
        UiStep(check="Known error"),
        UiStep(click=("button", "Update")),
        UiStep(expect_text="Record updated"),
    ]


def _callers(d: Draw, rows: list[dict[str, Any]]) -> set[str]:
    """The callers of `rows` that belong to the instance's split."""
    return {r["caller_id"] for r in rows if entity_split(d.world.world, "caller", r["caller_id"]) == d.split}


def _linked(inc: dict[str, Any], problem: Match) -> Expectation:
    return Expectation(
        table="ticketing_incident", op="update", pk=inc["sys_id"], fields={"problem_id": problem}
    )


class ProblemForIncidents(Family):
    name = "ticketing.problem-for-incidents"
    apps = ("ticketing",)
    splits = ("train", "test")  # too few CIs have three open incidents of dev callers
    author = "saasgym-itsm-team"
    version = 2  # v2: a browser oracle (the problem's Incidents related list, Edit...)
    surfaces = ("mcp", "cli", "ui", "python")
    summary = (
        "three or four open incidents on one CI tied to one problem: a new problem opened from the first "
        "incident, or an existing open problem of that CI"
    )

    def build(self, d: Draw) -> Spec:
        chosen, same_ci = _related(d, d.choice([3, 3, 4]))
        nums = [r["number"] for r in chosen]
        ci = chosen[0]["ci_name"]
        existing = [p for p in d.world.rows(OPEN_PROBLEMS) if p["cmdb_ci"] == chosen[0]["cmdb_ci"]]
        if existing and d.chance(0.45):
            return self._existing(d, chosen, existing)
        title, key = d.choice(TITLES)
        title = title.format(ci=ci)
        first = chosen[0]
        phrasings = [
            f'{_listed(nums)} all look like the same underlying issue on {ci}. Open a problem "{title}" from '
            f"{nums[0]} and link the other incidents to it.",
            f'Please raise a problem record titled "{title}" starting from {nums[0]}, then attach '
            f"{_listed(nums[1:])} to it as well.",
            f"We keep seeing {ci} break: {_listed(nums)}. Create one problem for them "
            f'("{title}", first reported by {nums[0]}) and link every one of these incidents.',
            f'Problem management: new problem "{title}" for {ci}, opened from {nums[0]}; the related '
            f"incidents {_listed(nums[1:])} must point to it too.",
            f'Group {_listed(nums)} under a single new problem — call it "{title}" and use {nums[0]} '
            "as the first reported incident.",
        ]
        k = d.rng.randrange(len(phrasings))
        oracle = [step("ticketing_list_incidents", cmdb_ci=chosen[0]["cmdb_ci"], active=True)]
        oracle.append(step("ticketing_create_problem", short_description=title, from_incident=nums[0]))
        # the new problem's number is the next one the desk hands out
        number = _next_problem_number(d)
        oracle += [
            step("ticketing_link_incident_to_problem", incident_id=n, problem_id=number) for n in nums[1:]
        ]
        linked = Match(is_null=False)
        ui = [
            UiStep(goto="/problems/new"),
            UiStep(fill=("First reported by", nums[0])),
            UiStep(fill=("Short description", title)),
            UiStep(click=("button", "Submit")),
            UiStep(expect_text="has been created"),
        ]
        return Spec(
            prompt=phrasings[k],
            oracle=oracle,
            ui_oracle=ui + link_ui(number, nums[1:]),
            expect=[
                Expectation(
                    table="ticketing_problem",
                    op="insert",
                    fields={
                        "short_description": Match(contains=key),
                        "first_reported_by_task": eq(first["sys_id"]),
                        "cmdb_ci": eq(first["cmdb_ci"]),
                        "state": eq(101),
                    },
                ),
                *(_linked(r, linked) for r in chosen),
            ],
            allow=[stamps(r["sys_id"]) for r in chosen],
            wrong_record={nums[1]: _stranger(d, same_ci, chosen)},
            tags=["problem", "incident", "link", "new-problem"],
            phrasing=k,
        )

    def _existing(self, d: Draw, chosen: list[dict[str, Any]], existing: list[dict[str, Any]]) -> Spec:
        prb = d.choice(existing)
        d.require("problem", prb["sys_id"])
        nums, p, ci = [r["number"] for r in chosen], prb["number"], prb["ci_name"]
        by_title = len(existing) == 1 and d.chance(0.5)
        ref = f'the open problem on {ci} ("{prb["short_description"]}")' if by_title else p
        phrasings = [
            f"{_listed(nums)} are caused by {ref}. Link each of them to it.",
            f"Please attach the incidents {_listed(nums)} to {ref}.",
            f"Problem {ref} explains {_listed(nums)} — link them so they follow the problem.",
            f"Link {_listed(nums)} to {ref}; they are the same {ci} issue.",
            f"Tie {_listed(nums)} to {ref} as related incidents.",
        ]
        k = d.rng.randrange(len(phrasings))
        oracle = (
            [step("ticketing_list_problems", search=prb["short_description"], active=True)]
            if by_title
            else []
        )
        oracle.append(step("ticketing_get_problem", problem_id=p))
        oracle += [step("ticketing_link_incident_to_problem", incident_id=n, problem_id=p) for n in nums]
        return Spec(
            prompt=phrasings[k],
            oracle=oracle,
            ui_oracle=link_ui(p, nums),
            expect=[_linked(r, eq(prb["sys_id"])) for r in chosen],
            allow=[stamps(r["sys_id"]) for r in chosen],
            wrong_record={nums[0]: _stranger(d, d.world.rows(f"{_INC_ROWS}"), chosen)},
            tags=["problem", "incident", "link", "existing-problem"] + (["by-title"] if by_title else []),
            phrasing=k,
        )


_INC_ROWS = "SELECT number FROM ticketing_incident i WHERE " + UNLINKED + " ORDER BY number"


def _next_problem_number(d: Draw) -> str:
    last = d.world.value("SELECT MAX(number) FROM ticketing_problem")
    return f"PRB{int(last[3:]) + 1:07d}"


def _stranger(d: Draw, rows: list[dict[str, Any]], chosen: list[dict[str, Any]]) -> str:
    """An open, unlinked incident that is not one of `chosen` (for the wrong-record mutant)."""
    mine = {r["number"] for r in chosen}
    for r in [*rows, *d.world.rows(_INC_ROWS)]:
        if r["number"] not in mine:
            return r["number"]
    raise Redraw("no other incident for the wrong-record mutant")


class KnownErrorRollout(Family):
    name = "ticketing.known-error-rollout"
    apps = ("ticketing",)
    splits = ("test",)
    author = "saasgym-itsm-team"
    # v2: the problem form marks known errors (its no-UI reason, in every instance, changed)
    # v3: a browser oracle (Known error + Update, then the Incidents related list's Edit...)
    # v4: the workaround is the problem's own issue's (v3 drew one per category: a wired network for VPN)
    # v5: only incidents on the problem's own CI are linked (not ones that merely share its category or issue)
    version = 5
    surfaces = ("mcp", "cli", "ui", "python")
    summary = (
        "test only: record an open problem as a known error with its workaround and link two or three "
        "open incidents on its CI, each of which then carries the workaround"
    )

    def build(self, d: Draw) -> Spec:
        problems = d.world.rows(OPEN_PROBLEMS)
        unlinked = incidents(d, UNLINKED)
        # the incidents it explains: open ones on its own CI, not linked to a problem yet (an incident that
        # only shares its category — a Wi-Fi drop for a VPN problem — is not explained by it)
        fixes = {p["number"]: fix_for_text(p["short_description"]) for p in problems}
        related = {
            p["number"]: [r for r in unlinked if p["cmdb_ci"] and p["cmdb_ci"] == r["cmdb_ci"]]
            for p in problems
        }
        known = [p for p in problems if fixes[p["number"]] and len(_callers(d, related[p["number"]])) >= 2]
        prb = d.pick("problem", known)
        pool = related[prb["number"]]
        n = min(d.choice([2, 3]), len(_callers(d, pool)))
        chosen = d.pick_many("caller", pool, n, key="caller_id")
        chosen = sorted({r["number"]: r for r in chosen}.values(), key=lambda r: r["number"])
        if len(chosen) < n:
            raise Redraw("two drawn incidents are the same")
        for r in chosen:
            d.note("incident", r["sys_id"])
        d.distractors = len(pool) - n
        fix = fixes[prb["number"]]  # the workaround of the problem's own issue
        text, phrase = fix.workaround, key_phrase(fix.workaround)
        nums, p = [r["number"] for r in chosen], prb["number"]
        phrasings = [
            f'{p} ("{prb["short_description"]}") has a workaround now: "{text}" Mark it as a '
            f"known error with that workaround and link {_listed(nums)} to it "
            "so that each incident gets the workaround.",
            f'Known error: {p}. Workaround: "{text}" Then link the related open incidents {_listed(nums)} '
            "to the problem; every one of them must carry the workaround in its work notes.",
            f'Please publish the workaround "{text}" on problem {p} (make it a known error) and attach '
            f"{_listed(nums)}, making sure the workaround reaches each of them.",
            f'We found a workaround for {p}: "{text}" Record the known error, then tie {_listed(nums)} to '
            "it — the agents working those incidents need the workaround in their notes.",
            f'{_listed(nums)} are all caused by {p}. Mark {p} a known error (workaround: "{text}") '
            "and link them; each incident should show the workaround as a work note.",
        ]
        k = d.rng.randrange(len(phrasings))
        oracle = [step("ticketing_get_problem", problem_id=p)]
        oracle.append(step("ticketing_mark_known_error", problem_id=p, workaround=text))
        oracle += [step("ticketing_link_incident_to_problem", incident_id=x, problem_id=p) for x in nums]
        notes = [
            Expectation(
                table="ticketing_sys_journal_field",
                op="insert",
                fields={
                    "element_id": eq(r["sys_id"]),
                    "element": eq("work_notes"),
                    "value": Match(contains=phrase),
                },
            )
            for r in chosen
        ]
        return Spec(
            prompt=phrasings[k],
            oracle=oracle,
            ui_oracle=known_error_ui(p, text) + link_ui(p, nums),
            expect=[
                Expectation(
                    table="ticketing_problem",
                    op="update",
                    pk=prb["sys_id"],
                    fields={
                        "known_error": eq(True),
                        "workaround": Match(contains=phrase),
                        "state": eq(max(prb["state"], 104)),
                    },
                ),
                *(_linked(r, eq(prb["sys_id"])) for r in chosen),
                *notes,
            ],
            allow=[stamps(prb["sys_id"], "ticketing_problem"), *(stamps(r["sys_id"]) for r in chosen)],
            wrong_record={p: _other_problem(problems, prb)},
            tags=["problem", "known-error", "link", "incident"],
            phrasing=k,
        )


def _other_problem(problems: list[dict[str, Any]], prb: dict[str, Any]) -> str:
    rest = [q["number"] for q in problems if q["number"] != prb["number"]]
    return rest[problems.index(prb) % len(rest)]


FAMILIES = [ProblemForIncidents(), KnownErrorRollout()]
