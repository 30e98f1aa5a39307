"""`saasgym export harbor`: saasgym tasks as Harbor task directories (tested against harbor 0.26.0).

Each task becomes `OUT/<task id>/` with
- `instruction.md`: the task's prompt and how to finish (`complete_task`);
- `task.toml`: the task's metadata, the agent as a non-root user, and the MCP server `saasgym` at the
  sidecar's predictable URL (`<sidecar>/task/mcp`);
- `environment/`: the agent's image (`Dockerfile`) and a `docker-compose.yaml` adding the sidecar,
  `saasgym serve --task <id> --token-file /run/saasgym/harness.key`, whose key volume the agent's
  container mounts read-only (the file is 0600 and root's; the agent runs as `agent`);
- `tests/`: the verifier step (`test.sh` → `saasgym_verify.py`, standard library only) that asks the
  sidecar's `/verify` and writes `/logs/verifier/reward.txt` and `reward.json`.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from mcp_gateway.routing import PINNED_PREFIX
from tasks.model import TaskPublic

SERVER_NAME = "saasgym"
TOKEN_FILE = "/run/saasgym/harness.key"
VERIFY_SCRIPT = Path(__file__).with_name("harbor_verify.py")
AGENT_TIMEOUT_S = 1800.0
VERIFIER_TIMEOUT_S = 120.0


class ExportError(Exception):
    """The export cannot be written as asked (the message says why and what to change)."""


def instruction(task: TaskPublic) -> str:
    """What the agent reads: the prompt, then where the tools are and how to finish."""
    finish = (
        "put your answer in `complete_task`'s answer when you call it"
        if task.answer_required
        else "call `complete_task` when you are done"
    )
    return (
        f"{task.prompt.strip()}\n\n"
        f"Work through the `{SERVER_NAME}` MCP server: its tools act on the company's business apps "
        f"({', '.join(task.apps)}). Do exactly what is asked, then {finish}.\n"
    )


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)  # a JSON string is a TOML basic string
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise TypeError(f"no TOML form for {type(value).__name__}")


def to_toml(root: dict[str, Any], tables: list[tuple[str, dict[str, Any]]]) -> str:
    """Root keys, then `[name]` tables (a name written `[[name]]` is one entry of an array of tables)."""
    lines = [f"{k} = {_toml_value(v)}" for k, v in root.items()]
    for name, table in tables:
        lines += ["", name if name.startswith("[") else f"[{name}]"]
        lines += [f"{k} = {_toml_value(v)}" for k, v in table.items()]
    return "\n".join(lines) + "\n"


def task_toml(task: TaskPublic, mcp_url: str) -> str:
    """Harbor's task.toml for `task`, declaring the sidecar's MCP server."""
    package = {
        "name": f"saasgym/{task.id}",
        "description": f"saasgym task {task.id}: world {task.world}, apps {', '.join(task.apps)}",
        "keywords": ["saasgym", *task.apps, task.difficulty, *task.tags],
    }
    metadata = {
        "saasgym_task": task.id,
        "world": task.world,
        "apps": list(task.apps),
        "split": task.split,
        "difficulty": task.difficulty,
        "answer_required": task.answer_required,
    }
    server = {"name": SERVER_NAME, "transport": "streamable-http", "url": mcp_url}
    return to_toml(
        {"schema_version": "1.4", "source": "saasgym"},
        [
            ("task", package),
            ("metadata", metadata),
            ("verifier", {"timeout_sec": VERIFIER_TIMEOUT_S, "user": "root"}),
            ("agent", {"timeout_sec": AGENT_TIMEOUT_S, "user": "agent"}),
            ("[[environment.mcp_servers]]", server),
        ],
    )


DOCKERFILE = """\
# The agent's container. The saasgym sidecar runs beside it (docker-compose.yaml).
FROM python:3.12-slim
RUN useradd --create-home --uid 1000 agent
WORKDIR /home/agent
"""

TEST_SH = """\
#!/usr/bin/env bash
# The saasgym verifier: asks the sidecar's /verify and writes /logs/verifier/reward.txt and reward.json.
exec python3 /tests/saasgym_verify.py
"""


def compose(task: TaskPublic, host: str, port: int, image: str) -> str:
    """The compose file adding the sidecar (one episode of the task) to Harbor's `main` service."""
    q = json.dumps  # JSON strings are YAML double-quoted scalars
    command = ["saasgym", "serve", "--host", "0.0.0.0", "--port", str(port)]
    command += ["--task", task.id, "--token-file", TOKEN_FILE]
    probe = f"import urllib.request; urllib.request.urlopen('http://127.0.0.1:{port}/healthz')"
    return f"""\
services:
  main:
    volumes:
      - saasgym-key:{Path(TOKEN_FILE).parent}:ro
    depends_on:
      {host}:
        condition: service_healthy
  {host}:
    image: {q(image)}
    command: {q(command)}
    environment:
      SAASGYM_ALLOWED_HOSTS: {q(f"{host}:{port},127.0.0.1:{port}")}
    volumes:
      - saasgym-key:{Path(TOKEN_FILE).parent}
    healthcheck:
      test: {q(["CMD", "python3", "-c", probe])}
      interval: 2s
      retries: 30
volumes:
  saasgym-key: {{}}
"""


def task_files(task: TaskPublic, sidecar_url: str, image: str) -> dict[str, str]:
    """Every file of the task's Harbor directory, by relative path."""
    parts = urlsplit(sidecar_url)
    if parts.scheme != "http" or not parts.hostname or parts.path not in ("", "/"):
        raise ExportError(f"--sidecar-url must look like http://HOST:PORT, not {sidecar_url!r}")
    base = f"http://{parts.hostname}:{parts.port or 80}"
    verify_conf = {"task": task.id, "url": base, "token_file": TOKEN_FILE}
    return {
        "instruction.md": instruction(task),
        "task.toml": task_toml(task, f"{base}{PINNED_PREFIX}/mcp"),
        "environment/Dockerfile": DOCKERFILE,
        "environment/docker-compose.yaml": compose(task, parts.hostname, parts.port or 80, image),
        "tests/test.sh": TEST_SH,
        "tests/saasgym_verify.py": VERIFY_SCRIPT.read_text(),
        "tests/saasgym.json": json.dumps(verify_conf, indent=2) + "\n",
    }


def export(
    tasks: list[TaskPublic], out: Path, *, sidecar_url: str, image: str, force: bool = False
) -> list[Path]:
    """Write one Harbor task directory per task under `out`; returns them. Existing ones are refused
    unless `force` (then replaced); nothing is written when any task cannot be."""
    planned = {task.id: task_files(task, sidecar_url, image) for task in tasks}
    taken = [out / task_id for task_id in planned if (out / task_id).exists()]
    if taken and not force:
        raise ExportError(f"{taken[0]} already exists (use --force to replace it)")
    folders = []
    for task_id, files in planned.items():
        folder = out / task_id
        shutil.rmtree(folder, ignore_errors=True)
        for rel, text in files.items():
            path = folder / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
        (folder / "tests/test.sh").chmod(0o755)
        folders.append(folder)
    return folders
