"""Progress of long commands (`saasgym tasks check`, `bench`, `rollout`) on stderr, with rich's progress bar.

`progress_bar(label)` yields `step(name, total)`: `step("", n)` adds n units to do, `step(name, 0)` marks one
done (showing its name). On a terminal the bar redraws in place; in a log (CI) each unit done is a line, so
a long run is never silent.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

Step = Callable[[str, int], None]


@contextmanager
def progress_bar(label: str, *, enabled: bool = True) -> Iterator[Step]:
    """A progress bar on stderr (a line per unit done when stderr is not a terminal)."""
    console = Console(stderr=True)
    if not enabled:
        yield lambda name, total: None
        return
    if not console.is_terminal:
        done = [0, 0]

        def log(name: str, total: int) -> None:
            done[1] += total
            if name:
                done[0] += 1
                print(f"{label} {done[0]}/{done[1] or '?'}: {name}", file=sys.stderr, flush=True)

        yield log
        return
    columns = [TextColumn(f"{label} {{task.description}}"), BarColumn(), MofNCompleteColumn()]
    with Progress(*columns, TimeElapsedColumn(), console=console, transient=True) as bar:
        task = bar.add_task("", total=0)

        def step(name: str, total: int) -> None:
            if total:
                bar.update(task, total=(bar.tasks[0].total or 0) + total)
            if name:
                bar.update(task, advance=1, description=name)

        yield step
