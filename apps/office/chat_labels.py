"""How Teams names a thread's Reply controls for assistive technology: by the post's author and the
start of its text, so each thread's reply box can be told apart (the UI and the task families share it)."""

from __future__ import annotations

SNIPPET = 60


def reply_label(author: str, body: str) -> str:
    """The accessible name of a thread's Reply button, reply box and reply form.

    Args:
        author: the display name of the person who started the thread.
        body: the thread's first post, as stored (its first SNIPPET characters are named, then "…").
    """
    text = " ".join(body.split())
    if len(text) > SNIPPET:
        text = text[:SNIPPET].rstrip() + "…"
    return f"Reply to {author}'s message: {text}"
