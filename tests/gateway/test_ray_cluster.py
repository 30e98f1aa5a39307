"""`saasgym serve --ray` on a 2-node local Ray cluster (`ray.cluster_utils.Cluster`), run inside a network
namespace of its own so that Ray, which binds the machine's external interface by default, sees only
loopback: episodes on both nodes, MCP and verify through their URLs, a rollout through the router, a
node removed — its episodes void (reward None), the other node's untouched, new episodes placed there."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_episodes_spread_over_two_ray_nodes_and_a_lost_node_voids_only_its_own():
    assert shutil.which("unshare") and shutil.which("ip"), "the test needs util-linux unshare and iproute2"
    inner = f"ip link set lo up && exec {sys.executable} -m tests.gateway.ray_scenario"
    done = subprocess.run(
        ["unshare", "--net", "sh", "-c", inner],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        env={
            **os.environ,
            "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
        },
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-5000:]
    facts = json.loads(done.stdout.strip().splitlines()[-1])
    # one gateway actor per node, and episodes placed on both
    assert facts["worker_nodes"] == facts["cluster_nodes"]
    assert sorted(set(facts["placed_on"])) == facts["cluster_nodes"]
    assert facts["mcp_before"] == [1000] * 4  # acme's accounts, through each episode's own URL
    assert facts["verify_before"] == ["fail"] * 4  # scored for real: nothing was done yet
    assert facts["unauthorized"] == 401
    assert facts["rollout"]["overall"]["passes"] == 2, facts["rollout"]  # the scripted agent solves it
    lost = facts["lost_node"]
    assert facts["alive_after"][lost] is False and list(facts["alive_after"].values()).count(True) == 1
    for e in facts["after"]:
        if e["lost"]:
            assert e["state"] == "void" and e["outcome"] == "void" and e["reward"] is None, e
            assert not isinstance(e["mcp"], int), e  # its URL is gone with the node
        else:
            assert e["state"] == "live" and e["outcome"] == "fail" and e["mcp"] == 1000, e
    assert sum(e["lost"] for e in facts["after"]) == 2
    assert facts["fresh"]["status"] == 201 and facts["fresh"]["mcp"] == 20 and facts["fresh"]["node"] != lost
