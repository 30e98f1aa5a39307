"""Salesforce REST error bodies: `[{"errorCode", "message", "fields"}]`.

The CRM's services raise Salesforce's own codes (`STRING_TOO_LONG`, `MALFORMED_ID` ...); the
engine's neutral kinds map to the codes the REST API gives for the same refusal.
"""

from __future__ import annotations

from typing import Any, ClassVar

from apps.core.error_shapes import ErrorShape, Refusal
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
        fields = [refusal.field] if refusal.field else []
        return [{"errorCode": self.code_of(refusal), "message": refusal.message, "fields": fields}]


SHAPE = SalesforceErrors()
