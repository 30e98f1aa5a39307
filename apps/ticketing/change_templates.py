"""The standard change templates of the Standard Change Catalog: pre-approved, low-risk changes, each
filling a new standard change's texts, grouped by the catalog's categories (change categories)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Template:
    """A standard change template: the texts it fills into a new standard change."""

    short_description: str
    category: str
    description: str
    implementation_plan: str
    backout_plan: str
    test_plan: str


# category -> (what its templates change, the catalog icon drawn beside it)
CATEGORIES = {
    "Hardware": ("Swap and add parts of servers, storage and network devices.", "hardware"),
    "Software": ("Install updates and patches on servers and desktops.", "software"),
    "Network": ("Routine firewall, switch and load balancer changes.", "cloud"),
    "Service": ("Restart, scale and certify application services.", "other"),
    "Database": ("Routine database space and maintenance tasks.", "other"),
}

TEMPLATES = (
    Template(
        "Apply the monthly security updates to a server",
        "Software",
        "Install this month's operating system security updates on one server in its maintenance window.",
        "1. Take a snapshot. 2. Drain the server from its load balancer. 3. Install the updates and restart. "
        "4. Put the server back into service.",
        "Uninstall the updates or restore the snapshot.",
        "Check that the services started and run the service's health check.",
    ),
    Template(
        "Update the antivirus engine on desktops",
        "Software",
        "Roll the endpoint protection's new engine version out to one office's desktops.",
        "1. Approve the engine in the console. 2. Assign it to the office's group. 3. Watch the rollout.",
        "Assign the previous engine version to the group again.",
        "Check that the desktops report the new version and a clean scan.",
    ),
    Template(
        "Restart an application service",
        "Service",
        "Restart one application service out of hours to clear a known memory leak.",
        "1. Tell the service's users. 2. Stop the service. 3. Start it again. 4. Watch its error rate.",
        "Start the service from the last known good configuration.",
        "Sign in to the application and open a record.",
    ),
    Template(
        "Renew a TLS certificate on a web server",
        "Service",
        "Replace a web server's expiring TLS certificate by its renewed one from the internal authority.",
        "1. Install the renewed certificate. 2. Point the site's binding to it. 3. Reload the web server.",
        "Point the binding back to the old certificate and reload.",
        "Open the site and check the certificate's new expiry date.",
    ),
    Template(
        "Add a port to a firewall rule",
        "Network",
        "Open one port between two known networks through an existing firewall rule.",
        "1. Export the rule base. 2. Add the port to the rule. 3. Commit the policy.",
        "Import the exported rule base and commit it.",
        "Test the new connection and confirm the existing traffic still flows.",
    ),
    Template(
        "Move a switch port to another VLAN",
        "Network",
        "Put one access port of a switch into another existing VLAN.",
        "1. Save the running configuration. 2. Change the port's VLAN. 3. Save the configuration.",
        "Put the port back into its previous VLAN.",
        "Check that the device on the port gets an address in the new VLAN.",
    ),
    Template(
        "Replace a failed disk in a storage array",
        "Hardware",
        "Swap a failed disk of a redundant storage array for a spare of the same model.",
        "1. Confirm the array is redundant without the disk. 2. Swap the disk. 3. Let the array rebuild.",
        "Put the failed disk's slot out of service and order a new spare.",
        "Check that the rebuild finished and the array reports healthy.",
    ),
    Template(
        "Add memory to a virtual server",
        "Hardware",
        "Raise a virtual server's memory within its host's free capacity.",
        "1. Shut the server down. 2. Raise its memory. 3. Start it again.",
        "Set the memory back to its previous size.",
        "Check that the operating system reports the new memory.",
    ),
    Template(
        "Add a data file to a database tablespace",
        "Database",
        "Grow a tablespace that is close to full by one data file on the same volume.",
        "1. Check the volume's free space. 2. Add the data file. 3. Check the tablespace's usage.",
        "Take the new data file offline and drop it.",
        "Run the application's daily report and check for space errors.",
    ),
)


def matching(search: str = "", category: str = "") -> list[Template]:
    """The templates in `category` (all when empty) whose name or description has `search` (case-blind).

    Args:
        search: the words typed in the catalog's search box.
        category: a catalog category's name, or "" for every category.
    """
    text = search.strip().lower()
    return [
        t
        for t in TEMPLATES
        if (not category or t.category == category)
        and (not text or text in t.short_description.lower() or text in t.description.lower())
    ]
