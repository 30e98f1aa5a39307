"""Salesforce REST error bodies: `[{"errorCode", "message", "fields"}]`.

The CRM's services raise Salesforce's own codes (`STRING_TOO_LONG`, `MALFORMED_ID` ...); the
engine's neutral kinds map to the codes the REST API gives for the same refusal.
"""

from __future__ import annotations

from typing import Any, ClassVar

from apps.core.error_shapes import TEXT, ErrorShape, Refusal, obj
from apps.core.errors import ErrorKind


class SalesforceErrors(ErrorShape):
    product = "Salesforce"
    codes: ClassVar[dict[str, str]] = {
        ErrorKind.REQUIRED: "REQUIRED_FIELD_MISSING",
        ErrorKind.UNKNOWN_ARGUMENT: "INVALID_FIELD",
        ErrorKind.INVALID_TYPE: "JSON_PARSER_ERROR",
        ErrorKind.INVALID_VALUE: "FIELD_INTEGRITY_EXCEPTION",
        ErrorKind.INVALID_CHOICE: "INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST",
        ErrorKind.TOO_LONG: "STRING_TOO_LONG",
        ErrorKind.NOT_FOUND: "NOT_FOUND",
        ErrorKind.ACCESS_DENIED: "INSUFFICIENT_ACCESS_OR_READONLY",
        ErrorKind.INVALID_STATE: "FIELD_INTEGRITY_EXCEPTION",
        ErrorKind.DUPLICATE: "DUPLICATE_VALUE",
        ErrorKind.LIMIT: "LIMIT_EXCEEDED",
        ErrorKind.CLOSED: "INVALID_OPERATION",
        ErrorKind.INTERNAL: "UNKNOWN_EXCEPTION",
    }
    default_code = "FIELD_INTEGRITY_EXCEPTION"

    def payload(self, refusal: Refusal) -> Any:
        """One entry per failure, in the order they were found (Salesforce lists every failed rule)."""
        return [
            {
                "errorCode": self.code_of(part),
                "message": part.message,
                "fields": [part.field] if part.field else [],
            }
            for part in refusal.parts()
        ]

    def body_schema(self) -> dict[str, Any]:
        entry = obj({"errorCode": TEXT, "message": TEXT, "fields": {"type": "array", "items": TEXT}})
        return {"type": "array", "items": entry, "minItems": 1}


SHAPE = SalesforceErrors()
