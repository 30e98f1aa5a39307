"""The fix of an incident or a problem, found from its short description: every short description the
world writes comes from a template of one issue (`issues.EMPLOYEE`, `mac_issues.MAC`,
`customer_issues.CUSTOMER`), and a problem is "Recurring: <issue>". The world's resolution and problem
notes, the families that dictate notes, and the audit that checks notes all go through `fix_for_text`."""

from __future__ import annotations

import functools
import re
import string
from collections.abc import Callable

from apps.ticketing.world.customer_issues import CUSTOMER
from apps.ticketing.world.fix_customer import customer_fix
from apps.ticketing.world.fix_model import Fix
from apps.ticketing.world.fix_texts import EMPLOYEE_FIXES, MAC_FIXES
from apps.ticketing.world.issues import EMPLOYEE
from apps.ticketing.world.mac_issues import MAC
from worlds.generator.company import CATALOG

PROBLEM_PREFIX = "Recurring: "
# the catalogue's product names, longest first ("Acme Flow Automation 4.8.7: ..." is no product "Acme")
PRODUCT_NAMES = "|".join(re.escape(n) for n in sorted((row[1] for row in CATALOG), key=len, reverse=True))


def _pattern(template: str) -> re.Pattern[str]:
    """A template's text as an anchored regex: literal text as it is, each slot any text (`product`
    captured)."""
    parts, named = [], False
    for literal, field, _, _ in string.Formatter().parse(template):
        parts.append(re.escape(literal))
        if field is not None:
            slot = field.split(".")[0]
            if slot == "product" and not named:
                parts.append(f"(?P<product>{PRODUCT_NAMES})")
                named = True
            else:
                parts.append(".+?")
    return re.compile("^" + "".join(parts) + "$", re.DOTALL)


@functools.cache
def _matchers() -> tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], Fix]], ...]:
    found: list[tuple[re.Pattern[str], Callable[[re.Match[str]], Fix]]] = []
    # a Mac's own words first ("Update rollback on X (macOS 15.1)" would also fit the Windows template)
    for key, issue in MAC.items():
        mac_only = [t for t in issue.shorts if re.search(r"macOS|panic", t.text)]
        found += [(_pattern(t.text), lambda m, f=MAC_FIXES[key]: f) for t in mac_only]
    for key, issue in EMPLOYEE.items():
        fix = EMPLOYEE_FIXES[key]
        found += [(_pattern(t.text), lambda m, f=fix: f) for t in issue.shorts]
        found.append((_pattern(key), lambda m, f=fix: f))  # a problem's "Recurring: <issue>"
        if key in MAC_FIXES:  # ... which may have been first reported from a Mac
            found.append((_pattern(key), lambda m, f=MAC_FIXES[key]: f))
    for key, issue in MAC.items():
        fix = MAC_FIXES.get(key, EMPLOYEE_FIXES[key])  # overheating, a full disk: the same fix
        found += [(_pattern(t.text), lambda m, f=fix: f) for t in issue.shorts]
    for kind, pairs in CUSTOMER.items():
        for index, (short, _) in enumerate(pairs):
            found.append((_pattern(short.text), lambda m, k=kind, i=index: customer_fix(k, i, m["product"])))
    return tuple(found)


def fix_for_text(short_description: str) -> Fix | None:
    """The fix of the issue an incident's (or a problem's) short description tells, or None."""
    text = short_description.removeprefix(PROBLEM_PREFIX).strip()
    for pattern, make in _matchers():
        if found := pattern.match(text):
            return make(found)
    return None


def fixes_for_text(short_description: str) -> list[Fix]:
    """Every fix whose templates match the text (a well-formed world has exactly one per text)."""
    text = short_description.removeprefix(PROBLEM_PREFIX).strip()
    out: list[Fix] = []
    for pattern, make in _matchers():
        if (found := pattern.match(text)) and (fix := make(found)) not in out:
            out.append(fix)
    return out


def key_phrase(text: str, words: int = 8) -> str:
    """A short, distinctive lower-case phrase of `text` (its first clause, at most `words` words), for a
    check that the text was written."""
    clause = re.split(r"[;,:(]", text, maxsplit=1)[0].strip().rstrip(".")
    return " ".join(clause.split()[:words]).lower()
