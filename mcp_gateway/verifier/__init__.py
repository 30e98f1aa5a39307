"""The verifier: integrity gates, then expected changes, collateral damage and the answer → one outcome."""

from mcp_gateway.verifier.verdict import Verdict, verify

__all__ = ["Verdict", "verify"]
