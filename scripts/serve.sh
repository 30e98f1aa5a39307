#!/usr/bin/env bash
# The README's serve command: install saasgym and the design systems the pages are styled by (npm: the Salesforce
# Lightning Design System for the CRM, pinned in apps/crm/slds/package.json, Microsoft's Fluent 2 for the office
# apps, apps/office/fluent/package.json, and UI16's typeface Source Sans Pro for the desk,
# apps/ticketing/fonts/package.json; node and npm from apt when missing), then `saasgym serve` with the given
# arguments. If they cannot be installed (no network, no apt), the server still starts: the pages fall back
# to the project's own stylesheets and `saasgym serve` prints a one-line notice per app.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m pip install -q --disable-pip-version-check -e .
install_npm() {
  if [ "$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq nodejs npm >/dev/null
  else sudo apt-get update -qq && sudo apt-get install -y -qq nodejs npm >/dev/null; fi
}
if command -v npm >/dev/null 2>&1 || install_npm; then
  bash scripts/design_systems.sh || echo "serve.sh: npm could not install the design systems" >&2
fi
exec saasgym serve "$@"
