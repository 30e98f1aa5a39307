"""The harness API (`/v1/…`): JSON over HTTP for the lab's harness, authenticated by role keys.

A performer's capability token grants nothing here (see `mcp_gateway.performer_guard`).
"""

from mcp_gateway.harness.app import build_harness_app

__all__ = ["build_harness_app"]
