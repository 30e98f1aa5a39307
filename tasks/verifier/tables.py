"""Set match on a table inside a text (an answer, a mail body): the rows the task expects, each found by
its key with its exact amounts, and no row about another key.

A table may be written as Markdown or pipe-separated lines, tab- or comma-separated lines, an HTML table,
or one item per line: a row is a line (an HTML `<tr>`). Amounts compare to the cent, ignoring their sign
and formatting ("$1,234.50", "(1,234.50)", "-1234.5" are all 1234.50), so "off by one" or a missing or
extra anomaly fails while the reporter keeps their own layout.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from typing import Any

from tasks.match_model import TableMatch

_NUMBER = re.compile(r"(?<![\w.])\(?-?\$?\s?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?\)?(?![\w])")
_TAG = re.compile(r"<[^>]+>")


def table_rows(text: str) -> list[str]:
    """The rows of a text: its lines, HTML table rows as lines, tags and entities removed."""
    text = re.sub(r"(?i)</tr\s*>|<br\s*/?>|</p\s*>|</li\s*>", "\n", str(text))
    text = re.sub(r"(?i)</t[dh]\s*>", " | ", text)
    text = html.unescape(_TAG.sub(" ", text))
    return [line for line in (ln.strip() for ln in text.splitlines()) if line]


def amounts_in(row: str) -> set[int]:
    """Every number of a row in whole cents, sign dropped."""
    found = set()
    for whole, fraction in _NUMBER.findall(row):
        value = float(whole.replace(",", "") + (fraction or ""))
        found.add(round(abs(value) * 100))
    return found


def _words(text: str) -> str:
    return re.sub(r"[\s_\-/]+", " ", text).casefold()


def _row_fits(row: str, expected: Any, amounts: Callable[[str], set[int]] = amounts_in) -> bool:
    lowered = _words(row)
    if not any(key.casefold() in row.casefold() for key in (expected.key, *expected.aliases)):
        return False
    if not all(_words(word) in lowered for word in expected.words):
        return False
    cents = amounts(row)
    return all(round(abs(a) * 100) in cents for a in expected.amounts)


def table_problems(
    rule: TableMatch, value: Any, amounts: Callable[[str], set[int]] = amounts_in
) -> list[str]:
    """What is wrong with the table in `value` (empty: it matches). `amounts` reads a row's amounts in whole
    cents (a rubric criterion reads them in any notation: "$1.84M")."""
    if value is None:
        return ["no text"]
    rows = table_rows(str(value))
    problems = []
    for expected in rule.rows:
        if not any(_row_fits(row, expected, amounts) for row in rows):
            want = ", ".join(f"{a:,.2f}" for a in expected.amounts)
            problems.append(f"no row for {expected.key}" + (f" with {want}" if want else ""))
    if rule.other_keys:
        known = {k.casefold() for e in rule.rows for k in (e.key, *e.aliases)}
        extra = sorted(
            {m for row in rows for m in re.findall(rule.other_keys, row) if m.casefold() not in known}
        )
        problems += [f"a row about {key}, which is not expected" for key in extra]
    for stale in rule.absent:
        if any(_row_fits(row, stale, amounts) for row in rows):
            shown = ", ".join(f"{a:,.2f}" for a in stale.amounts)
            problems.append(f"a row still shows {stale.key}" + (f" with {shown}" if shown else ""))
    return problems


def table_matches(rule: TableMatch, value: Any) -> bool:
    return not table_problems(rule, value)


def drop_row(text: str, key: str) -> str:
    """`text` without the lines naming `key` (a report missing one anomaly)."""
    return "\n".join(line for line in str(text).split("\n") if key.casefold() not in line.casefold())


def bump_amount(text: str, key: str, amount: float) -> str | None:
    """`text` with `amount` in the line naming `key` raised by one (an off-by-one report), or None."""
    lines = str(text).split("\n")
    for i, line in enumerate(lines):
        if key.casefold() not in line.casefold():
            continue
        for shown in (f"{amount:,.2f}", f"{amount:.2f}", f"{amount:,.0f}", f"{amount:.0f}"):
            if shown in line:
                lines[i] = line.replace(shown, f"{amount + 1:,.2f}", 1)
                return "\n".join(lines)
    return None
