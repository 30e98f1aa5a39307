"""Gateway settings: one object, read from the environment (SAASGYM_*) with safe embedded defaults."""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass, field
from pathlib import Path


def _env_list(name: str) -> list[str]:
    return [x.strip() for x in os.environ.get(name, "").split(",") if x.strip()]


def read_or_create_key(path: Path) -> str:
    """A secret kept in `path` (created with mode 0600 when missing); never printed or logged."""
    if path.is_file():
        return path.read_text().strip()
    path.parent.mkdir(parents=True, exist_ok=True)
    key = secrets.token_urlsafe(32)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as fh:
        fh.write(key + "\n")
    return key


@dataclass
class Settings:
    """Everything the gateway can be tuned by. `from_env()` is the one place values are read."""

    host: str = "127.0.0.1"
    port: int = 8000
    state_dir: Path = Path(".saasgym")
    capacity: int = 512
    default_ttl_s: int = 3600
    max_ttl_s: int = 7 * 24 * 3600
    max_body_bytes: int = 4 * 1024 * 1024
    rate_per_s: float = 200.0
    rate_burst: int = 400
    tool_timeout_s: float = 10.0
    observations: bool = True  # keep each call's arguments and observation for trajectories
    request_deadline_s: float = 10.0  # a request must arrive whole within this (else 408, closed)
    max_connections: int = 900  # open connections (below the usual 1,024 file descriptors)
    max_pending_per_client: int = 32  # unfinished requests one client address may hold
    sweep_interval_s: float = 5.0
    allowed_hosts: list[str] = field(default_factory=list)
    keys: dict[str, str] = field(default_factory=dict)  # role -> key
    # One of several workers (`saasgym serve --workers N`, or a Ray actor): its name in the ledger, and
    # where its performer URLs point (its own port on the host the client used, or a whole base URL).
    worker: str | None = None
    url_port: int | None = None
    url_base: str | None = None

    @classmethod
    def from_env(cls, **overrides) -> Settings:
        """Settings from SAASGYM_* variables; the harness key is generated into the state dir if unset."""
        env = os.environ
        s = cls(
            state_dir=Path(env.get("SAASGYM_STATE_DIR", ".saasgym")),
            capacity=int(env.get("SAASGYM_CAPACITY", cls.capacity)),
            default_ttl_s=int(env.get("SAASGYM_DEFAULT_TTL_S", cls.default_ttl_s)),
            max_body_bytes=int(env.get("SAASGYM_MAX_BODY_BYTES", cls.max_body_bytes)),
            rate_per_s=float(env.get("SAASGYM_RATE_PER_S", cls.rate_per_s)),
            rate_burst=int(env.get("SAASGYM_RATE_BURST", cls.rate_burst)),
            tool_timeout_s=float(env.get("SAASGYM_TOOL_TIMEOUT_S", cls.tool_timeout_s)),
            observations=env.get("SAASGYM_OBSERVATIONS", "1") not in ("0", "false", "no"),
            request_deadline_s=float(env.get("SAASGYM_REQUEST_DEADLINE_S", cls.request_deadline_s)),
            max_connections=int(env.get("SAASGYM_MAX_CONNECTIONS", cls.max_connections)),
            max_pending_per_client=int(env.get("SAASGYM_MAX_PENDING_PER_CLIENT", cls.max_pending_per_client)),
            allowed_hosts=_env_list("SAASGYM_ALLOWED_HOSTS"),
        )
        for name, value in overrides.items():
            setattr(s, name, value)
        for role in ("harness", "author", "reviewer"):
            key = env.get(f"SAASGYM_{role.upper()}_KEY")
            if key:
                s.keys.setdefault(role, key)
        if "harness" not in s.keys:
            s.keys["harness"] = read_or_create_key(s.state_dir / "harness.key")
        return s

    @property
    def ledger_path(self) -> Path:
        return self.state_dir / "ledger.db"
