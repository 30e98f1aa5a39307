"""Errors an action raises when its input breaks a rule; every surface shows them the same way."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import Any


class ErrorKind:
    """The engine's product-neutral error kinds. A service raises one of these as `code` (or the
    product's own code); each app's error shape (`AppSpec.error_shape`) turns it into its product's
    code and wording, and passes product codes through unchanged."""

    REQUIRED = "required"  # a mandatory argument or field is missing or blank
    UNKNOWN_ARGUMENT = "unknown_argument"  # the tool has no such parameter
    INVALID_TYPE = "invalid_type"  # an argument is not of the parameter's type
    INVALID_VALUE = "invalid_value"  # right type, refused value (range, format, length ...)
    INVALID_CHOICE = "invalid_choice"  # not one of a restricted picklist's values
    NOT_FOUND = "not_found"  # a referenced record does not exist
    ACCESS_DENIED = "access_denied"  # the acting user may not read or change this record
    INVALID_STATE = "invalid_state"  # the record's state does not allow the change
    DUPLICATE = "duplicate"  # the change would create a second record where one is allowed
    TOO_LONG = "too_long"  # a text is longer than its field allows
    LIMIT = "limit"  # a quota would be exceeded
    CLOSED = "closed"  # the episode accepts no further changes
    INTERNAL = "internal"  # our bug or a time-out: nothing was changed


class ActionError(Exception):
    """A business-rule or input error: the action wrote nothing and says what to fix.

    `field` names the offending argument when there is one, so a form can show the message
    next to that field. `code` is the product's own error code (Salesforce `STRING_TOO_LONG`,
    Graph `ErrorItemNotFound` ...) when the app gives one; each app renders code, message and
    field in its product's error shape.
    """

    def __init__(
        self,
        message: str,
        *,
        field: str | None = None,
        code: str | None = None,
        failures: tuple[ActionError, ...] = (),
    ):
        super().__init__(message)
        self.message = message
        self.field = field
        self.code = code
        self.failures = failures  # the separate failures when one save broke several rules (see `several`)

    @classmethod
    def several(cls, failures: list[ActionError]) -> ActionError:
        """One error for several failures of one call, in the order found: the first's code and field,
        every message (a product that lists errors, like Salesforce, shows each as its own entry)."""
        if len(failures) == 1:
            return failures[0]
        first = failures[0]
        message = "; ".join(f.message for f in failures)
        return cls(message, field=first.field, code=first.code, failures=tuple(failures))

    def parts(self) -> tuple[ActionError, ...]:
        """The separate failures (just this error when there is one)."""
        return self.failures or (self,)

    def __str__(self) -> str:
        return f"{self.field}: {self.message}" if self.field else self.message


Check = Callable[..., Any]


@contextlib.contextmanager
def every_failure() -> Iterator[Callable[..., None]]:
    """Run independent checks and report every one that fails, not only the first.

        with every_failure() as check:
            check(check_lengths, "Account", values)
            check(check_choice, industry, INDUSTRIES, "industry")

    Each `check(fn, *args)` calls `fn`; the ActionErrors they raise are collected in order and raised
    as one (`ActionError.several`) when the block ends. An error that is not an ActionError propagates.
    """
    found: list[ActionError] = []

    def check(fn: Check, *args: Any, **kwargs: Any) -> None:
        try:
            fn(*args, **kwargs)
        except ActionError as exc:
            found.extend(exc.parts())

    yield check
    if found:
        raise ActionError.several(found)


class NotFoundError(ActionError):
    """A referenced record does not exist in this episode."""

    def __init__(self, message: str, *, field: str | None = None, code: str | None = ErrorKind.NOT_FOUND):
        super().__init__(message, field=field, code=code)


class UnknownActionError(NotFoundError):
    """The action name is not one of the app's actions."""


class WorldIntegrityError(RuntimeError):
    """A world's files do not match its manifest; the world is refused."""
