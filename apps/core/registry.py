"""App discovery: every folder under apps/ (except core) with an `app.py` exposing `spec` is an app."""

from __future__ import annotations

import importlib
import os
import pkgutil
from collections.abc import Mapping
from functools import cache

import apps
from apps.core.naming import check_app_names
from apps.core.spec import AppSpec


def selected_apps(environ: Mapping[str, str] | None = None) -> frozenset[str] | None:
    """The app names $SAASGYM_APPS (comma-separated) limits loading to, read now; None: all apps."""
    raw = (os.environ if environ is None else environ).get("SAASGYM_APPS", "")
    names = frozenset(a.strip() for a in raw.split(",") if a.strip())
    return names or None


def discover(only: frozenset[str] | None = None) -> dict[str, AppSpec]:
    """The installed apps by name, in name order (all of them, or the ones named in `only`).
    Adding an app folder is all it takes.

    Args:
        only: the app names to load (e.g. `selected_apps()`, which reads $SAASGYM_APPS); None for all.
    """
    return dict(_discovered(tuple(app_dirs()), only))


@cache
def _discovered(dirs: tuple[str, ...], only: frozenset[str] | None) -> tuple[tuple[str, AppSpec], ...]:
    """Discovery for one set of app folders and one selection (cached by both, never by hidden state)."""
    found: dict[str, AppSpec] = {}
    for name in app_names():
        if only and name not in only:
            continue
        spec = load_app(name)
        if spec is not None:
            found[spec.name] = spec
    check_app_names(found)
    return tuple(found.items())


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
    registry = discover(selected_apps())
    if name not in registry:
        raise KeyError(f"unknown app {name!r}; installed apps: {', '.join(registry) or 'none'}")
    return registry[name]
