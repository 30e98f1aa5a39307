"""The commands shown in README.md and docs/*.md, as the doc tests run them.

A fenced block is a command block when its language is `bash`, or `python` under a `<!-- doctest: python -->`
comment (an example that runs with the thin client alone) or `<!-- doctest: python VENV -->` (an adapter's
example, run in that venv of scripts/adapter_venvs.sh, which holds the built client wheel). The comment right
above a block may also say `<!-- doctest: background -->` (a server the next blocks of the file use: started,
waited for, stopped after them) or `<!-- doctest: skip — why -->`. A block followed by "Expected output" and
an untyped block has that output checked, line by line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FENCE = re.compile(r"(?:<!-- doctest: (?P<directive>[^>]*?) -->\n)?```(?P<lang>\w*)\n(?P<body>.*?)```", re.S)
EXPECTED = re.compile(r"\s*Expected output[^\n]*:\s*\n+```\n(?P<out>.*?)```", re.S)


@dataclass(frozen=True)
class Block:
    path: Path
    line: int
    lang: str
    body: str
    directive: str  # "", "background", "python", "python VENV", or "skip — why"

    @property
    def venv(self) -> str | None:
        """The adapter venv a Python example runs in (None: this interpreter, with the checkout's client)."""
        words = self.directive.split(" ")
        return words[1] if self.lang == "python" and len(words) == 2 else None

    expected: str | None

    @property
    def name(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line}"


def documents() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def blocks(path: Path) -> list[Block]:
    """The command blocks of one Markdown file, in order."""
    text = path.read_text(encoding="utf-8")
    found = []
    for m in FENCE.finditer(text):
        directive = (m["directive"] or "").strip()
        if m["lang"] != "bash" and not (m["lang"] == "python" and directive.split(" ")[0] == "python"):
            continue
        after = EXPECTED.match(text, m.end())
        line = text.count("\n", 0, m.start("body"))
        found.append(Block(path, line, m["lang"], m["body"], directive, after["out"] if after else None))
    return found
