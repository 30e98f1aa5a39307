"""Measure Excel formula engines on the LibreOffice-computed corpus (tests/office/formula_corpus.json).

    python3 scripts/formula_engines.py                # our engine (apps.office) only
    /tmp/engines/bin/python scripts/formula_engines.py pycel formulas xlcalculator formulon

Each engine reads the same corpus workbook (future functions stored with `_xlfn.`, as Excel writes
them) and computes every Calc!A cell; a value agrees when it equals the expected one (numbers to
1e-9 relative). Prints one row per engine: agreement and the cases it gets wrong.
"""

from __future__ import annotations

import datetime as dt
import json
import math
import sys
import tempfile
from pathlib import Path

import openpyxl

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
CORPUS = ROOT / "tests" / "office" / "formula_corpus.json"


def _xlfn():
    """apps/office/services/xlfn.py loaded alone (engine venvs need not install the project)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("xlfn", ROOT / "apps" / "office" / "services" / "xlfn.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


add_prefixes = _xlfn().add_prefixes


def load_corpus() -> dict:
    return json.loads(CORPUS.read_text())


def corpus_workbook(corpus: dict, prefixed: bool = True) -> openpyxl.Workbook:
    """The corpus as a workbook: Data constants, one formula per Calc!A row (plus helper cells)."""
    wb = openpyxl.Workbook()
    data = wb.active
    data.title = "Data"
    for address, value in corpus["data"].items():
        data[address] = value
    calc = wb.create_sheet("Calc")
    for case in corpus["cases"]:
        cells = {case["cell"]: case["formula"], **case.get("helpers", {})}
        for address, formula in cells.items():
            calc[address] = add_prefixes(formula) if prefixed else formula
    return wb


def normal(value):
    """Engine results in one shape: numpy scalars, 1x1 arrays, dates, error objects → JSON values."""
    if hasattr(value, "tolist") and not isinstance(value, str | bytes):
        value = value.tolist()
    while isinstance(value, list | tuple) and len(value) >= 1:
        value = value[0]
    if isinstance(value, list | tuple):
        return None
    if hasattr(value, "item") and not isinstance(value, str):
        value = value.item()  # numpy scalars
    if isinstance(value, str):
        return str(value)  # str subclasses (error objects) as plain text
    if isinstance(value, dt.datetime):
        delta = value - dt.datetime(1899, 12, 30)
        return delta.days + delta.seconds / 86400
    if isinstance(value, dt.date):
        return (value - dt.date(1899, 12, 30)).days
    if value is not None and not isinstance(value, bool | int | float):
        return str(value)
    return value


def matches(expected, got) -> bool:
    """Same value: numbers to 1e-9 relative (booleans are not numbers), text and errors exactly."""
    got = normal(got)
    if isinstance(expected, bool) or isinstance(got, bool):
        return isinstance(got, bool) and isinstance(expected, bool) and got == expected
    if isinstance(expected, int | float) and isinstance(got, int | float):
        return math.isclose(expected, got, rel_tol=1e-9, abs_tol=1e-9)
    if expected is None:
        return got in (None, 0)
    return expected == got


def run_ours(corpus: dict) -> dict[str, object]:
    from apps.office.services.workbook import evaluate

    wb = corpus_workbook(corpus, prefixed=False)
    got = evaluate(wb, [("Calc", c["cell"]) for c in corpus["cases"]])
    return {c["id"]: got["Calc", c["cell"]] for c in corpus["cases"]}


def _saved(corpus: dict, folder: str) -> Path:
    path = Path(folder, "corpus.xlsx")
    corpus_workbook(corpus).save(path)
    return path


def run_pycel(corpus: dict) -> dict[str, object]:
    from pycel import ExcelCompiler

    compiler = ExcelCompiler(excel=corpus_workbook(corpus), cycles=False)
    return _each(corpus, lambda cell: compiler.evaluate(f"Calc!{cell}"))


def run_formulas(corpus: dict) -> dict[str, object]:
    import formulas

    with tempfile.TemporaryDirectory() as tmp:
        path = _saved(corpus, tmp)
        model = formulas.ExcelModel().loads(str(path)).finish(circular=True)
        solution = model.calculate()
    values = {k.upper(): v for k, v in solution.items()}
    return _each(corpus, lambda cell: values[f"'[CORPUS.XLSX]CALC'!{cell}".upper()].value)


def run_xlcalculator(corpus: dict) -> dict[str, object]:
    from xlcalculator import Evaluator, ModelCompiler

    with tempfile.TemporaryDirectory() as tmp:
        model = ModelCompiler().read_and_parse_archive(str(_saved(corpus, tmp)))
    evaluator = Evaluator(model)
    return _each(corpus, lambda cell: evaluator.evaluate(f"Calc!{cell}"))


def run_formulon(corpus: dict) -> dict[str, object]:
    import formulon
    from openpyxl.utils.cell import column_index_from_string, coordinate_from_string

    with tempfile.TemporaryDirectory() as tmp:
        book = formulon.Workbook.load(_saved(corpus, tmp).read_bytes())
    book.recalc()
    calc = [book.sheet_name(i) for i in range(book.sheet_count())].index("Calc")

    def one(cell: str):
        column, row = coordinate_from_string(cell)
        value = book.get_value(calc, row - 1, column_index_from_string(column) - 1)
        if value.kind == formulon.ValueKind.ERROR:
            return formulon.error_display_name(value.error_code)
        return value.to_python()

    return _each(corpus, one)


def _each(corpus: dict, evaluate) -> dict[str, object]:
    out = {}
    for case in corpus["cases"]:
        try:
            out[case["id"]] = evaluate(case["cell"])
        except Exception as exc:  # an engine crash counts as a wrong answer
            out[case["id"]] = f"<{type(exc).__name__}>"
    return out


ENGINES = {
    "ours": run_ours,
    "pycel": run_pycel,
    "formulas": run_formulas,
    "xlcalculator": run_xlcalculator,
    "formulon": run_formulon,
}


def agreement(corpus: dict, got: dict[str, object]) -> tuple[float, list[str]]:
    wrong = [c["id"] for c in corpus["cases"] if not matches(c["expected"], got.get(c["id"]))]
    return 1 - len(wrong) / len(corpus["cases"]), wrong


def main(names: list[str]) -> None:
    import logging

    logging.disable(logging.CRITICAL)
    corpus = load_corpus()
    for name in names or ["ours"]:
        try:
            got = ENGINES[name](corpus)
        except Exception as exc:
            print(f"{name:13} failed to load the corpus: {type(exc).__name__}: {exc}")
            continue
        share, wrong = agreement(corpus, got)
        print(f"{name:13} {share:7.1%}  ({len(corpus['cases']) - len(wrong)}/{len(corpus['cases'])})")
        if "-v" in sys.argv:
            by_id = {c["id"]: c for c in corpus["cases"]}
            for case_id in wrong:
                print(
                    f"    {case_id:22} {by_id[case_id]['formula']:60} want {by_id[case_id]['expected']!r}"
                    f" got {normal(got.get(case_id))!r}"
                )
        else:
            print("    wrong:", ", ".join(wrong))


if __name__ == "__main__":
    main([a for a in sys.argv[1:] if not a.startswith("-")])
