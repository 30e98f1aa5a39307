"""`saasgym tasks lint`: nothing a truth requires may be absent from what the performer is told.

Every literal a truth expectation, an answer rule or a checkpoint requires — the words of a `contains` or
`text` rule, the keys and words of a table's rows — must be stated in the public prompt or be a fact of the
world (a value the world's records hold: a name, a subject, a policy's text, a colleague's knowledge). Rules
that read meaning (a person, record, number, date or decision) require no wording; a refusal's reasons are
alternatives (any one of them, in any words), not literals to write, and are not linted. A checkpoint may not
require more than the expectation it tracks: where a checkpoint's expectation is about the same row as one of
the truth's, its rules must be among the truth's.
"""

from __future__ import annotations

import io
import re
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime
from functools import cache, lru_cache

from apps.core.meaning import find_dates, fold, words
from tasks.match_model import Match
from tasks.model import Task
from tasks.truth_model import Expectation


@dataclass(frozen=True)
class Violation:
    """One literal a task requires that neither its prompt nor its world states (or a checkpoint rule its
    expectation does not have)."""

    task: str
    family: str | None
    where: str
    literal: str
    why: str

    def as_dict(self) -> dict[str, str | None]:
        return {"task": self.task, "family": self.family, "where": self.where, "literal": self.literal,
                "why": self.why}  # fmt: skip


def _phrase(text: str) -> str:
    return " " + " ".join(words(text)) + " "


def _fold_blob(text: str) -> str:
    """The world's text folded at once as `words` folds one value (case, diacritics, punctuation)."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    plain = plain.replace("\u2019", "'").casefold()
    return " " + re.sub(r"(?:[^a-z0-9']|'(?![a-z]))+", " ", plain) + " "


@lru_cache(maxsize=4)
def world_facts(world: str) -> str:
    """Every text value the world's records hold (all apps, world parts included), folded into one string
    in which a literal's words are searched."""
    from apps.core.api import Gym

    ep = Gym().create_episode(world)
    try:
        values = []
        tables = [r[0] for r in ep.db.execute_raw(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_%' ESCAPE '\\' "
            "ORDER BY name", ())]  # fmt: skip
        for table in tables:
            cols = [r[1] for r in ep.db.execute_raw(f'PRAGMA table_info("{table}")', ())]
            for col in cols:
                sql = f'SELECT DISTINCT "{col}" FROM "{table}" WHERE typeof("{col}") = ?'
                rows = ep.db.execute_raw(sql, ("text",))
                values += [r[0] for r in rows]
        values += _workbook_cells(ep)
        return _fold_blob("\n|\n".join(values))
    finally:
        ep.close()


def _workbook_cells(ep: object) -> list[str]:
    """The text of the world's stored workbooks (a ledger shared as an .xlsx file is a fact too)."""
    from python_calamine import CalamineWorkbook

    cells = []
    for (data,) in ep.db.execute_raw("SELECT content FROM office_file_content ORDER BY id", ()):
        if not isinstance(data, bytes) or not data.startswith(b"PK"):
            continue
        try:
            book = CalamineWorkbook.from_filelike(io.BytesIO(data))
        except Exception:  # a stored file that is not a workbook (a document): no cells
            continue
        for name in book.sheet_names:
            cells += [str(v) for row in book.get_sheet_by_name(name).to_python() for v in row if v != ""]
    return cells


def _literals(rule: Match) -> Iterator[list[str]]:
    """The literals a rule requires, as groups: a group is satisfied when any one of its literals is
    grounded (an `any_of` gives one group of alternatives; everything else one literal per group)."""
    if rule.contains is not None:
        yield [rule.contains]
    if rule.text is not None:
        yield [rule.text]
    if rule.table is not None:
        for row in rule.table.rows:
            yield [row.key, *row.aliases]
            yield from ([w] for w in row.words)
    for sub in getattr(rule, "all_of", None) or []:
        yield from _literals(sub)
    if getattr(rule, "any_of", None):
        alternatives = [lit for sub in rule.any_of for group in _literals(sub) for lit in group]
        has_meaning_rule = any(not list(_literals(sub)) for sub in rule.any_of)
        if alternatives and not has_meaning_rule:
            yield alternatives


AUTHORS = ("from_address", "sys_created_by", "from_user_id", "created_by_id")


@lru_cache(maxsize=4)
def performers(world: str) -> frozenset[str]:
    """Who the performer is in `world`: each app's acting user id and their e-mail addresses."""
    from apps.core.api import Gym
    from apps.core.worlds import load_world

    gym, loaded = Gym(), load_world(world)
    ids = {uid for spec in gym.apps.values() if (uid := spec.acting_user(loaded))}
    ep = gym.create_episode(world)
    try:
        mails = [
            r[0]
            for sql in (
                "SELECT mail FROM office_user WHERE id = ?",
                "SELECT email FROM crm_user WHERE id = ?",
                "SELECT email FROM ticketing_sys_user WHERE sys_id = ?",
            )
            for uid in ids
            for r in ep.db.execute_raw(sql, (uid,))
        ]
    finally:
        ep.close()
    return frozenset(ids | set(mails))


def _someone_else_wrote(exp: Expectation, me: frozenset[str]) -> bool:
    """A row another person writes (a colleague's reply, a caller's comment): its words are theirs, not a
    requirement on the performer's."""
    for name in AUTHORS:
        rule = exp.fields.get(name)
        if rule is None:
            continue
        values = [rule.equals] if "equals" in rule.model_fields_set else list(rule.one_of or [])
        return bool(values) and not me & {str(v) for v in values}
    return False


def _rules(task: Task, me: frozenset[str]) -> Iterator[tuple[str, Match]]:
    for i, exp in enumerate(task.truth.expect, start=1):
        if _someone_else_wrote(exp, me):
            continue
        for name, rule in exp.fields.items():
            yield f"expect {i} ({exp.table}).{name}", rule
    answer = task.truth.answer
    if answer is not None and answer.match is not None:
        yield "answer", answer.match
    for point in task.truth.checkpoints:
        for exp in point.expect:
            if _someone_else_wrote(exp, me):
                continue
            for name, rule in exp.fields.items():
                yield f"checkpoint {point.name!r} ({exp.table}).{name}", rule
        if point.called is not None:
            for name, rule in point.called.args.items():
                yield f"checkpoint {point.name!r} ({point.called.tool}).{name}", rule


HOLE = "<>"  # a placeholder of the prompt ("<opportunity name>"): the performer fills it from the world


def _tokens(prompt: str) -> list[str]:
    """The prompt's words, each `<placeholder>` one HOLE token."""
    out: list[str] = []
    for i, part in enumerate(re.split(r"<[^<>]{1,80}>", prompt)):
        out += ([HOLE] if i else []) + words(part)
    return out


def _in_template(said: list[str], template: list[str], facts: str, exchange: bool = False) -> bool:
    """Whether the words `said` are a stretch of the prompt with its placeholders filled in by facts of the
    world (each HOLE takes one or more words the world's records hold; the stretch may begin or end inside
    a filled placeholder, but at least one of its words must be the prompt's own)."""
    if HOLE not in template:
        return False

    def fact(a: int, b: int, edge: bool) -> bool:
        piece = " " + " ".join(said[a:b])
        if exchange and exchange_value(piece):
            return True
        return piece in facts if edge else piece + " " in facts

    @cache
    def fits(i: int, j: int, hole: int, own: bool) -> bool:
        if i == len(said):
            return own and (hole < 0 or fact(hole, i, edge=True))
        if j == len(template):
            return False
        if template[j] == HOLE:
            start = i if hole < 0 else hole
            stay = fits(i + 1, j, start, own)
            leave = fact(start, i + 1, edge=start == 0) and fits(i + 1, j + 1, -1, own)
            return stay or leave
        return template[j] == said[i] and fits(i + 1, j + 1, -1, True)

    return any(fits(0, j, -1, False) for j, t in enumerate(template) if t in (HOLE, said[0]))


def exchange_value(literal: str) -> bool:
    """A value a colleague's answer gives (a day, a quarter): what a task with a persona exchange may
    require without the world's records holding it."""
    said = fold(literal).strip(" .")
    if re.fullmatch(r"q[1-4] \d{4}", said):
        return True
    found = find_dates(literal, datetime(2026, 11, 2))
    return len(found) == 1 and len(found[0].text) >= len(said) - 2


def _grounded(literal: str, prompt: str, facts: str, exchange: bool = False) -> bool:
    """Stated by the prompt (as words, or as a piece of its text: "jam" of "jams"), by the prompt with its
    placeholders filled in, or by the world's records (a cut literal — a note's first 60 characters — as
    the start of one); with a persona `exchange`, also a day or quarter the colleague's answer gives. A
    reply's "RE:"/"FW:" and a file's extension are the product's."""
    literal = re.sub(r"^\s*(?:re|fw|fwd)\s*:\s*", "", literal, flags=re.I)
    literal = re.sub(r"\.(?:xlsx|docx|pptx|pdf|csv)\s*$", "", literal, flags=re.I)
    said = _phrase(literal)
    if not said.strip() or said in _phrase(prompt) or said.rstrip() in facts:
        return True
    if fold(literal) in fold(prompt) or (exchange and exchange_value(literal)):
        return True
    return _in_template(said.split(), _tokens(prompt), facts, exchange)


def _same_row(a: Expectation, b: Expectation) -> bool:
    if a.table != b.table or a.op != b.op:
        return False
    if a.op != "insert":
        return a.pk == b.pk
    keys = [k for k, r in a.fields.items() if "equals" in r.model_fields_set]
    return bool(keys) and all(k in b.fields and b.fields[k] == a.fields[k] for k in keys)


def _beyond_expectations(task: Task) -> Iterator[Violation]:
    """Checkpoint rules the truth's expectation on the same row does not have."""
    for point in task.truth.checkpoints:
        for exp in point.expect:
            twins = [e for e in task.truth.expect if _same_row(exp, e)]
            if not twins:
                continue
            for name, rule in exp.fields.items():
                if not any(t.fields.get(name) == rule for t in twins):
                    yield Violation(task.id, task.public.family, f"checkpoint {point.name!r} ({exp.table})",
                                    name, "the checkpoint requires more than its expectation")  # fmt: skip


def lint_task(task: Task, facts: str | None = None) -> list[Violation]:
    """Every violation of one task (hand-written or a family instance)."""
    facts = world_facts(task.public.world) if facts is None else facts
    if task.truth.arrivals:  # a mail that arrives during the episode states what it asks to the performer
        facts += _fold_blob("\n|\n" + "\n|\n".join(f"{a.subject}\n{a.body}" for a in task.truth.arrivals))
    exchange = bool(task.truth.mutations.exchange)
    me = performers(task.public.world)
    found = []
    for where, rule in _rules(task, me):
        for group in _literals(rule):
            if not any(_grounded(lit, task.public.prompt, facts, exchange) for lit in group):
                why = "neither the prompt nor the world states it"
                found.append(Violation(task.id, task.public.family, where, " | ".join(group), why))
    return found + list(_beyond_expectations(task))


def sample_seeds(size: int, n: int) -> list[int]:
    """`n` seeds spread over a catalog of `size` (the variants a family's knobs draw are likely among
    them)."""
    step = max(1, size // n)
    return list(range(0, size, step))[:n]


def lint(tasks: Iterable[Task]) -> list[Violation]:
    """Every violation of `tasks`."""
    return [v for task in tasks for v in lint_task(task)]
