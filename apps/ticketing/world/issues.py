"""Typed incident texts: for every kind of issue the desk sees, the short descriptions and descriptions it
is written with, the kinds each slot accepts, and the configuration item it concerns.

Employee issues are keyed by the issue the skeleton drew (its first-line summary in `text.INCIDENTS`);
customer issues live in `customer_issues.py`, typed by the kind of product the customer bought.
"""

from __future__ import annotations

from dataclasses import dataclass

from worlds.generator.vocab import Kind, Template


@dataclass(frozen=True)
class Issue:
    """How one kind of issue is written: short descriptions, first sentences, what the caller tried, and
    which CI it concerns (`laptop` = the caller's own laptop, a CI name prefix, or None)."""

    shorts: tuple[Template, ...]
    openers: tuple[Template, ...]
    tried: tuple[str, ...]
    ci: str | None


# the kind each named slot of an employee issue's texts accepts (a template types the slots it has)
SLOT_KINDS = {"device": Kind.HARDWARE_MODEL, "site": Kind.LOCATION}


def typed(text: str) -> Template:
    """A template whose slots named in SLOT_KINDS accept only that kind."""
    t = Template(text)
    return Template(text, **{slot: SLOT_KINDS[slot] for slot in t.slots if slot in SLOT_KINDS})


def issue(shorts: list[str], openers: list[str], tried: list[str], ci: str | None) -> Issue:
    """An employee issue with its texts typed by SLOT_KINDS."""
    return Issue(tuple(map(typed, shorts)), tuple(map(typed, openers)), tuple(tried), ci)


TRIED_GENERIC = (
    "I already restarted the laptop twice.",
    "Signing out and back in did not help.",
    "A colleague next to me has the same problem.",
    "It worked fine until yesterday afternoon.",
    "I tried both the wired connection and Wi-Fi.",
    "Nothing changed on my side as far as I know.",
)

EMPLOYEE = {
    "VPN disconnects every few minutes": issue(
        [
            "VPN drops every {minutes} minutes on {device.asset}",
            "GlobalProtect disconnects repeatedly ({device}, {device.os})",
            "VPN tunnel keeps dropping from home office ({device.asset})",
        ],
        [
            (
                "Since {since} the VPN client on my {device} ({device.asset}, "
                "{device.os}) drops the tunnel every {minutes} minutes and shows "
                '"{vpn_error}".'
            )
        ],
        [
            "My home internet is stable; video calls without VPN work.",
            "Reinstalling the client did not help.",
        ],
        "VPN",
    ),
    "Cannot connect to VPN": issue(
        [
            'VPN login fails on {device.asset}: "{vpn_error}"',
            "Cannot connect to VPN from {device.asset}",
            "VPN sign-in rejected since {clock} ({device}, {device.os})",
        ],
        [
            (
                'The VPN client on {device.asset} rejects my sign-in with "{vpn_error}"'
                " since {since}, although my password works for Outlook and the "
                "intranet."
            )
        ],
        ["I reset my password this morning.", "The MFA push arrives and I approve it."],
        "VPN",
    ),
    "VPN very slow from {city}": issue(
        [
            "VPN very slow from {site} ({mbps} Mbit/s)",
            "File shares crawl over VPN on {device.asset}",
            "VPN throughput {mbps} Mbit/s on {device} since {clock}",
        ],
        [
            (
                "Working from {site} over VPN, file shares and internal sites load at "
                "about {mbps} Mbit/s since {since}; without VPN the line does 200 "
                "Mbit/s."
            )
        ],
        ["Speed tests without VPN are fine."],
        "VPN",
    ),
    "Wi-Fi keeps dropping on floor {floor}": issue(
        [
            "Wi-Fi drops on floor {site.floor} in {site}",
            "ACME-CORP SSID lost near {site.area}, floor {site.floor} ({site})",
        ],
        [
            (
                "On floor {site.floor} of the {site} office, near {site.area}, laptops "
                "lose the ACME-CORP network {times} times a day since {since}."
            )
        ],
        ["Several people on the floor see it, not only me.", "The guest network stays up when it happens."],
        "wlc-",
    ),
    "Guest Wi-Fi not working in meeting room": issue(
        [
            "Guest Wi-Fi gives no address in {site.room} ({site}) at {clock}",
            "Visitors cannot join ACME-GUEST on floor {site.floor}, {site}",
        ],
        [
            (
                "Our visitors in the {site.room} room ({site}, floor {site.floor}) "
                "connect to ACME-GUEST but get no IP address; a customer meeting starts"
                " at {clock}."
            )
        ],
        ["The staff network works in the same room."],
        "wlc-",
    ),
    "Internal site not resolving": issue(
        [
            "{host} does not resolve on floor {site.floor}, {site}",
            "DNS lookups for {host} fail from {device.asset} since {clock}",
        ],
        [("From the {site} office, {host} returns NXDOMAIN since {since}; by IP address it opens.")],
        ["nslookup against 10.0.1.53 times out.", "Flushing the DNS cache did not help."],
        "Intranet",
    ),
    "External monitor flickering": issue(
        ["External monitor flickers when docked ({device.asset})", "Second screen goes black on {device}"],
        [
            (
                "When my {device} ({device.asset}) is docked, the external {monitor} "
                "flickers and goes black every few minutes."
            )
        ],
        ["I swapped the cable for a new one.", "It happens with both HDMI and USB-C."],
        "laptop",
    ),
    "Monitor not detected after docking": issue(
        [
            "No display output through the dock on {device.asset}",
            "{device} does not detect monitors after docking",
        ],
        [
            (
                "The dock charges my {device} ({device.asset}) but neither {monitor} "
                "shows a picture since {since}."
            )
        ],
        ["The monitors work with a colleague's laptop."],
        "laptop",
    ),
    "Laptop disk almost full": issue(
        ["Only {gb} GB free on {device.asset}", "Disk full on {device} - cannot save files"],
        [
            (
                "My {device} ({device.asset}) has {gb} GB left on the system disk and "
                "Excel cannot save my files."
            )
        ],
        ["I emptied the recycle bin and the downloads folder.", "OneDrive keeps files on the device."],
        "laptop",
    ),
    "Disk errors reported on laptop": issue(
        ["SMART warning on {device.asset} system disk", "Disk errors on {device} ({device.os})"],
        [('{device.os} on my {device} ({device.asset}) reports "{smart}" at every boot since {since}.')],
        ["I backed up my documents to OneDrive."],
        "laptop",
    ),
    "Keyboard keys not responding": issue(
        ["Keys {keys} not responding on {device.asset}", "{device} keyboard: several keys dead"],
        [
            (
                "On my {device} ({device.asset}) the keys {keys} stopped working since "
                "{since}; an external keyboard works."
            )
        ],
        ["I cleaned the keyboard with compressed air.", "It is the same after a restart."],
        "laptop",
    ),
    "Laptop overheating and slow": issue(
        [
            "{device.asset} overheating, fan at full speed",
            "{device} throttles and gets very hot ({device.os})",
        ],
        [
            (
                "My {device} ({device.asset}) runs its fan constantly and CPU use sits "
                "at {percent}% even when idle."
            )
        ],
        ["Task Manager shows no single process using the CPU."],
        "laptop",
    ),
    "Outlook keeps asking for password": issue(
        [
            "Outlook prompts for credentials every {minutes} minutes ({outlook_error})",
            "Outlook password prompt loop on {device.asset}",
        ],
        [
            (
                "Outlook on my {device} asks for my password every {minutes} minutes "
                'since {since} and then shows "{outlook_error}".'
            )
        ],
        ["The web version of Outlook works.", "I removed the saved credentials."],
        "Email",
    ),
    "Cannot send email with attachments": issue(
        [
            "Mails with attachments stuck in Outbox on {device.asset} ({outlook_error})",
            "Cannot send {mb} MB attachment from Outlook ({device})",
        ],
        [('Messages with an attachment of {mb} MB stay in my Outbox; Outlook reports "{outlook_error}".')],
        ["Mails without attachments leave normally."],
        "Email",
    ),
    "Shared mailbox not visible": issue(
        [
            "{team} shared mailbox missing from Outlook on {device.asset}",
            "Lost access to {team} shared mailbox since {clock}",
        ],
        [
            (
                "The {team} shared mailbox disappeared from my Outlook folder list "
                "since {since}; I still need it for {duty}."
            )
        ],
        ["My manager says my access was not removed."],
        "Email",
    ),
    "Windows update fails repeatedly": issue(
        ["Windows update {kb} fails with {wu_error}", "Update rollback on {device.asset} ({wu_error})"],
        [
            (
                "The cumulative update {kb} fails on my {device} ({device.asset}, "
                "{device.os}) with error {wu_error} and rolls back after the reboot."
            )
        ],
        ["I ran the Windows Update troubleshooter.", "There are 40 GB free on the disk."],
        "laptop",
    ),
    "Blue screen after driver update": issue(
        ["Blue screen {bsod} on {device.asset}", "{device} crashes after driver update ({bsod})"],
        [
            (
                "Since the driver update on {since}, my {device} ({device.asset}) "
                "crashes with {bsod} a few times a day."
            )
        ],
        ["It also happens when undocked."],
        "laptop",
    ),
    "ERP report times out": issue(
        ["ERP report {report} times out after {seconds} s", "ERP: {report} for {period} never finishes"],
        [('The ERP report "{report}" for {period} times out after {seconds} seconds with "{http_error}".')],
        ["Smaller date ranges work.", "It worked last month."],
        "ERP",
    ),
    "Expense tool shows error 500": issue(
        [
            "Expense Tool: HTTP 500 on submit (request {request_id})",
            "Cannot submit expense report {report_no} ({amount})",
        ],
        [("Submitting expense report {report_no} ({amount}) fails with HTTP 500, request id {request_id}.")],
        ["Saving as draft works."],
        "Expense Tool",
    ),
    "HR portal login loop": issue(
        [
            "HR Portal redirects back to login ({browser}, {device.asset})",
            "HR Portal SSO loop in {browser} since {clock}",
        ],
        [
            (
                "After SSO the HR Portal sends me back to the login page in {browser}; "
                "I need it for {duty} by {clock}."
            )
        ],
        ["Clearing cookies did not help.", "Another browser shows the same."],
        "HR Portal",
    ),
    "How do I request access to the BI dashboards?": issue(
        [
            'Access request: BI dashboard "{dashboard}" for {duty}',
            "How do I get read access to {dashboard} ({site})?",
        ],
        ['I need read access to the "{dashboard}" dashboard for {duty}. Who approves this?'],
        ["My manager agreed."],
        "BI Dashboards",
    ),
    "Password reset needed": issue(
        [
            "Account locked after {attempts} attempts on {device.asset}",
            "Password reset needed - locked out since {clock}",
        ],
        [
            (
                "I am locked out of my account after {attempts} failed attempts at "
                "{clock} and cannot reach my mail."
            )
        ],
        ["The self-service reset asks for a phone number I no longer have."],
        None,
    ),
    "Antivirus flagged a download": issue(
        ["Defender quarantined {file} on {device.asset}", "Antivirus alert {threat} on {device.asset}"],
        [("Microsoft Defender on {device.asset} quarantined {file} from a vendor portal as {threat}.")],
        ["I did not open the file."],
        "laptop",
    ),
    "Suspicious email received": issue(
        ['Phishing mail from {sender_domain}: "{lure}"', "Suspicious mail from {sender_domain} at {clock}"],
        [
            (
                "I received a mail from someone at {sender_domain} with the subject "
                '"{lure}" asking me to confirm my credentials. I did not click the '
                "link."
            )
        ],
        ["I reported it with the Report Message button."],
        None,
    ),
    "Reporting database slow": issue(
        [
            "Reporting DB queries take {seconds} s ({db_wait})",
            "BI reporting database slow since {clock} ({report})",
        ],
        [
            (
                "Queries on the reporting database take {seconds} seconds instead of 2;"
                " the top wait is {db_wait}."
            )
        ],
        ["Only the BI dashboards are affected."],
        "db-bidash",
    ),
    "ERP database connection errors": issue(
        ["ERP database {ora} errors since {clock}", "Intermittent {ora} from ERP app servers ({times}/h)"],
        [("The ERP application logs show intermittent {ora} errors since {clock}, about {times} per hour.")],
        ["The listener is up."],
        "db-erp",
    ),
}
