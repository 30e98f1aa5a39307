"""Step-argument references: "$2.id" is step 2's `id`, "$1.records.0.id" walks into lists.

Standard library only, so the harness-adapter drivers (in venvs without this project's dependencies)
replay scripts with the oracle's own rule.
"""

from __future__ import annotations

from typing import Any


def _lookup(results: list[Any], ref: str) -> Any:
    head, *path = ref[1:].split(".")
    value = results[int(head) - 1]
    for part in path:
        value = value[int(part)] if isinstance(value, list) else value[part]
    return value


def resolve_args(args: Any, results: list[Any]) -> Any:
    """Replace "$N.path" strings with values from earlier step results."""
    if isinstance(args, str) and args.startswith("$") and args[1:2].isdigit():
        return _lookup(results, args)
    if isinstance(args, dict):
        return {k: resolve_args(v, results) for k, v in args.items()}
    if isinstance(args, list):
        return [resolve_args(v, results) for v in args]
    return args
