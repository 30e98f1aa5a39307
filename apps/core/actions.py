"""Actions: an app's service functions, declared once and served on every surface.

A service function takes a `Ctx` first and keyword-only typed arguments after it. Its docstring
is the description agents read; its return annotation (a pydantic model) is the structured output.

    actions = ActionSet("crm")

    @actions.write
    def create_account(ctx: Ctx, *, name: str, industry: str | None = None) -> AccountOut:
        '''Create an account. ...'''
"""

from __future__ import annotations

import functools
import inspect
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model
from sqlmodel import Session

from apps.core.arg_errors import argument_error
from apps.core.errors import ActionError, ErrorKind, UnknownActionError
from apps.core.ids import IdFactory
from apps.core.param_schema import param_docs
from apps.core.safe_values import value_problem
from apps.core.tool_schema import portable

Kind = Literal["read", "write", "destructive"]


@dataclass
class Ctx:
    """What a service function receives besides its arguments: the episode's session and clock."""

    db: Session
    now: datetime
    ids: IdFactory
    user_id: str | None = None
    elapsed: int = 0
    # What the lab configured for this app on its Gym (`Gym(app_options={"office": {...}})`),
    # e.g. office's persona responder: passed to every action of the app, never a process global.
    options: Mapping[str, Any] = field(default_factory=dict)
    # The session's SQLAlchemy Core connection (inside the action's transaction), for reads that need
    # no ORM object (`apps.core.reads`); None outside an action, where `db.connection()` serves.
    sql: Any = None

    def new_id(self, object_name: str) -> str:
        """A fresh deterministic record id for `object_name` (e.g. "Account")."""
        return self.ids.next(object_name)

    def wait(self, seconds: int) -> None:
        """Let logical time pass (e.g. an agent waiting for a reply): moves `now` and the episode clock."""
        if seconds < 0:
            raise ValueError("time only moves forward")
        self.elapsed += int(seconds)
        self.now += timedelta(seconds=int(seconds))


@dataclass(frozen=True)
class Action:
    """One service function with what every surface needs to serve it."""

    app: str
    name: str
    fn: Callable[..., Any]
    kind: Kind
    description: str
    params: tuple[inspect.Parameter, ...]
    args_model: type[BaseModel]
    return_type: Any

    @property
    def read_only(self) -> bool:
        return self.kind == "read"

    @property
    def destructive(self) -> bool:
        return self.kind == "destructive"

    @property
    def summary(self) -> str:
        return self.description.strip().splitlines()[0] if self.description.strip() else self.name

    @functools.cached_property
    def input_schema(self) -> dict[str, Any]:
        """The arguments' JSON schema in its portable form, as the tool listing shows it."""
        return portable(self.args_model.model_json_schema())

    def validate(self, arguments: dict[str, Any]) -> dict[str, Any]:
        """Validate raw arguments against the signature; raise ActionError naming each bad field."""
        unknown = sorted(set(arguments) - {p.name for p in self.params})
        if unknown:
            raise ActionError(
                f"unknown argument(s) {', '.join(unknown)}; {self.name} accepts: "
                + ", ".join(p.name for p in self.params),
                field=unknown[0],
                code=ErrorKind.UNKNOWN_ARGUMENT,
            )
        try:
            model = self.args_model.model_validate(arguments)
        except ValidationError as exc:
            raise self.argument_error(exc) from None
        values = {p.name: getattr(model, p.name) for p in self.params}
        for name, value in values.items():
            problem = value_problem(value)
            if problem:
                message = f"invalid argument: {name} {problem}"
                raise ActionError(message, field=name, code=ErrorKind.INVALID_VALUE)
        return values

    def argument_error(self, exc: ValidationError) -> ActionError:
        """`exc` in words naming each parameter and its expected type (no pydantic wording)."""
        return argument_error(
            exc, self.input_schema.get("properties", {}), self.input_schema.get("$defs", {})
        )


def _args_model(
    name: str, params: tuple[inspect.Parameter, ...], hints: dict[str, Any], docs: dict[str, str]
) -> type[BaseModel]:
    fields: dict[str, Any] = {}
    for p in params:
        default = ... if p.default is inspect.Parameter.empty else p.default
        fields[p.name] = (hints[p.name], Field(default, description=docs.get(p.name)))
    config = ConfigDict(extra="forbid", str_max_length=200_000, allow_inf_nan=False, defer_build=True)
    return create_model(f"{name}_args", __config__=config, **fields)


@dataclass
class ActionSet:
    """An app's actions, collected by the decorators `read`, `write` and `destructive`."""

    app: str
    actions: dict[str, Action] = field(default_factory=dict)

    def _register(self, fn: Callable[..., Any], kind: Kind) -> Callable[..., Any]:
        sig = inspect.signature(fn)
        hints = typing.get_type_hints(fn, include_extras=True)  # Annotated metadata shapes the schema
        params = tuple(sig.parameters.values())[1:]
        for p in params:
            if p.kind is not inspect.Parameter.KEYWORD_ONLY:
                raise TypeError(f"{fn.__name__}: argument {p.name} must be keyword-only")
        if fn.__name__ in self.actions:
            raise TypeError(f"duplicate action {fn.__name__} in app {self.app}")
        if not (fn.__doc__ or "").strip():
            raise TypeError(f"{fn.__name__}: a service function needs a docstring (agents read it)")
        description = inspect.cleandoc(fn.__doc__ or "")
        self.actions[fn.__name__] = Action(
            app=self.app,
            name=fn.__name__,
            fn=fn,
            kind=kind,
            description=description,
            params=params,
            args_model=_args_model(fn.__name__, params, hints, param_docs(description)),
            return_type=hints.get("return"),
        )
        return fn

    def read(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        """Register a read-only action."""
        return self._register(fn, "read")

    def write(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        """Register an action that creates or updates records."""
        return self._register(fn, "write")

    def destructive(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        """Register an action that deletes or irreversibly changes records."""
        return self._register(fn, "destructive")

    def get(self, name: str) -> Action:
        try:
            return self.actions[name]
        except KeyError:
            raise UnknownActionError(
                f"unknown action {name!r} in app {self.app}; see the list of tools", field=None
            ) from None

    def __iter__(self):
        return iter(self.actions.values())
