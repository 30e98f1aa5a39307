"""Step-argument references: "$2.id" is step 2's `id`, "$1.records.0.id" walks into lists. A reference
always names a field after the step number, so an amount such as "$995,200" or "$12.50" stays text.

Standard library only, so the harness-adapter drivers (in venvs without this project's dependencies)
replay scripts with the oracle's own rule.
"""

from __future__ import annotations

import re
from typing import Any

REF = re.compile(r"\$\d+\.[A-Za-z_]\w*(\.\w+)*")


def _lookup(results: list[Any], ref: str) -> Any:
    head, *path = ref[1:].split(".")
    value = results[int(head) - 1]
    for part in path:
        value = value[int(part)] if isinstance(value, list) else value[part]
    return value


def resolve_args(args: Any, results: list[Any]) -> Any:
    """Replace "$N.path" strings with values from earlier step results."""
    if isinstance(args, str) and REF.fullmatch(args):
        return _lookup(results, args)
    if isinstance(args, dict):
        return {k: resolve_args(v, results) for k, v in args.items()}
    if isinstance(args, list):
        return [resolve_args(v, results) for v in args]
    return args


def renumber(args: Any, move: Any) -> Any:
    """`args` with each "$N.path" reference's step number N replaced by `move(N)` (steps moved or dropped)."""
    if isinstance(args, str) and REF.fullmatch(args):
        head, dot, path = args[1:].partition(".")
        return f"${move(int(head))}{dot}{path}"
    if isinstance(args, dict):
        return {k: renumber(v, move) for k, v in args.items()}
    if isinstance(args, list):
        return [renumber(v, move) for v in args]
    return args
