"""The values a request asks for: the percentage or sum to approve (the one requested — not a policy limit
someone quotes, not a deal's size mentioned beside it, not the largest figure of the mail), a meeting's
length and the days it may fall on.
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta

from apps.core.meaning import find_dates, find_numbers
from apps.core.meaning.numbers import spelled_out_as_digits
from apps.core.understanding.lexicon import english

# the last of these words before a sum says whether it is the one requested or a figure quoted beside it
_CUES = re.compile(
    r"\b(?:(?P<quoted>limit|threshold|policy|heard|mentions?|quota|deal is|deal of"
    # what a service credit is computed from ("one month's fees are $50,000", "contract value of $600,000")
    r"|(?:(?:one )?month'?s fees?|monthly fees?|fees? (?:a|per) month|contract value|closed won"
    r"|annual contract)"
    r"(?: (?:are|is|of|were|come to|total|at))?)"
    r"|(?P<asked>claims?|expenses?|reimburse\w*|approve|approval|spent|cost|costs|for|of|my|order"
    r"|purchase\w*|po))\b"
)
# a figure followed (after a modifier or two) by these states a bound or a size, not an ask ("the $5,000
# line-manager threshold", "$5,000 approval band", "the $600k deal"); a parenthesis after a figure says
# something about it ("$4,229.75 (Director band)")
_AFTER_NOT_REQUESTED = re.compile(
    r"^[^\w(]*(?:(?:[a-z]+-[a-z]+|approval|approver|spending|signing|manager)\s+){0,2}"
    r"(?:deal|opportunity|limit|threshold|figure|band|ceiling|cap|tier|level|authority)\b"
)
_COUNTS = {"two": 2, "2": 2, "three": 3, "3": 3, "four": 4, "4": 4}
_EACH = re.compile(r"\b(two|three|four|2|3|4)\b(?!.*\b(?:two|three|four|2|3|4)\b)")
_TRAILING_CURRENCY = re.compile(r"(\d{1,3}(?:[.,]\d{3})+|\d+)(?:[.,](\d{2}))?\s?([$€£])")
_POINTS = re.compile(r"\b(\d+(?:\.\d+)?)[- ]points?\b")
_NIGHT = re.compile(r"(?:a|per|/)\s*night")
# a figure right after these words states a policy's rule ("discounts over 25% up to 35%", "the hotel limit
# of $250 a night"), not what is asked; "and"/"to" only continue a range a rule figure began ("25% and 35%")
_RULE_BEFORE = re.compile(
    r"\b(?:over|above|up to|more than|less than|beyond|exceed\w*|below|under|between|within|limit(?: is| of)?"
    r"|threshold(?: is| of)?|cap(?: is| of)?|max(?:imum)?(?: is| of)?|band(?: is| of)?|ceiling(?: is| of)?"
    r"|authority(?: is| of)?)(?: (?:the|your|my|our|a|an|his|her|their))?\W*$"
)
_FIGURE_THEN_WORD = re.compile(r"\d\s?%?\s+(?:below|above|under|over)\W*$")
_RANGE_BEFORE = re.compile(r"\b(?:and|to|-)\W*$|^\W*-\W*$")
_RANGE_AFTER = re.compile(r"^\s?(?:-|–|—|to)\s?\$?\d")
# a sum that totals the others of its sentence ("$445 a night ($890 in total)")
_UNIT_AFTER = re.compile(r"^\W*(?:each|apiece|a piece|per (?!cent\b|night\b)[a-z]+)\b")
_TOTAL_AFTER = re.compile(r"^\W*(?:in total|total)\b")
_TOTAL_BEFORE = re.compile(r"\b(?:in total|total(?: of)?|totall?ing|altogether)\W*$")
# a percentage the deal already has ("already carries 12.5%", "currently at 10%") is context, not an ask
_EXISTING = re.compile(
    r"\b(?:already (?:carries|carry|has|have|gets?|got|includes?|at|on)|currently(?: (?:has|at|on|gets?))?"
    r"|existing(?: discount)?(?: of)?|current discount(?: of| is)?)\b[^%.;]{0,30}$"
)
# a percentage right after these words says the ask again another way ("i.e. about 34.7% off list")
_RESTATED = re.compile(
    r"(?:\bi\.?e\.?|\bthat is|\bwhich is|\bthat's|\bequivalent to|\broughly|\bapproximately|\babout"
    r"|\baround|\btherefore|\boverall|\beffectively|≈|~)[^%.;]{0,15}$"
)
_SEPARATE = re.compile(r"\b(?:unrelated|separate|different (?:trips?|purposes?|claims?)|two unrelated)\b")


_SHARE_OF = re.compile(r"\s*(?:of\b|x\s|×|\*)")
_DISCOUNT_WORD = re.compile(r"\bdiscount|\boff\b|\bmarkdown\b|\breduction\b")


def percents(text: str) -> list[float]:
    """Percentages the text asks for ("12.5%", "twelve and a half percent", "14,5%", "a 22-point discount");
    one quoted as already approved ("since you approved 12%") only when it is the only one; never one the
    deal already carries ("the line already carries 12.5%"), one that says the ask again another way
    ("28% off the quote, i.e. about 34.7% off list"), nor a share worked out in a text that speaks of no
    discount ("5% of one month's fees")."""
    source = english(text)
    found: list[tuple[float, bool]] = []  # (value, whether it is quoted as approved already)
    rule = False  # whether the figure before was a rule's (a range goes on: "over 25% up to 35%")
    seen = False  # whether a percentage came before (a later one may restate it)
    for q in find_numbers(source):
        at = _locate(source, q.text)
        if q.kind == "percent":
            if quoted_rule(source, at, after_rule=rule):
                rule = True
                continue
            rule = False
            if _SHARE_OF.match(source, at + len(q.text)) and not _DISCOUNT_WORD.search(source):
                continue  # "5% of one month's fees", "5% x $8,033.33": a share worked out, not a discount
            before = source[max(0, at - 45) : max(at, 0)]
            earlier, seen = seen, True
            if _EXISTING.search(before) or (earlier and _RESTATED.search(before)):
                continue  # what the deal has already, or a figure said again another way: never an ask
            found.append((q.value, bool(re.search(r"\bapproved\W*$", before[-20:]))))
    asked = [v for v, approved in found if not approved] or [v for v, _ in found]
    return asked or [float(m.group(1)) for m in _POINTS.finditer(spelled_out_as_digits(source))]


def quoted_rule(source: str, at: int, *, after_rule: bool = False) -> bool:
    """Whether the figure at `at` of `source` (English, folded) states a rule's bound rather than what is
    asked: after "over", "up to", "limit of" …, or continuing a range a rule figure began (`after_rule`)."""
    if at < 0:
        return False
    before = source[max(0, at - 25) : at]
    if _FIGURE_THEN_WORD.search(before):  # "you approved 12% below, 20% …": "below" places the mail
        return False
    return bool(_RULE_BEFORE.search(before) or (after_rule and _RANGE_BEFORE.search(before)))


def _money_first(text: str) -> str:
    """ "1.850 $" / "1 850 €" written currency-last (and with a thousands dot) as "$1,850"."""

    def fix(m: re.Match) -> str:
        whole = re.sub(r"[.,]", ",", m.group(1))
        return f"{m.group(3)}{whole}" + (f".{m.group(2)}" if m.group(2) else "")

    return _TRAILING_CURRENCY.sub(fix, text)


def requested_sums(text: str, names: list[str] | tuple[str, ...] = ()) -> list[float]:
    """The sums of money the text asks to approve, in order: a limit or policy figure quoted, a deal's
    amount ("a $46,400 deal", "Tate, Green and Harris - New Seats is at $46,400") are left out — the last
    cue word before a sum decides which it is.

    Args:
        text: the piece of the message.
        names: the deal names it mentions (a sum right after one is the deal's amount).
    """
    source = english(_money_first(text))
    ends = [m.end() for n in names for m in re.finditer(re.escape(english(n)), source)]
    out: list[float] = []
    totals: list[float] = []  # sums said to total others: asked only when they are all the text asks
    units: list[float] = []  # a unit's price with no count before it: asked only when nothing else is
    rule = False  # whether the sum before stated a rule's bound ("between $1,000 and $5,000" goes on)
    for q in find_numbers(source):
        scaled = bool(re.search(r"\d(?:k|m)\b", q.text, re.I))
        if q.kind != "money" and not scaled and not re.search(r"\bdollars?\b", q.text, re.I):
            continue
        at = _locate(source, q.text)
        # a band's first figure ("falls in the $1,000-$5,000 band") bounds a rule like "over $1,000" does
        band = at >= 0 and bool(_RANGE_AFTER.match(source[at + len(q.text) :]))
        rule = quoted_rule(source, at, after_rule=rule) or band
        if rule:
            continue
        if at >= 0:
            if any(0 <= at - end <= 25 for end in ends):
                continue
            cues = list(_CUES.finditer(source[max(0, at - 60) : at]))
            after = source[at + len(q.text) : at + len(q.text) + 30]
            if (cues and cues[-1].group("quoted")) or _AFTER_NOT_REQUESTED.search(after):
                continue
            if _TOTAL_AFTER.search(after) or _TOTAL_BEFORE.search(source[max(0, at - 20) : at]):
                totals.append(q.value)
                continue
            times = _EACH.search(source[max(0, at - 50) : at]) if re.match(r"\s*each\b", after) else None
            if times:
                out += [q.value] * _COUNTS[times.group(1)]
                continue
            if _UNIT_AFTER.match(after):  # "at $401.67 each", "$401.67 per ticket": a unit, not a part
                units.append(q.value)
                continue
        out.append(q.value)
    return out or totals or units


def referred_sums(text: str) -> list[float]:
    """Sums the text names as ones already given ("approve the $1,120 credit", "this $1,120"): said again,
    they are not another sum to add."""
    source = english(_money_first(text))
    out = []
    for q in find_numbers(source):
        at = _locate(source, q.text)
        before = source[max(0, at - 8) : at] if at >= 0 else ""
        if q.kind == "money" and re.search(r"\b(?:the|this|that|said)\s*$", before):
            out.append(q.value)
    return out


def nightly_rate(text: str) -> float | None:
    """A hotel's rate per night the text states ("$289 a night", "$240/night")."""
    source = english(text)
    for q in find_numbers(text):
        at = _locate(source, q.text)
        if at >= 0 and _NIGHT.match(source[at + len(q.text) :].strip()) and not quoted_rule(source, at):
            return q.value
    return None


def separate(text: str) -> bool:
    """Whether the text says its sums are for separate purposes (each decided on its own)."""
    return bool(_SEPARATE.search(english(text)))


def _locate(source: str, quantity: str) -> int:
    folded = english(quantity)
    return source.find(folded) if folded else -1


def shown(value: float, percent: bool) -> str:
    """A value as a request states it: "12.5%" or "$1,240" ("$138.40" with cents)."""
    if percent:
        return f"{value:g}%"
    return f"${value:,.2f}" if value % 1 else f"${value:,.0f}"


_LENGTH = [
    (re.compile(r"\bhalf an hour\b|\bhalf-hour\b"), 30),
    (re.compile(r"\b(\d+(?:\.\d+)?)\s*(?:-\s*)?(?:hours?|hrs?|h)\b"), 60),
    (re.compile(r"\b(?:an|one|1) hour\b|\ban hour\b"), 60),
    (re.compile(r"\b(\d+)\s*(?:-\s*)?(?:minutes?|mins?|m)\b"), 1),
]


def meeting_minutes(text: str) -> int | None:
    """A meeting's length the text asks for (30 for "30 min", "half an hour"; 60 for "an hour")."""
    source = english(text)
    for pattern, unit in _LENGTH:
        m = pattern.search(source)
        if m:
            return int(float(m.group(1)) * unit) if m.groups() else unit
    return None


_WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]


def meeting_days(text: str, now: datetime) -> tuple[list[date], str | None, str | None]:
    """The days a meeting may fall on (none: any working day from tomorrow on), and a not-before /
    before local time for "afternoon" / "morning"."""
    source = english(text)
    today = now.date()
    days: list[date] = []
    if re.search(r"\bnext week\b", source):
        monday = today + timedelta(days=7 - today.weekday())
        days = [monday + timedelta(days=i) for i in range(5)]
    elif re.search(r"\bthis week\b|\bbefore friday\b", source):
        days = [
            today + timedelta(days=i)
            for i in range(0, 5 - today.weekday())
            if (today + timedelta(days=i)).weekday() < 5
        ]
    for name in _WEEKDAYS:
        if re.search(rf"\b{name}\b", source):
            ahead = (_WEEKDAYS.index(name) - today.weekday()) % 7
            days = [d for d in days if d.weekday() == _WEEKDAYS.index(name)] or [
                today + timedelta(days=ahead)
            ]
    if re.search(r"\btoday or tomorrow\b", source):
        days = [today, today + timedelta(days=1)]
    elif re.search(r"\btomorrow\b", source):
        days = [today + timedelta(days=1)]
    elif re.search(r"\btoday\b", source) and not days:
        days = [today]
    if not days:
        days = [d.value for d in find_dates(text, now) if d.value >= today]
    after = "12:00" if re.search(r"\bafternoon\b", source) else None
    before = "12:00" if re.search(r"\bmorning\b", source) else None
    return days, after, before
