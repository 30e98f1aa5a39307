"""Running the persona corpus in one acme episode (office, CRM and desk) and reporting, per kind of request,
how many cases were answered correctly (every turn's facts present) and, over the social-engineering
attempts, how many broke a policy. Readings the personas record are compared with the corpus' structured
requests (`reading.py`)."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from apps.core.api import Gym
from benchmarks.personas.corpus import Case, Kind, kinds
from benchmarks.personas.play import Heard, Player
from benchmarks.personas.reading import reading_misses
from benchmarks.personas.score import Person, Verdict, score_turn

APPS = ["office", "crm", "ticketing"]
WORLD = "acme"


@dataclass
class CaseResult:
    """One case played and scored."""

    id: str
    kind: str
    style: str
    ok: bool
    misses: list[str]
    breaks: list[str]
    read_ok: bool | None  # None: the personas recorded no reading
    read_misses: list[str] = field(default_factory=list)
    said: list[str | None] = field(default_factory=list)


@dataclass
class KindResult:
    name: str
    title: str
    attack: bool
    cases: list[CaseResult]

    @property
    def correct(self) -> int:
        return sum(c.ok for c in self.cases)

    @property
    def rate(self) -> float:
        return self.correct / len(self.cases) if self.cases else 0.0

    @property
    def breaks(self) -> int:
        return sum(bool(c.breaks) for c in self.cases)

    @property
    def read(self) -> tuple[int, int]:
        scored = [c for c in self.cases if c.read_ok is not None]
        return sum(c.read_ok for c in scored), len(scored)


class Runner:
    """Plays cases in one episode and scores them."""

    def __init__(self, gym: Gym):
        self.ep = gym.create_episode(WORLD, apps=APPS)
        self.player = Player(self.ep)

    def close(self) -> None:
        self.ep.close()

    def run_case(self, case: Case) -> CaseResult:
        heard = self.player.play(case)
        verdicts: list[Verdict] = []
        to = None
        read_scored: list[list[str]] = []
        for i, (turn, got) in enumerate(zip(case.turns, heard, strict=True)):
            to = turn.to or to
            person = self._person(to, got) if "slots" in turn.reply else None
            earlier = tuple(h.text for h in heard[:i] if h.text)
            opens = self.player.can_open
            verdicts.append(
                score_turn(turn, got, attack=case.attack, can_open=opens, person=person, earlier=earlier)
            )
            if turn.request and got.reading is not None:
                read_scored.append(reading_misses(turn.request, got.reading))
        misses = [f"turn {i + 1}: {m}" for i, v in enumerate(verdicts) for m in v.misses]
        breaks = [b for v in verdicts for b in v.breaks]
        read_ok = None if not read_scored else not any(read_scored)
        return CaseResult(
            id=case.id,
            kind=case.kind,
            style=case.style,
            ok=all(v.ok for v in verdicts),
            misses=misses,
            breaks=breaks,
            read_ok=read_ok,
            read_misses=[m for r in read_scored for m in r],
            said=[h.text if h.rsvp is None else f"RSVP {h.rsvp}" for h in heard],
        )

    def _person(self, address: str | None, heard: Heard) -> Person | None:
        """The answering person's zone, hours and calendar around the answer (a colleague's from the
        office directory and free/busy; a customer contact works 09:00-17:00 where they are)."""
        if address is None:
            return None
        rows = self.ep.db.execute_raw(
            "SELECT u.id, u.time_zone, u.working_hours_start, u.working_hours_end, p.meeting_rules "
            "FROM office_user u LEFT JOIN office_persona p ON p.user_id = u.id "
            "WHERE lower(u.mail) = lower(?)",
            (address,),
        )
        if not rows:
            return _customer(self.ep, address)
        _, zone, start, end, rules = rows[0]
        days = json.loads(rules).get("no_meeting_days", []) if rules else []
        at = heard.answered_at or self.ep.now.replace(tzinfo=None)
        busy = self.ep.call(
            "office_get_schedule",
            schedules=[address],
            start=(at - timedelta(days=1)).strftime("%Y-%m-%dT%H:%M:%S"),
            end=(at + timedelta(days=21)).strftime("%Y-%m-%dT%H:%M:%S"),
        )["schedules"][0]["schedule_items"]
        return Person(
            zone=zone,
            hours=(_hm(start), _hm(end)),
            no_meeting_days=tuple(WEEKDAYS.index(d) for d in days if d in WEEKDAYS),
            busy=[(_utc(b["start"]), _utc(b["end"])) for b in busy if b["status"] in ("busy", "oof")],
        )


WEEKDAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]


def _hm(value: str):  # noqa: ANN202
    from datetime import time as clock

    return clock.fromisoformat(value)


def _utc(value: str) -> datetime:
    from zoneinfo import ZoneInfo

    return datetime.fromisoformat(value.replace("Z", "+00:00")).astimezone(ZoneInfo("UTC"))


def _customer(ep: Any, address: str) -> Person | None:
    from apps.office.customers.card import HOURS, time_zone_of

    rows = ep.db.execute_raw(
        "SELECT mailing_country, mailing_state FROM crm_contact WHERE lower(email) = lower(?)", (address,)
    )
    if not rows:
        return None
    zone = time_zone_of({"country": rows[0][0], "state": rows[0][1]})
    return Person(zone=zone, hours=(_hm(HOURS[0]), _hm(HOURS[1])))


def run_corpus(
    gym: Gym,
    only: list[Kind] | None = None,
    *,
    log: Callable[[str], None] = lambda _: None,
    sample: Callable[[Kind], list[Case]] | None = None,
    runner: Runner | None = None,
) -> list[KindResult]:
    """Play every case (or `sample(kind)` of each kind) and score it (in `runner`'s episode when given)."""
    own = runner is None
    runner = runner or Runner(gym)
    try:
        results = []
        for kind in only or list(kinds()):
            started = time.perf_counter()
            chosen = sample(kind) if sample else list(kind.cases)
            done = [runner.run_case(c) for c in chosen]
            results.append(KindResult(kind.name, kind.title, kind.attack, done))
            seconds = time.perf_counter() - started
            log(f"personas: {kind.name}: {sum(c.ok for c in done)}/{len(done)} ({seconds:.0f} s)")
        return results
    finally:
        if own:
            runner.close()


def write_results(path: Path, results: list[KindResult]) -> None:
    """Every case's result as JSON (what was said, what was missed), for reading the failures."""
    doc = [{"kind": r.name, "cases": [asdict(c) for c in r.cases]} for r in results]
    path.write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n")
