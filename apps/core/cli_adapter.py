"""Service functions become CLI commands: `saasgym <app> <action-with-dashes> --arg value`.

Each command calls the tool of the same name on an episode's MCP endpoint (`--url` or
$SAASGYM_URL, the episode URL printed by `saasgym serve`), so the shell surface runs the same
service functions and is logged with surface `cli`. Arguments are validated locally against the
action's signature first, so a typo gets a clear message without a round trip.
"""

from __future__ import annotations

import json
import sys
import typing
from typing import Any

import anyio
import click
from pydantic import ValidationError

from apps.core.actions import Action
from apps.core.cli_render import render
from apps.core.error_shapes import Refusal
from apps.core.spec import AppSpec

URL_ENV = "SAASGYM_URL"


def _is_bool(hint: Any) -> bool:
    return hint is bool or (
        typing.get_origin(hint) in (typing.Union, __import__("types").UnionType)
        and bool in typing.get_args(hint)
    )


def _is_list(hint: Any) -> bool:
    args = typing.get_args(hint) if typing.get_origin(hint) not in (list,) else (hint,)
    return typing.get_origin(hint) is list or any(typing.get_origin(a) is list for a in args)


def _unwrap(hint: Any) -> Any:
    """`hint` without Annotated and without None (an optional parameter's own type)."""
    while typing.get_origin(hint) is typing.Annotated:
        hint = typing.get_args(hint)[0]
    if typing.get_origin(hint) in (typing.Union, __import__("types").UnionType):
        options = [a for a in typing.get_args(hint) if a is not type(None)]
        hint = _unwrap(options[0]) if len(options) == 1 else hint
    return hint


def _is_structured_list(hint: Any) -> bool:
    """A list whose items are objects or lists (e.g. table rows, paragraphs): each given as JSON text."""
    hint = _unwrap(hint)
    if typing.get_origin(hint) is not list:
        return False
    item = _unwrap(typing.get_args(hint)[0]) if typing.get_args(hint) else str
    return item not in (str, int, float, bool) and typing.get_origin(item) is not typing.Literal


def _json_items(name: str, values: list[str]) -> list[Any]:
    try:
        return [json.loads(v) for v in values]
    except ValueError:
        example = """'["a", "b"]' or '{"text": "Hi"}'"""
        _fail(f"--{name.replace('_', '-')} takes JSON, e.g. {example}", code=2)


def _choices(hint: Any) -> list[str] | None:
    for candidate in (hint, *typing.get_args(hint)):
        if typing.get_origin(candidate) is typing.Literal:
            return [str(v) for v in typing.get_args(candidate)]
    return None


def mcp_url(base: str, app: str) -> str:
    """The app's MCP endpoint for an episode URL (accepts the episode, app or MCP URL)."""
    base = base.rstrip("/")
    if base.endswith(f"/{app}/mcp"):
        return base
    if base.endswith("/mcp"):
        base = base[: -len("/mcp")]
    if base.endswith(f"/{app}"):
        base = base[: -len(f"/{app}")]
    return f"{base}/{app}/mcp"


async def call_remote(url: str, tool: str, arguments: dict[str, Any]) -> tuple[bool, Any]:
    """Call one tool over streamable HTTP; returns (ok, structured result or error text)."""
    from mcp.client import Client
    from mcp.client.streamable_http import streamable_http_client
    from mcp.shared._httpx_utils import create_mcp_http_client

    from apps.core.scope_keys import SURFACE_HEADER

    http = create_mcp_http_client(headers={SURFACE_HEADER: "cli"})
    async with http, Client(streamable_http_client(url, http_client=http)) as client:
        result = await client.call_tool(tool, arguments)
    if result.is_error:
        return False, " ".join(getattr(c, "text", "") for c in result.content).strip()
    if result.structured_content is not None:
        return True, result.structured_content
    return True, [getattr(c, "text", None) for c in result.content]


def _command(spec: AppSpec, action: Action) -> click.Command:
    hints = typing.get_type_hints(action.fn)
    params: list[click.Parameter] = []
    for p in action.params:
        hint = hints[p.name]
        flag = "--" + p.name.replace("_", "-")
        required = p.default is p.empty
        choices = _choices(hint)
        if _is_bool(hint):
            params.append(
                click.Option([f"{flag}/--no-{flag[2:]}", p.name], default=None, help=f"{p.name} (yes/no)")
            )
        elif _is_structured_list(hint):
            help_text = f"{p.name} (JSON, repeat for several)"
            params.append(click.Option([flag, p.name], multiple=True, help=help_text))
        elif _is_list(hint):
            params.append(click.Option([flag, p.name], multiple=True, help=f"{p.name} (repeat for several)"))
        else:
            kind = click.Choice(choices) if choices else click.STRING
            params.append(
                click.Option(
                    [flag, p.name],
                    type=kind,
                    required=required,
                    default=None,
                    help=f"{p.name}{' (required)' if required else ''}",
                )
            )
    structured = {p.name for p in action.params if _is_structured_list(hints[p.name])}
    params.append(click.Option(["--url"], envvar=URL_ENV, help=f"episode URL (or ${URL_ENV})"))
    params.append(click.Option(["--json", "as_json"], is_flag=True, help="print machine-readable JSON"))

    def run(url: str | None, as_json: bool, **raw: Any) -> None:
        given = {k: v for k, v in raw.items() if v is not None and v != ()}
        given = {k: list(v) if isinstance(v, tuple) else v for k, v in given.items()}
        for name in structured & set(given):
            given[name] = _json_items(name, given[name])
        try:
            model = action.args_model.model_validate(given)
        except ValidationError as exc:  # the product's error body, as the server would send it
            error = action.argument_error(exc)
            _fail(spec.error_shape.text(Refusal.of(error)), code=2)
        arguments = model.model_dump(mode="json", include=set(given))
        if not url:
            _fail(f"no episode URL: pass --url or set {URL_ENV} (saasgym serve prints it)", code=2)
        try:
            ok, data = anyio.run(call_remote, mcp_url(url, spec.name), action.name, arguments)
        except Exception as exc:  # connection problems: say what to check, no traceback
            _fail(f"could not reach {mcp_url(url, spec.name)}: {connection_problem(exc)}", code=3)
        if not ok:
            _fail(data, code=1)
        if as_json:
            click.echo(json.dumps(data, indent=2, sort_keys=True, default=str))
        else:
            render(data, title=action.name)

    return click.Command(
        name=action.name.replace("_", "-"),
        callback=run,
        params=params,
        help=action.description,
        short_help=action.summary,
        context_settings={"max_content_width": 110},
    )


def connection_problem(exc: BaseException) -> str:
    """One line saying why the episode's server could not be reached (exception groups unwrapped)."""
    while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        exc = exc.exceptions[0]
    text = str(exc) or type(exc).__name__
    if "connect" in type(exc).__name__.lower() or "refused" in text.lower():
        return f"{text} (is `saasgym serve` running at that address?)"
    return f"{type(exc).__name__}: {text}"


def _fail(message: str, *, code: int) -> typing.NoReturn:
    """Print `message` on stderr and exit with `code`; a refused tool call's message is the product's
    error body (JSON), printed as it is so a script can parse it."""
    click.secho(message if message.startswith(("{", "[")) else f"error: {message}", fg="red", err=True)
    sys.exit(code)


def app_group(spec: AppSpec) -> click.Group:
    """The `saasgym <app>` command group with one command per action."""
    group = click.Group(
        name=spec.name, help=f"{spec.title} ({spec.name}) tools on an episode: see --help of each."
    )
    for action in spec.actions:
        group.add_command(_command(spec, action))
    return group


def complete_task_command() -> click.Command:
    """`saasgym complete-task [--answer TEXT]`: end the performer's turn on the episode."""

    def run(url: str | None, as_json: bool, answer: str | None) -> None:
        if not url:
            _fail(f"no episode URL: pass --url or set {URL_ENV} (saasgym serve prints it)", code=2)
        base = url.rstrip("/").removesuffix("/mcp")
        arguments = {"answer": answer} if answer is not None else {}
        try:
            ok, data = anyio.run(call_remote, f"{base}/mcp", "complete_task", arguments)
        except Exception as exc:
            _fail(f"could not reach {base}/mcp: {connection_problem(exc)}", code=3)
        if not ok:
            _fail(data, code=1)
        click.echo(json.dumps(data, indent=2, sort_keys=True) if as_json else "task completed")

    return click.Command(
        name="complete-task",
        callback=run,
        params=[
            click.Option(["--answer"], help="your answer (a question's answer, or why you declined)"),
            click.Option(["--url"], envvar=URL_ENV, help=f"episode URL (or ${URL_ENV})"),
            click.Option(["--json", "as_json"], is_flag=True, help="print machine-readable JSON"),
        ],
        help="Finish your task (optionally with an answer); the episode then accepts no further changes.",
    )
