"""How a refused call looks: each app renders the engine's refusals in its product's error shape.

An app declares its shape through `AppSpec.error_shape` (Salesforce REST for the CRM, the ServiceNow
Table API for ticketing, Microsoft Graph for the office suite). A refusal carries the message, the
offending field and a code: either one of the engine's neutral `ErrorKind`s, which the shape maps
to its product's code and wording, or a product code the service raised itself, passed through.

MCP puts the payload in the text content (as JSON, exactly the product's body) and in
`structuredContent`, which has to be an object for the clients of protocol 2025-11-25, so a product
whose body is a list (Salesforce) has it under `errors` there. Every tool's output schema admits that
object as the alternative to its result (`schema`, see `mcp_tools.output_schema`), so a client that
validates an error's structured content against the output schema (the TypeScript SDK 1.x does)
accepts it. The CLI prints the text and exits non-zero.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, ClassVar

from apps.core.errors import ActionError, ErrorKind

TEXT = {"type": "string"}


def obj(properties: dict[str, Any], required: list[str] | None = None) -> dict[str, Any]:
    """A JSON schema object with these properties (all required unless `required` says otherwise)."""
    return {
        "type": "object",
        "properties": properties,
        "required": list(properties) if required is None else required,
    }


@dataclass(frozen=True)
class Refusal:
    """One refused call: what to fix, the argument at fault, and the code.

    `entries` holds the separate failures when the call broke several rules at once (their order is
    the order they were found); `message`, `code` and `field` are then those of all of them joined /
    the first, for the products whose error body holds one error."""

    message: str
    code: str | None = None
    field: str | None = None
    entries: tuple[Refusal, ...] = ()

    def parts(self) -> tuple[Refusal, ...]:
        """The separate failures (just this refusal when there is one)."""
        return self.entries or (self,)

    @classmethod
    def of(cls, exc: ActionError) -> Refusal:
        entries = tuple(cls(f.message, code=f.code, field=f.field) for f in exc.failures)
        return cls(exc.message, code=exc.code, field=exc.field, entries=entries)


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

    def body_schema(self) -> dict[str, Any]:
        """The JSON schema of `payload` (subclasses describe their product's body)."""
        return obj({"error": obj({"code": TEXT, "message": TEXT, "field": TEXT}, ["code", "message"])})

    def schema(self) -> dict[str, Any]:
        """The JSON schema of `structured`: what a refused call's `structuredContent` holds."""
        body = self.body_schema()
        schema = body if body.get("type") == "object" else obj({"errors": body})
        return {
            **schema,
            "title": f"{self.product} error",
            "description": "the error body of a refused call (isError)",
        }

    def structured(self, refusal: Refusal) -> dict[str, Any]:
        """The payload as an MCP `structuredContent` object (a list is put under `errors`)."""
        body = self.payload(refusal)
        return body if isinstance(body, dict) else {"errors": body}

    def text(self, refusal: Refusal) -> str:
        """The payload exactly as the product's API would send it, as JSON text."""
        return json.dumps(self.payload(refusal), ensure_ascii=False)


ENGINE_SHAPE = ErrorShape()
