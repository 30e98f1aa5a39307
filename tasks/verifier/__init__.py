"""The verifier: integrity gates, then expected changes, collateral, the answer and the rubric criteria → one
outcome. `Verdict` and `verify` load on first use, so the rubric (`tasks.rubric`, which reads the verifier's
match rules) may be imported first."""

from typing import Any

__all__ = ["Verdict", "verify"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from tasks.verifier import verdict

        return getattr(verdict, name)
    raise AttributeError(name)
