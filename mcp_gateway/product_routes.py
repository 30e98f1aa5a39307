"""Where the products' own REST APIs are served, and the credential a vendor's client sends.

A vendor SDK is configured with an instance URL and an access token. Two ways in, both with the
episode's performer capability as the token:

- the episode's URL as the instance URL: `/e/{token}/{app}/services/data/v62.0/…` (a credential sent
  with it must be the same token);
- the gateway itself as the instance URL, for clients that keep only a host (simple-salesforce keeps the
  host and port of `instance_url`; Graph clients a base URL): `/services/data/…`, `/api/now/…`,
  `/v1.0/…`, the episode found from the bearer token.

The credential is read as the products' clients send it: `Authorization: Bearer <token>` (Graph,
Salesforce, ServiceNow OAuth), `Authorization: OAuth <token>` (older Salesforce clients) or HTTP Basic
with the token as the password (ServiceNow clients configured with a user name and password).
"""

from __future__ import annotations

import base64
import binascii
from dataclasses import dataclass
from typing import Any

from apps.core.spec import AppSpec


def credential(scope: dict) -> str | None:
    """The token of the request's `Authorization` header (None when it sends none we can read)."""
    header = next((v.decode("latin-1") for k, v in scope.get("headers", []) if k == b"authorization"), "")
    kind, _, value = header.strip().partition(" ")
    value = value.strip()
    if kind.lower() in ("bearer", "oauth") and value:
        return value
    if kind.lower() == "basic" and value:
        try:
            _, _, password = base64.b64decode(value, validate=True).decode("utf-8").partition(":")
        except (binascii.Error, UnicodeDecodeError):
            return None
        return password or None
    return None


@dataclass(frozen=True)
class ProductRoutes:
    """The apps serving a product API: their ASGI apps by app name, and the path prefixes of each."""

    apps: dict[str, Any]
    prefixes: dict[str, tuple[str, ...]]

    @classmethod
    def of(cls, specs: list[AppSpec], build: Any) -> ProductRoutes:
        """`build(spec)` makes (lazily) the ASGI app of a spec's API."""
        with_api = [s for s in specs if s.api is not None]
        return cls({s.name: build(s) for s in with_api}, {s.name: s.api.prefixes for s in with_api})

    def app_for(self, path: str) -> str | None:
        """The app whose product API serves `path` (None when none does)."""
        for app, prefixes in self.prefixes.items():
            if any(path.startswith(p) or path + "/" == p for p in prefixes):
                return app
        return None
