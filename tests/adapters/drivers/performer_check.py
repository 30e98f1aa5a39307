"""The performer's package alone (the `performer` venv: the saasgym-client wheel and httpx): what it holds,
what it cannot import, and its CLI (`saasgym-tools`) acting on a live episode."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
import sysconfig
from importlib import metadata
from pathlib import Path

from common import emit, load_job

job = load_job()
sys.path.remove(job["repo"])  # the job's repository path is the driver's own business, not the performer's
site = Path(sysconfig.get_paths()["purelib"])
dist = metadata.distribution("saasgym-client")
files = [str(f) for f in dist.files or []]
texts = {f: (site / f).read_bytes() for f in files if (site / f).is_file()}
everything = b"".join(p.read_bytes() for p in site.rglob("*") if p.is_file() and p.stat().st_size < 5_000_000)
importable = {}
for name in ("apps", "worlds", "tasks", "mcp_gateway", "crossapp"):
    try:
        importlib.import_module(name)
        importable[name] = True
    except ModuleNotFoundError:
        importable[name] = False

tools = str(Path(sys.executable).parent / "saasgym-tools")
env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
env["SAASGYM_URL"] = job["url"]
DATA = (".jsonl", ".json")


def run(*args: str) -> dict:
    done = subprocess.run([tools, *args], capture_output=True, text=True, env=env, timeout=120)
    return {"rc": done.returncode, "out": done.stdout, "err": done.stderr}


emit(
    {
        "files": files,
        "data_files": [f for f in files if ".dist-info/" not in f and (f.endswith(DATA) or "worlds/" in f)],
        "canaries_in_package": [c for c in job["canaries"] if any(c.encode() in t for t in texts.values())],
        "canaries_in_venv": [c for c in job["canaries"] if c.encode() in everything],
        "canary_prefix_in_venv": b"SAASGYM-CANARY" in everything,
        "importable": importable,
        "listed": run("crm", "list-accounts", "--search", "Dorsey", "--json"),
        "created": run("crm", "create-account", "--name", "Performer Co", "--industry", "Banking", "--json"),
        "table": run("crm", "list-accounts", "--search", "Performer Co"),
        "refused": run("crm", "get-account", "--account-id", "nope"),
        "bad_option": run("crm", "list-accounts", "--limit", "many"),
        "unknown_tool": run("crm", "fly-to-the-moon"),
        "help": run("crm", "--help"),
        "apps": run("--help"),
        "done": run("complete-task", "--answer", "done", "--json"),
        "no_url": subprocess.run([tools, "crm", "list-accounts"], env={"PATH": env["PATH"]}).returncode,
    }
)
