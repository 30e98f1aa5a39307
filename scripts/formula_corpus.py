"""Build the Excel formula corpus (tests/office/formula_corpus.json) with LibreOffice as the reference.

The corpus is a small workbook: a `Data` sheet of constants (a sales table, a holiday list, messy text)
and a `Calc` sheet with one formula per row in column A (helper cells for circular references in
column C). LibreOffice headless opens the workbook, computes every formula and saves it again; the
values it cached become the expected values. CI never runs this: it reads the committed JSON.

    python3 scripts/formula_corpus.py            # needs soffice (apt-get install libreoffice-calc)
"""

from __future__ import annotations

import datetime as dt
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import openpyxl
from formula_engines import add_prefixes  # noqa: E402  (this folder)

OUT = Path(__file__).resolve().parent.parent / "tests" / "office" / "formula_corpus.json"

# Data!A1:F9 — a sales table; dates are Excel serial numbers (46023 = 2026-01-01).
TABLE = [
    ["Name", "Region", "Amount", "Qty", "Closed", "Status"],
    ["Acme", "East", 1200, 3, 46023, "Won"],
    ["Globex", "West", 850.5, 5, 46054, "Lost"],
    ["Initech", "East", 430, 2, 46082, "Won"],
    ["Umbrella", "North", 2100, 7, 46113, "Open"],
    ["Hooli", "West", 99.99, 1, 46143, "Won"],
    ["Stark", "East", 3050, 9, 46174, "Open"],
    ["Wayne", "North", 0, 4, 46204, "Lost"],
    ["Wonka", "South", 640, 6, 46235, "Won"],
]
EXTRA = {
    "H1": "Holidays",
    "H2": 46024,  # 2026-01-02
    "H3": 46041,  # 2026-01-19
    "H4": 46083,  # 2026-03-02
    "J1": "  messy   text  ",
    "J2": "42",
    "J3": True,
    "J5": "apple,banana",
    "J6": -7.5,
    "J7": "",  # an empty string is written as no cell: J4 and J7 are blank
    "L1": 1,
    "M1": 2,
    "N1": 3,
    "L2": "x",
    "M2": "y",
    "N2": "z",
}

# (id, formula[, {helper address: formula}]) — one per row of Calc!A.
CASES: list[tuple] = [
    # aggregation and conditional aggregation
    ("sum_range", "=SUM(Data!C2:C9)"),
    ("sum_mixed", "=SUM(Data!C2:C4,10,Data!D2)"),
    ("sum_text_ignored", "=SUM(Data!A2:A3,1)"),
    ("sumif_region", '=SUMIF(Data!B2:B9,"East",Data!C2:C9)'),
    ("sumif_gt", '=SUMIF(Data!C2:C9,">500")'),
    ("sumif_wildcard", '=SUMIF(Data!A2:A9,"W*",Data!D2:D9)'),
    ("sumifs_two", '=SUMIFS(Data!C2:C9,Data!B2:B9,"East",Data!F2:F9,"Won")'),
    ("sumifs_dates", '=SUMIFS(Data!C2:C9,Data!E2:E9,">="&DATE(2026,3,1),Data!E2:E9,"<"&DATE(2026,6,1))'),
    ("sumproduct", "=SUMPRODUCT(Data!C2:C9,Data!D2:D9)"),
    ("sumproduct_cond", '=SUMPRODUCT((Data!B2:B9="West")*Data!C2:C9)'),
    ("product", "=PRODUCT(Data!D2:D4)"),
    ("average", "=AVERAGE(Data!C2:C9)"),
    ("averageif", '=AVERAGEIF(Data!B2:B9,"North",Data!C2:C9)'),
    ("averageifs", '=AVERAGEIFS(Data!C2:C9,Data!F2:F9,"Won",Data!D2:D9,">2")'),
    ("min", "=MIN(Data!C2:C9)"),
    ("max", "=MAX(Data!C2:C9)"),
    ("minifs", '=MINIFS(Data!C2:C9,Data!F2:F9,"Won")'),
    ("maxifs", '=MAXIFS(Data!C2:C9,Data!B2:B9,"West")'),
    ("count", "=COUNT(Data!A1:F9)"),
    ("counta", "=COUNTA(Data!A1:F9)"),
    ("counta_blanks", "=COUNTA(Data!J1:J7)"),
    ("countblank", "=COUNTBLANK(Data!J1:J7)"),
    ("countif", '=COUNTIF(Data!F2:F9,"Won")'),
    ("countif_ne", '=COUNTIF(Data!B2:B9,"<>East")'),
    ("countif_num", '=COUNTIF(Data!D2:D9,">=5")'),
    ("countifs", '=COUNTIFS(Data!B2:B9,"East",Data!C2:C9,">1000")'),
    ("median", "=MEDIAN(Data!D2:D9)"),
    ("mode", "=MODE(1,2,2,3,3,3)"),
    ("large", "=LARGE(Data!C2:C9,2)"),
    ("small", "=SMALL(Data!C2:C9,3)"),
    ("rank", "=RANK(Data!C3,Data!C2:C9)"),
    ("rank_eq_asc", "=RANK.EQ(Data!C3,Data!C2:C9,1)"),
    ("stdev", "=STDEV(Data!D2:D9)"),
    ("stdev_s", "=STDEV.S(Data!D2:D9)"),
    ("stdev_p", "=STDEV.P(Data!D2:D9)"),
    ("var_s", "=VAR.S(Data!D2:D9)"),
    ("subtotal_sum", "=SUBTOTAL(9,Data!C2:C9)"),
    ("subtotal_avg", "=SUBTOTAL(1,Data!D2:D9)"),
    # rounding and arithmetic
    ("round_2", "=ROUND(2.345,2)"),
    ("round_neg", "=ROUND(-2.5,0)"),
    ("round_tens", "=ROUND(1234.5,-2)"),
    ("roundup", "=ROUNDUP(3.2,0)"),
    ("roundup_neg", "=ROUNDUP(-3.2,0)"),
    ("rounddown", "=ROUNDDOWN(3.987,2)"),
    ("mround", "=MROUND(17,5)"),
    ("int_neg", "=INT(-3.7)"),
    ("trunc_neg", "=TRUNC(-3.7)"),
    ("ceiling", "=CEILING(4.2,0.5)"),
    ("floor", "=FLOOR(4.7,0.5)"),
    ("ceiling_math", "=CEILING.MATH(-4.2)"),
    ("floor_math", "=FLOOR.MATH(4.7)"),
    ("abs", "=ABS(Data!J6)"),
    ("mod", "=MOD(10,3)"),
    ("mod_neg", "=MOD(-10,3)"),
    ("power", "=POWER(2,10)"),
    ("caret", "=2^0.5"),
    ("sqrt", "=SQRT(144)"),
    ("exp_ln", "=LN(EXP(2))"),
    ("log", "=LOG(1000)"),
    ("log_base", "=LOG(8,2)"),
    ("log10", "=LOG10(0.01)"),
    ("pi", "=ROUND(PI(),6)"),
    ("sign", "=SIGN(-12)"),
    ("quotient", "=QUOTIENT(17,5)"),
    ("gcd", "=GCD(24,36)"),
    ("lcm", "=LCM(4,6)"),
    ("fact", "=FACT(6)"),
    ("float_sum", "=0.1+0.2"),
    ("percent", "=50%*Data!C2"),
    ("precedence", "=2+3*4^2/8-1"),
    ("unary_minus", "=-2^2"),
    ("concat_amp_num", '="Total: "&Data!C2'),
    ("compare_text", '=IF("a"<"b",1,0)'),
    ("compare_case", '=IF("ABC"="abc","same","diff")'),
    # logical
    ("if_true", '=IF(Data!C2>1000,"big","small")'),
    ("if_no_else", "=IF(Data!C8>0,1)"),
    ("ifs", '=IFS(Data!C3>1000,"A",Data!C3>500,"B",TRUE,"C")'),
    ("ifs_nomatch", "=IFS(1>2,1)"),
    ("and", "=AND(Data!C2>0,Data!D2>2)"),
    ("or", '=OR(Data!F2="Lost",Data!F3="Lost")'),
    ("not", "=NOT(Data!J3)"),
    ("xor", "=XOR(TRUE,TRUE,TRUE)"),
    ("iferror_div", '=IFERROR(1/0,"none")'),
    ("iferror_ok", '=IFERROR(10/4,"none")'),
    ("ifna", '=IFNA(MATCH("Nobody",Data!A2:A9,0),"missing")'),
    ("switch", '=SWITCH(Data!B3,"East",1,"West",2,0)'),
    ("switch_default", '=SWITCH("x","a",1,"none")'),
    ("true_plus", "=TRUE+TRUE"),
    ("choose", '=CHOOSE(2,"a","b","c")'),
    # lookup and reference
    ("vlookup_exact", '=VLOOKUP("Initech",Data!A2:F9,3,FALSE)'),
    ("vlookup_missing", '=VLOOKUP("Nobody",Data!A2:F9,3,FALSE)'),
    ("vlookup_approx", "=VLOOKUP(2.5,{1,10;2,20;3,30},2,TRUE)"),
    ("hlookup", '=HLOOKUP("Qty",Data!A1:F9,3,FALSE)'),
    ("index_2d", "=INDEX(Data!A1:F9,4,3)"),
    ("index_col", "=INDEX(Data!C2:C9,5)"),
    ("match_exact", '=MATCH("Hooli",Data!A2:A9,0)'),
    ("match_approx", "=MATCH(1000,{0,500,1000,2000},1)"),
    ("index_match", '=INDEX(Data!F2:F9,MATCH("Stark",Data!A2:A9,0))'),
    ("xlookup", '=XLOOKUP("Globex",Data!A2:A9,Data!C2:C9)'),
    ("xlookup_default", '=XLOOKUP("Nobody",Data!A2:A9,Data!C2:C9,"not found")'),
    ("xlookup_missing", '=XLOOKUP("Nobody",Data!A2:A9,Data!C2:C9)'),
    ("xlookup_last", '=XLOOKUP("East",Data!B2:B9,Data!A2:A9,,0,-1)'),
    ("xlookup_next_larger", "=XLOOKUP(1000,Data!C2:C9,Data!A2:A9,,1)"),
    ("xmatch", '=XMATCH("Wayne",Data!A2:A9)'),
    ("lookup", '=LOOKUP("Hooli",Data!A2:A9,Data!D2:D9)'),
    ("row", "=ROW(Data!C5)"),
    ("column", "=COLUMN(Data!E1)"),
    ("rows", "=ROWS(Data!A1:F9)"),
    ("columns", "=COLUMNS(Data!A1:F9)"),
    ("address", "=ADDRESS(3,4)"),
    ("offset_sum", "=SUM(OFFSET(Data!C1,1,0,3,1))"),
    ("indirect", '=INDIRECT("Data!C"&3)'),
    # text
    ("concatenate", '=CONCATENATE(Data!A2," - ",Data!B2)'),
    ("concat", "=CONCAT(Data!A2:A4)"),
    ("textjoin", '=TEXTJOIN(", ",TRUE,Data!A2:A4)'),
    ("textjoin_skip", '=TEXTJOIN("-",TRUE,Data!J1:J2,Data!J4)'),
    ("textjoin_keep", '=TEXTJOIN("|",FALSE,"a","","b")'),
    ("left", "=LEFT(Data!A3,3)"),
    ("right", "=RIGHT(Data!A3,2)"),
    ("mid", "=MID(Data!A4,2,3)"),
    ("len", "=LEN(Data!J1)"),
    ("upper", "=UPPER(Data!A2)"),
    ("lower", "=LOWER(Data!B2)"),
    ("proper", '=PROPER("hello wORLD foo")'),
    ("trim", "=TRIM(Data!J1)"),
    ("trim_len", "=LEN(TRIM(Data!J1))"),
    ("substitute", '=SUBSTITUTE(Data!J5,",",";")'),
    ("substitute_nth", '=SUBSTITUTE("a-b-c","-","+",2)'),
    ("replace", '=REPLACE("abcdef",2,3,"XY")'),
    ("find", '=FIND("an",Data!J5)'),
    ("find_missing", '=FIND("z",Data!J5)'),
    ("search_case", '=SEARCH("BAN",Data!J5)'),
    ("text_money", '=TEXT(1234.567,"#,##0.00")'),
    ("text_percent", '=TEXT(0.256,"0.0%")'),
    ("text_date", '=TEXT(DATE(2026,3,5),"yyyy-mm-dd")'),
    ("text_pad", '=TEXT(7,"000")'),
    ("value", "=VALUE(Data!J2)+1"),
    ("value_bad", '=VALUE("abc")'),
    ("rept", '=REPT("ab",3)'),
    ("exact", '=EXACT("Abc","abc")'),
    ("char", "=CHAR(65)"),
    ("code", '=CODE("a")'),
    ("clean", '=LEN(CLEAN("a"&CHAR(7)&"b"))'),
    ("fixed", "=FIXED(1234.567,1)"),
    ("t_func", "=T(Data!A2)"),
    ("n_func", "=N(Data!J3)"),
    ("text_plus_num", '="5"+3'),
    ("lenb_num", "=LEN(12345)"),
    # dates and times
    ("date", "=DATE(2026,2,30)"),
    ("date_month13", "=DATE(2026,13,1)"),
    ("year", "=YEAR(Data!E5)"),
    ("month", "=MONTH(Data!E5)"),
    ("day", "=DAY(Data!E5)"),
    ("edate_end", "=EDATE(DATE(2026,1,31),1)"),
    ("edate_leap", "=EDATE(DATE(2024,2,29),12)"),
    ("edate_back", "=EDATE(DATE(2026,3,31),-1)"),
    ("eomonth", "=EOMONTH(DATE(2026,1,15),1)"),
    ("eomonth_back", "=EOMONTH(DATE(2026,3,10),-2)"),
    ("eomonth_zero", "=EOMONTH(DATE(2024,2,10),0)"),
    ("networkdays", "=NETWORKDAYS(DATE(2026,1,1),DATE(2026,1,31))"),
    ("networkdays_hol", "=NETWORKDAYS(DATE(2026,1,1),DATE(2026,1,31),Data!H2:H4)"),
    ("networkdays_rev", "=NETWORKDAYS(DATE(2026,1,31),DATE(2026,1,1))"),
    ("networkdays_intl", "=NETWORKDAYS.INTL(DATE(2026,1,1),DATE(2026,1,31),7)"),
    ("workday", "=WORKDAY(DATE(2026,1,1),10)"),
    ("workday_hol", "=WORKDAY(DATE(2026,1,1),10,Data!H2:H4)"),
    ("workday_back", "=WORKDAY(DATE(2026,1,12),-3)"),
    ("workday_intl", "=WORKDAY.INTL(DATE(2026,1,1),5,11)"),
    ("weekday", "=WEEKDAY(DATE(2026,1,1))"),
    ("weekday_mon", "=WEEKDAY(DATE(2026,1,1),2)"),
    ("weeknum", "=WEEKNUM(DATE(2026,3,15))"),
    ("isoweeknum", "=ISOWEEKNUM(DATE(2026,1,1))"),
    ("datedif_m", '=DATEDIF(DATE(2025,1,31),DATE(2026,3,1),"m")'),
    ("datedif_d", '=DATEDIF(DATE(2026,1,1),DATE(2026,3,1),"d")'),
    ("datedif_y", '=DATEDIF(DATE(2020,2,29),DATE(2026,2,28),"y")'),
    ("days", "=DAYS(DATE(2026,12,25),DATE(2026,1,1))"),
    ("date_diff", "=DATE(2026,3,1)-DATE(2026,2,1)"),
    ("datevalue", '=DATEVALUE("2026-07-04")'),
    ("time", "=TIME(13,30,0)"),
    ("hour", "=HOUR(0.75)"),
    ("minute", "=MINUTE(TIME(9,45,30))"),
    ("second", "=SECOND(TIME(9,45,30))"),
    ("yearfrac", "=YEARFRAC(DATE(2026,1,1),DATE(2026,7,1))"),
    ("days360", "=DAYS360(DATE(2026,1,31),DATE(2026,3,31))"),
    ("date_serial_math", "=DATE(2026,1,1)+45"),
    # information
    ("isblank", "=ISBLANK(Data!J4)"),
    ("isblank_no", "=ISBLANK(Data!J1)"),
    ("isnumber", "=ISNUMBER(Data!J2)"),
    ("istext", "=ISTEXT(Data!J2)"),
    ("iserror", "=ISERROR(1/0)"),
    ("iserr_na", "=ISERR(NA())"),
    ("isna", '=ISNA(MATCH("zz",Data!A2:A9,0))'),
    ("iseven", "=ISEVEN(Data!D3)"),
    ("isodd", "=ISODD(Data!D3)"),
    ("islogical", "=ISLOGICAL(Data!J3)"),
    ("na", "=NA()"),
    # financial
    ("pmt", "=PMT(0.05/12,60,-20000)"),
    ("fv", "=FV(0.04/12,120,-200)"),
    ("pv", "=PV(0.06,10,-1000)"),
    ("npv", "=NPV(0.1,-1000,300,400,500)"),
    ("irr", "=IRR({-1000,300,400,500})"),
    ("nper", "=NPER(0.01,-100,1000)"),
    # errors
    ("div0", "=1/0"),
    ("div0_cell", "=Data!C2/Data!C8"),
    ("value_err", '="abc"*2'),
    ("ref_err", "=INDEX(Data!A1:B2,5,1)"),
    ("num_err", "=SQRT(-1)"),
    ("error_propagates", "=SUM(1,1/0)"),
    ("name_err", "=NOSUCHFUNCTION(1)"),
    # array constants and cross-sheet
    ("array_sum", "=SUM({1,2,3}*{4,5,6})"),
    ("cross_sheet_mix", "=Data!C2*Data!D2-Data!C3"),
    # circular references (helper cells in column C of the same row)
    ("circular_pair", "=C{row}+1", {"C{row}": "=A{row}+1"}),
    ("circular_self", "=A{row}+1"),
]

# Where LibreOffice's answer is not Excel's, Excel's documented behaviour is expected (LibreOffice's kept).
EXCEL_DIFFERS = {
    "num_err": (
        "#NUM!",
        "Excel: SQRT of a negative number is #NUM! (LibreOffice's Err:502 is written as #VALUE!)",
    ),
    "circular_pair": (0, "Excel: a circular reference (iteration off) shows 0 and warns"),
    "circular_self": (0, "Excel: a circular reference (iteration off) shows 0 and warns"),
}


def build(path: Path) -> list[dict]:
    wb = openpyxl.Workbook()
    data = wb.active
    data.title = "Data"
    for r, row in enumerate(TABLE, start=1):
        for c, value in enumerate(row, start=1):
            data.cell(row=r, column=c, value=value)
    for address, value in EXTRA.items():
        if value != "":
            data[address] = value
    calc = wb.create_sheet("Calc")
    cases = []
    for row, case in enumerate(CASES, start=1):
        here = str(row)
        formula = case[1].replace("{row}", here)
        helpers = {
            a.replace("{row}", here): h.replace("{row}", here) for a, h in (case[2:] or [{}])[0].items()
        }
        calc[f"A{row}"] = add_prefixes(formula)
        for address, helper in helpers.items():
            calc[address] = add_prefixes(helper)
        cases.append(
            {"id": case[0], "cell": f"A{row}", "formula": formula} | ({"helpers": helpers} if helpers else {})
        )
    wb.save(path)
    return cases


def plain(value):
    """A cached value as JSON: dates back to Excel serial numbers, whole floats as ints."""
    if isinstance(value, dt.datetime):
        delta = value - dt.datetime(1899, 12, 30)
        value = delta.days + delta.seconds / 86400
    elif isinstance(value, dt.time):
        value = (value.hour * 3600 + value.minute * 60 + value.second) / 86400
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def main() -> None:
    soffice = shutil.which("soffice")
    if soffice is None:
        sys.exit("soffice not found: apt-get install libreoffice-calc")
    with tempfile.TemporaryDirectory() as tmp:
        src, out = Path(tmp, "corpus.xlsx"), Path(tmp, "out")
        cases = build(src)
        subprocess.run(
            [
                soffice,
                "--headless",
                f"-env:UserInstallation=file://{tmp}/profile",
                "--convert-to",
                "xlsx",
                "--outdir",
                str(out),
                str(src),
            ],
            check=True,
            capture_output=True,
            timeout=300,
        )
        calc = openpyxl.load_workbook(out / "corpus.xlsx", data_only=True)["Calc"]
        version = subprocess.run([soffice, "--version"], capture_output=True, text=True).stdout.strip()
    for case in cases:
        case["expected"] = plain(calc[case["cell"]].value)
        if case["id"] in EXCEL_DIFFERS and EXCEL_DIFFERS[case["id"]][0] != case["expected"]:
            case["libreoffice"], case["expected"], case["note"] = (
                case["expected"],
                *EXCEL_DIFFERS[case["id"]],
            )
    data = {a: v for a, v in EXTRA.items() if v != ""}
    for r, row in enumerate(TABLE, start=1):
        for c, value in enumerate(row, start=1):
            data[f"{openpyxl.utils.get_column_letter(c)}{r}"] = value
    OUT.write_text(
        json.dumps({"reference": version, "data": data, "cases": cases}, indent=1, ensure_ascii=False) + "\n"
    )
    print(f"{len(cases)} formulas over {len(functions(cases))} functions -> {OUT}")


def functions(cases: list[dict]) -> set[str]:
    import re

    return {f for c in cases for f in re.findall(r"([A-Z][A-Z0-9.]+)\(", c["formula"])}


if __name__ == "__main__":
    main()
