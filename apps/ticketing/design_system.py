"""Where the ticketing web UI finds Source Sans Pro, the typeface of ServiceNow's UI16, self-hosted from npm.

`@fontsource/source-sans-pro` is installed by npm from apps/ticketing/fonts/package.json (`bash
scripts/serve.sh` and `bash scripts/test.sh` run the install through scripts/design_systems.sh; node_modules
is git-ignored, nothing of the package is committed). Desk pages link `/_fonts/source-sans-pro.css`: the
package's own `@font-face` rules of the weights UI16 draws (300 light, 400 regular, 600 semibold, 700
bold; upright) for the latin subset, each pointing at its woff2 file
(`files/source-sans-pro-latin-400-normal.woff2`, served as `font/woff2`, never re-compressed). A browser
downloads only the weights a page draws. Without the package the stylesheet is not linked and the pages
fall back to the rest of UI16's stack (Helvetica Neue, Arial).
"""

from __future__ import annotations

import json
import os
import re
from functools import lru_cache
from pathlib import Path

from apps.core.ui_assets import lockfile_tag

PACKAGE = "@fontsource/source-sans-pro"
PACKAGE_JSON = Path(__file__).parent / "fonts" / "package.json"
DEFAULT_DIR = Path(__file__).parent / "fonts" / "node_modules" / "@fontsource" / "source-sans-pro"
WEIGHTS = (300, 400, 600, 700)
STYLESHEET = "source-sans-pro.css"
FONT_FILE = re.compile(r"^files/source-sans-pro-latin-(\d{3})-normal\.woff2$")
FAMILY = "Source Sans Pro"
NOTICE = (
    "saasgym: Source Sans Pro (UI16's typeface) is not installed; desk pages fall back to Helvetica Neue "
    "/ Arial (bash scripts/serve.sh installs it)"
)


def package_dir() -> Path:
    """The installed package's folder: $SAASGYM_SOURCE_SANS_DIR when set, else
    apps/ticketing/fonts/node_modules/@fontsource/source-sans-pro; it may not exist."""
    return Path(os.environ.get("SAASGYM_SOURCE_SANS_DIR") or DEFAULT_DIR)


def installed() -> bool:
    """Whether the package's latin rules and files of every weight are on disk (checked on every call, so an
    install needs no restart)."""
    folder = package_dir()
    return all((folder / f"latin-{w}.css").is_file() and (folder / _font_file(w)).is_file() for w in WEIGHTS)


def _font_file(weight: int) -> str:
    """The path, under the package's folder, of the latin upright woff2 file of `weight`."""
    return f"files/source-sans-pro-latin-{weight}-normal.woff2"


def pinned_version() -> str:
    """The version apps/ticketing/fonts/package.json pins (e.g. '5.3.0')."""
    return json.loads(PACKAGE_JSON.read_text())["dependencies"][PACKAGE]


def package_tag() -> str | None:
    """The tag of the installed package's files in their URLs (from its integrity hash in the lockfile)."""
    return lockfile_tag(PACKAGE_JSON.with_name("package-lock.json"), PACKAGE)


def stylesheet() -> bytes:
    """The package's `@font-face` rules of WEIGHTS (latin, upright), each with its woff2 source alone (the
    package also lists a woff one no current browser needs)."""
    return _stylesheet(str(package_dir()))


@lru_cache(maxsize=2)
def _stylesheet(folder: str) -> bytes:
    rules = []
    for weight in WEIGHTS:
        text = (Path(folder) / f"latin-{weight}.css").read_text()
        rules.append(re.sub(r"(format\('woff2'\)),\s*url\([^)]*\)\s*format\('woff'\)", r"\1", text).strip())
    return ("\n".join(rules) + "\n").encode()


def asset(relative: str) -> tuple[Path | bytes, str] | None:
    """The file (or bytes) and media type /_fonts/{relative} serves, or None when it is not one of them or the
    package is not installed.

    relative: 'source-sans-pro.css', or a weight's file, 'files/source-sans-pro-latin-600-normal.woff2'.
    """
    if not installed():
        return None
    if relative == STYLESHEET:
        return stylesheet(), "text/css"
    cut = FONT_FILE.match(relative)
    if cut is None or int(cut.group(1)) not in WEIGHTS:
        return None
    return package_dir() / relative, "font/woff2"
