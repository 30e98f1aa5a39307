#!/usr/bin/env bash
# Install what the tests need (Python deps, Debian's chromium, the node MCP clients, the design systems) and run the
# whole suite.
set -euo pipefail
cd "$(dirname "$0")/.."
# Chromium for the browser surface; LibreOffice Impress opens, re-saves and renders the exported .pptx files
# (tests/office/test_pptx_files.py); Liberation Sans, Arial's metric twin, that the CRM's and office's font stacks
# reach on Linux instead of DejaVu Sans (tests/ui/test_typography.py).
if ! command -v chromium >/dev/null 2>&1 || ! command -v soffice >/dev/null 2>&1 \
   || ! fc-match -f '%{family}' Arial 2>/dev/null | grep -q Liberation; then
  pkgs="chromium libreoffice-impress fonts-liberation2"
  if [ "$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq $pkgs >/dev/null
  else sudo apt-get update -qq && sudo apt-get install -y -qq $pkgs >/dev/null; fi
fi
if ! command -v node >/dev/null 2>&1; then
  apt-get update -qq && apt-get install -y -qq nodejs npm >/dev/null
fi
# [ray]: Ray, pinned there, only for tests/gateway/test_ray_cluster.py (a 2-node local cluster).
python3 -m pip install -q --disable-pip-version-check -e ".[test,ray]"
# The thin client: the performer's CLI (`saasgym-tools`) the tasks' CLI oracles run, and the harness client.
python3 -m pip install -q --disable-pip-version-check -e ./clients/python
# The design systems the web UIs are styled by (SLDS for the CRM, Fluent 2 for office, UI16's Source Sans Pro for the
# desk), as `bash scripts/serve.sh`
# installs them.
bash scripts/design_systems.sh
# Foreign MCP clients (TypeScript SDK, MCP Inspector) for the interoperability tests.
npm install --prefix tests/foreign_clients --no-audit --no-fund --loglevel=error  # (npm ci trips over optional platform deps)
# The harness-adapter venvs (OpenEnv, Inspect AI, verifiers, Harbor, TRL, the client beside mcp 1.x on Python 3.10, the mcp floor), each from its lock in tests/adapters/locks/; kept under .venvs/ and rebuilt only when a lock changes.
bash scripts/adapter_venvs.sh
# Bytecode for the project's own modules, once: the suite starts hundreds of Python processes (servers, the CLI,
# the calibration's CLI oracle), and where PYTHONDONTWRITEBYTECODE is set each would compile every module again.
python3 -m compileall -q -j 0 apps mcp_gateway tasks crossapp worlds benchmarks clients/python/src >/dev/null
# Realism audit of every committed world (kind agreement, grounding, coherence, variety, distributions).
python3 -m mcp_gateway world audit
# Calibration of every task on every surface it allows (oracle passes; null runs and mutants fail), run beside
# the pytest suite (each is mostly one process; together they use both cores of a CI machine). When it is done,
# the same core runs the harness-adapter tests (self-contained, in their own venvs), so both cores stay busy to
# the end. Its report is printed after the suite; the run fails if any
# part fails. Arguments (test paths, -k …) go to one pytest run of exactly what they name.
log=$(mktemp)
# the second core's pytest: the harness adapters (own venvs), the two-node Ray cluster (≈ 100 s), the benchmarks,
# the docs' commands, the gateway's crash-and-restart checks and axe-core's page checks, which balance the cores (the first core's suite is
# the longer)
second_core=(tests/adapters tests/gateway/test_ray_cluster.py tests/benchmarks tests/docs
  tests/hardening/test_verify_while_writing.py tests/gateway/test_durable_episodes.py tests/gateway/test_restart.py
  tests/ui/test_accessibility.py)
first_core=("$@")
if [ "$#" -eq 0 ]; then
  for dir in "${second_core[@]}"; do first_core+=("--ignore=$dir"); done
fi
# `tasks lint` first (every literal a truth requires is in the prompt or the world; every hand-written task and
# sampled family instances), then the calibration, then (without arguments) the second core's tests. The
# calibration runs every hand-written task and two instances of every family on python and MCP, and the CLI and
# the browser on a third of them, a third that rotates with each release (`saasgym tasks check` alone: all).
(
  set +e  # a failed check still lets the adapter tests run
  python3 -m mcp_gateway tasks lint --per-family 3 && python3 -m mcp_gateway tasks check --per-family 2 --slow-share 3
  rc=$?
  if [ "$#" -eq 0 ]; then
    python3 -m pytest -q -p no:cacheprovider --durations=10 "${second_core[@]}" || rc=1
  fi
  exit $rc
) >"$log" 2>&1 &
check=$!
set +e
python3 -m pytest -q --durations=30 "${first_core[@]}"
tests_rc=$?
wait "$check"
check_rc=$?
set -e
echo "== saasgym tasks lint, saasgym tasks check, then ${second_core[*]} =="
cat "$log"
rm -f "$log"
echo "pytest exit $tests_rc, tasks lint + check (+ ${second_core[*]}) exit $check_rc"
[ "$tests_rc" = 0 ] && [ "$check_rc" = 0 ]
