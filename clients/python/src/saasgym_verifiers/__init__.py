"""The verifiers taskset id `saasgym-verifiers` (verifiers imports a taskset as a top-level module):
`saasgym_client.adapters.verifiers` under the name verifiers resolves."""

from saasgym_client.adapters.verifiers import SaasgymTask, SaasgymTaskset, SaasgymTools, VoidVerdict

__all__ = ["SaasgymTask", "SaasgymTaskset", "SaasgymTools", "VoidVerdict"]
