"""A scripted OpenAI-compatible chat-completions server on 127.0.0.1 (the model-free policy for harnesses
that reach their model over HTTP): each conversation (one `session_id` header per rollout, numbered in
the order they first arrive) replays one script, one tool call per turn, its "$N.path" references
resolved against the tool results in the conversation so far; after the last step it answers in text."""

from __future__ import annotations

import json
import threading
import time
import traceback
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from common import resolve

SESSION = "X-Session-ID"  # verifiers sends the rollout (trace) id upstream


def _result(message: dict[str, Any]) -> Any:
    content = message.get("content")
    text = content if isinstance(content, str) else "".join(p.get("text", "") for p in content or [])
    try:
        return json.loads(text)
    except ValueError:  # a tool's refusal or an error text
        return None


class ScriptedChat:
    """Serve `scripts` (lists of {"tool", "args"}); `sessions` maps each session id to its script index."""

    def __init__(self, scripts: list[list[dict[str, Any]]]):
        self.scripts = scripts
        self.sessions: dict[str, int] = {}
        self.lock = threading.Lock()
        self.on_first_turn = None  # optional callback(session index) before the first reply
        self.down = False  # answer every request with 503, as a model endpoint that is down
        self.index_of = None  # optional session id -> script index (default: in order of first arrival)
        chat = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                if chat.down:
                    self.send_error(503, "the model endpoint is down")
                    return
                try:
                    reply = chat.reply(self.headers.get(SESSION, ""), body)
                except Exception:
                    traceback.print_exc()
                    self.send_error(500)
                    return
                if body.get("stream"):
                    chunk = {**reply, "object": "chat.completion.chunk"}
                    chunk["choices"] = [
                        {"index": 0, "delta": c["message"], "finish_reason": c["finish_reason"]}
                        for c in reply["choices"]
                    ]
                    usage = {**reply, "object": "chat.completion.chunk", "choices": []}
                    data = (
                        f"data: {json.dumps(chunk)}\n\ndata: {json.dumps(usage)}\n\ndata: [DONE]\n\n".encode()
                    )
                    kind = "text/event-stream"
                else:
                    data, kind = json.dumps(reply).encode(), "application/json"
                self.send_response(200)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base_url = f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def reply(self, session: str, body: dict[str, Any]) -> dict[str, Any]:
        with self.lock:
            first = session not in self.sessions
            given = self.index_of(session) if self.index_of else len(self.sessions)
            index = self.sessions.setdefault(session, given)
        if first and self.on_first_turn is not None:
            self.on_first_turn(index)
        messages = body["messages"]
        results = [_result(m) for m in messages if m.get("role") == "tool"]
        script = self.scripts[index]
        message: dict[str, Any] = {"role": "assistant", "content": None}
        if len(results) < len(script):
            step = script[len(results)]
            call = {"name": step["tool"], "arguments": json.dumps(resolve(step["args"], results))}
            message["tool_calls"] = [
                {"index": 0, "id": f"call_{index}_{len(results)}", "type": "function", "function": call}
            ]
            finish = "tool_calls"
        else:
            message["content"], finish = "done", "stop"
        return {
            "id": f"chatcmpl-{index}-{len(results)}",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": body.get("model", "scripted"),
            "choices": [{"index": 0, "message": message, "finish_reason": finish}],
            "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
        }

    def __enter__(self) -> ScriptedChat:
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()
