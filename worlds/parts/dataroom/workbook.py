"""The ledger as an .xlsx file, written the same way every time (fixed document properties, XlsxWriter's
fixed zip timestamps), so the world's checksum is stable."""

from __future__ import annotations

import io
from datetime import date, datetime
from typing import Any

import xlsxwriter

from worlds.parts.dataroom.ledger import COLUMNS

SHEET = "GL Detail"


def ledger_xlsx(rows: list[dict[str, Any]], created: datetime, author: str) -> bytes:
    """One worksheet: a header row, then one row per journal line (amounts in dollars, dates as dates),
    with the header frozen and an autofilter, as a finance system's export opens in Excel."""
    buf = io.BytesIO()
    book = xlsxwriter.Workbook(buf, {"in_memory": True, "strings_to_numbers": False})
    book.set_properties(
        {"title": "GL detail FY2026", "author": author, "company": "Acme Corporation", "created": created}
    )
    bold = book.add_format({"bold": True})
    money = book.add_format({"num_format": "#,##0.00"})
    day = book.add_format({"num_format": "yyyy-mm-dd"})
    ws = book.add_worksheet(SHEET)
    ws.write_row(0, 0, COLUMNS, bold)
    for r, row in enumerate(rows, start=1):
        for c, name in enumerate(COLUMNS):
            value = row["cents"] / 100 if name == "Amount" else row[name]
            if value is None:
                continue
            if name == "Posting Date":
                ws.write_datetime(r, c, datetime.combine(date.fromisoformat(value), datetime.min.time()), day)
            elif name == "Amount":
                ws.write_number(r, c, value, money)
            elif isinstance(value, str):
                ws.write_string(r, c, value)
            else:
                ws.write_number(r, c, value)
    ws.freeze_panes(1, 0)
    ws.autofilter(0, 0, len(rows), len(COLUMNS) - 1)
    book.close()
    return buf.getvalue()
