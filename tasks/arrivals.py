"""A task's episode start: the episode carries the task and its planned arrivals (`TaskTruth.arrivals`: mails
sent on their senders' own schedule during the episode) are planted as pending office rows that the
episode's clock delivers (`apps/office/planned.py`). Every path that runs a task's episode starts it here
(the gateway, calibration, rollouts), and a reset plants them again (`Episode.setup`)."""

from __future__ import annotations

from typing import Any


def begin(episode: Any, task: Any, *, plant: bool = True) -> Any:
    """Give `episode` its `task` (public part) and plant the task's arrivals; returns the episode.

    episode: a fresh (or just restored) episode · task: the trusted Task · plant: False for an episode
    restored from a checkpoint, whose database holds them already (only a later reset plants them)."""
    episode.task = task.public
    arrivals = list(task.truth.arrivals)
    if not arrivals or "office" not in episode.apps:
        episode.setup = None
        return episode

    def setup(ep: Any) -> None:
        from apps.office.planned import plant as write

        write(ep.db, arrivals)

    episode.setup = setup
    if plant:
        setup(episode)
    return episode
