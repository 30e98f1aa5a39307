"""Microsoft Graph error bodies: `{"error": {"code", "message"}}` with Exchange/Graph codes.

Mail and calendar refusals use Exchange's codes as Graph returns them (`ErrorItemNotFound`,
`ErrorInvalidRecipients`, `ErrorAccessDenied`, `ErrorInvalidRequest` ...); a request body Graph
cannot read (an unknown property, a value of the wrong type) is `RequestBodyRead`.
"""

from __future__ import annotations

from typing import Any, ClassVar

from apps.core.error_shapes import TEXT, ErrorShape, Refusal, obj
from apps.core.errors import ErrorKind

INVALID_RECIPIENTS = "ErrorInvalidRecipients"
NAME_EXISTS = "nameAlreadyExists"
FOLDER_EXISTS = "ErrorFolderExists"


class GraphErrors(ErrorShape):
    product = "Microsoft Graph"
    codes: ClassVar[dict[str, str]] = {
        ErrorKind.REQUIRED: "ErrorInvalidRequest",
        ErrorKind.UNKNOWN_ARGUMENT: "RequestBodyRead",
        ErrorKind.INVALID_TYPE: "RequestBodyRead",
        ErrorKind.INVALID_VALUE: "ErrorInvalidRequest",
        ErrorKind.INVALID_CHOICE: "ErrorInvalidRequest",
        ErrorKind.TOO_LONG: "ErrorInvalidRequest",
        ErrorKind.NOT_FOUND: "ErrorItemNotFound",
        ErrorKind.ACCESS_DENIED: "ErrorAccessDenied",
        ErrorKind.INVALID_STATE: "ErrorInvalidRequest",
        ErrorKind.DUPLICATE: NAME_EXISTS,
        ErrorKind.LIMIT: "ErrorQuotaExceeded",
        ErrorKind.CLOSED: "ErrorAccessDenied",
        ErrorKind.INTERNAL: "ErrorInternalServerError",
    }
    default_code = "ErrorInvalidRequest"

    def payload(self, refusal: Refusal) -> dict:
        return {"error": {"code": self.code_of(refusal), "message": refusal.message}}

    def body_schema(self) -> dict[str, Any]:
        return obj({"error": obj({"code": TEXT, "message": TEXT})})


SHAPE = GraphErrors()
