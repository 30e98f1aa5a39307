#!/usr/bin/env bash
# Build the harness-adapter test venvs under .venvs/ or $SAASGYM_VENVS (idempotent: a venv whose lock is unchanged
# is kept). Each venv is installed from its lock in tests/adapters/locks/ (made by `uv pip compile` when missing or
# with --relock), then gets the built wheel it tests (scripts/build_wheels.sh), without dependencies of its own:
# saasgym-client in the adapter venvs and in `performer` (the client alone, as a performer's sandbox holds it),
# saasgym in `server` (the server package alone, from its wheel). A new wheel is reinstalled in seconds; the venv
# is rebuilt only when its lock changes. `mcp-floor` runs the repository's own tests on an editable install.
#   bash scripts/adapter_venvs.sh [--relock] [client|openenv|inspect|verifiers|harbor|trl|mcp-floor|performer|server|
#                                              salesforce|servicenow|graph|salesforce-mcp ...]
# trl takes PyTorch's CPU build from the wheel this machine kind keeps in /opt/wheels (PyPI has only CUDA
# builds for Linux x86_64, about 3 GB more).
set -euo pipefail
cd "$(dirname "$0")/.."
relock=0
if [ "${1:-}" = "--relock" ]; then relock=1; shift; fi
names=("$@")
[ ${#names[@]} -gt 0 ] || names=(client openenv inspect verifiers harbor trl mcp-floor performer server salesforce servicenow graph salesforce-mcp)
command -v uv >/dev/null 2>&1 || python3 -m pip install -q --disable-pip-version-check "uv==0.13.8"
locks=tests/adapters/locks
venvs=${SAASGYM_VENVS:-.venvs}
wheels=${SAASGYM_WHEELS:-build/wheels}
[ "$names" = mcp-floor ] && [ ${#names[@]} = 1 ] || bash scripts/build_wheels.sh

python_for() {  # the interpreter a venv is built on (pyenv's when present, else the one on PATH)
  local v=$1 p
  for p in "$HOME/.pyenv/versions/$v"*/bin/python "$(command -v "python$v" || true)"; do
    [ -x "$p" ] && { echo "$p"; return; }
  done
  echo "python $v not found" >&2; return 1
}

spec() {  # name -> "python-version|requirements (one per line)"
  case $1 in
    client) echo "3.10|httpx>=0.27,<1
mcp==1.27.0" ;;  # the client beside an mcp 1.x pin, on the oldest Python it supports
    openenv) echo "3.11|openenv==0.10.0
httpx>=0.27,<1" ;;
    inspect) echo "3.11|inspect-ai==0.3.285
openai==3.57.0
httpx>=0.27,<1" ;;  # openai: Inspect's openai-api provider, how a model behind any compatible endpoint runs
    verifiers) echo "3.11|verifiers==0.4.0
httpx>=0.27,<1" ;;  # verifiers pins mcp==2.0.0
    harbor) echo "3.12|harbor==0.26.0" ;;  # Harbor needs Python >= 3.12 (pyenv's here, as for 3.10)
    trl) echo "3.11|trl==1.16.0
torch==2.13.0+cpu
httpx>=0.27,<1" ;;  # the CPU wheel on disk is for Python 3.11
    mcp-floor) echo "3.11|pytest>=8,<10" ;;  # + the project's own dependencies, mcp held at the floor
    performer) echo "3.11|httpx>=0.27,<1" ;;  # the client's own dependency, nothing else
    server) echo "3.11|" ;;  # the project's own dependencies (pyproject.toml), from PyPI
    # The vendors' own clients of the products' APIs (tests/apis): Salesforce, ServiceNow, Microsoft Graph,
    # and a Salesforce MCP server people deploy (its mcp<2 pin keeps it out of the project's environment).
    salesforce) echo "3.11|simple-salesforce==1.12.10" ;;
    servicenow) echo "3.11|pysnc==1.2.1" ;;
    graph) echo "3.11|msgraph-sdk==1.65.0" ;;
    salesforce-mcp) echo "3.11|mcp-salesforce-connector==0.1.18" ;;
    *) echo "unknown venv $1" >&2; return 1 ;;
  esac
}

for name in "${names[@]}"; do
  s=$(spec "$name"); py=${s%%|*}; reqs=${s#*|}
  lock=$locks/$name.txt venv=$venvs/$name
  start=$(date +%s)
  links=()
  [ "$name" = trl ] && links=(--find-links /opt/wheels)
  stale=0  # the floor's and the server's locks follow the project's dependencies: relock when pyproject.toml changes
  if { [ "$name" = mcp-floor ] || [ "$name" = server ]; } && [ "$(cat "$lock.source" 2>/dev/null)" != "$(sha256sum pyproject.toml | cut -c1-16)" ]; then
    stale=1
  fi
  if [ $relock = 1 ] || [ $stale = 1 ] || [ ! -f "$lock" ]; then
    in=$(mktemp --suffix=.in); printf '%s\n' "$reqs" > "$in"
    extra=("${links[@]}")
    [ "$name" = mcp-floor ] && { echo "mcp==2.0.0" > "$in.override"; extra=(--override "$in.override" pyproject.toml); }
    [ "$name" = server ] && extra=(pyproject.toml)
    uv pip compile -q --python "$(python_for "$py")" "${extra[@]}" "$in" -o "$lock"
    { [ "$name" = mcp-floor ] || [ "$name" = server ]; } && sha256sum pyproject.toml | cut -c1-16 > "$lock.source"
  fi
  stamp=$(sha256sum "$lock" | cut -c1-16)
  if [ -f "$venv/.stamp" ] && [ "$(cat "$venv/.stamp")" = "$stamp" ]; then
    built=0
  else
    rm -rf "$venv"
    uv venv -q --python "$(python_for "$py")" "$venv"
    compile=()  # verifiers imports ~18 s of modules per process (and spawns several): ship them compiled
    [ "$name" = verifiers ] && compile=(--compile-bytecode)
    VIRTUAL_ENV=$venv uv pip sync -q "${compile[@]}" "${links[@]}" "$lock"
    [ "$name" = mcp-floor ] && VIRTUAL_ENV=$venv uv pip install -q --no-deps -e .
    echo "$stamp" > "$venv/.stamp"
    built=1
  fi
  package=saasgym_client
  [ "$name" = server ] && package=saasgym
  wheel=$(ls "$wheels/$package"-*.whl 2>/dev/null | head -1)
  if [ "$name" != mcp-floor ] && [ "$(cat "$venv/.wheel" 2>/dev/null)" != "$(sha256sum "$wheel" | cut -c1-16)" ]; then
    VIRTUAL_ENV=$venv uv pip install -q --no-deps --reinstall "$wheel"
    sha256sum "$wheel" | cut -c1-16 > "$venv/.wheel"
    echo "venv $name: installed $(basename "$wheel")"
  fi
  if [ $built = 1 ]; then echo "venv $name: built in $(( $(date +%s) - start )) s"; else echo "venv $name: up to date"; fi
done
