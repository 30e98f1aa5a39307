"""`saasgym-tools`: every tool of every app of an episode as a shell command, for a performer's sandbox.

    export SAASGYM_URL=http://127.0.0.1:8001/e/<token>      # the episode URL (its `cli` URL)
    saasgym-tools crm list-accounts --search Globex --sort-by annual_revenue --descending
    saasgym-tools crm create-account --name "Globex" --industry Manufacturing --json
    saasgym-tools complete-task --answer "INC0013001"

The commands are made from the episode's own tool listing (MCP `tools/list` on the app's endpoint): one per
tool, named with dashes, one option per argument (`--snake-name` as `--kebab-name`; a list option is repeated;
a yes/no option has its `--no-…` form; an object is given as JSON), checked against the tool's schema before
the call. Each command calls the tool over MCP with the surface header `cli`, so the episode logs it as a CLI
call, exactly as `saasgym <app> <tool>` does. This module holds no app code, task or world data: a performer
given only this package can act on its episode and nothing else.

Exit codes: 0 done, 1 the tool refused (its error body, in the product's shape, on stderr), 2 bad usage,
3 the episode cannot be reached.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any, NoReturn

import httpx

from saasgym_client.mcp import McpClient
from saasgym_client.models import McpError, SaasgymError, Tool
from saasgym_client.render import render

URL_ENV = "SAASGYM_URL"
SURFACE = {"x-saasgym-surface": "cli"}
COMPLETE = "complete-task"
PROG = "saasgym-tools"


def fail(message: str, code: int) -> NoReturn:
    """Print `message` on stderr (a product's JSON error body as it is) and exit with `code`."""
    print(message if message.startswith(("{", "[")) else f"error: {message}", file=sys.stderr)
    sys.exit(code)


def episode_base(url: str) -> str:
    """The episode URL (`…/e/<token>`, or a sidecar's `…/task`) from it or any of its MCP URLs."""
    url = url.rstrip("/")
    at = url.find("/e/")
    if at >= 0:
        return url[: at + 3] + url[at + 3 :].split("/", 1)[0]
    at = url.find("/task")
    return url[: at + 5] if at >= 0 else url.removesuffix("/mcp")


def _client(url: str) -> McpClient:
    return McpClient(url, headers=SURFACE, timeout=120)


def _reach(action: Any) -> Any:
    try:
        return action()
    except (SaasgymError, McpError, httpx.HTTPError) as exc:
        _unreachable(exc)


def _unreachable(exc: Exception) -> NoReturn:
    """Fail with what a failed request to the episode means."""
    if isinstance(exc, SaasgymError):
        if exc.status in (404, 410):
            fail(f"the episode URL is not valid (closed, expired or mistyped): HTTP {exc.status}", 3)
        fail(f"the gateway refused: HTTP {exc.status}: {exc.detail}", 3)
    if isinstance(exc, McpError):
        fail(exc.message, 2 if exc.code in (-32601, -32602) else 3)
    fail(f"could not reach the episode: {type(exc).__name__}: {exc} (is the gateway running?)", 3)


def tools_of(base: str, app: str) -> list[Tool]:
    """The app's tools as its MCP endpoint lists them (unprefixed names); an app the episode does not have
    is a usage error naming the episode's apps."""
    with _client(f"{base}/{app}/mcp") as mcp:
        try:
            return mcp.list_tools()
        except (SaasgymError, McpError, httpx.HTTPError) as exc:
            missing = isinstance(exc, SaasgymError) and exc.status == 404
            apps = _apps_or_none(base) if missing else None
            if apps is None:
                _unreachable(exc)
            fail(f"the app {app!r} is not part of this episode; its apps: {', '.join(apps)}", 2)


def _app_names(listed: list[Tool]) -> list[str]:
    return sorted({t.name.split("_", 1)[0] for t in listed if t.name != "complete_task"})


def _apps_or_none(base: str) -> list[str] | None:
    """The episode's apps (from its combined MCP endpoint); None when the episode URL itself is not valid."""
    try:
        with _client(f"{base}/mcp") as mcp:
            return _app_names(mcp.list_tools())
    except (SaasgymError, McpError, httpx.HTTPError):
        return None


def _branches(prop: dict[str, Any]) -> dict[str, Any]:
    """A nullable property's non-null branch (`anyOf: [T, null]`), else the property itself."""
    options = [b for b in prop.get("anyOf", []) if b.get("type") != "null"]
    return {**prop, **options[0]} if len(options) == 1 else prop


def _json_value(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not JSON: {text!r}") from None


_SCALARS = {"integer": int, "number": float, "string": str, "object": _json_value}


class _ListOption(argparse.Action):
    """A list option: repeated (`--to a@x --to b@x`) or given once as a whole JSON array (`--to '["a@x"]'`,
    `--values '[[1, 2], [3, 4]]'`, `--to '[]'` for none); each item is checked against the item schema."""

    def __init__(self, *args: Any, items: dict[str, Any], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.items = items

    def __call__(self, parser: Any, namespace: Any, value: Any, option: Any = None) -> None:
        given = list(getattr(namespace, self.dest, None) or [])
        given += [self._item(v) for v in _whole_list(value, self.items)]
        setattr(namespace, self.dest, given)

    def _item(self, value: Any) -> Any:
        kind, choices = self.items.get("type"), self.items.get("enum")
        try:
            structured = kind in ("array", "object") or any(
                k in self.items for k in ("anyOf", "$ref", "properties")
            )
            if isinstance(value, str) and structured:
                value = _json_value(value)
            elif isinstance(value, str) and kind in _SCALARS:
                value = _SCALARS[kind](value)
        except (ValueError, argparse.ArgumentTypeError) as exc:
            raise argparse.ArgumentError(self, str(exc)) from None
        if choices is not None and value not in choices:
            shown = ", ".join(repr(c) for c in choices)
            raise argparse.ArgumentError(self, f"invalid choice: {value!r} (choose from {shown})")
        return value


def _whole_list(text: str, items: dict[str, Any]) -> list[Any]:
    """The items one occurrence of a list option gives: a JSON array of items is the whole list (for a list
    of rows, only an array of arrays is; `[1, 2]` is one row), anything else is one item."""
    if not text.lstrip().startswith("["):
        return [text]
    try:
        parsed = json.loads(text)
    except ValueError:
        return [text]
    if not isinstance(parsed, list):
        return [text]
    if items.get("type") == "array" and not all(isinstance(p, list) for p in parsed):
        return [text]
    return parsed


def _option(parser: argparse.ArgumentParser, name: str, prop: dict[str, Any], required: bool) -> None:
    flag, plain = "--" + name.replace("_", "-"), _branches(prop)
    kind = plain.get("type")
    text = " ".join((prop.get("description") or plain.get("title") or name).split())
    if "default" in prop and prop["default"] is not None:
        text += f" (default {prop['default']!r})"
    text = text.replace("%", "%%")  # argparse %-formats help: a LIKE 'Sm%' example is text
    if kind == "boolean":
        parser.add_argument(flag, dest=name, action=argparse.BooleanOptionalAction, default=None, help=text)
        return
    if kind == "array":
        items = plain.get("items") or {}
        text += " (repeat for several, or give the whole list as one JSON array)"
        parser.add_argument(flag, dest=name, action=_ListOption, items=items, default=None, help=text)
        return
    convert = _SCALARS.get(kind, _json_value if kind is None else str)
    choices = plain.get("enum")
    if choices is not None:
        choices = [c for c in choices if c is not None]
        convert = type(choices[0]) if choices else convert
    parser.add_argument(flag, dest=name, type=convert, choices=choices, required=required, help=text)


def _parser(tool: Tool, app: str) -> argparse.ArgumentParser:
    command = tool.name.replace("_", "-")
    parser = argparse.ArgumentParser(
        prog=f"{PROG} {app} {command}",
        description=tool.description,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    schema = tool.input_schema
    required = set(schema.get("required") or [])
    for name, prop in (schema.get("properties") or {}).items():
        _option(parser, name, prop, name in required)
    _common(parser)
    return parser


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--url", default=os.environ.get(URL_ENV), help=f"episode URL (or ${URL_ENV})")
    parser.add_argument("--json", dest="as_json", action="store_true", help="print machine-readable JSON")


def _need_url(url: str | None) -> str:
    if not url:
        fail(f"no episode URL: pass --url or set {URL_ENV} (the episode's cli URL)", 2)
    return episode_base(url)


def _call(url: str, name: str, arguments: dict[str, Any], as_json: bool) -> None:
    with _client(url) as mcp:
        result = _reach(lambda: mcp.call_tool(name, arguments))
    if result.is_error:
        fail(result.text, 1)
    data = result.data
    for warning in data.get("warnings") or [] if isinstance(data, dict) else []:
        print(f"warning: {warning}", file=sys.stderr)
    if as_json:
        print(json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False))
    else:
        shown = {k: v for k, v in data.items() if k != "warnings"} if isinstance(data, dict) else data
        render(shown, title=name, asked=_asked(arguments.get("fields")))  # the warnings went to stderr


def _asked(fields: Any) -> list[str] | None:
    """The columns a `fields` argument names (a Table API sysparm_fields: a list, commas allowed)."""
    if not isinstance(fields, list) or not all(isinstance(f, str) for f in fields):
        return None
    return [n.strip() for f in fields for n in f.split(",") if n.strip()] or None


def _summary(tool: Tool) -> str:
    text = tool.description.strip()
    return text.splitlines()[0] if text else ""


def _usage(url: str | None, app: str | None = None) -> NoReturn:
    lines = [f"usage: {PROG} APP TOOL [--option value …] [--json] [--url URL]"]
    lines.append(f"       {PROG} {COMPLETE} [--answer TEXT]")
    if url and app:
        tools = tools_of(_need_url(url), app)
        lines += ["", f"{app} tools:"] + [f"  {t.name.replace('_', '-'):32} {_summary(t)}" for t in tools]
    elif url:
        with _client(f"{_need_url(url)}/mcp") as mcp:
            listed = _reach(mcp.list_tools)
        names = _app_names(listed)
        lines += ["", f"apps of this episode: {', '.join(names)} ({PROG} APP --help lists its tools)"]
    else:
        lines += ["", f"set {URL_ENV} (or --url) to the episode URL to list its apps and tools"]
    print("\n".join(lines))
    sys.exit(0)


def main(argv: list[str] | None = None) -> None:
    """Entry point of the `saasgym-tools` console script."""
    args = list(sys.argv[1:] if argv is None else argv)
    url = os.environ.get(URL_ENV)
    if "--url" in args[:-1]:
        url = args[args.index("--url") + 1]
    if not args or args[0] in ("-h", "--help"):
        _usage(url)
    if args[0] == COMPLETE:
        parser = argparse.ArgumentParser(prog=f"{PROG} {COMPLETE}", description="Finish your task.")
        parser.add_argument("--answer", help="your answer (a question's answer, or why you declined)")
        _common(parser)
        opts = parser.parse_args(args[1:])
        base = _need_url(opts.url)
        arguments = {"answer": opts.answer} if opts.answer is not None else {}
        _call(f"{base}/mcp", "complete_task", arguments, opts.as_json)
        return
    app = args[0]
    if len(args) < 2 or args[1] in ("-h", "--help"):
        _usage(url, app)
    base = _need_url(url)
    wanted = args[1].replace("-", "_")
    tools = {t.name: t for t in tools_of(base, app)}
    tool = tools.get(wanted)
    if tool is None:
        fail(f"{app} has no tool {args[1]!r}; `{PROG} {app} --help` lists them", 2)
    opts = vars(_parser(tool, app).parse_args(args[2:]))
    as_json = opts.pop("as_json")
    opts.pop("url")
    arguments = {k: v for k, v in opts.items() if v is not None}
    _call(f"{base}/{app}/mcp", tool.name, arguments, as_json)


def run() -> None:
    """`main`, quiet when its reader goes away (`saasgym-tools … | head`)."""
    try:
        main()
        sys.stdout.flush()
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(0)


if __name__ == "__main__":
    run()
