"""Gateway settings: one object, read from the environment (SAASGYM_*) with safe embedded defaults."""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass, field
from pathlib import Path

from apps.core.quotas import MIB, EpisodeQuotas


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


TRUE = {"1", "true", "yes", "on"}
# The fields read from `SAASGYM_<FIELD NAME>` (besides the state dir, the allowed hosts and the keys).
FROM_ENV = (
    *("capacity", "default_ttl_s", "max_body_bytes", "rate_per_s", "rate_burst", "tool_timeout_s"),
    *("verify_timeout_s", "request_deadline_s", "max_connections", "max_pending_per_client"),
    *("quota_events", "quota_browser_events", "quota_episode_mb", "quota_mail_mb", "quota_drive_mb"),
    *("quota_snapshot_mb", "durable_sync", "rotate_durable_urls", "observations"),
)


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
    verify_timeout_s: float = 60.0  # one episode's verification; past it the verdict is void (verify_timeout)
    observations: bool = True  # keep each call's arguments and observation for trajectories
    request_deadline_s: float = 10.0  # a request must arrive whole within this (else 408, closed)
    max_connections: int = 900  # open connections (below the usual 1,024 file descriptors)
    max_pending_per_client: int = 32  # unfinished requests one client address may hold
    sweep_interval_s: float = 5.0
    # What one episode may store (apps/core/quotas.py): refused past these in the product's own words.
    quota_events: int = 200_000  # rows in its event log
    quota_browser_events: int = 100_000  # of which the browser's low-level events (the UI beacon)
    quota_episode_mb: int = 256  # its database's growth over the world it started from, every store
    quota_mail_mb: int = 128  # what its mail may grow by (Exchange: ErrorQuotaExceeded)
    quota_drive_mb: int = 128  # what its files may grow by (OneDrive: quotaLimitReached)
    quota_snapshot_mb: int = 256  # its snapshots together (at most 16 of them)
    # Durable episodes (apps/core/durable.py): flush each checkpoint to the disk itself (survives a power
    # loss, not only a crash); give restored episodes new URLs (the old ones revoked) instead of their own.
    durable_sync: bool = False
    rotate_durable_urls: bool = False
    allowed_hosts: list[str] = field(default_factory=list)
    keys: dict[str, str] = field(default_factory=dict)  # role -> key
    # One of several workers (`saasgym serve --workers N`, or a Ray actor): its name in the ledger, and
    # where its performer URLs point (its own port on the host the client used, or a whole base URL).
    worker: str | None = None
    url_port: int | None = None
    url_base: str | None = None
    # HTTPS: a certificate and its key (PEM). Vendors' SDKs that insist on https (simple-salesforce builds
    # https://<host>/services/data/… from any instance URL) then reach the products' APIs unchanged.
    tls_certfile: str | None = None
    tls_keyfile: str | None = None

    @classmethod
    def from_env(cls, **overrides) -> Settings:
        """Settings from SAASGYM_* variables; the harness key is generated into the state dir if unset."""
        env = os.environ
        s = cls(
            state_dir=Path(env.get("SAASGYM_STATE_DIR", ".saasgym")),
            allowed_hosts=_env_list("SAASGYM_ALLOWED_HOSTS"),
            tls_certfile=env.get("SAASGYM_TLS_CERTFILE") or None,
            tls_keyfile=env.get("SAASGYM_TLS_KEYFILE") or None,
        )
        for name in FROM_ENV:  # SAASGYM_<NAME>, of the field's own type
            if (value := env.get(f"SAASGYM_{name.upper()}")) is not None:
                kind = type(getattr(cls, name))
                setattr(s, name, value.strip().lower() in TRUE if kind is bool else kind(value))
        for name, value in overrides.items():
            setattr(s, name, value)
        for role in ("harness", "author", "reviewer"):
            key = env.get(f"SAASGYM_{role.upper()}_KEY")
            if key:
                s.keys.setdefault(role, key)
        if "harness" not in s.keys:
            s.keys["harness"] = read_or_create_key(s.state_dir / "harness.key")
        return s

    def episode_quotas(self) -> EpisodeQuotas:
        """The quotas every episode of this gateway gets."""
        return EpisodeQuotas(
            events=self.quota_events,
            browser_events=self.quota_browser_events,
            growth_bytes=self.quota_episode_mb * MIB,
            stores={"mail": self.quota_mail_mb * MIB, "drive": self.quota_drive_mb * MIB},
        )

    @property
    def ledger_path(self) -> Path:
        return self.state_dir / "ledger.db"

    def checkpoint_dir(self, episode_id: str) -> Path:
        """Where a durable episode is checkpointed."""
        return self.state_dir / "episodes" / episode_id
