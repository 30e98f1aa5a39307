"""Text pools of the ticketing part: groups, incident templates, catalog items, knowledge articles."""

from __future__ import annotations

# name, description, departments its members come from
GROUPS = (
    ("Service Desk", "First-line IT support for employees", ("IT",)),
    ("Network", "LAN, WAN, VPN, wireless and firewalls", ("IT",)),
    ("Database", "Database administration", ("IT", "Engineering")),
    ("Hardware", "Laptops, desktops, monitors and peripherals", ("IT",)),
    ("Software", "Desktop software and licences", ("IT",)),
    ("Email and Collaboration", "Mail, calendar and chat services", ("IT",)),
    ("Identity and Access", "Accounts, passwords, SSO and permissions", ("IT",)),
    ("Linux Server Team", "Linux hosts and middleware", ("IT", "Engineering")),
    ("Windows Server Team", "Windows hosts, Active Directory", ("IT",)),
    ("Cloud Operations", "Cloud platform and deployments", ("Engineering",)),
    ("Application Support", "Business applications (ERP, CRM, HR)", ("IT", "Engineering")),
    ("Security Operations", "Security monitoring and incident response", ("IT",)),
    ("Customer Support Tier 1", "Customer-reported product issues", ("Support",)),
    ("Customer Support Tier 2", "Escalated customer product issues", ("Support", "Engineering")),
    ("Change Advisory Board", "Authorizes normal and emergency changes", ()),
)

# category -> subcategory -> group -> [(short description, description)]
INCIDENTS = {
    ("network", "vpn"): (
        "Network",
        [
            (
                "VPN disconnects every few minutes",
                "Connected from home, the VPN client drops the tunnel every 5-10 minutes.",
            ),
            (
                "Cannot connect to VPN",
                "VPN client reports 'authentication failed' although my password works elsewhere.",
            ),
            ("VPN very slow from {city}", "File shares and internal sites crawl when connected over VPN."),
        ],
    ),
    ("network", "wireless"): (
        "Network",
        [
            (
                "Wi-Fi keeps dropping on floor {floor}",
                "Laptops lose the corporate SSID on floor {floor} several times a day.",
            ),
            (
                "Guest Wi-Fi not working in meeting room",
                "Visitors cannot get an address on the guest network.",
            ),
        ],
    ),
    ("network", "dns"): (
        "Network",
        [
            ("Internal site not resolving", "intranet.acme.example does not resolve from the {city} office."),
        ],
    ),
    ("hardware", "monitor"): (
        "Hardware",
        [
            ("External monitor flickering", "My second monitor flickers and goes black when docked."),
            ("Monitor not detected after docking", "The dock charges the laptop but no display output."),
        ],
    ),
    ("hardware", "disk"): (
        "Hardware",
        [
            ("Laptop disk almost full", "Less than 2 GB left; I cannot save files."),
            ("Disk errors reported on laptop", "Windows reports SMART errors on the system disk."),
        ],
    ),
    ("hardware", "keyboard"): (
        "Hardware",
        [
            ("Keyboard keys not responding", "Several keys stopped working on my laptop keyboard."),
        ],
    ),
    ("hardware", "cpu"): (
        "Hardware",
        [
            ("Laptop overheating and slow", "The fan runs constantly and the laptop throttles."),
        ],
    ),
    ("software", "email"): (
        "Email and Collaboration",
        [
            ("Outlook keeps asking for password", "Outlook prompts for credentials every hour."),
            ("Cannot send email with attachments", "Messages with attachments stay in the outbox."),
            ("Shared mailbox not visible", "The {team} shared mailbox disappeared from my Outlook."),
        ],
    ),
    ("software", "operating system"): (
        "Software",
        [
            ("Windows update fails repeatedly", "The monthly update rolls back after reboot."),
            (
                "Blue screen after driver update",
                "Laptop crashes with a blue screen since yesterday's update.",
            ),
        ],
    ),
    ("software", "internal application"): (
        "Application Support",
        [
            ("ERP report times out", "The month-end revenue report times out after 60 seconds."),
            ("Expense tool shows error 500", "Submitting an expense report fails with an internal error."),
            ("HR portal login loop", "After SSO the HR portal redirects back to the login page."),
        ],
    ),
    ("inquiry", "internal application"): (
        "Service Desk",
        [
            ("How do I request access to the BI dashboards?", "I need read access to the sales dashboards."),
            ("Password reset needed", "I am locked out after too many attempts."),
        ],
    ),
    ("inquiry", "antivirus"): (
        "Security Operations",
        [
            (
                "Antivirus flagged a download",
                "The endpoint agent quarantined a file I downloaded from a vendor.",
            ),
            ("Suspicious email received", "I received an email asking me to confirm my credentials."),
        ],
    ),
    ("database", "ms sql server"): (
        "Database",
        [
            ("Reporting database slow", "Queries on the reporting database take minutes instead of seconds."),
        ],
    ),
    ("database", "oracle"): (
        "Database",
        [
            ("ERP database connection errors", "Application logs show intermittent ORA-12170 timeouts."),
        ],
    ),
}
CUSTOMER_INCIDENTS = (
    ("{product} not syncing data", "Our {product} stopped syncing since the last update."),
    (
        "Cannot log in to {product}",
        "Users at our company get 'invalid session' when signing in to {product}.",
    ),
    ("{product} dashboard shows wrong totals", "Totals in the {product} dashboard do not match our exports."),
    ("Error when exporting from {product}", "Export to CSV fails with an error in {product}."),
    ("{product} device offline", "The {product} unit at our site shows offline in the portal."),
    ("Licence key rejected by {product}", "Our renewed licence key is rejected as invalid."),
)
WORK_NOTES = (
    "Checked the logs; the error started after the last deployment.",
    "Reproduced the issue on a test machine.",
    "Escalating to the owning team for a closer look.",
    "Remote session scheduled with the user.",
    "Cleared the cache and restarted the service.",
    "Vendor ticket opened; waiting for their answer.",
)
COMMENTS = (
    "Thanks for reporting this, we are looking into it.",
    "Could you send a screenshot of the error?",
    "Please restart your device and let us know if it still happens.",
    "We have applied a fix; please confirm it works for you.",
)
RESOLUTIONS = {
    "Solution provided": "Applied the fix and confirmed with the caller.",
    "Workaround provided": "Provided a workaround while the root cause is investigated.",
    "Resolved by caller": "The caller reports the issue went away.",
    "User error": "Explained the correct procedure to the caller.",
    "Resolved by change": "Fixed by the related change.",
    "Duplicate": "Duplicate of an existing incident.",
    "Known error": "Known error; workaround applied.",
}
CHANGES = (
    ("Patch {ci} with the monthly security updates", "Software"),
    ("Upgrade {ci} to the latest minor version", "Software"),
    ("Replace failed disk in {ci}", "Hardware"),
    ("Increase memory of {ci}", "Hardware"),
    ("Firewall rule update affecting {ci}", "Network"),
    ("Rotate TLS certificates on {ci}", "Service"),
    ("Database index maintenance on {ci}", "Database"),
    ("Migrate {ci} to new storage", "Hardware"),
)
