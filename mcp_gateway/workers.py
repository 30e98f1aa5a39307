"""`saasgym serve --workers N`: one gateway process per core, each owning a shard of episodes.

The supervisor binds every socket itself, then forks the workers (after importing the apps, so their
code pages are shared):

- the public port, one listening socket inherited by every worker: the kernel hands each new
  connection to one of them, so `/v1` (and `/healthz`) answers from any worker. An episode is created
  by the worker that accepted the request and lives in its memory.
- one port per worker (the public port + 1 + i by default): the performer URLs an episode hands out
  (MCP, UI launch, CLI) name its owner's port, so every MCP or UI request is accepted by the process
  holding the episode — no proxy, no hop. URLs stay opaque; a client never composes them.

Harness calls about an episode that land on another worker are relayed to the owner
(`mcp_gateway/forwarding.py`); the ledger (one SQLite file, `BEGIN IMMEDIATE` writes) is shared, so
capacity is reserved atomically across workers. When a worker dies the supervisor marks its active
episodes `void` (their verdicts are `void`, never a reward of 0) — but its durable episodes, which the
fresh worker restores from their checkpoints — and forks a fresh worker on the same sockets; the other
workers and their episodes are untouched. SIGINT/SIGTERM stop every worker.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import socket
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from typing import Any

from mcp_gateway.ledger import Ledger
from mcp_gateway.server import PortInUseError, bind
from mcp_gateway.settings import Settings

STOP_GRACE_S = 10.0
MAX_START_FAILURES = 3
PR_SET_PDEATHSIG = 1
LOST_REASON = "its worker process died and the episode's state was lost"


def default_workers() -> int:
    """One worker per core this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)


def loopback(host: str) -> str:
    """The address other local processes reach a server bound to `host` at."""
    return {"0.0.0.0": "127.0.0.1", "::": "[::1]", "": "127.0.0.1"}.get(host, host)


@dataclass
class WorkerSlot:
    """One worker: its name, its own socket, and its current process."""

    name: str
    sock: socket.socket
    process: Any = None
    ready: Connection | None = None
    restarts: int = 0
    failures: int = 0  # exits in a row before it was ready

    @property
    def port(self) -> int:
        return self.sock.getsockname()[1]


@dataclass
class Supervisor:
    """Forks, watches and restarts the workers; prints the start-up banner once all are ready."""

    settings: Settings
    public: socket.socket
    slots: list[WorkerSlot]
    first_episode: Callable[[Any], list[str]]  # worker 0 makes the banner's episode and its lines
    echo: Callable[[str], None] = print
    _stopping: bool = field(default=False, init=False)
    _failed: str | None = field(default=None, init=False)
    _waiting: set[str] = field(default_factory=set, init=False)
    _banner_rows: list[str] | None = field(default=None, init=False)
    _banner_done: bool = field(default=False, init=False)

    def run(self) -> int:
        """Serve until SIGINT/SIGTERM; returns the exit status."""
        preload()
        ledger = Ledger(self.settings.ledger_path)
        ledger.void_all("the server restarted and the episode's state was lost", keep_durable=True)
        ledger.move_durable([slot.name for slot in self.slots])  # each worker restores its durable ones
        ledger.forget_workers()
        ledger.close()
        for sig in (signal.SIGINT, signal.SIGTERM):
            signal.signal(sig, self._stop)
        for slot in self.slots:
            self._start(slot, initial=slot is self.slots[0])
        self._waiting = {slot.name for slot in self.slots}
        while not self._stopping and self._failed is None:
            readers = {s.ready: s for s in self.slots if s.ready is not None}
            sentinels = {s.process.sentinel: s for s in self.slots}
            ready = wait(list(readers) + list(sentinels), timeout=1.0)
            for conn in (c for c in ready if c in readers):
                self._on_ready(readers[conn], conn)
            for sentinel in (c for c in ready if c in sentinels):
                self._lost(sentinels[sentinel])
        status = self._shutdown()
        if self._failed:
            self.echo(f"error: {self._failed}")
            return 1
        return status

    def _on_ready(self, slot: WorkerSlot, conn: Connection) -> None:
        try:
            message = conn.recv()
        except EOFError:  # it died before it was ready: its sentinel says so
            return
        conn.close()
        slot.ready, slot.failures = None, 0
        for line in message.get("restarted", []):
            self.echo(f"{line} (worker {slot.name})")
        self._banner_rows = self._banner_rows or message.get("rows")
        self._waiting.discard(slot.name)
        if slot.restarts:
            self.echo(f"saasgym: worker {slot.name} restarted (pid {slot.process.pid})")
        if not self._waiting and self._banner_rows and not self._banner_done:
            self._banner(self._banner_rows)
            self._banner_done = True

    def _banner(self, rows: list[str]) -> None:
        for line in rows:
            self.echo(line)
        for slot in self.slots:
            self.echo(
                f"  worker {slot.name}: pid {slot.process.pid}, "
                f"http://{loopback(self.settings.host)}:{slot.port}"
            )

    def _start(self, slot: WorkerSlot, *, initial: bool) -> None:
        context = multiprocessing.get_context("fork")
        reader, writer = context.Pipe(duplex=False)
        first = self.first_episode if initial else None
        slot.ready = reader
        slot.process = context.Process(
            target=_worker_main,
            args=(os.getpid(), self.settings, slot.name, self.public, slot.sock, writer, first),
            name=f"saasgym-worker-{slot.name}",
            daemon=False,
        )
        slot.process.start()
        writer.close()

    def _lost(self, slot: WorkerSlot) -> None:
        slot.process.join()
        if self._stopping:
            return
        if slot.ready is not None:
            slot.ready.close()
            slot.failures += 1
            if slot.failures >= MAX_START_FAILURES:
                self._failed = f"worker {slot.name} failed to start {slot.failures} times in a row"
                return
        ledger = Ledger(self.settings.ledger_path)
        lost = ledger.void_worker(slot.name, LOST_REASON, keep_durable=True)
        ledger.close()
        self.echo(
            f"saasgym: worker {slot.name} (pid {slot.process.pid}) exited with {slot.process.exitcode}; "
            f"{len(lost)} of its episodes are void (durable ones are restored); restarting it"
        )
        slot.restarts += 1
        self._start(slot, initial=slot is self.slots[0] and not self._banner_done)

    def _stop(self, signum: int, frame: Any) -> None:
        self._stopping = True

    def _shutdown(self) -> int:
        for slot in self.slots:
            if slot.process.is_alive():
                os.kill(slot.process.pid, signal.SIGTERM)
        for slot in self.slots:
            slot.process.join(STOP_GRACE_S)
            if slot.process.is_alive():
                slot.process.kill()
                slot.process.join()
        return 0


def preload() -> None:
    """Import the gateway and every app before forking: workers share those pages, and a restarted
    worker is serving again in about a second instead of importing everything anew."""
    from apps.core.registry import discover
    from mcp_gateway import gateway  # noqa: F401

    discover()


def die_with_parent(parent: int) -> None:
    """Have the kernel kill this process when the supervisor dies (even by SIGKILL): an orphaned worker
    would keep the sockets and serve episodes nobody supervises."""
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:  # it died before the request was made
        os._exit(1)


def _worker_main(
    supervisor: int,
    settings: Settings,
    name: str,
    public: socket.socket,
    own: socket.socket,
    ready: Connection,
    first_episode: Callable[[Any], list[str]] | None,
) -> None:
    """A worker process: one gateway on the shared public socket and on its own socket."""
    from apps.core.api import Gym
    from mcp_gateway.gateway import Gateway
    from mcp_gateway.server import ReadyServer, uvicorn_config

    die_with_parent(supervisor)
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, signal.SIG_DFL)  # uvicorn installs its own handlers when it runs
    settings.worker, settings.url_port = name, own.getsockname()[1]
    gateway = Gateway(Gym(), settings)
    gateway.ledger.register_worker(name, f"http://{loopback(settings.host)}:{settings.url_port}", os.getpid())
    rows = first_episode(gateway) if first_episode is not None else []

    def on_ready() -> None:
        ready.send({"worker": name, "rows": rows, "restarted": gateway.restart_lines()})
        ready.close()

    config = uvicorn_config(gateway.asgi(), settings, host=settings.host, port=settings.port)
    ReadyServer(config, on_ready=on_ready).run(sockets=[public, own])
    sys.exit(0)


def plan(settings: Settings, workers: int, port_base: int | None) -> tuple[socket.socket, list[WorkerSlot]]:
    """Bind the public socket and one socket per worker: port `port_base` + i when given (else an
    error), by default the public port + 1 + i, or a free port when that one is taken."""
    public = bind(settings.host, settings.port)
    slots = []
    try:
        for i in range(workers):
            if port_base:
                sock = bind(settings.host, port_base + i)
            else:
                try:
                    sock = bind(settings.host, settings.port + 1 + i)
                except PortInUseError:
                    sock = bind(settings.host, 0)
            slots.append(WorkerSlot(f"w{i}", sock))
    except OSError:
        public.close()
        for slot in slots:
            slot.sock.close()
        raise
    return public, slots
