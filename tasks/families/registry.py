"""Finding families: every module of an app's `families` package (`apps/<app>/families/*.py`) and of
the cross-app package (`crossapp/xapp/`) and of the long-horizon scenarios
(`crossapp/scenarios/`) that defines `FAMILIES = [Family(), …]`.
Adding a module is all it takes; a family whose apps are not loaded ($SAASGYM_APPS) is left out."""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from apps.core.registry import app_names, discover
from tasks.families.base import Family

CROSS_APP = "crossapp.xapp"
SCENARIOS = "crossapp.scenarios"  # long-horizon scenarios (`scenario.<slug>`, two or more apps)
ULTRALONG = "crossapp.ultralong"  # ultra-long scenarios (>= 100 oracle calls, `long.<slug>`)


def _modules(package: str) -> list[str]:
    try:
        pkg = importlib.import_module(package)
    except ModuleNotFoundError as exc:
        if exc.name == package:
            return []
        raise
    return [f"{package}.{m.name}" for m in pkgutil.iter_modules(pkg.__path__) if not m.ispkg]


@cache
def families() -> dict[str, Family]:
    """Every family of the loaded apps, by name (sorted)."""
    loaded = set(discover())
    found: dict[str, Family] = {}
    packages = [f"apps.{a}.families" for a in app_names() if a in loaded] + [CROSS_APP, SCENARIOS, ULTRALONG]
    for package in packages:
        for module_name in sorted(_modules(package)):
            module = importlib.import_module(module_name)
            for fam in getattr(module, "FAMILIES", []):
                if not isinstance(fam, Family):
                    raise TypeError(f"{module_name}: FAMILIES holds {fam!r}, not a Family")
                _check(fam, package, found)
                if set(fam.apps) <= loaded:
                    found[fam.name] = fam
    return dict(sorted(found.items()))


def _check(fam: Family, package: str, found: dict[str, Family]) -> None:
    prefix = fam.name.split(".", 1)[0]
    expected = {CROSS_APP: "xapp", SCENARIOS: "scenario", ULTRALONG: "long"}.get(package) or package.split(
        "."
    )[1]
    if prefix != expected or "." not in fam.name or "@" in fam.name:
        raise ValueError(f"family {fam.name!r} in {package} must be named {expected}.<slug>")
    if package in (CROSS_APP, SCENARIOS, ULTRALONG) and len(fam.apps) < 2:
        raise ValueError(f"cross-app family {fam.name} names fewer than two apps")
    if fam.name in found:
        raise ValueError(f"two families are called {fam.name}")


def get_family(name: str) -> Family:
    """The family called `name`, or a clear error listing the families."""
    fams = families()
    if name not in fams:
        raise KeyError(f"unknown family {name!r}; families: {', '.join(fams) or 'none'}")
    return fams[name]
