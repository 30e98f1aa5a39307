"""No text of any app is fake-data filler, and no authored text is one boilerplate line for every record.

Filler is what a fake-data library writes when asked for "a sentence": words drawn at random from its
lorem word list (Faker's `en_US` list: "Scene speak right pressure. Agree seek western among you seat
right."). A sentence whose every word is on that list can be plain English too ("Can support take a look
before my call?"), so a text is filler only when its list-only sentences (four words or more) read like
random draws from the list and not like English: English is about half closed-class words (the, of, to,
you, with ...), the list's draws about one in seven. The log-likelihood ratio of the two, over the text's
list-only words, must stay at or below `FILLER_LLR`.

Boilerplate: an authored field (a catalog item's description, a change's plans, a problem's cause, a
knowledge article's body) whose value, with the record's own name taken out, is the same for most records
("Request a {name}", "Follow the runbook.").
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterator

from faker.providers.lorem.en_US import Provider as Lorem

from worlds.audit.checks import Finding, World

LOREM = frozenset(Lorem.word_list)
LOREM_LOWER = frozenset(w.lower() for w in Lorem.word_list)
CLOSED_CLASS = frozenset(
    """a an the and or but nor so yet if then than that this these those there here which who whom whose
    what when where why how i me my mine we us our ours you your yours he him his she her hers it its they
    them their theirs to of in on at by for with from about into onto over under after before between
    through during without within is are was were be been being am do does did done have has had having
    will would shall should can could may might must not no yes as up out off down all any each every some
    such only also very just too more most much many few per via since until while because though although
    whether against among around across behind beyond near toward upon both either neither other another
    same own again ever never always often still already now soon please""".split()  # noqa: SIM905
)
P_LOREM = len(CLOSED_CLASS & LOREM) / len(LOREM)  # closed-class share of random draws from the list
P_ENGLISH = 0.5  # closed-class share of English running text
FILLER_LLR = 1.0
MIN_WORDS = 4  # a list-only sentence shorter than this is a noun phrase ("Prepare account plan")
SENTENCE = re.compile(r"[^.!?\n<>|:;()\"]+")
WORD = re.compile(r"[A-Za-z']+")
TAG = re.compile(r"<[^>]+>")
# authored fields that each record words for itself: (table, field, the column holding the record's name)
AUTHORED = (
    ("ticketing/sc_cat_item", "short_description", "name"),
    ("ticketing/sc_cat_item", "description", "name"),
    ("ticketing/kb_knowledge", "text", "short_description"),
    ("ticketing/change_request", "description", "short_description"),
    ("ticketing/change_request", "justification", None),
    ("ticketing/change_request", "implementation_plan", None),
    ("ticketing/change_request", "backout_plan", None),
    ("ticketing/change_request", "test_plan", None),
    ("ticketing/problem", "cause_notes", None),
    ("ticketing/problem", "fix_notes", None),
    ("ticketing/problem", "workaround", None),
)
BOILERPLATE_SHARE, BOILERPLATE_MIN = 0.5, 10
SHOWN = 4


def lorem_words(text: str) -> list[str]:
    """The words of `text`'s sentences made only of lorem-list words (at least MIN_WORDS each)."""
    words: list[str] = []
    for sentence in SENTENCE.findall(TAG.sub("\n", text)):
        found = WORD.findall(sentence)
        if len(found) >= MIN_WORDS and found[0].lower() in LOREM_LOWER and all(w in LOREM for w in found[1:]):
            words += [w.lower() for w in found]
    return words


def filler_score(text: str) -> float:
    """Log-likelihood ratio that `text`'s list-only words were drawn at random from the lorem list rather
    than written in English (0 when it has none)."""
    words = lorem_words(text)
    closed = sum(w in CLOSED_CLASS for w in words)
    if len(words) < MIN_WORDS:
        return 0.0
    return (len(words) - closed) * math.log((1 - P_LOREM) / (1 - P_ENGLISH)) + closed * math.log(
        P_LOREM / P_ENGLISH
    )


def is_filler(text: str) -> bool:
    """Whether `text` holds fake-data filler (see the module's docstring)."""
    return " " in text and filler_score(text) > FILLER_LLR


def no_filler(w: World) -> Iterator[Finding]:
    """No text field of any table holds lorem filler; no authored field is one line for most records."""
    flagged: Counter = Counter()
    examples: list[str] = []
    texts = 0
    for table in w.tables():
        for row in w[table]:
            for field, value in row.items():
                if not isinstance(value, str) or " " not in value:
                    continue
                texts += 1
                if is_filler(value):
                    flagged[f"{table}.{field}"] += 1
                    if len(examples) < 2:
                        examples.append(repr(TAG.sub(" ", value)[:60]))
    shown = ", ".join(f"{where} {n}" for where, n in flagged.most_common(SHOWN))
    yield Finding(
        "filler: no text is lorem-ipsum words (Faker's word list)",
        f"{sum(flagged.values())}/{texts}",
        not flagged,
        "; ".join([shown, *examples]) if flagged else "",
    )
    same = []
    for table, field, name in AUTHORED:
        values = [_without_name(r, field, name) for r in w[table] if r.get(field)]
        if len(values) < BOILERPLATE_MIN:
            continue
        top, n = Counter(values).most_common(1)[0]
        if n / len(values) >= BOILERPLATE_SHARE:
            same.append(f"{table}.{field} {n}/{len(values)} {top[:40]!r}")
    yield Finding(
        f"filler: no authored field is one line for most records (>= {BOILERPLATE_SHARE:.0%})",
        f"{len(same)} fields",
        not same,
        "; ".join(same[:SHOWN]),
    )


def _without_name(row: dict, field: str, name: str | None) -> str:
    """The field's text with the record's own name (and configuration item names) taken out."""
    text = row[field]
    if name and row.get(name):
        text = re.sub(re.escape(row[name]), "{}", text, flags=re.IGNORECASE)
    return re.sub(r"\b[\w-]+-\d{2}\b", "{ci}", text)
