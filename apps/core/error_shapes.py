"""How a refused call looks: each app renders the engine's refusals in its product's error shape.

An app declares its shape through `AppSpec.error_shape` (Salesforce REST for the CRM, the ServiceNow
Table API for ticketing, Microsoft Graph for the office suite). A refusal carries the message, the
offending field and a code: either one of the engine's neutral `ErrorKind`s, which the shape maps
to its product's code and wording, or a product code the service raised itself, passed through.

MCP puts the payload in the text content (as JSON, exactly the product's body) and, when
SAASGYM_STRUCTURED_ERRORS=1 (see `mcp_tools.failure`), in `structuredContent`, which MCP requires to
be an object, so a product whose body is a list (Salesforce) has it under `errors` there. The CLI
prints the text and exits non-zero.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, ClassVar

from apps.core.errors import ErrorKind


@dataclass(frozen=True)
class Refusal:
    """One refused call: what to fix, the argument at fault, and the code."""

    message: str
    code: str | None = None
    field: str | None = None


class ErrorShape:
    """The engine's own shape, for apps that declare none: `{"error": {"code", "message", "field"}}`.

    Subclasses set `codes` (engine `ErrorKind` -> product code) and override `payload`.
    """

    product: ClassVar[str] = "saasgym"
    codes: ClassVar[dict[str, str]] = {}
    default_code: ClassVar[str] = ErrorKind.INVALID_VALUE

    def code_of(self, refusal: Refusal) -> str:
        """The product code: the mapped `ErrorKind`, a product code as given, or the default."""
        if refusal.code is None:
            return self.default_code
        return self.codes.get(refusal.code, refusal.code)

    def payload(self, refusal: Refusal) -> Any:
        body: dict[str, Any] = {"code": self.code_of(refusal), "message": refusal.message}
        if refusal.field:
            body["field"] = refusal.field
        return {"error": body}

    def structured(self, refusal: Refusal) -> dict[str, Any]:
        """The payload as an MCP `structuredContent` object (a list is put under `errors`)."""
        body = self.payload(refusal)
        return body if isinstance(body, dict) else {"errors": body}

    def text(self, refusal: Refusal) -> str:
        """The payload exactly as the product's API would send it, as JSON text."""
        return json.dumps(self.payload(refusal), ensure_ascii=False)


ENGINE_SHAPE = ErrorShape()
