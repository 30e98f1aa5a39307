"""Slide images of a .pptx for a visual check, rendered by LibreOffice Impress (headless).

LibreOffice's PNG export draws one page per file, so each slide is written as a one-slide deck (through
the same reader and writer the app uses) and all of them are converted in one `soffice` run:

    python -m apps.office.deck_render DECK.pptx OUT_DIR      # OUT_DIR/slide-01.png, slide-02.png, ...
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

from apps.office.pptx_read import from_pptx
from apps.office.pptx_write import to_pptx


def soffice() -> str:
    """The LibreOffice binary (Debian: libreoffice-impress installs /usr/bin/soffice)."""
    found = shutil.which("soffice") or shutil.which("libreoffice")
    if not found:
        raise RuntimeError("LibreOffice is not installed (apt-get install libreoffice-impress)")
    return found


def convert(files: list[Path], target: str, out_dir: Path, timeout: int = 300) -> None:
    """Convert `files` with headless LibreOffice to `target` ("pdf", "png", "pptx") into `out_dir`, with
    a profile of its own so it never meets another running LibreOffice."""
    with tempfile.TemporaryDirectory(prefix="lo-profile-") as profile:
        subprocess.run(
            [soffice(), f"-env:UserInstallation=file://{profile}", "--headless", "--convert-to", target,
             "--outdir", str(out_dir), *map(str, files)],
            check=True, capture_output=True, timeout=timeout,
        )  # fmt: skip


def slide_pngs(data: bytes, out_dir: Path, width: int = 1280) -> list[Path]:
    """One PNG per slide of the .pptx `data` (hidden slides too), named slide-01.png, slide-02.png ..."""
    deck = from_pptx(data, "deck.pptx")
    out_dir.mkdir(parents=True, exist_ok=True)
    height = round(width * deck.height / deck.width)
    with tempfile.TemporaryDirectory(prefix="slides-") as tmp:
        files = []
        for n, slide in enumerate(deck.slides, start=1):
            path = Path(tmp) / f"slide-{n:02d}.pptx"
            path.write_bytes(to_pptx(replace(deck, slides=[{**slide, "hidden": False, "comments": []}])))
            files.append(path)
        size = {
            "PixelWidth": {"type": "long", "value": width},
            "PixelHeight": {"type": "long", "value": height},
        }
        convert(files, f"png:impress_png_Export:{json.dumps(size, separators=(',', ':'))}", out_dir)
    return [out_dir / f"slide-{n:02d}.png" for n in range(1, len(deck.slides) + 1)]


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: python -m apps.office.deck_render DECK.pptx OUT_DIR")
    for png in slide_pngs(Path(sys.argv[1]).read_bytes(), Path(sys.argv[2])):
        print(png)
