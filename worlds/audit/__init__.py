"""`saasgym world audit`: the realism checks (kind agreement, grounding, coherence, variety, timeline,
filler, resolutions) and the measured distributions of a world; any violated check makes the audit fail."""

from __future__ import annotations

from pathlib import Path

from worlds.audit.checks import CHECKS, Finding, World
from worlds.audit.decks import deck_checks
from worlds.audit.filler import no_filler
from worlds.audit.mailboxes import mailbox_mix
from worlds.audit.mailboxes import table as mailbox_table
from worlds.audit.measure import bands, tables
from worlds.audit.resolutions import resolutions_fit
from worlds.audit.timeline import happened_after_now, said_before_opened
from worlds.audit.volume import mail_volume
from worlds.audit.volume import table as volume_table

__all__ = ["Finding", "audit"]


def audit(folder: Path) -> tuple[list[Finding], dict[str, list[tuple[str, float]]]]:
    """Every finding and every distribution table of the world in `folder`."""
    w = World(folder)
    checks = (
        *CHECKS,
        mailbox_mix,
        mail_volume,
        happened_after_now,
        said_before_opened,
        no_filler,
        resolutions_fit,
        deck_checks,
    )
    findings = [f for check in checks for f in check(w)] + list(bands(w))
    return findings, {
        **tables(w),
        "median mails or threads of each kind per mailbox": mailbox_table(w),
        "mails received per person per working day, last working week (all; median by role)": volume_table(w),
    }
