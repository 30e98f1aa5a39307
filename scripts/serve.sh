#!/usr/bin/env bash
# The README's serve command: install saasgym and the Salesforce Lightning Design System the CRM pages are styled
# by (npm, pinned in apps/crm/slds/package.json; node and npm from apt when missing), then `saasgym serve` with
# the given arguments. Without the design system the CRM pages fall back to the project's own stylesheet.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v npm >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq nodejs npm >/dev/null
  else sudo apt-get update -qq && sudo apt-get install -y -qq nodejs npm >/dev/null; fi
fi
python3 -m pip install -q --disable-pip-version-check -e .
bash scripts/design_systems.sh
exec saasgym serve "$@"
