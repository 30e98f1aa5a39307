#!/usr/bin/env bash
# Install the vendors' design-system packages the web UIs link (today: the Salesforce Lightning Design System for
# the CRM, apps/crm/slds/package.json) into git-ignored node_modules folders; quick when already installed.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f apps/crm/slds/node_modules/@salesforce-ux/design-system/package.json ] \
   || ! grep -q "\"version\": \"$(python3 -c 'import json; print(json.load(open("apps/crm/slds/package.json"))["dependencies"]["@salesforce-ux/design-system"])')\"" \
        apps/crm/slds/node_modules/@salesforce-ux/design-system/package.json; then
  npm ci --prefix apps/crm/slds --no-audit --no-fund --loglevel=error
fi
