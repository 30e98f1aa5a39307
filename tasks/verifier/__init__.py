"""The verifier: integrity gates, then expected changes, collateral damage and the answer → one outcome."""

from tasks.verifier.verdict import Verdict, verify

__all__ = ["Verdict", "verify"]
