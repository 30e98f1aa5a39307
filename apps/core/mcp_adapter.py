"""Service functions become MCP tools: schema from type hints, description from the docstring,
structured output from the return type, annotations from the action kind. No hand-written JSON.

The episode a call acts on comes from the HTTP request (put in the ASGI scope by the gateway from
the URL path), never from `Mcp-Session-Id`, so both protocol generations work.
"""

from __future__ import annotations

import inspect
import typing
from collections.abc import Callable, Sequence
from typing import Any

from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.server.mcpserver.utilities.func_metadata import ArgModelBase
from mcp_types import Tool, ToolAnnotations
from pydantic import BaseModel, ConfigDict

from apps.core.actions import Action
from apps.core.spec import AppSpec
from apps.core.tool_schema import simplify

EPISODE_SCOPE_KEY = "saasgym.episode"
SURFACE_HEADER = "x-saasgym-surface"

EpisodeResolver = Callable[[Context], Any]


def episode_from_request(ctx: Context) -> Any:
    """The episode the gateway attached to this HTTP request's ASGI scope."""
    request = ctx.request_context.request
    episode = getattr(request, "scope", {}).get(EPISODE_SCOPE_KEY) if request is not None else None
    if episode is None:
        raise ToolError("this MCP endpoint is not bound to an episode; use the URL /e/<token>/<app>/mcp")
    return episode


def surface_from_request(ctx: Context) -> str:
    """`cli` when the saasgym CLI made the call, else `mcp`."""
    headers = ctx.headers or {}
    return "cli" if headers.get(SURFACE_HEADER) == "cli" else "mcp"


def raw_arguments(ctx: Context) -> dict[str, Any] | None:
    """The arguments exactly as the client sent them (the SDK's own model drops unknown keys)."""
    params = ctx.request_context.params
    arguments = params.get("arguments") if isinstance(params, dict) else getattr(params, "arguments", None)
    return dict(arguments) if isinstance(arguments, dict) else None


def _tool_function(spec: AppSpec, action: Action, resolve: EpisodeResolver) -> Callable[..., Any]:
    async def tool(ctx: Context, **arguments: Any) -> Any:
        episode = resolve(ctx)
        raw = raw_arguments(ctx)
        sent = raw if raw is not None else {}
        outcome = episode.invoke(spec.name, action.name, sent, surface=surface_from_request(ctx))
        if not outcome.ok:
            raise ToolError(f"{outcome.field}: {outcome.error}" if outcome.field else outcome.error)
        return outcome.result

    hints = typing.get_type_hints(action.fn)
    ctx_param = inspect.Parameter("ctx", inspect.Parameter.KEYWORD_ONLY, annotation=Context)
    params = [p.replace(annotation=hints[p.name]) for p in action.params]
    tool.__signature__ = inspect.Signature([ctx_param, *params], return_annotation=action.return_type)
    tool.__annotations__ = {
        "ctx": Context,
        **{p.name: hints[p.name] for p in params},
        "return": action.return_type,
    }
    tool.__name__ = action.name
    tool.__doc__ = action.description
    return tool


def annotations_for(action: Action) -> ToolAnnotations:
    return ToolAnnotations(
        title=action.summary,
        read_only_hint=action.read_only,
        destructive_hint=action.destructive,
        idempotent_hint=action.read_only,
        open_world_hint=False,
    )


class RawArguments(ArgModelBase):
    """Accepts any arguments: the action validates them itself (see `accept_raw_arguments`)."""

    model_config = ConfigDict(extra="ignore")


def accept_raw_arguments(server: MCPServer, name: str) -> None:
    """Let tool `name` receive the client's arguments unvalidated by the SDK.

    The SDK would validate them against its own model first and answer a mistake with pydantic's text
    (model names like `create_accountArguments`, error URLs). The action validates the same schema and
    answers in the product's words on every surface, so the SDK's check is switched off; the published
    input schema is unchanged.
    """
    server._tool_manager.get_tool(name).fn_metadata.arg_model = RawArguments


def add_app_tools(server: MCPServer, spec: AppSpec, resolve: EpisodeResolver, *, prefix: bool) -> None:
    """Register every action of `spec` on `server` (named `<app>_<action>` when `prefix`)."""
    for action in spec.actions:
        name = f"{spec.name}_{action.name}" if prefix else action.name
        server.add_tool(
            _tool_function(spec, action, resolve),
            name=name,
            description=action.description,
            annotations=annotations_for(action),
        )
        accept_raw_arguments(server, name)


class Completion(BaseModel):
    """The task was marked complete."""

    completed: bool
    answer: str | None = None


COMPLETE_TASK_DOC = """Finish your task: call this once you are done (or have decided not to act).

Args:
    answer: your answer, when the task asks a question or you decline a request (say why).

After this call the episode accepts no further changes. Errors if the episode has no task or the
task was already completed.
"""


def add_complete_task(server: MCPServer, resolve: EpisodeResolver) -> None:
    """Register the engine's `complete_task` tool (ends the performer's turn)."""

    async def complete_task(ctx: Context, answer: str | None = None) -> Completion:
        raw = raw_arguments(ctx) or {}
        unknown = sorted(set(raw) - {"answer"})
        if unknown:
            raise ToolError(f"unknown argument(s) {', '.join(unknown)}; complete_task accepts: answer")
        answer = raw.get("answer")
        if answer is not None and not isinstance(answer, str):
            raise ToolError(f"answer: must be text (got {type(answer).__name__})")
        outcome = resolve(ctx).complete_task(answer, surface=surface_from_request(ctx))
        if not outcome.ok:
            raise ToolError(outcome.error)
        return Completion(completed=True, answer=answer)

    server.add_tool(
        complete_task,
        name="complete_task",
        description=COMPLETE_TASK_DOC,
        annotations=ToolAnnotations(
            title="Finish your task",
            read_only_hint=False,
            destructive_hint=False,
            idempotent_hint=False,
            open_world_hint=False,
        ),
    )
    accept_raw_arguments(server, "complete_task")


class EpisodeToolServer(MCPServer):
    """An `MCPServer` whose tool list carries each schema in its plainest equivalent form."""

    _listed: list[Tool] | None = None

    async def list_tools(self) -> list[Tool]:
        """Every tool, with input and output schemas simplified (computed once: tools never change)."""
        if self._listed is None:
            self._listed = [
                tool.model_copy(
                    update={
                        "input_schema": simplify(tool.input_schema),
                        "output_schema": simplify(tool.output_schema),
                    }
                )
                for tool in await super().list_tools()
            ]
        return self._listed


def build_mcp_server(
    specs: Sequence[AppSpec], *, name: str, prefix: bool, resolve: EpisodeResolver = episode_from_request
) -> MCPServer:
    """An MCP server exposing the actions of `specs` for whichever episode the request is bound to."""
    titles = ", ".join(s.title for s in specs)
    server = EpisodeToolServer(
        name,
        instructions=f"saasgym {titles}: tools act on your own episode of a simulated company.",
        warn_on_duplicate_tools=True,
        log_level="WARNING",
    )
    for spec in specs:
        add_app_tools(server, spec, resolve, prefix=prefix)
    add_complete_task(server, resolve)
    return server
