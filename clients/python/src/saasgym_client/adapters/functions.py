"""MCP tools as Python functions, for frameworks that take tools as typed, documented callables.

Such frameworks (TRL's `environment_factory`, transformers' `get_json_schema`) read a tool's schema off the
function: its name, its type hints and a Google-style docstring with every argument described.
`function_for` builds that function from an MCP tool: keyword-only parameters typed from the JSON schema
(enums become `Literal`, nullable types `X | None`, arrays `list[...]`), the description with an `Args:`
section naming every parameter (the tool's own argument notes where its description has them, else the
schema's title; the default and format appended), and a body that passes on exactly the arguments it was
called with.
"""

from __future__ import annotations

import inspect
import keyword
import re
from collections.abc import Callable
from typing import Any, Literal, Union

from saasgym_client.models import Tool

_TYPES: dict[str, Any] = {
    "string": str,
    "integer": int,
    "number": float,
    "boolean": bool,
    "object": dict,
    "null": type(None),
}
_ARG = re.compile(r"^(\s*)(\w+):\s*(.*)$")


def type_hint(schema: dict[str, Any]) -> Any:
    """The Python type hint for a JSON schema (`Any` for one it cannot express)."""
    if "enum" in schema:
        return Literal[tuple(schema["enum"])]
    options = schema.get("anyOf") or schema.get("oneOf")
    if options:
        return _union([type_hint(s) for s in options])
    kind = schema.get("type")
    if isinstance(kind, list):
        return _union([type_hint({**schema, "type": k}) for k in kind])
    if kind == "array":
        return list[type_hint(schema["items"])] if isinstance(schema.get("items"), dict) else list
    return _TYPES.get(kind, Any)


def _union(hints: list[Any]) -> Any:
    unique = list(dict.fromkeys(hints))
    return unique[0] if len(unique) == 1 else Union[tuple(unique)]  # noqa: UP007 (built at run time)


def split_args(description: str) -> tuple[str, dict[str, str]]:
    """A Google-style description split into its text (without the `Args:` block) and each argument's note."""
    lines = description.strip().splitlines()
    if "Args:" not in (line.strip() for line in lines):
        return description.strip(), {}
    start = [line.strip() for line in lines].index("Args:")
    notes: dict[str, str] = {}
    indent, current, end = None, None, len(lines)
    for i in range(start + 1, len(lines)):
        line = lines[i]
        if not line.strip():
            continue
        depth = len(line) - len(line.lstrip())
        match = _ARG.match(line)
        if match and (indent is None or depth == indent):
            indent, current = depth, match.group(2)
            notes[current] = match.group(3).strip()
        elif current is not None and indent is not None and depth > indent:
            notes[current] += " " + line.strip()
        else:
            end = i
            break
    text = "\n".join(lines[:start] + lines[end:]).strip()
    return re.sub(r"\n{3,}", "\n\n", text), notes


def _note(name: str, prop: dict[str, Any], notes: dict[str, str]) -> str:
    note = " ".join((notes.get(name) or prop.get("description") or prop.get("title") or name).split())
    extras = [f"format {prop['format']}"] if "format" in prop else []
    if prop.get("default") is not None:
        extras.append(f"default {prop['default']!r}")
    return f"{note} ({'; '.join(extras)})" if extras else note


def docstring(tool: Tool) -> str:
    """The tool's description with an `Args:` section that describes every parameter on one line each."""
    text, notes = split_args(tool.description or tool.name)
    properties = tool.input_schema.get("properties") or {}
    if not properties:
        return text
    args = "\n".join(f"    {name}: {_note(name, prop, notes)}" for name, prop in properties.items())
    return f"{text}\n\nArgs:\n{args}"


def signature(tool: Tool) -> inspect.Signature:
    """`(self, *, arg: hint, opt: hint | None = default, ...)` for the tool's input schema."""
    schema = tool.input_schema
    required = set(schema.get("required") or [])
    params = [inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD)]
    for name, prop in (schema.get("properties") or {}).items():
        if not name.isidentifier() or keyword.iskeyword(name):
            raise ValueError(f"tool {tool.name}: argument {name!r} is not a Python name; leave the tool out")
        default = inspect.Parameter.empty if name in required else prop.get("default")
        params.append(
            inspect.Parameter(
                name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=type_hint(prop)
            )
        )
    return inspect.Signature(params)


def function_for(tool: Tool, call: Callable[[Any, str, dict[str, Any]], str]) -> Callable[..., str]:
    """A method named after the tool: its body is `call(self, tool.name, arguments)`, with only the arguments
    it was given (the gateway applies the defaults and validates)."""

    def method(self: Any, **arguments: Any) -> str:
        return call(self, tool.name, arguments)

    sig = signature(tool)
    method.__name__ = method.__qualname__ = tool.name
    method.__doc__ = docstring(tool)
    method.__signature__ = sig  # type: ignore[attr-defined]
    method.__annotations__ = {n: p.annotation for n, p in sig.parameters.items() if n != "self"}
    return method
