"""ServiceNow Table API error bodies: `{"error": {"message", "detail"}, "status": "failure"}`.

ServiceNow has no error codes in the body: `message` is the platform's heading for the kind of
refusal ("No Record found", "Operation Failed", "Exception while reading request") and `detail`
says what went wrong, in the platform's wording for ACL and data-policy refusals
("ACL Exception Update Failed due to security constraints", "Data Policy Exception: The following
fields are mandatory: ..."), followed by what to do.
"""

from __future__ import annotations

from typing import Any, ClassVar

from apps.core.error_shapes import TEXT, ErrorShape, Refusal, obj
from apps.core.errors import ErrorKind

NOT_FOUND = "No Record found"
FAILED = "Operation Failed"
BAD_REQUEST = "Exception while reading request"
ACL = "ACL Exception Update Failed due to security constraints"
DATA_POLICY = "Data Policy Exception: The following fields are mandatory"


class ServiceNowErrors(ErrorShape):
    product = "ServiceNow"
    codes: ClassVar[dict[str, str]] = {
        ErrorKind.NOT_FOUND: NOT_FOUND,
        ErrorKind.UNKNOWN_ARGUMENT: BAD_REQUEST,
        ErrorKind.INVALID_TYPE: BAD_REQUEST,
    }
    default_code = FAILED

    def detail(self, refusal: Refusal) -> str:
        if refusal.code == ErrorKind.ACCESS_DENIED:
            return f"{ACL}: {refusal.message}"
        if refusal.code == ErrorKind.REQUIRED:
            return f"{DATA_POLICY}: {refusal.field or 'see the message'}. {refusal.message}"
        return refusal.message

    def payload(self, refusal: Refusal) -> Any:
        heading = self.codes.get(refusal.code or "", FAILED)
        return {"error": {"message": heading, "detail": self.detail(refusal)}, "status": "failure"}

    def body_schema(self) -> dict[str, Any]:
        return obj({"error": obj({"message": TEXT, "detail": TEXT}), "status": {"const": "failure"}})


SHAPE = ServiceNowErrors()
