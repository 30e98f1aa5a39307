"""The Ray scenario `test_ray_cluster.py` runs inside a fresh network namespace (loopback only).

A 2-node local Ray cluster, `saasgym serve --ray ADDRESS` as a subprocess, episodes placed on both nodes,
MCP through a real client to each, verify, `saasgym rollout` through the router, then the second node
removed. Prints one JSON object of what it observed (the test asserts on it).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
import time

import anyio
import httpx
from mcp.client import Client
from ray.cluster_utils import Cluster

from mcp_gateway.live import free_port

TASK = "crm-close-won-villanueva"
KEY = "ray-scenario-key"


async def _list_accounts(url: str) -> int:
    async with Client(url) as client:
        result = await client.call_tool("list_accounts", {"limit": 2})
        return -1 if result.is_error else result.structured_content["total"]


def _mcp(url: str) -> int | str:
    try:
        return anyio.run(_list_accounts, url)
    except Exception as exc:  # a lost node's URL cannot be reached: what happened is the observation
        return type(exc).__name__


def main() -> None:
    facts: dict = {}
    cluster = Cluster(
        initialize_head=True,
        head_node_args={"num_cpus": 1, "node_ip_address": "127.0.0.1", "include_dashboard": False},
    )
    second = cluster.add_node(num_cpus=1, node_ip_address="127.0.0.1")
    cluster.wait_for_nodes()
    port, state = free_port(), tempfile.mkdtemp(prefix="saasgym-ray-")
    env = {**os.environ, "SAASGYM_STATE_DIR": state, "SAASGYM_HARNESS_KEY": KEY, "PYTHONUNBUFFERED": "1"}
    cmd = [sys.executable, "-m", "mcp_gateway", "serve", "--ray", cluster.address, "--port", str(port)]
    proc = subprocess.Popen(
        cmd + ["--ray-capacity", "8"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env
    )
    try:
        lines = []
        while not any("harness API:" in line for line in lines):
            line = proc.stdout.readline()
            if not line:
                raise SystemExit("serve --ray exited:\n" + "".join(lines))
            lines.append(line)
        workers = {m[2]: m[1] for m in re.findall(r"worker (r\d+): node (\w+), (\S+)", "".join(lines))}
        facts["worker_nodes"] = sorted(workers.values())
        facts["cluster_nodes"] = sorted(n.node_id[:12] for n in (cluster.head_node, second))
        base = f"http://127.0.0.1:{port}"
        api = httpx.Client(base_url=base, headers={"Authorization": f"Bearer {KEY}"}, timeout=120)
        episodes = []
        for _ in range(4):
            made = api.post("/v1/episodes", json={"task": TASK, "apps": ["crm"]}).json()
            owner = next(b for b in workers if made["urls"]["mcp"].startswith(b + "/"))
            episodes.append(
                {"id": made["episode_id"], "mcp": made["urls"]["crm_mcp"], "node": workers[owner]}
            )
        facts["placed_on"] = sorted(e["node"] for e in episodes)
        facts["mcp_before"] = [_mcp(e["mcp"]) for e in episodes]
        facts["verify_before"] = [
            api.post(f"/v1/episodes/{e['id']}/verify").json()["outcome"] for e in episodes
        ]
        facts["unauthorized"] = httpx.get(f"{base}/v1/episodes/{episodes[0]['id']}").status_code
        done = subprocess.run(
            [sys.executable, "-m", "mcp_gateway", "rollout", "--url", base, "--key", KEY, "--task", TASK]
            + ["--k", "2", "--parallel", "2", "--json"],
            capture_output=True,
            text=True,
            timeout=300,
            env=env,
        )
        facts["rollout"] = json.loads(done.stdout) if done.returncode == 0 else done.stderr[-2000:]
        lost_node = second.node_id[:12]
        cluster.remove_node(second)
        deadline = time.time() + 60
        while time.time() < deadline:
            alive = {w["node"][:12]: w["alive"] for w in httpx.get(f"{base}/healthz").json()["workers"]}
            if not alive.get(lost_node, True):
                break
            time.sleep(0.5)
        facts["alive_after"] = alive
        after = []
        for e in episodes:
            state = api.get(f"/v1/episodes/{e['id']}").json()
            verdict = api.post(f"/v1/episodes/{e['id']}/verify").json()
            after.append(
                {
                    "lost": e["node"] == lost_node,
                    "state": state["state"],
                    "outcome": verdict["outcome"],
                    "reward": verdict["reward"],
                    "mcp": _mcp(e["mcp"]),
                }
            )
        facts["after"] = after
        fresh = api.post("/v1/episodes", json={"world": "tiny", "apps": ["crm"]})
        facts["fresh"] = {"status": fresh.status_code, "mcp": _mcp(fresh.json()["urls"]["crm_mcp"])}
        facts["fresh"]["node"] = next(
            workers[b] for b in workers if fresh.json()["urls"]["mcp"].startswith(b)
        )
        facts["lost_node"] = lost_node
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
        cluster.shutdown()
    print(json.dumps(facts))


if __name__ == "__main__":
    main()
