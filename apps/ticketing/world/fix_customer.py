"""What customer support knows about each customer issue (`customer_issues.CUSTOMER`, by the product's kind
and the template's position): one `Fix` per issue with `{product}` where the product's name goes
(`for_product`)."""

from __future__ import annotations

from dataclasses import fields, replace

from apps.ticketing.world.fix_model import Fix
from worlds.generator.vocab import Kind

_CUSTOMER_FIXES = {
    Kind.SAAS_SERVICE: (
        Fix(
            title="{product}: users cannot sign in (error code at sign-in)",
            category="Product",
            symptoms="Users see an error code and message when they sign in to {product}.",
            cause="The customer's single sign-on certificate in {product} expired, or their identity "
            "provider's metadata changed.",
            steps=(
                "Ask for the error code, the time and one affected user.",
                "Check the tenant's sign-on settings in the admin portal: certificate expiry and metadata "
                "URL.",
                "Have the customer's admin upload the renewed certificate (Admin > Security > Single "
                "sign-on).",
                "Users sign in again; a cached session may need a browser restart.",
            ),
            fix="Walked the customer's admin through uploading the renewed sign-on certificate; every user "
            "can sign in",
            workaround="Admins can allow password sign-in for named users while single sign-on is fixed.",
            change="the sign-on metadata refresh in the platform release",
            caller="renewed the certificate in their identity provider themselves",
            mistake="The customer's admin had uploaded the certificate of their test identity provider",
            applies="{product}",
        ),
        Fix(
            title="{product}: dashboard totals differ from the CSV export",
            category="Product",
            symptoms="The totals on a {product} dashboard do not match the CSV export of the same records.",
            cause="Dashboards count in the account's time zone and exports in UTC, so records near midnight "
            "fall on different days.",
            steps=(
                "Compare the same date range in the dashboard and in the export.",
                "Set the dashboard's time zone to UTC (Dashboard settings > Time zone), or filter the "
                "export by the account's time zone.",
                "If the totals still differ, send both files to Tier 2.",
            ),
            fix="Explained the time zone difference and set the dashboard to UTC; the totals match the "
            "export",
            workaround="Reconcile against the CSV export until the dashboard is switched to UTC.",
            change="the dashboard time zone fix in the latest release",
            mistake="The dashboard filter used the account's time zone while the export used UTC",
            applies="{product}",
        ),
        Fix(
            title="{product}: sync stalled without an error",
            category="Product",
            symptoms="{product} stops syncing records while its status page shows the last run as "
            "successful.",
            cause="The connector's authorisation token expired; the sync job keeps reporting its last good "
            "run.",
            steps=(
                "Check the connector's last run and token expiry under Admin > Integrations.",
                "Authorise the connector again with an admin account.",
                "Run the sync once by hand and compare the record counts.",
            ),
            fix="Authorised the connector again with a fresh token and re-ran the sync; the records are "
            "current",
            workaround="Import the missing records by CSV until the sync runs again.",
            change="the connector token-refresh fix",
            caller="authorised the connector again from their admin console",
            applies="{product}",
        ),
        Fix(
            title='{product}: users signed out with "invalid session"',
            category="Product",
            symptoms='Users are signed out of {product} after a few minutes with "invalid session".',
            cause="The session lifetime in the tenant's security settings is too short, or a proxy strips "
            "the session cookie.",
            steps=(
                "Check Admin > Security > Session lifetime (8 hours by default).",
                "Ask whether a proxy or a browser extension rewrites cookies.",
                "Raise the session lifetime, or exempt the product's domain from the proxy.",
            ),
            fix="Set the tenant's session lifetime back to 8 hours; users stay signed in",
            workaround="Users sign in again; unsaved work is kept as a draft.",
            change="the session handling fix in the latest release",
            caller="exempted the product's domain from their proxy",
            mistake="The tenant's session lifetime had been set to 5 minutes",
            applies="{product}",
        ),
    ),
    Kind.SOFTWARE_PRODUCT: (
        Fix(
            title="{product}: export fails with an error code",
            category="Product",
            symptoms="Exports from {product} stop with an error code and no file is written.",
            cause="A defect in the export module of this version with large result sets.",
            steps=(
                "Ask for the version and the export's log file.",
                "Check the release notes for the fixed version.",
                "Install the patch release, or export smaller ranges until then.",
            ),
            fix="Sent the patch release with the export fix; exports complete again",
            workaround="Export in smaller date ranges until the patch release is installed.",
            change="the patch release of the export module",
            applies="{product}",
        ),
        Fix(
            title="{product}: licence key rejected after renewal",
            category="Product",
            symptoms="After a renewal, {product} rejects the new licence key as invalid.",
            cause="The renewed key belongs to the new contract's entitlement, which was not activated yet.",
            steps=(
                "Check the entitlement of the customer's contract in the licence portal.",
                "Activate the renewal and generate a new key.",
                "The customer enters the new key under Help > Licence.",
            ),
            fix="Activated the renewed entitlement and issued a new licence key; it is accepted",
            workaround="A 30-day temporary key keeps the product running.",
            mistake="The customer entered the key of their previous contract",
            applies="{product}",
        ),
        Fix(
            title="{product}: jobs stay queued and none are processed",
            category="Product",
            symptoms="{product} keeps jobs in its queue and processes none, even after a restart of the "
            "application.",
            cause="The scheduler's worker lost its database connection and did not reconnect.",
            steps=(
                "Check the worker's status page and the scheduler log.",
                "Restart the worker service, not only the application.",
                "If jobs stay queued, collect the scheduler log for Tier 2.",
            ),
            fix="Restarted the worker service and cleared the stuck lock; the queued jobs were processed",
            workaround="Run urgent jobs by hand from the console.",
            change="the scheduler reconnect fix",
            caller="restarted the worker service as the knowledge article describes",
            applies="{product}",
        ),
        Fix(
            title="{product}: upgrade stops at the database migration",
            category="Product",
            symptoms="An upgrade of {product} stops at the database migration with an error code.",
            cause="A customised database object blocks the migration script.",
            steps=(
                "Ask for the upgrade log and the error code.",
                "Run the pre-upgrade check to list custom database objects.",
                "Rename or drop the blocking object and run the upgrade again.",
            ),
            fix="Found the custom index that blocked the migration, dropped it and completed the upgrade",
            workaround="Stay on the previous version; it is supported until the next release.",
            mistake="The upgrade was run without the pre-upgrade check",
            applies="{product}",
        ),
    ),
    Kind.HARDWARE_MODEL: (
        Fix(
            title="{product} shows offline in the portal",
            category="Product",
            symptoms="A {product} stops reporting to the portal and its status light turns amber.",
            cause="The unit lost its uplink, or its management certificate expired.",
            steps=(
                "Check the status light and the uplink port.",
                "Power-cycle the unit and check that it gets an address.",
                "If it stays amber, renew its management certificate from the portal.",
            ),
            fix="Renewed the unit's management certificate; it reports online again",
            workaround="Manage the unit locally through its console port.",
            caller="found the uplink cable unplugged and connected it again",
            mistake="The uplink was plugged into the management port",
            applies="{product}",
        ),
        Fix(
            title="{product} restarts by itself (watchdog reset)",
            category="Product",
            symptoms="A {product} restarts every few minutes; its event log shows a watchdog reset first.",
            cause="A firmware defect triggers the watchdog under load.",
            steps=(
                "Note the firmware version and the event log entries before each restart.",
                "Upgrade to the fixed firmware.",
                "If the restarts continue, replace the unit under warranty.",
            ),
            fix="Upgraded the unit to the fixed firmware; no restarts since",
            workaround="Move traffic to the standby unit until the firmware is upgraded.",
            change="the firmware fix for the watchdog reset",
            applies="{product}",
        ),
        Fix(
            title="{product}: firmware update stops partway",
            category="Product",
            symptoms="A firmware update of a {product} stops partway and the unit keeps its previous "
            "firmware.",
            cause="The update image did not verify, usually after an interrupted download.",
            steps=(
                "Download the firmware image again and check its checksum.",
                "Install it from the local console, not over the WAN.",
                "If it fails again, the unit boots the previous image; contact Tier 2.",
            ),
            fix="Installed the verified firmware image from the local console; the update completed",
            workaround="Keep running the previous firmware; it is supported.",
            caller="downloaded the image again and the update completed",
            mistake="The image for another hardware revision was used",
            applies="{product}",
        ),
        Fix(
            title="{product} not reachable after a power outage",
            category="Product",
            symptoms="After a power outage a {product} powers up but does not answer on the network.",
            cause="The unit booted a default network configuration because its running one was never saved.",
            steps=(
                "Connect to the console port and check the running configuration.",
                "Restore the last saved configuration and save it.",
                "Turn on automatic saving of the configuration.",
            ),
            fix="Restored and saved the unit's configuration; it answers on the network again",
            workaround="Reach the unit through its console port.",
            mistake="The configuration had never been saved before the outage",
            applies="{product}",
        ),
    ),
    Kind.SUPPORT_CONTRACT: (
        Fix(
            title="{product}: a case missed its response target",
            category="Product",
            symptoms="A customer's case under {product} had no answer within the agreed response time.",
            cause="The case was logged under another entitlement and missed the contract's queue.",
            steps=(
                "Find the case and check which entitlement it is logged under.",
                "Move it to the contract's entitlement and priority queue.",
                "Confirm the response target with the customer.",
            ),
            fix="Moved the case to the contract's entitlement, answered it and apologised for the delay",
            workaround="Customers can phone the support line with the case number for an urgent answer.",
            applies="{product}",
        ),
        Fix(
            title="Renewing {product}",
            category="Product",
            symptoms="A customer asks to renew {product} before it ends.",
            cause="Renewals are quoted by the account manager from the contract's end date.",
            steps=(
                "Check the contract's end date and the products it covers.",
                "Ask the account manager for the renewal quote.",
                "Send the quote under the customer's case.",
            ),
            fix="Sent the account manager's renewal quote under the customer's case",
            workaround="The current contract runs until its end date; support continues meanwhile.",
            applies="{product}",
        ),
        Fix(
            title="{product}: customer not found at the entitlement check",
            category="Product",
            symptoms="The support portal says the customer is not entitled to {product} though the contract "
            "runs.",
            cause="The contract is registered under the customer's parent company.",
            steps=(
                "Search the entitlement by contract number, not by company name.",
                "Link the customer's account to the contract.",
                "Ask the customer to open the case again.",
            ),
            fix="Linked the customer's account to the contract; the entitlement check passes",
            workaround="Log the case by phone quoting the contract number.",
            mistake="The case was opened under the subsidiary's name instead of the contract holder's",
            applies="{product}",
        ),
    ),
    Kind.TRAINING_COURSE: (
        Fix(
            title="Rescheduling {product}",
            category="Product",
            symptoms="A customer needs to move a booking of {product} to a later date.",
            cause="Dates are set per cohort; a booking moves to a later cohort with free seats.",
            steps=(
                "Check the free seats of the later cohorts.",
                "Offer the customer two dates.",
                "Move the booking and send new joining instructions.",
            ),
            fix="Moved the booking to a later cohort and sent new joining instructions",
            workaround="Attendees can join the recorded sessions of the current cohort meanwhile.",
            applies="{product}",
        ),
        Fix(
            title="{product}: certificates not received",
            category="Product",
            symptoms="Attendees who completed {product} have not received their certificates.",
            cause="Certificates are issued only after the trainer closes the attendance list.",
            steps=(
                "Check whether the course's attendance list is closed.",
                "Ask the trainer to close it.",
                "Certificates are sent by mail within a day.",
            ),
            fix="Closed the attendance list and issued the certificates to every attendee again",
            workaround="The learning portal shows a completion record attendees can print meanwhile.",
            applies="{product}",
        ),
        Fix(
            title='{product}: course materials answer "access denied"',
            category="Product",
            symptoms='Attendees booked on {product} get "access denied" when they open the course materials.',
            cause="The attendees are not enrolled in the learning portal for their cohort.",
            steps=(
                "Check the cohort's enrolment list in the learning portal.",
                "Enrol the missing attendees.",
                "Send the joining instructions with the link again.",
            ),
            fix="Enrolled the attendees in the learning portal and sent the joining instructions again",
            workaround="The trainer can share the materials as PDFs until the enrolment is fixed.",
            mistake="The attendees used the link of an earlier cohort",
            applies="{product}",
        ),
    ),
    Kind.PROFESSIONAL_SERVICE: (
        Fix(
            title="{product}: a milestone slipped",
            category="Product",
            symptoms="A customer's {product} engagement missed a milestone without notice.",
            cause="The engagement's consultants were reassigned without a change to the plan.",
            steps=(
                "Check the engagement plan and the milestone's owner.",
                "Agree a new date with the customer.",
                "Send the updated plan and name the consultants.",
            ),
            fix="Agreed a new milestone date with the customer and sent the updated plan",
            workaround="The engagement lead sends a weekly update until the plan is back on track.",
            applies="{product}",
        ),
        Fix(
            title="{product}: status report overdue",
            category="Product",
            symptoms="A customer has had no status report on a {product} engagement for weeks.",
            cause="The weekly status reports stopped when the engagement lead changed.",
            steps=(
                "Find the current engagement lead.",
                "Send the status against the next milestone.",
                "Set up the weekly status report again.",
            ),
            fix="Sent the status report against the next milestone and set up the weekly report again",
            workaround="The account manager forwards the latest project notes meanwhile.",
            applies="{product}",
        ),
    ),
}


def customer_fix(kind: Kind, index: int, product: str) -> Fix:
    """The fix of the `index`-th customer issue of `kind`, for the product named `product`."""
    fix = _CUSTOMER_FIXES[kind][index]
    values = {f.name: getattr(fix, f.name) for f in fields(fix)}
    filled = {k: v.replace("{product}", product) for k, v in values.items() if isinstance(v, str)}
    return replace(fix, **filled)


def customer_issue_count(kind: Kind) -> int:
    return len(_CUSTOMER_FIXES[kind])
