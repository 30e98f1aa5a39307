"""A scripted OpenAI-compatible chat-completions server for tests: no network, no model.

It answers `POST /v1/chat/completions` from a script and records every request it got:

    server = ScriptedModel([Rule("Total: $1,250", {"met": True, "reason": "states it"})],
                           default={"met": False, "reason": "no"}).start()
    settings = EndpointSettings(url=server.url, model="scripted-judge")
    ...
    server.requests      # every request body, in order (server.headers: their headers)
    server.stop()

A rule answers when its `when` text occurs in the request's messages (or `when` is a callable given the
request body); `answer` is the JSON object returned as the message content (a string is returned as it is,
e.g. to test an invalid answer). `fail` makes the next N requests answer an HTTP status (a 500 to test the
retries). `delay_s` holds every answer back (timeouts). Run it standing, from a JSON script file
(`{"rules": [{"when": "…", "answer": {…}}], "default": {…}}`):

    python -m tests.support.scripted_model --script judge.json --port 8700
"""

from __future__ import annotations

import argparse
import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse


@dataclass
class Rule:
    when: str | Callable[[dict[str, Any]], bool]
    answer: dict[str, Any] | str

    def applies(self, body: dict[str, Any]) -> bool:
        if callable(self.when):
            return bool(self.when(body))
        return self.when in messages_text(body)


def messages_text(body: dict[str, Any]) -> str:
    """Every message's content of a request, one after another."""
    return "\n".join(str(m.get("content") or "") for m in body.get("messages", []))


@dataclass
class ScriptedModel:
    rules: list[Rule] = field(default_factory=list)
    default: dict[str, Any] | str | None = None
    delay_s: float = 0.0
    requests: list[dict[str, Any]] = field(default_factory=list)
    headers: list[dict[str, str]] = field(default_factory=list)
    _failures: list[int] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    url: str = ""
    _server: Any = None
    _thread: Any = None

    def fail(self, times: int, status: int = 500) -> None:
        """The next `times` requests answer HTTP `status` (then the script resumes)."""
        with self._lock:
            self._failures.extend([status] * times)

    def answer_for(self, body: dict[str, Any]) -> dict[str, Any] | str | None:
        for rule in self.rules:
            if rule.applies(body):
                return rule.answer
        return self.default

    def app(self) -> FastAPI:
        api = FastAPI()

        @api.post("/v1/chat/completions")
        async def completions(request: Request) -> JSONResponse:
            body = await request.json()
            with self._lock:
                self.requests.append(body)
                self.headers.append(dict(request.headers))
                status = self._failures.pop(0) if self._failures else None
            if self.delay_s:
                time.sleep(self.delay_s)
            if status is not None:
                return JSONResponse(
                    {"error": {"message": "scripted failure", "type": "server_error"}}, status
                )
            answer = self.answer_for(body)
            if answer is None:
                return JSONResponse({"error": {"message": "no rule answers this request"}}, 400)
            content = answer if isinstance(answer, str) else json.dumps(answer)
            return JSONResponse(
                {
                    "id": f"chatcmpl-{len(self.requests)}",
                    "object": "chat.completion",
                    "created": 0,
                    "model": body.get("model", ""),
                    "choices": [
                        {
                            "index": 0,
                            "message": {"role": "assistant", "content": content},
                            "finish_reason": "stop",
                        }
                    ],
                    "usage": {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0},
                }
            )

        return api

    def start(self) -> ScriptedModel:
        from mcp_gateway.live import serve_in_thread

        self._server, self._thread, port = serve_in_thread(self.app())
        self.url = f"http://127.0.0.1:{port}/v1"
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.should_exit = True
            self._thread.join(timeout=10)

    def __enter__(self) -> ScriptedModel:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def from_script(path: str | Path) -> ScriptedModel:
    """A server answering by a JSON script file's rules and default."""
    script = json.loads(Path(path).read_text())
    rules = [Rule(r["when"], r["answer"]) for r in script.get("rules", [])]
    return ScriptedModel(rules, default=script.get("default"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--script", required=True, help="JSON file: rules (when, answer) and a default")
    parser.add_argument("--port", type=int, default=8700)
    args = parser.parse_args()
    import uvicorn

    uvicorn.run(from_script(args.script).app(), host="127.0.0.1", port=args.port, log_level="warning")


if __name__ == "__main__":
    main()
