"""Where the CRM's web UI finds the Salesforce Lightning Design System (SLDS), and which of its files are
served.

SLDS is installed by npm from apps/crm/slds/package.json (`bash scripts/serve.sh` and `bash scripts/test.sh`
run the install; node_modules is git-ignored, nothing of the package is committed). When it is installed, CRM
pages link its stylesheet and icons from `/_slds/...`; when it is absent (a bare `saasgym serve` on a fresh
machine), they link the project's own Lightning-like stylesheet and `saasgym serve` prints a notice.

Icons are served one SVG each (`icons/utility/down.svg`, `icons/standard/account.svg`: the symbol cut out of
the package's sprite, referenced as `…/down.svg#down`), so a page transfers only the icons it draws, never
the ~450 KB sprites.
"""

from __future__ import annotations

import json
import os
import re
from functools import lru_cache
from pathlib import Path

from apps.core.ui_assets import lockfile_tag

PACKAGE = "@salesforce-ux/design-system"
PACKAGE_JSON = Path(__file__).parent / "slds" / "package.json"
DEFAULT_DIR = Path(__file__).parent / "slds" / "node_modules" / "@salesforce-ux" / "design-system"
STYLESHEET = "styles/salesforce-lightning-design-system.min.css"
# The files of the package's assets/ folder the pages use: the stylesheet and its images; icons one by one.
SERVED = {STYLESHEET: "text/css"}
SPRITES = ("utility", "standard")  # icons/<sprite>/<name>.svg, cut from icons/<sprite>-sprite/svg/symbols.svg
ICON = re.compile(r"^icons/(utility|standard)/([a-z0-9_]+)\.svg$")
SERVED_PREFIXES = {"images/": {".png": "image/png", ".svg": "image/svg+xml", ".jpg": "image/jpeg"}}
NOTICE = (
    "saasgym: the Salesforce Lightning Design System is not installed; CRM pages use the fallback stylesheet "
    "(bash scripts/serve.sh installs it)"
)


def package_dir() -> Path:
    """The installed package's folder: $SAASGYM_SLDS_DIR when set, else apps/crm/slds/node_modules/...; it may
    not exist."""
    return Path(os.environ.get("SAASGYM_SLDS_DIR") or DEFAULT_DIR)


def installed() -> bool:
    """Whether the package's stylesheet is on disk (checked on every call, so an install needs no restart)."""
    return (package_dir() / "assets" / STYLESHEET).is_file()


def pinned_version() -> str:
    """The version apps/crm/slds/package.json pins (e.g. '2.264.1')."""
    return _pinned(PACKAGE_JSON)


@lru_cache(maxsize=1)
def _pinned(path: Path) -> str:
    """The pinned version of the design system in the package.json at `path`."""
    return json.loads(path.read_text())["dependencies"]["@salesforce-ux/design-system"]


def package_tag() -> str | None:
    """The tag of the installed package's files in their URLs (from its integrity hash in the lockfile)."""
    return lockfile_tag(PACKAGE_JSON.with_name("package-lock.json"), PACKAGE)


def icon(sprite: str, name: str) -> bytes | None:
    """One icon of a sprite ('utility', 'standard') as an SVG document holding its <symbol id=name>."""
    symbols = _symbols(str(package_dir() / "assets" / "icons" / f"{sprite}-sprite" / "svg" / "symbols.svg"))
    found = symbols.get(name)
    return None if found is None else b'<svg xmlns="http://www.w3.org/2000/svg">' + found + b"</svg>"


@lru_cache(maxsize=4)
def _symbols(sprite: str) -> dict[str, bytes]:
    path = Path(sprite)
    if not path.is_file():
        return {}
    text = path.read_bytes()
    found = re.finditer(rb'<symbol\b[^>]*?\bid="([^"]+)"[^>]*>.*?</symbol>', text, re.S)
    return {m.group(1).decode(): m.group(0) for m in found}


def asset(relative: str) -> tuple[Path | bytes, str] | None:
    """The file (or bytes) and media type of one served asset, or None when it is not one the pages use or not
    installed.

    relative: a path under the package's assets/ folder, e.g. the stylesheet
    'styles/salesforce-lightning-design-system.min.css', or an icon, 'icons/utility/down.svg'.
    """
    cut = ICON.match(relative)
    if cut:
        data = icon(*cut.groups())
        return None if data is None else (data, "image/svg+xml")
    media = SERVED.get(relative)
    if media is None:
        for prefix, by_suffix in SERVED_PREFIXES.items():
            if relative.startswith(prefix) and ".." not in relative.split("/"):
                media = by_suffix.get(Path(relative).suffix)
    if media is None:
        return None
    path = package_dir() / "assets" / relative
    return (path, media) if path.is_file() else None
