"""The spreadsheet engine: cells <-> an openpyxl workbook, formulas computed by formulon (an Excel 365
calculation engine), A1 addresses, .xlsx export with cached values."""

from __future__ import annotations

import hashlib
import io
import re
import threading
from datetime import datetime
from typing import Any

import openpyxl
import xlsxwriter
from openpyxl.utils import column_index_from_string, get_column_letter
from sqlmodel import select

from apps.core.actions import Ctx
from apps.core.errors import ActionError, ErrorKind
from apps.office.models import Cell, Worksheet
from apps.office.services.cycles import in_cycles
from apps.office.services.xlfn import add_prefixes, outside_strings

A1 = re.compile(r"^\$?([A-Za-z]{1,3})\$?([1-9][0-9]{0,6})$")
MAX_ROW, MAX_COL = 1_048_576, 16_384


def parse_a1(address: str, field: str = "address") -> tuple[int, int]:
    """'B12' -> (row 12, column 2); refuses anything outside A1:XFD1048576."""
    m = A1.match(address.strip())
    if not m:
        raise ActionError(
            f"{address!r} is not a cell address like A1 or C12", field=field, code=ErrorKind.INVALID_VALUE
        )
    col, row = column_index_from_string(m.group(1).upper()), int(m.group(2))
    if col > MAX_COL or row > MAX_ROW:
        raise ActionError(
            f"{address!r} is outside the sheet (A1:XFD1048576)", field=field, code=ErrorKind.INVALID_VALUE
        )
    return row, col


def a1(row: int, col: int) -> str:
    return f"{get_column_letter(col)}{row}"


def parse_input(raw: Any) -> tuple[str | None, Any]:
    """What a user typed -> (formula, constant). '=…' is a formula; numbers and TRUE/FALSE are typed;
    a leading apostrophe keeps the rest as text, as in Excel ("'42" is the text 42)."""
    if isinstance(raw, bool | int | float):
        return None, raw
    if raw is None:
        return None, None
    text = str(raw)
    if text.startswith("=") and len(text) > 1:
        return text, None
    if text.startswith("'"):
        return None, text[1:] or None
    upper = text.strip().upper()
    if upper in ("TRUE", "FALSE"):
        return None, upper == "TRUE"
    try:
        number = float(text.replace(",", "")) if text.strip() else None
    except ValueError:
        return None, text
    if number is None:
        return None, None
    return None, int(number) if number.is_integer() and "." not in text else number


def sheets_of(ctx: Ctx, item_id: str) -> list[Worksheet]:
    return list(
        ctx.db.exec(select(Worksheet).where(Worksheet.item_id == item_id).order_by(Worksheet.position))
    )


def check_sheet_name(name: str, sheets: list[Worksheet], field: str) -> None:
    """Refuse a worksheet name Excel refuses (over 31 characters, one of [ ] : * ? / \\) or one that
    another sheet of the workbook (`sheets`) already has, ignoring case."""
    if len(name) > 31 or any(ch in name for ch in "[]:*?/\\"):
        raise ActionError(
            "a sheet name has at most 31 characters and none of [ ] : * ? / \\",
            field=field,
            code=ErrorKind.INVALID_VALUE,
        )
    if any(s.name.lower() == name.lower() for s in sheets):
        raise ActionError(
            f"the workbook already has a sheet named {name!r}", field=field, code=ErrorKind.DUPLICATE
        )


def cells_of(ctx: Ctx, worksheet_id: str) -> list[Cell]:
    return list(
        ctx.db.exec(
            select(Cell).where(Cell.worksheet_id == worksheet_id).order_by(Cell.row_index, Cell.column_index)
        )
    )


def delete_cells(ctx: Ctx, worksheet_id: str) -> None:
    for cell in cells_of(ctx, worksheet_id):
        ctx.db.delete(cell)


def to_openpyxl(ctx: Ctx, item_id: str) -> tuple[openpyxl.Workbook, dict[str, list[Cell]]]:
    """The workbook as openpyxl objects (formulas as formulas) plus the cells per sheet name."""
    wb = openpyxl.Workbook()
    wb.remove(wb.active)
    cells: dict[str, list[Cell]] = {}
    for sheet in sheets_of(ctx, item_id):
        ws = wb.create_sheet(sheet.name)
        cells[sheet.name] = cells_of(ctx, sheet.id)
        for c in cells[sheet.name]:
            target = ws.cell(row=c.row_index, column=c.column_index)
            target.value = c.formula if c.formula else c.value
            if c.number_format != "General":
                target.number_format = c.number_format
    return wb, cells


_warm_up: threading.Thread | None = None


def warm_up() -> None:
    """Compile formulon's WebAssembly module in the background (about 10 s, once per process), so the
    first recalculation inside a tool call does not pay it. Called when a world's office seed loads."""
    global _warm_up
    if _warm_up is None:
        _warm_up = threading.Thread(target=_compile, name="formulon-warm-up", daemon=True)
        _warm_up.start()


def wait_until_warm() -> None:
    """Start the warm-up if needed and block until the engine is compiled (a server can call this
    before accepting tool calls, whose deadline would otherwise include the compilation)."""
    warm_up()
    _warm_up.join()


def _compile() -> None:
    import formulon

    formulon.Workbook.create_empty().close()


def evaluate(
    wb: openpyxl.Workbook,
    targets: list[tuple[str, str]],
    now: datetime | None = None,
    field: str = "value",
) -> dict[tuple[str, str], Any]:
    """Values of the formula cells `targets` ((sheet, address)) of `wb`, computed by formulon (an Excel
    365 calculation engine; see docs/FORMULAS.md for how it was chosen and its measured agreement).
    Errors show as Excel does: '#DIV/0!', '#NAME?' (unknown function), '#N/A', '#VALUE!'.
    `now` pins NOW()/TODAY() to the episode clock and seeds RAND()/RANDBETWEEN(), so results are
    deterministic. A formula that does not parse is refused (ActionError on `field`), as Excel does."""
    if not targets:
        return {}
    import formulon

    book = formulon.Workbook.create_empty()  # waits for a warm-up still compiling
    try:
        for ws in wb.worksheets:
            book.add_sheet(ws.title)
        index = {book.sheet_name(i): i for i in range(book.sheet_count())}
        for ws in wb.worksheets:
            i = index[ws.title]
            for row in ws.iter_rows():
                for cell in row:
                    _put(book, i, cell.row - 1, cell.column - 1, cell.value, f"{ws.title}@{now}", field)
        if now is not None:
            book.set_pinned_now(now.year, now.month, now.day, now.hour, now.minute, now.second)
        book.recalc()
        out: dict[tuple[str, str], Any] = {}
        for sheet_name, address in targets:
            row, col = parse_a1(address)
            out[sheet_name, address] = _result(formulon, book.get_value(index[sheet_name], row - 1, col - 1))
        return out
    finally:
        book.close()


_RAND = re.compile(r"(?<![A-Za-z0-9_.])RAND\s*\(\s*\)", re.I)
_RANDBETWEEN = re.compile(r"(?<![A-Za-z0-9_.])RANDBETWEEN\s*\(", re.I)


def seeded(formula: str, seed: str) -> str:
    """RAND() and RANDBETWEEN(a, b) with numbers drawn from `seed` (sheet, cell and the episode clock):
    new on every recalculation as in Excel, yet the same for the same actions (deterministic state)."""
    draws = iter(range(1_000_000))

    def draw() -> str:
        digest = hashlib.sha256(f"{seed}:{next(draws)}".encode()).digest()
        return repr(int.from_bytes(digest[:7]) / 2**56)

    def change(text: str) -> str:
        text = _RAND.sub(lambda _m: f"({draw()})", text)
        return _RANDBETWEEN.sub(
            lambda _m: f"LAMBDA(a,b,ROUNDUP(a,0)+INT({draw()}*(INT(b)-ROUNDUP(a,0)+1)))(", text
        )

    return outside_strings(formula, change)


def _put(book: Any, sheet: int, row: int, col: int, value: Any, seed: str = "", field: str = "value") -> None:
    if value is None:
        return
    if isinstance(value, str) and value.startswith("=") and len(value) > 1:
        from formulon import FormulonError

        text = seeded(value, f"{seed}!{row}:{col}") if "RAND" in value.upper() else value
        try:
            book.set_formula(sheet, row, col, text)
        except FormulonError:
            raise ActionError(
                f"there's a problem with the formula {value!r} in {book.sheet_name(sheet)}!"
                f"{a1(row + 1, col + 1)}: it does not parse (check parentheses, operators, quotes "
                "and the ',' between arguments)",
                field=field,
                code=ErrorKind.INVALID_VALUE,
            ) from None
    elif isinstance(value, bool):
        book.set_bool(sheet, row, col, value)
    elif isinstance(value, int | float):
        book.set_number(sheet, row, col, float(value))
    elif isinstance(value, datetime):
        book.set_number(sheet, row, col, excel_serial(value))
    else:
        book.set_text(sheet, row, col, str(value))


def excel_serial(value: datetime) -> float:
    """A datetime as Excel's serial number (days since 1899-12-30, time as the fraction)."""
    delta = value.replace(tzinfo=None) - datetime(1899, 12, 30)
    return delta.days + delta.seconds / 86400


def _result(formulon: Any, value: Any) -> Any:
    """A formulon value as JSON: whole numbers as ints, errors as Excel's text ('#DIV/0!')."""
    if value.kind == formulon.ValueKind.ERROR:
        return formulon.error_display_name(value.error_code)
    result = value.to_python()
    if isinstance(result, float) and result.is_integer() and abs(result) < 1e15:
        return int(result)
    return result


def recalculate(ctx: Ctx, item_id: str, field: str = "value") -> int:
    """Compute every formula of the workbook; store the values that changed. Returns how many changed.
    A formula that does not parse is refused as an error on `field` (the whole edit is undone)."""
    wb, cells = to_openpyxl(ctx, item_id)
    formulas = {(name, c.address): c for name, rows in cells.items() for c in rows if c.formula}
    circular = in_cycles({key: c.formula for key, c in formulas.items()})
    changed = 0
    for key, value in evaluate(wb, list(formulas), ctx.now, field).items():
        value = 0 if key in circular else value  # Excel: a circular reference shows 0 (and a warning)
        cell = formulas[key]
        if value != cell.value:
            cell.value = value
            ctx.db.add(cell)
            changed += 1
    return changed


def xlsx_bytes(ctx: Ctx, item_id: str) -> bytes:
    """The workbook as an .xlsx file written by XlsxWriter: every formula with its computed (cached)
    value, as Excel saves it, so readers that do not calculate (pandas, openpyxl data_only) see the
    values; functions newer than Excel 2007 carry the `_xlfn.` prefix Excel stores."""
    buf = io.BytesIO()
    book = xlsxwriter.Workbook(buf, {"in_memory": True, "strings_to_numbers": False})
    formats: dict[str, Any] = {}
    for sheet in sheets_of(ctx, item_id):
        ws = book.add_worksheet(sheet.name)
        for c in cells_of(ctx, sheet.id):
            props = xlsx_props(c.number_format, c.style)
            key = repr(sorted(props.items()))
            fmt = (formats.get(key) or formats.setdefault(key, book.add_format(props))) if props else None
            row, col = c.row_index - 1, c.column_index - 1
            if c.formula:
                ws.write_formula(row, col, add_prefixes(c.formula), fmt, _cached(c.value))
            elif isinstance(c.value, str):
                ws.write_string(row, col, c.value, fmt)
            else:
                ws.write(row, col, c.value, fmt)
    book.close()
    return buf.getvalue()


def xlsx_props(number_format: str, style: dict[str, Any] | None) -> dict[str, Any]:
    """XlsxWriter format properties for a cell's number format and its Font / Alignment `style`."""
    props: dict[str, Any] = {} if number_format == "General" else {"num_format": number_format}
    style = style or {}
    if style.get("font_name"):
        props["font_name"] = style["font_name"]
    if style.get("font_size"):
        props["font_size"] = style["font_size"]
    for key in ("bold", "italic"):
        if style.get(key):
            props[key] = True
    if style.get("underline"):
        props["underline"] = 1
    if style.get("font_color"):
        props["font_color"] = style["font_color"]
    if style.get("fill_color"):
        props |= {"pattern": 1, "bg_color": style["fill_color"]}
    if style.get("horizontal"):
        props["align"] = style["horizontal"]
    if style.get("wrap"):
        props["text_wrap"] = True
    return props


def _cached(value: Any) -> Any:
    """A computed value as XlsxWriter caches it (booleans as TRUE/FALSE, nothing as an empty string)."""
    if value is None:
        return ""
    return value
