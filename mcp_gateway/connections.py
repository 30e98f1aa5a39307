"""Connection guards below the ASGI layer: a deadline for receiving each request, a cap on open
connections, and a cap on one client's unfinished requests.

A client that opens a connection and sends half a request (or nothing) holds a socket and a file
descriptor. Without a deadline, a few hundred such connections exhaust the process's descriptors and
take `/healthz` and every episode down. Every request must arrive whole within `deadline_s` of its first
byte (or of the connection opening) or the connection is answered 408 and closed; past
`max_connections` a new connection is answered 503 and closed at once; and a client may keep at most
`max_pending_per_client` requests unfinished for over a second at a time (a real request is unfinished
for milliseconds at most, however many agents share the address), the longest-unfinished answered 503
and closed when one more would pass the cap.
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from uvicorn.protocols.http.httptools_impl import STATUS_LINE, HttpToolsProtocol

PENDING_GRACE_S = 1.0  # a request unfinished for less than this never counts against its client


@dataclass
class ConnectionGuard:
    """Limits shared by every connection of one server."""

    deadline_s: float
    max_connections: int
    max_pending_per_client: int
    pending: dict[str, dict[Any, float]] = field(default_factory=lambda: defaultdict(dict))
    _rechecks: set[str] = field(default_factory=set)
    refused: dict[int, int] = field(default_factory=lambda: defaultdict(int))

    def trim(self, host: str, loop: Any) -> None:
        """Close `host`'s longest-unfinished requests while it holds more than its share — but only those
        unfinished for over `PENDING_GRACE_S`: many agents on one harness machine send whole requests
        whose bodies may trail their headers by a few milliseconds, and must never be cut."""
        mine = self.pending.get(host, {})
        now = loop.time()
        while len(mine) > self.max_pending_per_client:
            oldest, since = next(iter(mine.items()))
            if now - since < PENDING_GRACE_S:
                if host not in self._rechecks:
                    self._rechecks.add(host)
                    loop.call_later(PENDING_GRACE_S - (now - since) + 0.01, self._recheck, host, loop)
                return
            oldest._refuse(503, "too many unfinished requests from this client")

    def _recheck(self, host: str, loop: Any) -> None:
        self._rechecks.discard(host)
        self.trim(host, loop)

    def protocol(self) -> type[HttpToolsProtocol]:
        """uvicorn's httptools protocol with these limits applied (pass as `uvicorn.Config(http=…)`)."""
        guard = self

        class GuardedHttpToolsProtocol(HttpToolsProtocol):
            _receiving = False
            _timer: Any = None

            def connection_made(self, transport: Any) -> None:
                super().connection_made(transport)
                if len(self.connections) > guard.max_connections:
                    self._refuse(503, "too many open connections; retry shortly")
                    return
                self._start_request()

            def data_received(self, data: bytes) -> None:
                super().data_received(data)
                if not self._receiving or self.transport.is_closing():
                    return
                host = self._host()
                guard.pending[host].setdefault(self, self.loop.time())  # insertion order: oldest first
                guard.trim(host, self.loop)

            def on_message_begin(self) -> None:
                super().on_message_begin()
                self._start_request()

            def on_message_complete(self) -> None:
                super().on_message_complete()
                self._end_request()

            def connection_lost(self, exc: Exception | None) -> None:
                self._end_request()
                super().connection_lost(exc)

            # -- helpers ---------------------------------------------------------------------
            def _host(self) -> str:
                return self.client[0] if self.client else "?"

            def _start_request(self) -> None:
                if not self._receiving:
                    self._receiving = True
                    self._timer = self.loop.call_later(guard.deadline_s, self._deadline_passed)

            def _end_request(self) -> None:
                self._receiving = False
                if self._timer is not None:
                    self._timer.cancel()
                    self._timer = None
                mine = guard.pending.get(self._host())
                if mine is not None:
                    mine.pop(self, None)
                    if not mine:
                        guard.pending.pop(self._host(), None)

            def _deadline_passed(self) -> None:
                self._timer = None
                if self._receiving and not self.transport.is_closing():
                    self._refuse(408, f"the request did not arrive within {guard.deadline_s:g} s")

            def _refuse(self, status: int, message: str) -> None:
                guard.refused[status] += 1
                self._end_request()
                if self.cycle is None or not self.cycle.response_started:
                    body = json.dumps({"error": message}).encode()
                    head = (
                        b"content-type: application/json\r\ncontent-length: %d\r\nconnection: close\r\n\r\n"
                        % len(body)
                    )
                    self.transport.write(STATUS_LINE[status] + head + body)
                self.transport.close()

        return GuardedHttpToolsProtocol
