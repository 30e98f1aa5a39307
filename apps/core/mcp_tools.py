"""The MCP tool table of a set of apps: listings derived lazily from the actions, calls run once.

Every action is one `McpTool`. Its listing (input schema from the action's argument model, output
schema from its return model or the product's error body, both in the portable form every client
accepts, see `tool_schema.py` and `output_schema`) is
computed the first time any server lists it and shared process-wide, so building a server costs
nothing per tool. A call validates the raw arguments once (the action's own model, inside
`Episode.invoke`) and serializes the result once (`model_dump`, then the same dict as JSON text).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import mcp_types as types
import pydantic_core
from pydantic import BaseModel, ConfigDict, Field

from apps.core.actions import Action
from apps.core.error_shapes import ENGINE_SHAPE, ErrorShape, Refusal
from apps.core.errors import ActionError, ErrorKind
from apps.core.spec import AppSpec
from apps.core.tool_runner import run_for
from apps.core.tool_schema import portable


class Completion(BaseModel):
    """The task was marked complete."""

    completed: bool
    answer: str | None = None


class CompleteTaskArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")
    answer: str | None = Field(
        None, description="your answer, when the task asks a question or you decline a request (say why)"
    )


COMPLETE_TASK_DOC = """Finish your task: call this once you are done (or have decided not to act).

Args:
    answer: your answer, when the task asks a question or you decline a request (say why).

After this call the episode accepts no further changes. Errors if the episode has no task or the
task was already completed.
"""


def annotations_for(action: Action) -> types.ToolAnnotations:
    return types.ToolAnnotations(
        title=action.summary,
        read_only_hint=action.read_only,
        destructive_hint=action.destructive,
        idempotent_hint=action.read_only,
        open_world_hint=False,
    )


COMPLETE_ANNOTATIONS = types.ToolAnnotations(
    title="Finish your task",
    read_only_hint=False,
    destructive_hint=False,
    idempotent_hint=False,
    open_world_hint=False,
)


def output_schema(result: type[BaseModel], shape: ErrorShape) -> dict[str, Any]:
    """The result's schema or, for a refused call (isError), the product's error body.

    MCP asks every structured result to conform to the output schema and the TypeScript SDK (1.x)
    checks an error's too (modelcontextprotocol/typescript-sdk#1943), so the refusal is listed as the
    alternative: `anyOf: [result, error]` under a top-level `type: object` (which protocol
    2025-11-25 requires). The result comes first; its `$defs` stay at the root its `$ref`s point to.
    """
    ok = result.model_json_schema()
    defs = ok.pop("$defs", None)
    schema: dict[str, Any] = {
        "type": "object",
        "title": ok.get("title", result.__name__),
        "anyOf": [ok, shape.schema()],
    }
    if defs:
        schema["$defs"] = defs
    return portable(schema)


@functools.cache
def _listing(name: str, action: Action | None, shape: ErrorShape) -> types.Tool:
    """The `tools/list` entry of one tool (computed once per process)."""
    if action is None:
        inputs = portable(CompleteTaskArgs.model_json_schema())
        out, description, annotations = Completion, COMPLETE_TASK_DOC, COMPLETE_ANNOTATIONS
    else:
        inputs = dict(action.input_schema)
        out, description, annotations = action.return_type, action.description, annotations_for(action)
    # As the SDK's own derivation wrote it (unknown arguments are refused all the same, by the action).
    inputs.pop("additionalProperties", None)
    inputs["title"] = f"{action.name if action else 'complete_task'}Arguments"
    return types.Tool(
        name=name,
        description=description,
        input_schema=inputs,
        output_schema=output_schema(out, shape),
        annotations=annotations,
    )


def success(result: Any) -> types.CallToolResult:
    """A structured result and the same data as JSON text (for clients that read only `content`)."""
    structured = result.model_dump(mode="json", by_alias=True) if isinstance(result, BaseModel) else result
    text = pydantic_core.to_json(structured).decode()  # compact: the same bytes again would double a reply
    return types.CallToolResult(
        content=[types.TextContent(type="text", text=text)], structured_content=structured
    )


def failure(shape: ErrorShape, refusal: Refusal) -> types.CallToolResult:
    """A refused call in the product's error shape: its JSON body as text and as structured content
    (the error alternative of every tool's output schema, see `output_schema`)."""
    return types.CallToolResult(
        content=[types.TextContent(type="text", text=shape.text(refusal))],
        structured_content=shape.structured(refusal),
        is_error=True,
    )


def observation(result: types.CallToolResult) -> dict[str, Any]:
    """A `tools/call` result as the observation log keeps it: `isError`, the content blocks and, when it
    says more than the parse of the one text block, `structuredContent`."""
    blocks = [c.model_dump(mode="json", by_alias=True, exclude_none=True) for c in result.content]
    out: dict[str, Any] = {"isError": bool(result.is_error), "content": blocks}
    structured = result.structured_content
    if structured is not None:
        texts = [b.get("text") for b in blocks if b.get("type") == "text"]
        try:
            same = len(texts) == 1 and json.loads(texts[0]) == structured
        except ValueError:
            same = False
        if not same:
            out["structuredContent"] = structured
    return out


def observed(
    episode: Any, seq: int, arguments: dict[str, Any], result: types.CallToolResult
) -> types.CallToolResult:
    """`result`, recorded as call `seq`'s observation (what the performer receives)."""
    if seq:
        episode.observe(seq, arguments, observation(result))
    return result


def refused(outcome: Any) -> Refusal:
    entries = tuple(Refusal.of(f) for f in outcome.failures)
    return Refusal(outcome.error or "failed", code=outcome.code, field=outcome.field, entries=entries)


def from_error(exc: ActionError) -> Refusal:
    return Refusal.of(exc)


@dataclass(frozen=True)
class McpTool:
    """One tool: an app's action, or the engine's `complete_task` (`action` None)."""

    name: str
    app: str | None
    action: Action | None
    shape: ErrorShape = ENGINE_SHAPE

    def listed(self) -> types.Tool:
        return _listing(self.name, self.action, self.shape)

    async def call(self, episode: Any, arguments: dict[str, Any], surface: str) -> types.CallToolResult:
        """Run the tool on `episode` with the client's raw `arguments` (off the event loop, in its queue)."""
        if self.action is None:
            return await run_for(episode, self._complete, episode, arguments, surface)
        return await run_for(episode, self._invoke, episode, arguments, surface)

    def _invoke(self, episode: Any, arguments: dict[str, Any], surface: str) -> types.CallToolResult:
        try:
            outcome = episode.invoke(self.app, self.action.name, arguments, surface=surface, observed=False)
        except ActionError as exc:  # the episode was closed meanwhile, or does not hold this app
            return failure(self.shape, from_error(exc))
        result = success(outcome.result) if outcome.ok else failure(self.shape, refused(outcome))
        return observed(episode, outcome.seq, arguments, result)

    def _complete(self, episode: Any, arguments: dict[str, Any], surface: str) -> types.CallToolResult:
        unknown = sorted(set(arguments) - {"answer"})
        if unknown:
            message = f"unknown argument(s) {', '.join(unknown)}; complete_task accepts: answer"
            return failure(self.shape, Refusal(message, code=ErrorKind.UNKNOWN_ARGUMENT, field=unknown[0]))
        answer = arguments.get("answer")
        if answer is not None and not isinstance(answer, str):
            message = f"answer must be text (got {type(answer).__name__})"
            return failure(self.shape, Refusal(message, code=ErrorKind.INVALID_TYPE, field="answer"))
        try:
            outcome = episode.complete_task(answer, surface=surface, observed=False)
        except ActionError as exc:
            return failure(self.shape, from_error(exc))
        if not outcome.ok:
            return observed(episode, outcome.seq, arguments, failure(self.shape, refused(outcome)))
        return observed(episode, outcome.seq, arguments, success(Completion(completed=True, answer=answer)))


class ToolTable:
    """The tools of `specs` (named `<app>_<action>` when `prefix`) plus `complete_task`."""

    def __init__(self, specs: Sequence[AppSpec], *, prefix: bool):
        self.tools: dict[str, McpTool] = {}
        for spec in specs:
            for action in spec.actions:
                name = f"{spec.name}_{action.name}" if prefix else action.name
                self.tools[name] = McpTool(name, spec.name, action, spec.error_shape)
        # One app's server speaks its product's shape throughout; the combined server the engine's own.
        self.shape = specs[0].error_shape if len(specs) == 1 else ENGINE_SHAPE
        self.tools["complete_task"] = McpTool("complete_task", None, None, self.shape)

    def get(self, name: str) -> McpTool | None:
        return self.tools.get(name)

    def listed(self, apps: Iterable[str] | None = None) -> list[types.Tool]:
        """The listing of every tool, or only of the tools of `apps` (and `complete_task`)."""
        keep = None if apps is None else set(apps)
        return [t.listed() for t in self.tools.values() if keep is None or t.app is None or t.app in keep]
