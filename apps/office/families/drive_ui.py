"""The browser steps of the OneDrive families, on the Files page: search, the Share dialog, Rename and
Move to (its folder picker), as a person does them."""

from __future__ import annotations

from tasks.truth_model import UiStep

ROLE_LABEL = {"read": "Can view", "write": "Can edit"}


def ui_search(query: str) -> list[UiStep]:
    """Open Files and search the drive (own and shared items) for `query`."""
    return [UiStep(goto="/files"), UiStep(fill=("Search files", query)), UiStep(click=("button", "Search"))]


def ui_share(name: str, mails: list[str], role: str) -> list[UiStep]:
    """On a listing that shows `name`: Share it with each address (picked in the people picker) with
    `role`, Send, then close the dialog (Escape) to get back to the listing."""
    steps = [UiStep(click=("button", f"Share {name}"))]
    steps += [UiStep(fill=("Add a name or email", mail)) for mail in mails]
    steps += [
        UiStep(select=("Permission", ROLE_LABEL[role])),
        UiStep(click=("button", "Send")),
        UiStep(expect_text="sent to"),
        UiStep(press="Escape"),
    ]
    return steps


def ui_move(name: str, folder: str, new_name: str | None = None) -> list[UiStep]:
    """On a listing that shows `name`: Rename it to `new_name` (if given), then Move it to `folder` (a
    folder the picker offers at My files: one of yours or one shared with you that you can edit)."""
    steps: list[UiStep] = []
    if new_name:
        steps += [
            UiStep(click=("button", f"Rename {name}")),
            UiStep(fill=("New name", new_name)),
            UiStep(click=("button", "Rename")),
        ]
        name = new_name
    return steps + [
        UiStep(click=("button", f"Move to {name}")),
        UiStep(click=("link", folder)),
        UiStep(click=("button", "Move here")),
    ]
