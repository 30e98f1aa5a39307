"""Role keys: a route accepts only `Authorization: Bearer <key>` of the roles it names."""

from __future__ import annotations

import hmac
from typing import Annotated

from fastapi import Header, HTTPException


def require_role(roles: tuple[str, ...], keys: dict[str, str]):
    """A dependency accepting only `Authorization: Bearer <key of one of roles>`.

    (Performer credentials never get this far: `PerformerCredentialGuard` refuses and records them.)
    """

    def check(authorization: Annotated[str | None, Header()] = None) -> str:
        scheme, _, given = (authorization or "").partition(" ")
        for role in roles:
            expected = keys.get(role)
            if (
                expected
                and scheme.lower() == "bearer"
                and hmac.compare_digest(given.encode(), expected.encode())
            ):
                return role
        raise HTTPException(
            401,
            f"a valid {' or '.join(roles)} key is required (Authorization: Bearer …)",
            headers={"WWW-Authenticate": "Bearer"},
        )

    return check
