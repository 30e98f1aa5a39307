"""Paraphrase positives, the converse of mutants: the oracle again, its free text rewritten as a competent
colleague might write it — with extra courtesy and no final full stop, names in another form, numbers and
dates in another notation, sentences reordered, a few words swapped for synonyms. Every paraphrase must
pass: a verdict that fails one depends on wording. Words the truth requires literally (what the prompt
quotes) are kept as they are, and a field the truth wants exactly (`text`) is left alone.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from datetime import date

from tasks.match_model import Match
from tasks.model import Task
from tasks.truth_model import OracleStep

FREE_TEXT = (
    "text",
    "body",
    "comments",
    "comment",
    "close_notes",
    "answer",
    "content",
    "workaround",
    "message",
)
SYNONYMS = [
    (r"\bnotified\b", "informed"),
    (r"\bEscalated to\b", "Raised with"),
    (r"\bplease\b", "kindly"),
    (r"\bcould you\b", "would you"),
    (r"\bThanks\b", "Many thanks"),
    (r"\bHi\b", "Hello"),
]
SMALL = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
]


def _rules(task: Task) -> Iterator[Match]:
    def walk(rule: Match) -> Iterator[Match]:
        yield rule
        for sub in (rule.all_of or []) + (rule.any_of or []):
            yield from walk(sub)

    tops = [r for e in task.truth.expect for r in e.fields.values()]
    tops += [r for c in task.truth.checkpoints for e in c.expect for r in e.fields.values()]
    if task.truth.answer is not None:
        tops += ([task.truth.answer.match] if task.truth.answer.match else []) + list(
            task.truth.answer.because
        )
    for rule in tops:
        yield from walk(rule)


def _protected(task: Task) -> tuple[list[str], set[str]]:
    """The literals the truth requires (kept as written) and the values it wants exactly (left alone)."""
    kept, exact = [], set()
    for rule in _rules(task):
        if rule.contains:
            kept.append(rule.contains)
        if rule.text:
            exact.add(rule.text.casefold().strip())
        if rule.table:
            kept += [w for row in rule.table.rows for w in (row.key, *row.aliases, *row.words)]
        if rule.record:  # a record's name or number is an identifier, copied as it is
            kept += [x for x in (rule.record.name, rule.record.number, rule.record.id) if x]
    return sorted(set(kept), key=len, reverse=True), exact


def _people(task: Task) -> list[str]:
    return sorted({r.person.name for r in _rules(task) if r.person}, key=len, reverse=True)


def _masked(text: str, kept: list[str], rewrite: Callable[[str], str]) -> str:
    """`rewrite(text)` with every kept literal untouched (each stands in as one private-use character
    meanwhile, which no rewrite matches)."""
    slots: list[str] = []

    def hide(m: re.Match) -> str:
        slots.append(m.group(0))
        return chr(0xE000 + len(slots) - 1)

    for literal in kept:
        if literal.strip():
            text = re.sub(re.escape(literal), hide, text, flags=re.I)
    out = rewrite(text)
    return re.sub("[\ue000-\uf8ff]", lambda m: slots[ord(m.group(0)) - 0xE000], out)


def courteous(text: str, _: Task) -> str:
    return f"Hello, {text.rstrip().rstrip('.')} - many thanks"


def reordered(text: str, _: Task) -> str:
    parts = [p for p in re.split(r"(?<=[.!?])\s+", text.strip()) if p]
    return " ".join(reversed(parts)) if len(parts) > 1 else f"For the record: {text}"


def synonyms(text: str, _: Task) -> str:
    for pattern, word in SYNONYMS:
        text = re.sub(pattern, word, text)
    return text


def names(text: str, task: Task) -> str:
    for name in _people(task):
        parts = name.split()
        if len(parts) >= 2:
            text = re.sub(re.escape(name), f"{parts[-1].upper()}, {' '.join(parts[:-1])}", text)
    return text


def notation(text: str, task: Task) -> str:
    def day(m: re.Match) -> str:
        d = date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
        return f"{d:%B} {d.day}, {d.year}"

    text = re.sub(r"\b(\d{4})-(\d{2})-(\d{2})\b(?![T:\d])", day, text)
    if any(r.table for r in _rules(task)):  # a table's amounts keep their digits
        return text
    text = re.sub(r"(\d+(?:\.\d+)?)\s?%", r"\1 percent", text)
    text = re.sub(
        r"\$(\d{1,3}(?:,\d{3})+|\d+)(\.\d\d)?\b",
        lambda m: f"{m.group(1).replace(',', '')}{m.group(2) or ''} dollars",
        text,
    )
    return re.sub(
        r"(?<![\w.,$-])(\d{1,2})(?![\w.,%:/-])",
        lambda m: SMALL[int(m.group(1))] if int(m.group(1)) < len(SMALL) else m.group(1),
        text,
    )


REWRITES: dict[str, Callable[[str, Task], str]] = {
    "courteous": courteous,
    "reordered": reordered,
    "synonyms": synonyms,
    "names": names,
    "notation": notation,
}
# Each paraphrase run applies several rewrites to every free text of the oracle (two runs per instance keep
# the calibration of the long scenarios affordable)
VARIANTS = {
    "names+notation+courteous": ("names", "notation", "courteous"),
    "synonyms+reordered": ("synonyms", "reordered"),
}
# A long-horizon scenario (its oracle is minutes long) is paraphrased once, every rewrite at a time
LONG_VARIANT = {"all rewrites": ("names", "notation", "synonyms", "courteous")}


def variants(task: Task) -> dict[str, tuple[str, ...]]:
    """The paraphrase runs of a task: two, or one for a long-horizon scenario."""
    long = task.truth.measures is not None and task.truth.measures.scenario
    return LONG_VARIANT if long else VARIANTS


# Rewrites of a whole message (its opening, its order); the others change words in place
WHOLE = {"courteous", "reordered"}
# A line of a structured (Markdown) document: heading, bullet, numbered item or table row
MARKER = re.compile(r"^(#{1,6} |[-*] |\d+[.)] |\|)")


def _structured(text: str, rewrite: Callable[[str, bool], str]) -> str:
    """A Markdown document's content (not an answer or a mail, which may well be wrapped in courtesy)
    rewritten line by line: its structure is what the prompt dictates, so a
    heading, bullet or numbered item keeps its marker and only has words changed in place, a table row is
    left alone, and only a plain paragraph is reworded as a whole."""
    out = []
    for line in text.split("\n"):
        m = MARKER.match(line)
        if m is None:
            out.append(rewrite(line, True) if line.strip() else line)
        elif m.group(1) == "|":
            out.append(line)
        else:
            out.append(m.group(1) + rewrite(line[m.end() :], False))
    return "\n".join(out)


def paraphrased(task: Task, oracle: list[OracleStep], variant: str) -> list[OracleStep] | None:
    """The oracle with its free text rewritten by the variant's rewrites, or None when nothing changes."""
    kept, exact = _protected(task)

    def rewrite(text: str, whole: bool = True) -> str:
        for how in {**VARIANTS, **LONG_VARIANT}[variant]:
            if whole or how not in WHOLE:
                text = REWRITES[how](text, task)
        return text

    out, changed = [], False
    for s in oracle:
        args = dict(s.args)
        for key in FREE_TEXT:
            value = args.get(key)
            if not isinstance(value, str) or value.startswith("$") or value.casefold().strip() in exact:
                continue
            if key == "content" and any(MARKER.match(line) for line in value.split("\n")):
                new = _masked(value, kept, lambda t: _structured(t, rewrite))
            else:
                new = _masked(value, kept, rewrite)
            changed |= new != value
            args[key] = new
        out.append(OracleStep(tool=s.tool, args=args))
    return out if changed else None


def stuffed_answer(task: Task) -> str | None:
    """The answer with every rival candidate the truth names listed beside it (a guess, not an answer), or
    None when the answer rule names no rivals."""
    rule = task.truth.answer.match if task.truth.answer else None
    answer = next((s.args.get("answer") for s in task.truth.oracle if s.tool == "complete_task"), None)
    if rule is None or not answer:
        return None
    rivals = [o.name for o in rule.person.others] if rule.person and rule.person.alone else []
    if rule.record and rule.record.alone:
        rivals = [o.number or o.name or o.id for o in rule.record.others]
    if rule.date and rule.date.others:
        rivals = list(rule.date.others)
    return f"{answer}, {', '.join(str(r) for r in rivals)}" if rivals else None
