"""OneDrive and SharePoint naming rules for drive items, as Microsoft documents them
("Restrictions and limitations in OneDrive and SharePoint"), with the errors Graph returns.

A name may not contain `" * : < > ? / \\ |`, begin or end with a space, be one of the reserved names
(.lock, CON, PRN, AUX, NUL, COM0-COM9, LPT0-LPT9, desktop.ini), begin with `~$` or contain `_vti_`;
the whole decoded path of an item, its file name included, has at most 400 characters. Graph refuses
these with `invalidRequest` (driveItem errors are camelCase codes, unlike Exchange's `Error...`); a name
taken in the folder (compared without regard to case) is `nameAlreadyExists`.
"""

from __future__ import annotations

from typing import Annotated

from apps.core.errors import ActionError
from apps.core.param_schema import TextRule
from apps.office.error_shape import NAME_EXISTS

INVALID_REQUEST = "invalidRequest"
ILLEGAL = '"*:<>?/\\|'
MAX_PATH = 400
RESERVED = {".lock", "con", "prn", "aux", "nul", "desktop.ini"} | {
    f"{p}{n}" for p in ("com", "lpt") for n in range(10)
}
# What a schema can say of a name: no illegal character, no space at either end (the service checks all).
NAME_PATTERN = r'^[^"*:<>?/\\|\s](?:[^"*:<>?/\\|]*[^"*:<>?/\\|\s])?$'
ItemName = Annotated[str, TextRule(max_length=MAX_PATH, pattern=NAME_PATTERN)]
NAME_RULES = (
    'at most 400 characters with its folder path, none of " * : < > ? / \\ |, no space at either end, '
    "not a reserved name (CON, PRN, AUX, NUL, COM0-9, LPT0-9, .lock, desktop.ini), not starting with ~$"
)


def _refuse(message: str) -> ActionError:
    return ActionError(message, field="name", code=INVALID_REQUEST)


def check_name(name: str, folder_path: str, taken: list[str]) -> str:
    """`name` if OneDrive accepts it in the folder at `folder_path` (whose items are named `taken`);
    else invalidRequest (a broken naming rule) or nameAlreadyExists, with what to change."""
    found = sorted({c for c in name if c in ILLEGAL or ord(c) < 32})
    if found:
        shown = " ".join(repr(c)[1:-1] for c in found)
        raise _refuse(f"The provided name cannot contain any illegal characters ({shown}): {name!r}")
    if name != name.strip():
        raise _refuse(f"The provided name cannot contain leading, or trailing, spaces: {name!r}")
    if name.lower() in RESERVED:
        raise _refuse(f"The provided name is reserved and cannot be used in OneDrive or SharePoint: {name!r}")
    if name.startswith("~$") or "_vti_" in name.lower():
        raise _refuse(f"The provided name cannot start with ~$ or contain _vti_: {name!r}")
    path = folder_path.rstrip("/") + "/" + name
    if len(path) > MAX_PATH:
        raise _refuse(
            f"The path of the item is too long: {len(path)} characters ({path[:40]}...); a path, file name "
            f"included, has at most {MAX_PATH} characters: use a shorter name or a folder nearer the root"
        )
    if any(other.lower() == name.lower() for other in taken):
        raise ActionError(
            f"The specified item name already exists: {name!r} is in this folder; pick another name",
            field="name",
            code=NAME_EXISTS,
        )
    return name
