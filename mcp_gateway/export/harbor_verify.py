"""The verifier step of an exported Harbor task (copied to the task's tests/; Python standard library only,
so it runs in any image with python3).

It reads `saasgym.json` beside it (task id, sidecar URL, token file), finds the sidecar's live episode of
the task through the harness API, calls `/verify` and writes Harbor's reward files: `reward.txt` (1 or 0)
and `reward.json` (`reward`, `checks_passed`, `checks`) in $SAASGYM_REWARD_DIR (default /logs/verifier).
A void verdict (the episode was lost or broke) writes no reward file and exits 3: Harbor records the trial
as an error, never as a 0. Either way the episode's trajectory (every call with its observation, the verdict:
docs/TRAJECTORY.md) is written beside the rewards as `trajectory.jsonl`, and the episode is closed — the
trial is over (`SAASGYM_KEEP_EPISODE=1` keeps it open, for a harness that re-verifies).
"""

from __future__ import annotations

import json
import os
import sys
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent


def harness(base: str, key: str, method: str, path: str, *, text: bool = False) -> Any:
    """One harness API call; the parsed JSON reply (or its text); an HTTP error is raised with its detail."""
    request = urllib.request.Request(
        f"{base}/v1{path}", method=method, headers={"Authorization": f"Bearer {key}"}
    )
    with urllib.request.urlopen(request, timeout=120) as reply:
        body = reply.read()
    return body.decode("utf-8") if text else json.loads(body)


def finish(base: str, key: str, episode_id: str, folder: Path) -> None:
    """Keep the trial's trajectory beside its rewards, then close the episode (unless asked to keep it)."""
    folder.mkdir(parents=True, exist_ok=True)
    lines = harness(base, key, "GET", f"/episodes/{episode_id}/trajectory?tools=true", text=True)
    (folder / "trajectory.jsonl").write_text(lines, encoding="utf-8")
    if os.environ.get("SAASGYM_KEEP_EPISODE") != "1":
        harness(base, key, "DELETE", f"/episodes/{episode_id}")


def write_rewards(folder: Path, verdict: dict[str, Any]) -> int:
    """reward.txt and reward.json for a pass/fail/invalid verdict; returns the reward."""
    reward = int(verdict["outcome"] == "pass")
    checks = verdict.get("checks") or []
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "reward.txt").write_text(f"{reward}\n")
    passed = sum(bool(c.get("ok")) for c in checks)
    summary = {"reward": reward, "checks_passed": passed, "checks": len(checks)}
    (folder / "reward.json").write_text(json.dumps(summary) + "\n")
    return reward


def main() -> int:
    conf = json.loads((HERE / "saasgym.json").read_text())
    base = os.environ.get("SAASGYM_SIDECAR_URL", conf["url"]).rstrip("/")
    key = Path(os.environ.get("SAASGYM_TOKEN_FILE", conf["token_file"])).read_text().strip()
    try:
        live = [
            e
            for e in harness(base, key, "GET", "/episodes")
            if e["task"] == conf["task"] and e["state"] == "live"
        ]
        if len(live) != 1:
            print(f"error: expected one live episode of {conf['task']} at {base}, found {len(live)}")
            return 2
        episode_id = live[0]["episode_id"]
        verdict = harness(base, key, "POST", f"/episodes/{episode_id}/verify")
        folder = Path(os.environ.get("SAASGYM_REWARD_DIR", "/logs/verifier"))
        finish(base, key, episode_id, folder)
    except (urllib.error.URLError, OSError) as exc:
        print(f"error: the saasgym sidecar at {base} did not answer: {exc}")
        return 2
    if verdict["outcome"] == "void":
        print(f"void verdict ({', '.join(verdict.get('reason_codes') or [])}): no reward written")
        return 3
    reward = write_rewards(folder, verdict)
    failed = [c["name"] for c in verdict.get("checks") or [] if not c.get("ok")]
    print(f"{conf['task']}: {verdict['outcome']} (reward {reward}); failed checks: {failed or 'none'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
