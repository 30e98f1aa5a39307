"""What a change request of each kind says (`text.CHANGES`, by its short description's template): the
description, the justification, and the implementation, backout and test plans a change advisory board
reads, each naming the configuration item (`{ci}`)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ChangePlan:
    description: str
    justification: str
    implementation_plan: str
    backout_plan: str
    test_plan: str

    def filled(self, ci: str) -> dict[str, str]:
        """The change's texts for the configuration item named `ci`."""
        return {name: value.format(ci=ci) for name, value in self.__dict__.items()}


CHANGE_PLANS = {
    "Patch {ci} with the monthly security updates": ChangePlan(
        "Apply this month's security updates to {ci} in the maintenance window.",
        "The updates close vulnerabilities the vendor rates critical; an unpatched {ci} fails the monthly "
        "compliance scan.",
        "1. Take a snapshot of {ci}. 2. Drain {ci} from the load balancer or tell its users. 3. Install the "
        "updates and restart. 4. Put {ci} back into service.",
        "Uninstall the updates, or restore the snapshot taken before the window.",
        "Check that the services on {ci} started, read the event log and run the service's health check.",
    ),
    "Upgrade {ci} to the latest minor version": ChangePlan(
        "Upgrade {ci} to the vendor's latest minor release.",
        "The current minor version of {ci} leaves mainstream support this quarter; the new one fixes known "
        "defects.",
        "1. Back up the configuration of {ci}. 2. Install the new release. 3. Migrate the configuration and "
        "restart. 4. Watch the error rates for an hour.",
        "Reinstall the previous release and restore the saved configuration.",
        "Run the smoke tests of the services on {ci} and compare their error rates with the week before.",
    ),
    "Replace failed disk in {ci}": ChangePlan(
        "Replace the disk that {ci}'s RAID controller reports as failed.",
        "The array of {ci} runs degraded; a second disk failure would lose data.",
        "1. Confirm the failed slot in the RAID controller. 2. Hot-swap the disk. 3. Let the array rebuild.",
        "Put the old disk back if the new one is not recognised; the array stays degraded meanwhile.",
        "Check that the array of {ci} reports optimal after the rebuild.",
    ),
    "Increase memory of {ci}": ChangePlan(
        "Add memory to {ci}, which runs close to its limit.",
        "Memory use on {ci} has stayed above 90 % at peak for two weeks, causing swapping and slow "
        "responses.",
        "1. Shut {ci} down in the window. 2. Install the new memory (or raise the virtual machine's "
        "allocation). 3. Start it and check the memory the operating system sees.",
        "Remove the added memory (or lower the allocation) and restart.",
        "Confirm the operating system sees the new memory and peak use drops below 70 %.",
    ),
    "Firewall rule update affecting {ci}": ChangePlan(
        "Update the firewall rules for traffic to {ci}.",
        "A new integration needs a port opened to {ci}, and two obsolete rules are removed.",
        "1. Export the current rule base. 2. Add the new rule and remove the obsolete ones. 3. Commit the "
        "policy.",
        "Import the exported rule base again and commit it.",
        "Test the new connection and confirm the existing traffic to {ci} still flows.",
    ),
    "Rotate TLS certificates on {ci}": ChangePlan(
        "Replace the TLS certificates of {ci} before they expire.",
        "The certificates of {ci} expire within 30 days; an expired one breaks every client connection.",
        "1. Install the new certificate and its chain on {ci}. 2. Switch the bindings to the new "
        "certificate. 3. Restart the web service.",
        "Switch the bindings back to the old certificate, which is valid until it expires.",
        "Open the service in a browser and check the certificate's expiry date and chain.",
    ),
    "Database index maintenance on {ci}": ChangePlan(
        "Rebuild the fragmented indexes and refresh the statistics on {ci}.",
        "Index fragmentation above 40 % on {ci} slows the reports and batch jobs.",
        "1. Pause the batch jobs that use {ci}. 2. Rebuild the fragmented indexes online. 3. Update the "
        "statistics. 4. Resume the batch jobs.",
        "Stop the maintenance job; the indexes rebuilt so far stay usable.",
        "Compare the run time of the nightly reports with the week before.",
    ),
    "Migrate {ci} to new storage": ChangePlan(
        "Move the data of {ci} from the old storage array to the new one.",
        "The old storage array leaves vendor support at the end of the year.",
        "1. Replicate the volumes of {ci} to the new array. 2. In the window, stop writes and run a final "
        "sync. 3. Point {ci} at the new volumes.",
        "Point {ci} back at the old volumes, which stay untouched until the change is closed.",
        "Check that the application on {ci} reads and writes, and that the new volumes show the expected "
        "size.",
    ),
}
