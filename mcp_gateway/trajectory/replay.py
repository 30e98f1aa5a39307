"""Replaying an exported GUI trajectory in Chromium (Playwright) on another episode of the same world.

Each step is played on the element its `target.ref` selects, on the page its `page.url` names (the
replayer opens that URL when the browser is elsewhere, e.g. after an address-bar navigation). Submit
steps are the effect of the click or Enter before them, so they are not played themselves; a step
followed by a submit, or a click on a link, waits for the navigation it causes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from urllib.parse import urlsplit


class ReplayFailed(Exception):
    """A step could not be played (its element is missing or not unique)."""


def _here(page: Any) -> str:
    parts = urlsplit(page.url)
    return parts.path + (f"?{parts.query}" if parts.query else "")


def _navigates(step: dict[str, Any], following: dict[str, Any] | None) -> bool:
    if following is not None and following["action"]["type"] == "submit":
        return True
    return (
        step["action"]["type"] == "click"
        and step["target"]["role"] == "link"
        and bool(step["target"]["href"])
    )


def _act(page: Any, step: dict[str, Any]) -> None:
    action, target = step["action"], step["target"]
    element = page.locator(target["ref"])
    if element.count() != 1:
        raise ReplayFailed(f"step {step['step']}: {target['ref']!r} matches {element.count()} elements")
    kind, to = action["type"], [action.get("scroll_left"), action.get("scroll_top")]
    if kind == "click":
        element.click()
    elif kind == "double-click":
        element.dblclick()
    elif kind == "type":
        element.fill(action["value_after"])
    elif kind == "select":
        element.select_option(action["value_after"])
    elif kind == "check":
        element.set_checked(bool(action["checked"]))
    elif kind == "key":
        element.press(action["key"])
    elif kind == "scroll":
        if target["tag"] == "body":
            page.evaluate("([x, y]) => window.scrollTo(x, y)", to)
        else:
            element.evaluate(
                "(el, [x, y]) => el.scrollTo(x, y)", [action["scroll_left"], action["scroll_top"]]
            )
    elif kind == "drag":
        pointer = step["pointer"]
        page.mouse.move(pointer["x"], pointer["y"])
        page.mouse.down()
        page.mouse.move(pointer["x2"], pointer["y2"], steps=5)
        page.mouse.up()


def replay(page: Any, base: str, steps: Sequence[dict[str, Any]]) -> int:
    """Play `steps` (exported trajectory lines) in `page`, whose session is already launched.

    Args:
        page: a Playwright page with the target episode's session cookie.
        base: the gateway's base URL (step URLs are paths under it).
        steps: the trajectory's steps, in order.

    Returns the number of steps played.
    """
    played = 0
    for i, step in enumerate(steps):
        if step["action"]["type"] == "submit":
            continue
        if _here(page) != step["page"]["url"]:
            page.goto(base + step["page"]["url"])
        following = steps[i + 1] if i + 1 < len(steps) else None
        if _navigates(step, following):
            with page.expect_navigation(wait_until="load"):
                _act(page, step)
        else:
            _act(page, step)
        played += 1
    return played
