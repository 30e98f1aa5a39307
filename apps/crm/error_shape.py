"""Salesforce REST error bodies: `[{"errorCode", "message", "fields"}]`.

The CRM's services raise Salesforce's own codes (`STRING_TOO_LONG`, `MALFORMED_ID` ...); the
engine's neutral kinds map to the codes the REST API gives for the same refusal.
"""

from __future__ import annotations

from typing import Any, ClassVar

from apps.core.error_shapes import TEXT, ErrorShape, Refusal, obj
from apps.core.errors import ErrorKind

REQUIRED = "REQUIRED_FIELD_MISSING"
UNREADABLE = ("INVALID_FIELD", "JSON_PARSER_ERROR")  # the request body is refused as a whole


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
        ErrorKind.LIMIT: "STORAGE_LIMIT_EXCEEDED",  # the org's storage (here: the episode's quota) is full
        ErrorKind.CLOSED: "INVALID_OPERATION",
        ErrorKind.INTERNAL: "UNKNOWN_EXCEPTION",
    }
    default_code = "FIELD_INTEGRITY_EXCEPTION"

    def payload(self, refusal: Refusal) -> Any:
        """One entry per failure, in the order Salesforce reports them: a body it cannot read (an
        unknown field, a value of the wrong JSON type) is one entry for the first such failure; missing
        required fields are one REQUIRED_FIELD_MISSING entry naming all of them; every other failure
        (a field too long, a bad picklist value, each failed validation rule) is an entry of its own."""
        parts = [(self.code_of(part), part) for part in refusal.parts()]
        unreadable = [(code, part) for code, part in parts if code in UNREADABLE]
        entries: list[dict[str, Any]] = []
        for code, part in unreadable[:1] or parts:
            fields = [part.field] if part.field else []
            merged = next((e for e in entries if code == REQUIRED == e["errorCode"]), None)
            if merged is not None:
                merged["message"] += f"; {part.message}"
                merged["fields"] += [f for f in fields if f not in merged["fields"]]
            else:
                entries.append({"errorCode": code, "message": part.message, "fields": fields})
        return entries

    def body_schema(self) -> dict[str, Any]:
        entry = obj({"errorCode": TEXT, "message": TEXT, "fields": {"type": "array", "items": TEXT}})
        return {"type": "array", "items": entry, "minItems": 1}


SHAPE = SalesforceErrors()
