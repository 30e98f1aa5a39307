"""Circular references and the formats Excel gives formula results, the two rules of Excel's that the
calculation engine leaves to the application.

- A formula that refers to itself, directly (=A1+1 in A1) or through other cells (A1 =B1, B1 =A1), is
  a circular reference: Excel warns and shows 0 in every cell of the cycle (iterative calculation off).
- A cell whose formula is =DATE(…) or =TODAY() takes the date format m/d/yyyy, =NOW() m/d/yyyy h:mm,
  when it still has the General format (Excel formats it so as the formula is entered); a formula that
  only starts with one (=DATE(…)-DATE(…), a number of days) keeps General.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from apps.office.services.xlfn import outside_strings

REF = re.compile(
    r"(?<![A-Za-z0-9_.$])(?:('(?:[^']|'')+'|[A-Za-z_][\w.]*)!)?\$?([A-Z]{1,3})\$?(\d+)"
    r"(?::\$?([A-Z]{1,3})\$?(\d+))?(?![\w(])"
)
MAX_RANGE_CELLS = 10_000
DATE_FORMATS = (
    (re.compile(r"^=\s*(DATE|TODAY)\s*\(", re.I), "m/d/yyyy"),
    (re.compile(r"^=\s*NOW\s*\(", re.I), "m/d/yyyy h:mm"),
)


def _col(letters: str) -> int:
    n = 0
    for ch in letters:
        n = n * 26 + ord(ch) - 64
    return n


def _name(col: int) -> str:
    out = ""
    while col:
        col, rem = divmod(col - 1, 26)
        out = chr(65 + rem) + out
    return out


def references(sheet: str, formula: str) -> set[tuple[str, str]]:
    """The cells (sheet, address) a formula refers to (ranges expanded up to 10,000 cells)."""
    found: set[tuple[str, str]] = set()

    def collect(text: str) -> str:
        for m in REF.finditer(text):
            where = (m.group(1) or sheet).strip("'").replace("''", "'")
            c1, r1 = _col(m.group(2)), int(m.group(3))
            c2, r2 = (_col(m.group(4)), int(m.group(5))) if m.group(4) else (c1, r1)
            if (abs(c2 - c1) + 1) * (abs(r2 - r1) + 1) > MAX_RANGE_CELLS:
                continue
            for c in range(min(c1, c2), max(c1, c2) + 1):
                for r in range(min(r1, r2), max(r1, r2) + 1):
                    found.add((where, f"{_name(c)}{r}"))
        return text

    outside_strings(formula, collect)
    return found


def in_cycles(formulas: dict[tuple[str, str], str]) -> set[tuple[str, str]]:
    """The formula cells that lie on a circular reference (Tarjan's strongly connected components)."""
    graph = {key: [r for r in references(key[0], f) if r in formulas] for key, f in formulas.items()}
    index: dict = {}
    low: dict = {}
    stack: list = []
    on_stack: set = set()
    cyclic: set[tuple[str, str]] = set()
    counter = [0]

    def visit(start: tuple[str, str]) -> None:  # iterative, so a long chain of cells cannot overflow
        work = [(start, iter(graph[start]))]
        index[start] = low[start] = counter[0]
        counter[0] += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter[0]
                    counter[0] += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(graph[child])))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    component.append(top)
                    if top == node:
                        break
                if len(component) > 1 or node in graph[node]:
                    cyclic.update(component)

    for key in graph:
        if key not in index:
            visit(key)
    return cyclic


def _one_call(formula: str) -> bool:
    """Whether the formula is one function call as a whole (=DATE(…), not =DATE(…)-DATE(…))."""
    depth, opened = 0, False
    for i, ch in enumerate(formula):
        if ch == "(":
            depth, opened = depth + 1, True
        elif ch == ")":
            depth -= 1
            if depth == 0 and opened:
                return formula[i + 1 :].strip() == ""
    return False


def date_format(formula: str | None, current: str | None) -> str | None:
    """The format a new formula gives its cell (None: keep the cell's format)."""
    if not formula or (current not in (None, "General")) or not _one_call(formula):
        return None
    return next((fmt for pattern, fmt in DATE_FORMATS if pattern.match(formula)), None)


def cells_in(keys: Iterable[tuple[str, str]]) -> list[str]:
    return sorted(f"{s}!{a}" for s, a in keys)
