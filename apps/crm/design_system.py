"""Where the CRM's web UI finds the Salesforce Lightning Design System (SLDS), and which of its files are
served.

SLDS is installed by npm from apps/crm/slds/package.json (`bash scripts/serve.sh` and `bash scripts/test.sh`
run the install; node_modules is git-ignored, nothing of the package is committed). When it is installed, CRM
pages link its stylesheet and icon sprites from `/_slds/...`; when it is absent (a bare `saasgym serve` on a
fresh machine), they link the project's own Lightning-like stylesheet and `saasgym serve` prints a notice.
"""

from __future__ import annotations

import json
import os
from functools import lru_cache
from pathlib import Path

PACKAGE_JSON = Path(__file__).parent / "slds" / "package.json"
DEFAULT_DIR = Path(__file__).parent / "slds" / "node_modules" / "@salesforce-ux" / "design-system"
STYLESHEET = "styles/salesforce-lightning-design-system.min.css"
# The files of the package's assets/ folder the pages use: the stylesheet, its images, the icon sprites.
SERVED = {
    STYLESHEET: "text/css",
    "icons/utility-sprite/svg/symbols.svg": "image/svg+xml",
    "icons/standard-sprite/svg/symbols.svg": "image/svg+xml",
}
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


def asset(relative: str) -> tuple[Path, str] | None:
    """The file and media type of one served asset, or None when it is not one the pages use or not installed.

    relative: a path under the package's assets/ folder, e.g. 'icons/utility-sprite/svg/symbols.svg'.
    """
    media = SERVED.get(relative)
    if media is None:
        for prefix, by_suffix in SERVED_PREFIXES.items():
            if relative.startswith(prefix) and ".." not in relative.split("/"):
                media = by_suffix.get(Path(relative).suffix)
    if media is None:
        return None
    path = package_dir() / "assets" / relative
    return (path, media) if path.is_file() else None
