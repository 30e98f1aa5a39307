"""App discovery: every folder under apps/ (except core) with an `app.py` exposing `spec` is an app."""

from __future__ import annotations

import importlib
import os
import pkgutil
from functools import cache

import apps
from apps.core.naming import check_app_names
from apps.core.spec import AppSpec


@cache
def discover() -> dict[str, AppSpec]:
    """All installed apps by name, in name order. Adding an app folder is all it takes.

    $SAASGYM_APPS (comma-separated names) limits which apps are loaded.
    """
    only = {a.strip() for a in os.environ.get("SAASGYM_APPS", "").split(",") if a.strip()}
    found: dict[str, AppSpec] = {}
    for mod in sorted(pkgutil.iter_modules(apps.__path__), key=lambda m: m.name):
        if not mod.ispkg or mod.name == "core" or (only and mod.name not in only):
            continue
        try:
            module = importlib.import_module(f"apps.{mod.name}.app")
        except ModuleNotFoundError as exc:
            if exc.name == f"apps.{mod.name}.app":
                continue
            raise
        spec = getattr(module, "spec", None)
        if not isinstance(spec, AppSpec):
            raise TypeError(f"apps/{mod.name}/app.py must define `spec = AppSpec(...)`")
        if spec.name != mod.name:
            raise ValueError(f"app folder {mod.name} declares name {spec.name}")
        found[spec.name] = spec
    check_app_names(found)
    return found


def get_app(name: str) -> AppSpec:
    """The app called `name`, or a clear error listing the apps there are."""
    registry = discover()
    if name not in registry:
        raise KeyError(f"unknown app {name!r}; installed apps: {', '.join(registry) or 'none'}")
    return registry[name]
