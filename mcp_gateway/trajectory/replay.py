"""Replaying an exported GUI trajectory in Chromium (Playwright) on another episode of the same world.

Each step is played on the element its `target.ref` selects, on the page its `page.url` names (the replayer
opens that URL when the browser is elsewhere, e.g. after an address-bar navigation). The element may appear
only after an earlier step (a suggestion after the typing that asked for it, a cell's editor after the key
that opened it): the replayer waits for it, then requires exactly one. A click lands where it was made on
its element (a caret in a document); a step marked `submits`, or a click on a link, waits for the page it
loads; after every step the replayer waits for the page to settle (no `aria-busy`: a save by fetch, rows
being drawn). Steps of older logs of type "submit" (effects, not inputs) are skipped.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from urllib.parse import urlsplit

from tasks.ui_oracle import NOT_BUSY


class ReplayFailed(Exception):
    """A step could not be played (its element is missing or not unique)."""


def _here(page: Any) -> str:
    parts = urlsplit(page.url)
    return parts.path + (f"?{parts.query}" if parts.query else "")


def _navigates(step: dict[str, Any]) -> bool:
    if step["action"].get("submits"):
        return True
    href = step["target"].get("href") or ""
    return (
        step["action"]["type"] == "click"
        and step["target"]["role"] == "link"
        and bool(href)
        and not href.startswith(("#", "javascript:"))
    )


def _element(page: Any, step: dict[str, Any], timeout_ms: int) -> Any:
    ref = step["target"]["ref"]
    element = page.locator(ref)
    try:
        element.first.wait_for(state="attached", timeout=timeout_ms)
    except Exception as exc:  # noqa: BLE001 - Playwright's timeout
        raise ReplayFailed(f"step {step['step']}: nothing matches {ref!r}") from exc
    if element.count() != 1:
        raise ReplayFailed(f"step {step['step']}: {ref!r} matches {element.count()} elements")
    return element


def _position(step: dict[str, Any]) -> dict[str, float] | None:
    """Where on its element the pointer was (relative to the element's box), if it was on it."""
    box, pointer = step["target"]["bbox"], step["pointer"]
    if None in (box.get("x"), box.get("y"), box.get("width"), pointer.get("x"), pointer.get("y")):
        return None
    x, y = pointer["x"] - box["x"], pointer["y"] - box["y"]
    if 0 <= x < box["width"] and 0 <= y < box["height"]:
        return {"x": x, "y": y}
    return None


def _act(page: Any, step: dict[str, Any], timeout_ms: int) -> None:
    action, target = step["action"], step["target"]
    element = _element(page, step, timeout_ms)
    kind = action["type"]
    if kind == "click":
        element.click(position=_position(step))
    elif kind == "double-click":
        element.dblclick(position=_position(step))
    elif kind == "type" and "text" in action:  # a rich-text editor: typed at the caret
        if not element.evaluate("el => el.contains(document.activeElement)"):
            element.focus()
        page.keyboard.type(action["text"])
    elif kind == "type":
        element.fill(action["value_after"])
    elif kind == "select":
        element.select_option(action["value_after"])
    elif kind == "check":
        element.set_checked(bool(action["checked"]))
    elif kind == "key":
        element.press(action["key"])
    elif kind == "scroll":
        to = [action.get("scroll_left"), action.get("scroll_top")]
        if target["tag"] == "body":
            page.evaluate("([x, y]) => window.scrollTo(x, y)", to)
        else:
            element.evaluate("(el, [x, y]) => el.scrollTo(x, y)", to)
    elif kind == "drag":
        pointer = step["pointer"]
        page.mouse.move(pointer["x"], pointer["y"])
        page.mouse.down()
        page.mouse.move(pointer["x2"], pointer["y2"], steps=5)
        page.mouse.up()


def replay(page: Any, base: str, steps: Sequence[dict[str, Any]], *, timeout_ms: int = 10_000) -> int:
    """Play `steps` (exported trajectory lines) in `page`, whose session is already launched.

    Args:
        page: a Playwright page with the target episode's session cookie.
        base: the gateway's base URL (step URLs are paths under it).
        steps: the trajectory's steps, in order.
        timeout_ms: how long to wait for a step's element to appear.

    Returns the number of steps played.
    """
    played = 0
    for step in steps:
        if step["action"]["type"] == "submit":
            continue
        if _here(page) != step["page"]["url"]:
            page.goto(base + step["page"]["url"])
        if _navigates(step):
            with page.expect_navigation(wait_until="load"):
                _act(page, step, timeout_ms)
        else:
            _act(page, step, timeout_ms)
        page.wait_for_function(NOT_BUSY)
        played += 1
    return played
