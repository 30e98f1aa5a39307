"""What a grid cell shows: its value in its number format, as Excel displays it. A number with a format
is formatted by the workbook engine itself (formulon's TEXT, i.e. Excel's own format codes: "$#,##0.00",
"0%"), all cells of a page in one engine workbook; a General number as Excel's General shows it in a
standard column (up to 10 significant digits), without starting the engine."""

from __future__ import annotations

from typing import Any

from apps.office.services.workbook import wait_until_warm


def cell_texts(cells: list[tuple[Any, str]]) -> list[str]:
    """The displayed text of each (value, number format): numbers through TEXT(value, format), booleans
    as TRUE/FALSE, text as typed, empty as ""."""
    out: list[str | None] = []
    numbers: list[tuple[int, float, str]] = []
    for i, (value, fmt) in enumerate(cells):
        if value is None:
            out.append("")
        elif isinstance(value, bool):
            out.append("TRUE" if value else "FALSE")
        elif isinstance(value, int | float) and (fmt or "General") == "General":
            out.append(general(value))
        elif isinstance(value, int | float):
            out.append(None)
            numbers.append((i, float(value), fmt))
        else:
            out.append(str(value))
    if numbers:
        for (i, _, _), text in zip(numbers, _formatted(numbers), strict=True):
            out[i] = text
    return [t or "" for t in out]


def general(value: float) -> str:
    """A number in Excel's General format: whole numbers in full up to 11 digits, others with at most
    10 significant digits, very large or small ones in scientific notation (1.23457E+14)."""
    if float(value).is_integer() and abs(value) < 1e11:
        return str(int(value))
    text = f"{value:.10g}"
    if "e" in text:
        mantissa, exponent = f"{value:.5e}".split("e")
        mantissa = mantissa.rstrip("0").rstrip(".")
        return f"{mantissa}E{int(exponent):+03d}"
    return text


def _formatted(numbers: list[tuple[int, float, str]]) -> list[str]:
    import formulon

    wait_until_warm()
    book = formulon.Workbook.create_empty()
    try:
        book.add_sheet("F")
        for row, (_, value, fmt) in enumerate(numbers):
            book.set_number(0, row, 0, value)
            book.set_text(0, row, 1, fmt)
            book.set_formula(0, row, 2, f"=TEXT(A{row + 1},B{row + 1})")
        book.recalc()
        texts = []
        for row, (_, value, _) in enumerate(numbers):
            shown = book.get_value(0, row, 2).to_python()
            texts.append(shown if isinstance(shown, str) else f"{value:g}")
        return texts
    finally:
        book.close()
