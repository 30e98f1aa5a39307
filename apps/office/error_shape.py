"""Microsoft Graph error bodies: `{"error": {"code", "message"}}` with Exchange/Graph codes.

Mail and calendar refusals use Exchange's codes as Graph returns them (`ErrorItemNotFound`,
`ErrorInvalidRecipients`, `ErrorAccessDenied`, `ErrorInvalidRequest` ...); a request body Graph
cannot read (an unknown property, a value of the wrong type) is `RequestBodyRead`; an id that is not an
id at all (not a GUID) is `ErrorInvalidIdMalformed`. Every body carries Graph's `innerError` (`date`,
`request-id`, `client-request-id`), as Graph's error responses do.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import Any, ClassVar

from apps.core.error_shapes import TEXT, ErrorShape, Refusal, obj
from apps.core.errors import ErrorKind

INVALID_RECIPIENTS = "ErrorInvalidRecipients"
MALFORMED_ID = "ErrorInvalidIdMalformed"
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
        code = self.code_of(refusal)
        request_id = str(uuid.uuid5(uuid.NAMESPACE_URL, f"graph-error:{code}:{refusal.message}"))
        inner = {
            "date": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S"),
            "request-id": request_id,
            "client-request-id": request_id,
        }
        return {"error": {"code": code, "message": refusal.message, "innerError": inner}}

    def body_schema(self) -> dict[str, Any]:
        inner = obj({"date": TEXT, "request-id": TEXT, "client-request-id": TEXT})
        return obj({"error": obj({"code": TEXT, "message": TEXT, "innerError": inner}, ["code", "message"])})


SHAPE = GraphErrors()
