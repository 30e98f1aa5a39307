"""The macOS side of the issues that are written for Windows: a Mac's owner reports a failed macOS update,
a kernel panic, a Defender for Mac alert on a disk image, Activity Monitor and the Trash, never a Windows
update, a blue screen or an .exe.

`realism.realize` rewrites an employee ticket with these when the caller's laptop runs macOS (from a
per-incident stream, so every other incident's text stays as it was)."""

from __future__ import annotations

import random
from dataclasses import replace

from apps.ticketing.world.issues import EMPLOYEE, Issue, issue

PANICS = (
    "panic(cpu 0 caller 0xfffffe0019a2c3f0): watchdog timeout",
    "panic(cpu 2 caller 0xfffffe002b7d1e44): AppleARMPMU IRQ storm",
    "panic: userspace watchdog timeout: no successful checkins from WindowServer",
    "panic(cpu 4 caller 0xfffffe0023b1f8a8): DCP DCPEXT(3) AFK endpoint timed out",
)
MAC_UPDATE_ERRORS = (
    "An error occurred while installing the selected updates.",
    "The update could not be verified.",
    "Installation failed: not enough free space",
    "softwareupdated: Failed to prepare the update (error 104)",
)
MAC_FILES = (
    "invoice_Q3.zip",
    "setup_v2.4.dmg",
    "quote-2026-118.xlsm",
    "drivers_pack.pkg",
    "statement.pdf.app",
)
MAC_THREATS = (
    "Trojan:MacOS/Amos.B",
    "Trojan:MacOS/Atomic.A",
    "PUA:MacOS/Adload.C",
    "Trojan:O97M/Sadoca.C!ml",
)

MAC = {
    "Windows update fails repeatedly": issue(
        [
            "macOS update {mac_update} fails: {mac_update_error}",
            "Update rollback on {device.asset} (macOS {mac_update})",
        ],
        [
            (
                "The macOS {mac_update} update fails on my {device} ({device.asset}, {device.os}) with "
                '"{mac_update_error}" and the laptop restarts on the old version.'
            )
        ],
        ["I ran the update from System Settings twice.", "There are 40 GB free on the disk."],
        "laptop",
    ),
    "Blue screen after driver update": issue(
        [
            "Kernel panic on {device.asset} after update",
            "{device} restarts with a kernel panic ({device.os})",
        ],
        [
            (
                "Since {since} my {device} ({device.asset}) restarts a few times a day with a kernel "
                'panic: "{panic}".'
            )
        ],
        ["It also happens when undocked."],
        "laptop",
    ),
    "Antivirus flagged a download": issue(
        [
            "Defender quarantined {mac_file} on {device.asset}",
            "Antivirus alert {mac_threat} on {device.asset}",
        ],
        [
            (
                "Microsoft Defender for Mac on {device.asset} quarantined {mac_file} from a vendor "
                "portal as {mac_threat}."
            )
        ],
        ["I did not open the file."],
        "laptop",
    ),
    # the same texts; only what the caller tried names the Mac's own tools
    "Laptop overheating and slow": replace(
        EMPLOYEE["Laptop overheating and slow"],
        tried=("Activity Monitor shows no single process using the CPU.",),
    ),
    "Laptop disk almost full": replace(
        EMPLOYEE["Laptop disk almost full"],
        tried=("I emptied the Trash and the Downloads folder.", "OneDrive keeps files on the device."),
    ),
}


def on_mac(issue_key: str, os_name: str) -> Issue | None:
    """The macOS way of writing `issue_key` when the laptop runs macOS and the issue has one, else None."""
    return MAC.get(issue_key) if os_name.startswith("macOS") else None


def mac_values(rng: random.Random) -> dict[str, object]:
    """The macOS details a rewritten ticket quotes (update version and error, panic, file and threat)."""
    return {
        "mac_update": f"{rng.choice((14, 15))}.{rng.randint(1, 7)}.{rng.randint(0, 2)}",
        "mac_update_error": rng.choice(MAC_UPDATE_ERRORS),
        "panic": rng.choice(PANICS),
        "mac_file": rng.choice(MAC_FILES),
        "mac_threat": rng.choice(MAC_THREATS),
    }
