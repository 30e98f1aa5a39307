"""Where the office apps' web UI finds Microsoft's Fluent 2 design system, and the two files of it served.

`@fluentui/web-components` (with its dependency `@fluentui/tokens`) is installed by npm from
apps/office/fluent/package.json (`bash scripts/serve.sh` and `bash scripts/test.sh` run the install;
node_modules is git-ignored, nothing of the package is committed). The install step writes the package's light
theme (`webLightTheme`) as CSS custom properties into node_modules/.saasgym/fluent-tokens.css; office pages
link it from `/_fluent/tokens.css`, and its stylesheets read them (`var(--colorNeutralBackground1, …)`).
The package's own bundle (`dist/web-components.min.js`, an ES module) defines its web components; the pages
use one only where it replaces no native control (the mail folders' unread counts are `<fluent-badge>`s).
Without the package (a bare `saasgym serve` on a fresh machine) the pages keep the project's own look, and
`saasgym serve` prints a notice.
"""

from __future__ import annotations

import json
import os
import re
from functools import lru_cache
from pathlib import Path

from markupsafe import Markup

PACKAGE = "@fluentui/web-components"
ICONS = (
    "@fluentui/svg-icons/icons"  # Fluent System Icons, one SVG file each: <name>_<size>_<regular|filled>.svg
)
ICON_NAME = re.compile(r"^[a-z0-9_]+$")
PACKAGE_JSON = Path(__file__).parent / "fluent" / "package.json"
DEFAULT_DIR = Path(__file__).parent / "fluent" / "node_modules"
TOKENS = ".saasgym/fluent-tokens.css"
# What /_fluent/{name} serves: name → (path under the node_modules folder, media type); nothing else.
SERVED = {
    "tokens.css": (TOKENS, "text/css"),
    "web-components.min.js": (f"{PACKAGE}/dist/web-components.min.js", "text/javascript"),
}
NOTICE = (
    "saasgym: Microsoft's Fluent 2 design system is not installed; office pages use the fallback stylesheet "
    "(bash scripts/serve.sh installs it)"
)


def modules_dir() -> Path:
    """The install's node_modules folder: $SAASGYM_FLUENT_DIR when set, else apps/office/fluent/node_modules
    (it may not exist)."""
    return Path(os.environ.get("SAASGYM_FLUENT_DIR") or DEFAULT_DIR)


def tokens_file() -> Path:
    """The CSS file of the installed theme's tokens (written at install time; it may not exist)."""
    return modules_dir() / TOKENS


def installed() -> bool:
    """Whether the theme's tokens and the components' bundle are on disk (checked on every call, so an install
    needs no restart)."""
    return all((modules_dir() / path).is_file() for path, _ in SERVED.values())


def served_file(name: str) -> tuple[Path, str] | None:
    """The file and media type /_fluent/{name} serves, or None when `name` is not one or it is not installed.

    name: 'tokens.css' or 'web-components.min.js'.
    """
    if name not in SERVED:
        return None
    path, media = SERVED[name]
    return (modules_dir() / path, media) if (modules_dir() / path).is_file() else None


def icon(name: str, size: int = 20, filled: bool = False, cls: str = "") -> Markup:
    """A Fluent System Icon drawn inline (`fill` the text colour, hidden from assistive technology), or an
    empty string when the package is not installed or has no such icon.

    name: the icon's name, e.g. 'mail', 'arrow_reply_all', 'document_table'.
    size: 16, 20, 24, 28, 32 or 48.
    filled: the filled variant instead of the regular (outline) one.
    cls: classes for the <svg>.
    """
    svg = _icon_svg(str(modules_dir()), name, size, filled)
    if not svg:
        return Markup("")
    attrs = f'class="o-icon {cls}" aria-hidden="true" focusable="false" fill="currentColor"'
    return Markup(svg.replace("<svg ", f"<svg {attrs} ", 1))


_ICON_CACHE: dict[tuple[str, str, int, bool], str] = {}


def _icon_svg(modules: str, name: str, size: int, filled: bool) -> str:
    """The icon's SVG text, read once; a miss is not remembered, so icons installed after the server started
    (or a page rendered before the install) show on the next render rather than never."""
    key = (modules, name, size, filled)
    if key in _ICON_CACHE:
        return _ICON_CACHE[key]
    if not ICON_NAME.match(name):
        return ""
    path = Path(modules) / ICONS / f"{name}_{size}_{'filled' if filled else 'regular'}.svg"
    if not path.is_file():
        return ""
    _ICON_CACHE[key] = svg = path.read_text()
    return svg


def pinned_version() -> str:
    """The version of @fluentui/web-components apps/office/fluent/package.json pins (e.g. '3.1.3')."""
    return _pinned(PACKAGE_JSON)


@lru_cache(maxsize=1)
def _pinned(path: Path) -> str:
    """The pinned version of the design system in the package.json at `path`."""
    return json.loads(path.read_text())["dependencies"][PACKAGE]
