"""`saasgym tasks check` after the README's `pip install -e .`: Playwright is a main dependency, and a
missing browser is one line saying what to install (no ModuleNotFoundError, no traceback)."""

from __future__ import annotations

import os
import subprocess
import sys
from importlib.metadata import requires


def test_playwright_is_a_main_dependency():
    main = [r for r in requires("saasgym") if "extra ==" not in r]
    assert any(r.startswith("playwright") for r in main)


def test_a_missing_browser_is_one_clear_line():
    done = subprocess.run(
        [sys.executable, "-m", "mcp_gateway", "tasks", "check", "--task", "crm-myers-rating-employees"],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "SAASGYM_CHROMIUM": "/nonexistent/chromium"},
    )
    assert done.returncode == 2
    assert "apt-get install chromium" in done.stderr and "Traceback" not in done.stderr
