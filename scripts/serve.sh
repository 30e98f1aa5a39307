#!/usr/bin/env bash
# The README's serve command: install saasgym and the Salesforce Lightning Design System the CRM pages are styled
# by (npm, pinned in apps/crm/slds/package.json; node and npm from apt when missing), then `saasgym serve` with
# the given arguments. If the design system cannot be installed (no network, no apt), the server still starts:
# the CRM pages fall back to the project's own stylesheet and `saasgym serve` prints a one-line notice.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m pip install -q --disable-pip-version-check -e .
install_npm() {
  if [ "$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq nodejs npm >/dev/null
  else sudo apt-get update -qq && sudo apt-get install -y -qq nodejs npm >/dev/null; fi
}
if command -v npm >/dev/null 2>&1 || install_npm; then
  bash scripts/design_systems.sh || echo "serve.sh: npm could not install the design system" >&2
fi
exec saasgym serve "$@"
