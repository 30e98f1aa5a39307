"""Errors an action raises when its input breaks a rule; every surface shows them the same way."""

from __future__ import annotations


class ActionError(Exception):
    """A business-rule or input error: the action wrote nothing and says what to fix.

    `field` names the offending argument when there is one, so a form can show the message
    next to that field. `code` is the product's own error code (Salesforce `STRING_TOO_LONG`,
    Graph `ErrorItemNotFound` ...) when the app gives one; each app renders code, message and
    field in its product's error shape.
    """

    def __init__(self, message: str, *, field: str | None = None, code: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field
        self.code = code

    def __str__(self) -> str:
        return f"{self.field}: {self.message}" if self.field else self.message


class NotFoundError(ActionError):
    """A referenced record does not exist in this episode."""


class UnknownActionError(ActionError):
    """The action name is not one of the app's actions."""


class WorldIntegrityError(RuntimeError):
    """A world's files do not match its manifest; the world is refused."""
