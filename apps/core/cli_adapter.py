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
from apps.core.cli_params import JSON, LIST, collect, option, shape_of
from apps.core.cli_render import render
from apps.core.error_shapes import Refusal
from apps.core.spec import AppSpec

URL_ENV = "SAASGYM_URL"
STRUCTURED_HELP = (
    'A list option is repeated (--to a@x --to b@x) or given once as a JSON array (--to \'["a@x", '
    '"b@x"]\', \'[]\' for none); rows of a table or of cells are JSON (--values \'[["Region", "Q3"], '
    '["East", 120]]\'), and so is an object. Quote JSON for your shell.'
)


def _without_args(doc: str) -> str:
    """A service docstring without its `Args:` section (each option's help carries its description)."""
    head, _, _ = doc.partition("\nArgs:")
    return head.strip()


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
    described = action.input_schema.get("properties", {})
    shapes = {p.name: shape_of(hints[p.name]) for p in action.params}
    params: list[click.Parameter] = [
        option(
            p.name,
            hints[p.name],
            required=p.default is p.empty,
            description=described.get(p.name, {}).get("description"),
            choices=_choices(hints[p.name]),
        )
        for p in action.params
    ]
    params.append(click.Option(["--url"], envvar=URL_ENV, help=f"episode URL (or ${URL_ENV})"))
    params.append(click.Option(["--json", "as_json"], is_flag=True, help="print machine-readable JSON"))

    def run(url: str | None, as_json: bool, **raw: Any) -> None:
        given = {k: v for k, v in raw.items() if v is not None and v != ()}
        given = {k: collect(v, shapes[k]) if isinstance(v, tuple) else v for k, v in given.items()}
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
            missing = app_missing(mcp_url(url, spec.name))
            if missing:
                _fail(missing, code=2)
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
        help="\n\n".join(
            [_without_args(action.description)]
            + ([STRUCTURED_HELP] if any(s.kind in (LIST, JSON) for s in shapes.values()) else [])
        ),
        short_help=action.summary,
        context_settings={"max_content_width": 110},
    )


def app_missing(url: str) -> str | None:
    """The gateway's sentence when the app of this MCP URL is not part of the episode (it lists the
    episode's apps), else None."""
    import httpx

    try:
        answer = httpx.post(url, json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"}, timeout=30)
        body = answer.json() if answer.status_code == 404 else {}
    except (httpx.HTTPError, ValueError):
        return None
    return body.get("error") if isinstance(body, dict) and "apps" in body else None


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
