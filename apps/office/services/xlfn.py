"""Excel's "future functions": names added after the 2007 file format, stored as `_xlfn.NAME` in .xlsx.

Excel shows `=CONCAT(A1:A3)` but writes `_xlfn.CONCAT(A1:A3)` in the file; a reader that meets the
bare name (LibreOffice, older Excel) reports #NAME?. The list follows Microsoft's [MS-XLSX] future
function table (NETWORKDAYS.INTL and WORKDAY.INTL are 2007-era and carry no prefix).
"""

from __future__ import annotations

import re

_PLAIN = """ACOT ACOTH AGGREGATE ARABIC BASE BETA.DIST BETA.INV BINOM.DIST BINOM.DIST.RANGE BINOM.INV BITAND
BITLSHIFT BITOR BITRSHIFT BITXOR CEILING.MATH CEILING.PRECISE CHISQ.DIST CHISQ.DIST.RT CHISQ.INV
CHISQ.INV.RT CHISQ.TEST COMBINA CONCAT CONFIDENCE.NORM CONFIDENCE.T COT COTH COVARIANCE.P COVARIANCE.S
CSC CSCH DAYS DECIMAL ERF.PRECISE ERFC.PRECISE EXPON.DIST F.DIST F.DIST.RT F.INV F.INV.RT F.TEST
FILTERXML FLOOR.MATH FLOOR.PRECISE FORECAST.ETS FORECAST.ETS.CONFINT FORECAST.ETS.SEASONALITY
FORECAST.ETS.STAT FORECAST.LINEAR FORMULATEXT GAMMA GAMMA.DIST GAMMA.INV GAMMALN.PRECISE GAUSS
HYPGEOM.DIST IFNA IFS IMCOSH IMCOT IMCSC IMCSCH IMSEC IMSECH IMSINH IMTAN ISFORMULA ISOWEEKNUM
LOGNORM.DIST LOGNORM.INV MAXIFS MINIFS MODE.MULT MODE.SNGL MUNIT NEGBINOM.DIST NORM.DIST NORM.INV
NORM.S.DIST NORM.S.INV NUMBERVALUE PDURATION PERCENTILE.EXC PERCENTILE.INC PERCENTRANK.EXC
PERCENTRANK.INC PERMUTATIONA PHI POISSON.DIST QUARTILE.EXC QUARTILE.INC RANK.AVG RANK.EQ RRI SEC SECH
SHEET SHEETS SKEW.P STDEV.P STDEV.S SWITCH T.DIST T.DIST.2T T.DIST.RT T.INV T.INV.2T T.TEST TEXTJOIN
UNICHAR UNICODE VAR.P VAR.S WEBSERVICE WEIBULL.DIST XOR Z.TEST
ANCHORARRAY LAMBDA LET RANDARRAY SEQUENCE SINGLE SORTBY UNIQUE XLOOKUP XMATCH TEXTBEFORE TEXTAFTER
TEXTSPLIT VSTACK HSTACK TOCOL TOROW CHOOSEROWS CHOOSECOLS TAKE DROP EXPAND WRAPROWS WRAPCOLS"""
FUTURE = frozenset(_PLAIN.split())
WORKSHEET_SCOPED = frozenset({"FILTER", "SORT"})  # _xlfn._xlws.FILTER
_NAME = re.compile(r"(?<![A-Za-z0-9_.])([A-Za-z][A-Za-z0-9.]*)\s*\(")
_STRING = re.compile(r'("(?:[^"]|"")*")')


def outside_strings(formula: str, change) -> str:
    """`change` applied to the formula's text outside its "string literals"."""
    parts = _STRING.split(formula)
    return "".join(p if i % 2 else change(p) for i, p in enumerate(parts))


def add_prefixes(formula: str) -> str:
    """'=CONCAT(A1,IFS(…))' -> '=_xlfn.CONCAT(A1,_xlfn.IFS(…))', as Excel stores it (strings untouched)."""

    def name(m: re.Match) -> str:
        upper = m.group(1).upper()
        if upper in FUTURE:
            return f"_xlfn.{upper}("
        if upper in WORKSHEET_SCOPED:
            return f"_xlfn._xlws.{upper}("
        return m.group(0)

    return outside_strings(formula, lambda text: _NAME.sub(name, text))
