"""The Jinja environment an app's pages render with: its templates before the shared ones, and the filters
every template may use (money, numbers, dates, picklist options, initials)."""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

import jinja2

from apps.core.spec import AppSpec
from apps.core.ui_dates import input_date, input_datetime

CORE_TEMPLATES = Path(__file__).parent / "templates"  # the templates every app shares


def _template_dirs(spec: AppSpec) -> list[Path]:
    dirs = []
    try:
        package = importlib.import_module(f"apps.{spec.name}")
        app_dir = Path(package.__file__).parent / "templates"
        if app_dir.is_dir():
            dirs.append(app_dir)
    except ImportError:
        pass
    dirs.append(CORE_TEMPLATES)
    return dirs


def make_env(spec: AppSpec) -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader([str(d) for d in _template_dirs(spec)]),
        autoescape=jinja2.select_autoescape(["html"]),
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.ChainableUndefined,
    )
    env.filters["money"] = format_money
    env.filters["num"] = format_number
    env.filters["dt"] = format_datetime
    env.filters["d"] = format_date
    env.filters["input_date"] = input_date
    env.filters["input_datetime"] = input_datetime
    env.filters["picklist_option"] = picklist_option
    env.filters["initials"] = initials
    return env


def initials(name: str | None) -> str:
    """A person's initials as avatars show them: the first letters of the first and last word."""
    words = [w for w in (name or "").replace("@", " ").split() if w[:1].isalnum()]
    if not words:
        return "?"
    return (words[0][0] + (words[-1][0] if len(words) > 1 else "")).upper()


def picklist_option(option: Any) -> tuple[str, str]:
    """A picklist's option as (value, label): a (value, label) pair, or a value that is its own label."""
    if isinstance(option, list | tuple):
        return str(option[0]), str(option[1])
    return str(option), str(option)


def format_money(value: Any) -> str:
    if value is None or value == "":
        return ""
    try:
        return f"${float(value):,.2f}"
    except (TypeError, ValueError):
        return str(value)


def format_number(value: Any) -> str:
    if value is None or value == "":
        return ""
    try:
        number = float(value)
    except (TypeError, ValueError):
        return str(value)
    return f"{int(number):,}" if number.is_integer() else f"{number:,.2f}"


def format_date(value: Any) -> str:
    """ISO date (or datetime) → '2026-11-02'."""
    return str(value)[:10] if value else ""


def format_datetime(value: Any) -> str:
    """ISO datetime → '2026-11-02 09:00'."""
    return str(value).replace("T", " ")[:16] if value else ""
