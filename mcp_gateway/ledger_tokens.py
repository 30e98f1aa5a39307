"""The ledger's capability tokens: issued as random strings, stored only as sha256 digests, read on every
request (rows kept in memory until the ledger's next write), redeemed once (launch tokens) and revoked.

`LedgerTokens` is a part of `mcp_gateway.ledger.Ledger` (its base class), on the ledger's `tokens` table.
"""

from __future__ import annotations

import hashlib
import secrets
import sqlite3
import threading
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass

TOKEN_CACHE_SIZE = 10_000


def digest(token: str) -> str:
    """The sha256 hex digest a token is stored and looked up by.

    Args:
        token: the token itself.
    """
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class TokenRow:
    """A token's row: the episode it opens, its kind, and when it expires, was redeemed or revoked."""

    episode_id: str
    kind: str
    expires_at: float
    redeemed_at: float | None
    revoked_at: float | None


class LedgerTokens:
    """Issuing, reading, redeeming and revoking capability tokens (`Ledger`'s base)."""

    _conn: sqlite3.Connection
    _lock: threading.Lock
    _tokens: dict[str, TokenRow]  # rows read, emptied by every write transaction
    _tx: Callable[[], AbstractContextManager[sqlite3.Connection]]  # a write transaction under the lock

    def issue_token(self, episode_id: str, kind: str, expires_at: float) -> str:
        """A new random token (256 bits) of `kind` for `episode_id`; only its digest is stored.

        Args:
            episode_id: the episode the token opens.
            kind: performer, launch or ui_session.
            expires_at: when it stops working (epoch seconds).
        """
        token = secrets.token_urlsafe(32)
        with self._tx() as c:
            c.execute(
                "INSERT INTO tokens(digest, episode_id, kind, created_at, expires_at) VALUES (?,?,?,?,?)",
                (digest(token), episode_id, kind, time.time(), expires_at),
            )
        return token

    def token(self, token: str) -> TokenRow | None:
        """The token's row if it exists (valid or not); rows read are kept in memory until the next write.

        Args:
            token: the token as presented.
        """
        key = digest(token)
        with self._lock:
            if key in self._tokens:
                return self._tokens[key]
            row = self._conn.execute(
                "SELECT episode_id, kind, expires_at, redeemed_at, revoked_at FROM tokens WHERE digest = ?",
                (key,),
            ).fetchone()
            if row is None:  # unknown tokens are never cached (guessing must not grow memory)
                return None
            if len(self._tokens) >= TOKEN_CACHE_SIZE:
                self._tokens.clear()
            self._tokens[key] = TokenRow(*row)
            return self._tokens[key]

    def redeem(self, token: str) -> bool:
        """Mark a launch token used; False if it was already redeemed (or revoked).

        Args:
            token: the launch token as presented.
        """
        with self._tx() as c:
            cur = c.execute(
                "UPDATE tokens SET redeemed_at = ?"
                " WHERE digest = ? AND redeemed_at IS NULL AND revoked_at IS NULL",
                (time.time(), digest(token)),
            )
            return cur.rowcount == 1

    def revoke_tokens(self, episode_id: str, kinds: tuple[str, ...] | None = None) -> None:
        """Revoke the episode's tokens that are still valid.

        Args:
            episode_id: the episode whose tokens are revoked.
            kinds: only tokens of these kinds (default: every kind).
        """
        with self._tx() as c:
            if kinds:
                marks = ",".join("?" * len(kinds))
                c.execute(
                    f"UPDATE tokens SET revoked_at = ? WHERE episode_id = ? AND revoked_at IS NULL"
                    f" AND kind IN ({marks})",
                    (time.time(), episode_id, *kinds),
                )
            else:
                c.execute(
                    "UPDATE tokens SET revoked_at = ? WHERE episode_id = ? AND revoked_at IS NULL",
                    (time.time(), episode_id),
                )
