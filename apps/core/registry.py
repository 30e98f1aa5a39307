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
    for name in app_names():
        if only and name not in only:
            continue
        spec = load_app(name)
        if spec is not None:
            found[spec.name] = spec
    check_app_names(found)
    return found


def app_dirs() -> list[str]:
    """Where apps are looked for: the `apps/` folder, plus every folder in $SAASGYM_APP_DIRS
    (separated by the OS path separator) — a lab's own apps, kept outside this checkout."""
    for folder in os.environ.get("SAASGYM_APP_DIRS", "").split(os.pathsep):
        if folder and os.path.isdir(folder) and os.path.abspath(folder) not in apps.__path__:
            apps.__path__.append(os.path.abspath(folder))  # so `apps.<name>` imports from there too
    return list(apps.__path__)


def app_names() -> list[str]:
    """The names of the app folders in `app_dirs()` (nothing is imported), in name order."""
    return sorted({m.name for m in pkgutil.iter_modules(app_dirs()) if m.ispkg and m.name != "core"})


@cache
def load_app(name: str) -> AppSpec | None:
    """Import one app folder's `app.py` and return its `spec` (None if the folder has no app.py)."""
    try:
        module = importlib.import_module(f"apps.{name}.app")
    except ModuleNotFoundError as exc:
        if exc.name == f"apps.{name}.app":
            return None
        raise
    spec = getattr(module, "spec", None)
    if not isinstance(spec, AppSpec):
        raise TypeError(f"apps/{name}/app.py must define `spec = AppSpec(...)`")
    if spec.name != name:
        raise ValueError(f"app folder {name} declares name {spec.name}")
    return spec


def get_app(name: str) -> AppSpec:
    """The app called `name`, or a clear error listing the apps there are."""
    registry = discover()
    if name not in registry:
        raise KeyError(f"unknown app {name!r}; installed apps: {', '.join(registry) or 'none'}")
    return registry[name]
