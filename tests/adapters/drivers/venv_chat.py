"""The `null` harness (verifiers' own chat program: model turns through the interception server, tool
calls over MCP), run on this venv's interpreter instead of a uv script environment that would install
unpinned `openai` and friends from PyPI at rollout time. Harness id: `venv_chat`."""

from __future__ import annotations

import sys
from typing import Any

from verifiers.v1.harnesses.null import NullHarness
from verifiers.v1.harnesses.utils.launch import CHAT_PROGRAM_SOURCE, launch_chat_program


class _VenvScripts:
    """A runtime whose PEP 723 scripts run on this interpreter (the venv holds their dependencies)."""

    def __init__(self, runtime: Any):
        self._runtime = runtime

    def __getattr__(self, name: str) -> Any:
        return getattr(self._runtime, name)

    async def prepare_uv_script(self, script: str, env: Any = None, *, activate: bool = True) -> list[str]:
        await self._runtime.write("vf_chat_program.py", script.encode())
        return [sys.executable, "vf_chat_program.py"]


class VenvChatHarness(NullHarness):
    async def setup(self, runtime: Any) -> None:
        pass

    async def launch(self, ctx, trace, runtime, endpoint, secret, mcp_urls, data, tool_interception_url=None):
        system_prompt, prompt = self.resolve_prompt(data)
        extra = [f"--tool-interception-url={tool_interception_url}"] if tool_interception_url else ()
        return await launch_chat_program(
            CHAT_PROGRAM_SOURCE,
            self.config,
            ctx,
            trace,
            _VenvScripts(runtime),
            endpoint,
            secret,
            mcp_urls,
            system_prompt,
            prompt,
            extra_args=extra,
        )


__all__ = ["VenvChatHarness"]
