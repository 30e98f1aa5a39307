"""How a service function's parameters become `saasgym <app> <command>` options, from their types.

- a flag (`--archived/--no-archived`) for a yes/no parameter;
- a repeatable option for a list of plain values (`--to a@x --to b@x`), which also takes the whole list
  as one JSON array (`--to '["a@x", "b@x"]'`, `--categories '[]'` to clear the list);
- JSON for structured values: a list of lists or of objects (`--values '[[1, 2], [3, 4]]'`, the whole
  list at once, or one JSON row per `--values`), and an object (`--filters '{"a": 1}'`);
- text for everything else (numbers, dates and picklists are checked by the action's own validation,
  so the CLI reports them exactly as the MCP tool does).

Bad JSON is a usage error (exit 2) naming the option and where the JSON broke; nothing is sent.
"""

from __future__ import annotations

import json
import types
import typing
from dataclasses import dataclass
from typing import Any

import click
from pydantic import BaseModel

SCALAR, FLAG, LIST, JSON = "scalar", "flag", "list", "json"
_UNION = (typing.Union, types.UnionType)


def _bare(hint: Any) -> Any:
    """`hint` without Annotated metadata and without an optional None (`list[int] | None` -> `list[int]`)."""
    while typing.get_origin(hint) is typing.Annotated:
        hint = typing.get_args(hint)[0]
    if typing.get_origin(hint) in _UNION:
        options = [a for a in typing.get_args(hint) if a is not type(None)]
        if len(options) == 1:
            return _bare(options[0])
    return hint


def _structured(hint: Any) -> bool:
    """Whether a value of `hint` is itself a list or an object (it needs JSON on a command line)."""
    hint = _bare(hint)
    origin = typing.get_origin(hint) or hint
    if origin in (list, tuple, set, dict):
        return True
    return isinstance(hint, type) and (issubclass(hint, BaseModel) or typing.is_typeddict(hint))


@dataclass(frozen=True)
class Shape:
    """How one parameter is given on the command line: `kind` is flag, scalar, list or json; a list's
    items are `structured` when each is itself a list or an object."""

    kind: str
    structured: bool = False


def shape_of(hint: Any) -> Shape:
    """The command-line shape of a parameter annotated `hint`."""
    bare = _bare(hint)
    if bare is bool:
        return Shape(FLAG)
    if (typing.get_origin(bare) or bare) is list:
        items = typing.get_args(bare)
        return Shape(LIST, bool(items) and _structured(items[0]))
    if _structured(bare):
        return Shape(JSON)
    return Shape(SCALAR)


class JsonText(click.ParamType):
    """An option value that must be JSON; the parse error names the option and the position."""

    name = "JSON"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if not isinstance(value, str):
            return value
        try:
            return json.loads(value)
        except json.JSONDecodeError as exc:
            self.fail(
                f"not valid JSON ({exc.msg} at character {exc.pos + 1}): {value[:80]!r}; "
                'quote it for your shell, e.g. \'[["Region", "Q3"], ["East", 120]]\'',
                param,
                ctx,
            )


def _json_array(text: str) -> list[Any] | None:
    """`text` as a JSON array when it is one, else None (a plain value that merely starts with '[')."""
    if not text.lstrip().startswith("["):
        return None
    try:
        value = json.loads(text)
    except json.JSONDecodeError:
        return None
    return value if isinstance(value, list) else None


def collect(values: tuple[Any, ...], shape: Shape) -> list[Any]:
    """The list a repeatable option's occurrences stand for.

    One occurrence that is the whole list as a JSON array is taken as it is (for structured items: an
    array whose items are arrays or objects); otherwise each occurrence is one item (for structured
    items, each already parsed from JSON).
    """
    if shape.structured:
        if len(values) == 1 and isinstance(values[0], list):
            whole = values[0]
            if all(isinstance(item, (list, dict)) for item in whole):
                return whole
        return list(values)
    if len(values) == 1 and (whole := _json_array(str(values[0]))) is not None:
        return whole
    return list(values)


def _how(shape: Shape) -> str:
    if shape.kind == LIST and shape.structured:
        return "JSON: the whole list, or one item per repeat"
    if shape.kind == LIST:
        return "repeat, or one JSON array"
    return "JSON" if shape.kind == JSON else ""


def option(
    name: str, hint: Any, *, required: bool, description: str | None, choices: list[str] | None
) -> click.Option:
    """The click option for parameter `name` of type `hint`, its help the parameter's description."""
    flag = "--" + name.replace("_", "-")
    shape = shape_of(hint)
    how = _how(shape)
    text = " ".join(p for p in (description or name, f"[{how}]" if how else "") if p)
    if shape.kind == FLAG:
        return click.Option([f"{flag}/--no-{flag[2:]}", name], default=None, help=f"{text} (yes/no)")
    if shape.kind == LIST:
        kind = JsonText() if shape.structured else click.STRING
        return click.Option([flag, name], multiple=True, type=kind, required=required, help=text)
    kind = JsonText() if shape.kind == JSON else click.Choice(choices) if choices else click.STRING
    return click.Option([flag, name], type=kind, required=required, default=None, help=text)
