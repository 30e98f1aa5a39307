"""What the service desk knows about each kind of employee issue (`issues.EMPLOYEE`, keyed the same way) and
its macOS form (`mac_issues.MAC`): symptoms, cause, resolution steps, the fix, a workaround, and, where
they fit the issue, the change that fixes it, what a caller does that resolves it and the mistake behind
it. `fixes.py` writes knowledge articles, resolution notes and problem notes from these."""

from __future__ import annotations

from apps.ticketing.world.fix_model import Fix

EMPLOYEE_FIXES = {
    "VPN disconnects every few minutes": Fix(
        title="VPN drops every few minutes (GlobalProtect)",
        category="VPN",
        symptoms="GlobalProtect connects, then drops the tunnel every few minutes; calls and file copies "
        "over the VPN break each time.",
        cause="The client keeps reconnecting to a gateway whose idle timeout is shorter than its keep-alive "
        "interval, usually after the laptop roamed between networks.",
        steps=(
            "Open GlobalProtect, choose Settings > Connection and note the gateway in use.",
            "Sign out of GlobalProtect and back in so that it picks the nearest gateway again.",
            "If it still drops, remove the VPN profile, restart and let the portal push a fresh profile.",
            "Still failing: collect the logs (Settings > Troubleshooting > Collect Logs) and attach them to "
            "an incident for the Network group.",
        ),
        fix="Reset the VPN profile and moved the laptop to the nearest gateway; the tunnel stayed up all day",
        workaround="Connect to the secondary gateway vpn2.acme.example until the profile is reset.",
        change="the keep-alive change on the VPN gateways",
        caller="reports the drops stopped after updating the home router's firmware",
        mistake="The client was set to the test portal vpn-test.acme.example instead of vpn.acme.example",
        applies="GlobalProtect on Windows and macOS laptops",
    ),
    "Cannot connect to VPN": Fix(
        title="VPN sign-in fails although the password works elsewhere",
        category="VPN",
        symptoms="The VPN client rejects the sign-in with an authentication error while the same password "
        "works for Outlook and the intranet.",
        cause="The VPN refuses the device or the account: an expired device certificate, the account missing "
        "from the VPN Users group after a role change, or a home router that blocks the VPN (error 809, "
        "time-outs).",
        steps=(
            "Check the certificate under GlobalProtect > Settings > Host Profile; an expired one shows in "
            "red.",
            "Renew the device certificate from the Company Portal (Windows) or Self Service (macOS).",
            "Ask Identity and Access to confirm the account is in the VPN Users group.",
            "Error 809 or time-outs from home: restart the home router, or try a phone hotspot instead.",
            "Sign in again and approve the MFA prompt.",
        ),
        fix="Renewed the laptop's device certificate and checked the account's VPN Users membership; the "
        "sign-in works again",
        workaround="Use Outlook on the web and the intranet from the office network until the certificate is "
        "renewed.",
        change="the certificate renewal on the VPN portal",
        caller="renewed the device certificate from the Company Portal and can connect again",
        mistake="The sign-in used the old user name from before the name change",
        applies="GlobalProtect on Windows and macOS laptops",
    ),
    "VPN very slow from {city}": Fix(
        title="VPN slow from a branch office or from home",
        category="VPN",
        symptoms="File shares and internal sites load very slowly over the VPN while the same line is fast "
        "without it.",
        cause="All traffic, video calls and cloud apps included, goes through the tunnel (full tunnel) to a "
        "distant gateway.",
        steps=(
            "Run a speed test with and without the VPN and note both results.",
            "Check which gateway GlobalProtect uses and switch to the nearest one.",
            "Make sure split tunnelling is on, so Microsoft 365 and video calls bypass the VPN.",
            "If it stays slow, send both speed test results to the Network group.",
        ),
        fix="Moved the user to the nearest gateway and turned on split tunnelling for Microsoft 365 and "
        "video calls",
        workaround="Copy large files in the office or through OneDrive instead of the file shares over VPN.",
        change="the split-tunnel policy change on the VPN portal",
        caller="reports normal speed after leaving a congested hotel network",
        applies="GlobalProtect on Windows and macOS laptops, every office",
    ),
    "Wi-Fi keeps dropping on floor {floor}": Fix(
        title="Wi-Fi drops on one floor of an office",
        category="Network",
        symptoms="Laptops on one floor lose the ACME-CORP network several times a day while the guest "
        "network stays up.",
        cause="An access point on the floor keeps rebooting or runs on a crowded channel; the wireless "
        "controller logs the resets.",
        steps=(
            "Note the floor, the nearest room and the time of each drop.",
            "Forget and rejoin ACME-CORP to rule out an old profile on the laptop.",
            "The Network group checks the wireless controller for access point reboots and channel use.",
            "A faulty access point is replaced; a crowded channel is moved.",
        ),
        fix="Replaced the access point that kept rebooting and moved its neighbour to a free channel",
        workaround="Use a wired desk or the 5 GHz network ACME-CORP-5G on that floor until the access point "
        "is replaced.",
        change="the access point replacement on that floor",
        applies="ACME-CORP wireless in every office",
    ),
    "Guest Wi-Fi not working in meeting room": Fix(
        title="Visitors get no address on the guest Wi-Fi",
        category="Network",
        symptoms="Visitors join ACME-GUEST but get no IP address, while staff in the same room stay "
        "connected.",
        cause="The guest network's address pool (DHCP scope) is used up, usually after an event with many "
        "visitors.",
        steps=(
            "Ask reception for today's guest code to rule out an expired code.",
            "The Network group checks the guest DHCP scope on the wireless controller.",
            "Stale leases are cleared and the lease time is shortened to 4 hours.",
            "Visitors reconnect to ACME-GUEST.",
        ),
        fix="Cleared the stale leases in the guest DHCP scope and shortened the lease time to 4 hours",
        workaround="Give visitors a wired port in the meeting room or share a phone hotspot.",
        change="the guest DHCP scope extension",
        mistake="The visitors were using yesterday's guest code",
        applies="ACME-GUEST wireless in every office",
    ),
    "Internal site not resolving": Fix(
        title="Internal site does not resolve (NXDOMAIN)",
        category="Network",
        symptoms="An internal host name returns NXDOMAIN from one office while it opens by IP address.",
        cause="The office's local DNS server stopped forwarding the acme.example zone after a restart.",
        steps=(
            "Run nslookup for the host against the office DNS server and against 10.0.1.53.",
            "If only the office server fails, restart its DNS service and flush its cache.",
            "Check that the conditional forwarder for acme.example points at 10.0.1.53.",
            "Flush the laptop's cache: ipconfig /flushdns (Windows) or sudo dscacheutil -flushcache (macOS).",
        ),
        fix="Restored the conditional forwarder for acme.example on the office DNS server and flushed its "
        "cache",
        workaround="Use the host's IP address, or connect to the VPN so that the central DNS answers.",
        change="the DNS forwarder change on the office servers",
        mistake="The site was typed with the retired domain acme.local",
        applies="Intranet and internal sites, every office",
    ),
    "External monitor flickering": Fix(
        title="External monitor flickers or goes black when docked",
        category="Hardware",
        symptoms="A monitor connected through the dock flickers and goes black every few minutes.",
        cause="Old dock firmware negotiates a refresh rate the cable cannot carry.",
        steps=(
            "Update the dock firmware from the Company Portal.",
            "Set the monitor to 60 Hz in the display settings.",
            "Try a certified cable; a damaged cable flickers too.",
            "If it persists, swap the dock at the service desk.",
        ),
        fix="Updated the dock firmware and set the monitor to 60 Hz; no flicker since",
        workaround="Connect the monitor straight to the laptop instead of through the dock.",
        change="the dock firmware rollout",
        caller="swapped to a certified cable and the flicker stopped",
        applies="laptop",
    ),
    "Monitor not detected after docking": Fix(
        title="No picture on monitors through the dock",
        category="Hardware",
        symptoms="The dock charges the laptop but the monitors connected to it show no picture.",
        cause="The dock's display driver or firmware is out of date, or the dock needs a power reset.",
        steps=(
            "Unplug the dock's power for 30 seconds and connect it again.",
            "Install the latest dock driver and firmware from the Company Portal.",
            "Open the display settings and press Detect.",
            "If nothing is detected, test with another dock at the service desk.",
        ),
        fix="Reinstalled the dock's display driver and updated its firmware; both monitors are detected",
        workaround="Use the monitor's own HDMI or USB-C input until the dock is replaced.",
        change="the dock driver update",
        caller="power-cycled the dock and both monitors came back",
        mistake="The monitors were set to the wrong input source",
        applies="laptop",
    ),
    "Laptop disk almost full": Fix(
        title="Laptop system disk almost full",
        category="Hardware",
        symptoms="The laptop has only a few GB free on the system disk and applications cannot save files.",
        cause="Large downloads, caches and OneDrive files kept on the device fill the disk.",
        steps=(
            "Empty the Downloads folder and the recycle bin or Trash.",
            "Set OneDrive files to Free up space (Files On-Demand).",
            "Run Storage Sense (Windows) or Storage Management (macOS) to clear caches.",
            "If less than 10 GB stays free, ask the service desk about a larger disk.",
        ),
        fix="Freed space with OneDrive Files On-Demand and by clearing old caches; over 60 GB free now",
        workaround="Save new files to OneDrive in the browser until space is freed.",
        change="the OneDrive Files On-Demand policy rollout",
        caller="moved old downloads to OneDrive and freed enough space",
        applies="laptop",
    ),
    "Disk errors reported on laptop": Fix(
        title="SMART disk warning at start-up",
        category="Hardware",
        symptoms="The laptop reports a SMART error on the system disk at every start.",
        cause="The solid-state disk is failing; SMART predicts the failure before data is lost.",
        steps=(
            "Back up your documents to OneDrive straight away.",
            "Run the vendor diagnostics (Dell SupportAssist, Lenovo Vantage or Apple Diagnostics) and note "
            "the error code.",
            "The Hardware group replaces the disk under warranty and restores your profile.",
            "A loaner laptop is available while the disk is replaced.",
        ),
        fix="Replaced the failing system disk under warranty and restored the user's profile from OneDrive",
        workaround="Work on a loaner laptop from the service desk until the disk is replaced.",
        applies="laptop",
    ),
    "Keyboard keys not responding": Fix(
        title="Laptop keyboard keys stop responding",
        category="Hardware",
        symptoms="Several keys of the built-in keyboard stop working while an external keyboard works.",
        cause="A failed keyboard connector or liquid damage; rarely a driver fault after an update.",
        steps=(
            "Test the keys in a text editor and with an external keyboard.",
            "Restart and test the keys in the firmware setup screen to rule out the driver.",
            "If they fail there too, the Hardware group replaces the keyboard.",
            "Use an external keyboard meanwhile.",
        ),
        fix="Replaced the laptop's keyboard; every key tested working",
        workaround="Use an external USB keyboard from the service desk.",
        mistake="Filter Keys was switched on in the accessibility settings",
        applies="laptop",
    ),
    "Laptop overheating and slow": Fix(
        title="Laptop runs hot with the fan at full speed",
        category="Hardware",
        symptoms="The fan runs constantly and the laptop is hot and slow even when idle.",
        cause="Dust in the vents, or a stuck background process (often a sync client or the indexer) keeping "
        "the processor busy.",
        steps=(
            "Check Task Manager (Windows) or Activity Monitor (macOS) for a process using the processor.",
            "Restart the sync client or indexer if it is stuck.",
            "Keep the vents free; do not use the laptop on soft surfaces.",
            "If it persists, the Hardware group cleans the fan and renews the thermal paste.",
        ),
        fix="Cleaned the fan and vents and renewed the thermal paste; idle temperature is back to normal",
        workaround="Use the laptop on a stand and quit the stuck process until the fan is cleaned.",
        caller="reports it is quiet again since a stuck OneDrive sync finished",
        applies="laptop",
    ),
    "Outlook keeps asking for password": Fix(
        title="Outlook asks for the password again and again",
        category="Email",
        symptoms="Outlook prompts for credentials every few minutes and then shows a connection error, while "
        "Outlook on the web works.",
        cause="A stale token in the credential store after a password change.",
        steps=(
            "Remove the Outlook entries from Credential Manager (Windows) or Keychain Access (macOS).",
            "Restart Outlook and sign in once with MFA.",
            "If it continues, create a new Outlook profile.",
            "The Email and Collaboration group checks modern authentication on the mailbox.",
        ),
        fix="Cleared the stale credentials and rebuilt the Outlook profile; no more prompts",
        workaround="Use Outlook on the web (outlook.office.com) until the profile is rebuilt.",
        change="the modern authentication change on the mail tenant",
        caller="cleared the saved credentials and signed in again; the prompts stopped",
        mistake="An old password was saved in the credential store",
        applies="Outlook for Windows and Mac",
    ),
    "Cannot send email with attachments": Fix(
        title="Mails with attachments stay in the Outbox",
        category="Email",
        symptoms="Messages with an attachment stay in the Outbox while mails without one leave normally.",
        cause="The attachment is over the 35 MB sending limit, or an add-in holds large items back.",
        steps=(
            "Check the attachment's size; the sending limit is 35 MB.",
            "Share large files as a OneDrive link instead of attaching them.",
            "Start Outlook in safe mode to rule out an add-in.",
            "Delete the stuck message from the Outbox and send it again.",
        ),
        fix="Removed the stuck item from the Outbox and turned off the faulty add-in; attachments send again",
        workaround="Send the file as a OneDrive link.",
        caller="sent the file as a OneDrive link instead",
        mistake="The attachment was larger than the 35 MB sending limit",
        applies="Outlook for Windows and Mac",
    ),
    "Shared mailbox not visible": Fix(
        title="Shared mailbox missing from Outlook",
        category="Email",
        symptoms="A shared mailbox disappeared from Outlook's folder list though access was not removed.",
        cause="Automapping did not add the mailbox back after a profile change, or the permission was "
        "re-applied without automapping.",
        steps=(
            "Check in Outlook on the web that you can open the shared mailbox (Open another mailbox).",
            "If you can, add it in Outlook under Account Settings > More Settings > Advanced.",
            "If you cannot, the Email and Collaboration group grants Full Access again.",
            "Restart Outlook and allow up to an hour for automapping.",
        ),
        fix="Granted Full Access again with automapping; the shared mailbox is back in Outlook",
        workaround="Open the shared mailbox in Outlook on the web.",
        caller="added the mailbox by hand in Outlook's account settings",
        applies="Outlook for Windows and Mac",
    ),
    "Windows update fails repeatedly": Fix(
        title="Windows cumulative update fails and rolls back",
        category="Software",
        symptoms="The monthly cumulative update fails with an error code and rolls back after the restart.",
        cause="A damaged component store, or too little free space for the update.",
        steps=(
            "Free at least 20 GB on the system disk.",
            "Run DISM /Online /Cleanup-Image /RestoreHealth, then sfc /scannow, as administrator.",
            "Install the update again from Settings > Windows Update.",
            "If it fails again, the Software group installs it offline.",
        ),
        fix="Repaired the component store with DISM and installed the update offline; the laptop is current",
        workaround="Pause updates for seven days while the Software group prepares an offline install.",
        change="the update ring change for this laptop model",
        applies="windows",
    ),
    "Blue screen after driver update": Fix(
        title="Blue screen after a driver update",
        category="Software",
        symptoms="The laptop crashes with a blue screen a few times a day since a driver update.",
        cause="A newly installed driver, often the graphics or dock driver, is faulty on this model.",
        steps=(
            "Note the stop code shown on the blue screen.",
            "Roll the driver back in Device Manager (Driver > Roll Back Driver).",
            "Pause driver updates until the vendor's fixed version is approved.",
            "If it continues, send the minidump files from C:\\Windows\\Minidump to the Software group.",
        ),
        fix="Rolled back the faulty driver and blocked it in the update policy; no crashes since",
        workaround="Roll the driver back from Device Manager and pause driver updates.",
        change="the driver block in the update policy",
        applies="windows",
    ),
    "ERP report times out": Fix(
        title="ERP report times out",
        category="Software",
        symptoms="A large ERP report, for a month or a quarter, times out while smaller date ranges work.",
        cause="The report runs online against the live database and reaches the 60-second gateway limit.",
        steps=(
            "Run the report for a smaller date range to confirm.",
            "Schedule it as a background job (Run in background) and collect it from the job list.",
            "Application Support checks the report's query plan if background runs are slow too.",
        ),
        fix="Scheduled the report as a background job and tuned its query; it finishes in under a minute",
        workaround="Run the report as a background job, or one month at a time.",
        change="the ERP report index change",
        mistake="The report was run for the whole year instead of the month",
        applies="ERP Application",
    ),
    "Expense tool shows error 500": Fix(
        title="Expense Tool: error 500 when submitting a report",
        category="Software",
        symptoms="Submitting an expense report fails with HTTP 500 while saving it as a draft works.",
        cause="A receipt in an unsupported format (HEIC, or over 10 MB) breaks the submission.",
        steps=(
            "Note the request id shown with the error.",
            "Convert receipts to PDF or JPG under 10 MB and attach them again.",
            "Submit again; Application Support looks up the request id if it still fails.",
        ),
        fix="Replaced the HEIC receipts with PDF copies; the report was submitted",
        workaround="Save the report as a draft and submit it once the receipts are PDFs.",
        change="the Expense Tool release that accepts HEIC receipts",
        caller="converted the receipts to PDF and submitted the report",
        mistake="A receipt was attached as a 25 MB photo",
        applies="Expense Tool",
    ),
    "HR portal login loop": Fix(
        title="HR Portal sends you back to the sign-in page",
        category="Software",
        symptoms="After single sign-on the HR Portal returns to the sign-in page in a loop.",
        cause="A blocked third-party cookie, or an expired single sign-on session cookie for the portal.",
        steps=(
            "Allow cookies for hr.acme.example in the browser settings.",
            "Sign out of every Acme session and clear the cookies of acme.example.",
            "Open the HR Portal in a private window to test.",
            "If it still loops, Application Support checks the portal's single sign-on assignment.",
        ),
        fix="Assigned the HR Portal sign-on app to the account again and cleared its session cookies",
        workaround="Open the HR Portal from the My Apps page.",
        change="the HR Portal sign-on certificate renewal",
        caller="allowed cookies for the portal and can sign in",
        mistake="The browser blocked third-party cookies for the portal",
        applies="HR Portal",
    ),
    "How do I request access to the BI dashboards?": Fix(
        title="How to request access to a BI dashboard",
        category="Access",
        symptoms="You need read access to a BI dashboard (sales, finance or support).",
        cause="Dashboard access is granted per dashboard and needs your line manager's approval.",
        steps=(
            "Order Application Access from the service catalog and choose BI Dashboards.",
            "Name the dashboard and choose the role (Read only or Editor).",
            "Your line manager approves the request.",
            "Access is active within a working day; sign out and in again.",
        ),
        fix="Granted read access to the dashboard after the line manager's approval",
        workaround="Ask a colleague with access to share an export meanwhile.",
        applies="BI Dashboards",
    ),
    "Password reset needed": Fix(
        title="Locked out after too many sign-in attempts",
        category="Access",
        symptoms="The account is locked after several failed sign-ins and mail cannot be reached.",
        cause="Too many wrong passwords, often an old one saved on a phone, lock the account for 30 minutes.",
        steps=(
            "Wait 30 minutes, or call the service desk to unlock the account.",
            "Reset the password at passwordreset.acme.example with your MFA device.",
            "Update the password saved in your phone's mail app.",
            "If your registered phone number changed, the service desk verifies your identity first.",
        ),
        fix="Verified the caller's identity, unlocked the account, issued a temporary password and updated "
        "the MFA phone number",
        workaround="Wait 30 minutes for the lock to expire and sign in with the current password.",
        caller="waited for the lock to expire and reset the password at passwordreset.acme.example",
        mistake="An old password saved in the phone's mail app kept locking the account",
        applies="Acme accounts (single sign-on)",
    ),
    "Antivirus flagged a download": Fix(
        title="Defender quarantined a downloaded file",
        category="Security",
        symptoms="Microsoft Defender quarantines a file downloaded from a vendor portal.",
        cause="The file matches a known malware signature, or is a macro or script dressed up as a document.",
        steps=(
            "Do not restore the file from quarantine.",
            "Report it to Security Operations with the file name and where it came from.",
            "Security Operations checks the file's hash and the vendor's portal.",
            "Get a clean copy from the vendor through another channel.",
        ),
        fix="Confirmed the detection, kept the file in quarantine and ran a full scan; the laptop is clean",
        workaround="Ask the vendor to send the document as a PDF through the file transfer portal.",
        applies="windows",
    ),
    "Suspicious email received": Fix(
        title="Reporting a phishing mail",
        category="Security",
        symptoms="A mail asks you to confirm your credentials, or to open an unexpected link or attachment.",
        cause="Phishing: the sender's domain imitates a real supplier or service.",
        steps=(
            "Do not click links or open attachments.",
            "Report it with the Report Message button in Outlook.",
            "Security Operations blocks the sender and removes the copies from other mailboxes.",
            "If you clicked the link, change your password at once and tell the service desk.",
        ),
        fix="Blocked the sender's domain and removed the message from every mailbox; no credentials were "
        "entered",
        workaround="Delete the mail after reporting it.",
        applies="Outlook and Outlook on the web",
    ),
    "Reporting database slow": Fix(
        title="Reporting database slow (BI dashboards time out)",
        category="Database",
        symptoms="Queries on the reporting database take minutes instead of seconds and BI dashboards time "
        "out.",
        cause="Out-of-date statistics or a blocking session on the reporting database.",
        steps=(
            "The Database group checks the top wait and blocking sessions on db-bidash.",
            "Stale statistics are refreshed and fragmented indexes rebuilt.",
            "Long-running ad hoc queries are moved to the read replica.",
        ),
        fix="Refreshed the statistics and rebuilt the fragmented indexes on the reporting database; queries "
        "take seconds again",
        workaround="Point heavy reports at the read replica.",
        change="the index maintenance change on the reporting database",
        applies="db-bidash (SQL Server)",
    ),
    "ERP database connection errors": Fix(
        title="ERP application: intermittent ORA- errors from the database",
        category="Database",
        symptoms="The ERP application logs intermittent ORA- errors several times an hour: connect timeouts "
        "(ORA-12170, ORA-12541), lost connections (ORA-03113), shared memory (ORA-04031) or deadlocks "
        "(ORA-00060).",
        cause="Month-end load on db-erp: the listener's connection limit, the shared pool's size, or two "
        "batch jobs updating the same rows.",
        steps=(
            "The Database group reads the alert log and the listener log at the time of the errors.",
            "Connect timeouts and lost connections: raise the listener's connection rate limit and set "
            "SQLNET.EXPIRE_TIME.",
            "ORA-04031: resize the shared pool.",
            "ORA-00060: move one of the colliding batch jobs to another slot.",
        ),
        fix="Traced the errors in the alert and listener logs and corrected the database settings behind "
        "them; no errors since",
        workaround="Retry the failed ERP transaction; it succeeds on the second attempt.",
        change="the listener and shared pool change on db-erp",
        applies="db-erp (Oracle)",
    ),
}
MAC_FIXES = {
    "Windows update fails repeatedly": Fix(
        title="macOS update fails and the Mac restarts on the old version",
        category="Software",
        symptoms="A macOS update fails with an error and the Mac restarts on the previous version.",
        cause="Too little free space for the update, or a damaged download in the update cache.",
        steps=(
            "Free at least 25 GB on the system disk.",
            "Restart, then run the update again from System Settings > General > Software Update.",
            "If it fails again, the Software group pushes the full installer through Self Service.",
        ),
        fix="Freed space and installed the update with the full installer from Self Service; the Mac is "
        "current",
        workaround="Defer the update for seven days while the full installer is prepared.",
        change="the macOS update deferral change for this model",
        applies="mac",
    ),
    "Blue screen after driver update": Fix(
        title="Mac restarts with a kernel panic after an update",
        category="Software",
        symptoms="The Mac restarts a few times a day and reports a kernel panic after the restart.",
        cause="A system extension (often a dock or security agent) is incompatible with the new macOS "
        "version.",
        steps=(
            "Open the panic report (Console > Crash Reports) and note the extension it names.",
            "Update or remove that extension through Self Service.",
            "Reset the SMC/NVRAM on Intel Macs; Apple silicon Macs need a full shutdown.",
            "If panics continue, the Hardware group runs Apple Diagnostics.",
        ),
        fix="Updated the incompatible system extension through Self Service; no kernel panics since",
        workaround="Work undocked until the extension is updated.",
        change="the system extension update for this macOS version",
        applies="mac",
    ),
    "Antivirus flagged a download": Fix(
        title="Defender for Mac quarantined a download",
        category="Security",
        symptoms="Microsoft Defender for Mac quarantines a disk image or installer downloaded from a portal.",
        cause="The file matches a known macOS malware family (often an info-stealer in a fake installer).",
        steps=(
            "Do not restore the file from quarantine and do not open it.",
            "Report it to Security Operations with the file name and where it came from.",
            "Security Operations checks the hash and runs a full scan.",
            "Install software only through Self Service.",
        ),
        fix="Confirmed the detection, kept the file in quarantine and ran a full scan; the Mac is clean",
        workaround="Install the vendor's software from Self Service instead.",
        applies="mac",
    ),
}
