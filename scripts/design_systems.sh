#!/usr/bin/env bash
# Install the vendors' design-system packages the web UIs use into git-ignored node_modules folders (quick when
# already installed): the Salesforce Lightning Design System for the CRM (apps/crm/slds/package.json) and
# Microsoft's Fluent 2 for the office apps (apps/office/fluent/package.json; its light theme's tokens are written
# as a CSS file into that node_modules by apps/office/fluent/tokens_css.mjs), and Source Sans Pro, UI16's typeface,
# for the ticketing desk (apps/ticketing/fonts/package.json: @fontsource's self-hosted woff2 files).
set -euo pipefail
cd "$(dirname "$0")/.."
# install_pinned <folder> <package>: `npm ci` in <folder> unless the version its package.json pins is installed.
install_pinned() {
  local pinned
  pinned=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["dependencies"][sys.argv[2]])' "$1/package.json" "$2")
  if [ ! -f "$1/node_modules/$2/package.json" ] \
     || ! grep -q "\"version\": \"$pinned\"" "$1/node_modules/$2/package.json"; then
    npm ci --prefix "$1" --no-audit --no-fund --loglevel=error
  fi
}
install_pinned apps/crm/slds @salesforce-ux/design-system
install_pinned apps/office/fluent @fluentui/web-components
install_pinned apps/office/fluent @fluentui/svg-icons
install_pinned apps/ticketing/fonts @fontsource/source-sans-pro
if [ ! -f apps/office/fluent/node_modules/.saasgym/fluent-tokens.css ]; then
  node apps/office/fluent/tokens_css.mjs apps/office/fluent/node_modules
fi
