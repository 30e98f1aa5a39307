#!/usr/bin/env bash
# Build the saasgym (server) and saasgym-client wheels with `python -m build` (sdist, then the wheel from the
# sdist, in an isolated build environment) into build/wheels/ or $SAASGYM_WHEELS.
#   bash scripts/build_wheels.sh            # both, skipped when their sources are unchanged since the last build
#   bash scripts/build_wheels.sh --force    # rebuild
# Each package is built from a copy of the files git knows (tracked or new, not ignored), so what is on a
# developer's disk only (node_modules, caches, a stale egg-info) never slips into a wheel: a file the
# package needs but git does not hold is missing from the wheel here as it would be in a release.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${SAASGYM_WHEELS:-build/wheels}
force=0
[ "${1:-}" = "--force" ] && force=1
mkdir -p "$out"
python3 -c "import build" 2>/dev/null || python3 -m pip install -q --disable-pip-version-check "build>=1.2,<2"

build_one() {  # name, source folder, stamp file
  local name=$1 src=$2 stamp="$out/.$1.stamp" tree digest
  tree=$(mktemp -d)
  (cd "$src" && git ls-files -z --cached --others --exclude-standard . | tar --null -T - -cf -) | tar -xf - -C "$tree"
  [ "$name" = saasgym ] && rm -rf "$tree/clients" "$tree/tests" "$tree/docs/screenshots"  # not in the package
  digest=$(cd "$tree" && find . -type f -print0 | sort -z | xargs -0 sha256sum | sha256sum | cut -c1-16)
  if [ $force = 0 ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$digest" ] && ls "$out/${name//-/_}"-*.whl >/dev/null 2>&1; then
    echo "wheel $name: up to date"; rm -rf "$tree"; return
  fi
  local start=$SECONDS
  rm -f "$out/${name//-/_}"-*.whl "$out/${name//-/_}"-*.tar.gz
  if ! python3 -m build --outdir "$out" "$tree" >"$tree.log" 2>&1; then
    cat "$tree.log" >&2; echo "wheel $name: build failed" >&2; rm -rf "$tree" "$tree.log"; return 1
  fi
  rm -f "$tree.log"
  echo "$digest" > "$stamp"
  rm -rf "$tree"
  echo "wheel $name: built in $((SECONDS - start)) s ($(ls "$out/${name//-/_}"-*.whl))"
}

build_one saasgym-client clients/python
build_one saasgym .
