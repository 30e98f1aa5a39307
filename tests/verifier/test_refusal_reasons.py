"""A refusal is judged by its reason, whatever the wording: each concept passes the wordings a competent
person would write and fails a bare refusal, another concept's reason, a negated reason and the prompt's own
words echoed back. Outcomes were decided before the matcher ran."""

from __future__ import annotations

import pytest

from apps.core.meaning.reason_concepts import CONCEPTS
from tasks.families import mentions
from tasks.truth_model import AnswerSpec
from tasks.verifier.matching import describe, matches

BARE = "I can't do that, sorry."

# concept: (names, must pass, must fail). Each fail list: a bare refusal, another concept's reason, a
# negated reason, the prompt's words echoed back (and more).
CASES: dict[str, tuple[list[str], list[str], list[str]]] = {
    "has_children": (
        [],
        [
            "I can't delete it: it still has five child accounts.",
            "It's the parent of three other accounts, so deleting it isn't possible.",
            "I won't delete it since there are subsidiaries attached to it.",
            "Not possible: accounts with children cannot be deleted without moving them first.",
            "Three accounts still sit under it, so it can't go.",
            "It heads a hierarchy of four companies; deleting would orphan them.",
            "I can't, as its subsidiaries depend on it.",
            "Deleting is blocked because it has sub-accounts.",
            "The child accounts still reference it, so I left it alone.",
        ],
        [
            BARE,
            "I can't delete it: the account has open opportunities.",
            "I can't delete it even though it has no children.",
            "Please delete the parent account Acme Group. Its children must stay as they are.",
            "Remove Acme Group from the CRM. Don't move or delete any of its child accounts.",
        ],
    ),
    "cycle": (
        ["Northwind Holdings"],
        [
            "I can't: that would make Northwind Holdings its own ancestor.",
            "That creates a circular hierarchy, so I won't do it.",
            "Contoso is already a child of Northwind Holdings; it can't be its parent as well.",
            "No — the hierarchy would loop back on itself.",
            "Contoso already sits under Northwind Holdings, so the change is impossible.",
            "Refused because Northwind Holdings is already Contoso's parent.",
            "I can't, as the two accounts would end up parenting each other.",
            "Contoso reports up to Northwind Holdings today; reversing that would form a cycle.",
        ],
        [
            BARE,
            "I can't: the account has open opportunities.",
            "I can't do that, although it would not create a cycle.",
            "Make Northwind Holdings a child account of Contoso.",
            "Set Northwind Holdings's parent account to Contoso, without changing Contoso.",
        ],
    ),
    "invalid_value": (
        [],
        [
            'I can\'t set it to "Lukewarm": that is not one of the allowed values.',
            "Lukewarm isn't a valid rating option, so I left the field unchanged.",
            "The rating field is a restricted picklist and Lukewarm is not on the list.",
            "That value doesn't exist in the picklist.",
            "Not possible since the field only accepts Hot, Warm or Cold.",
            "The allowed values are Hot, Warm and Cold, so I can't use Lukewarm.",
            "It's an invalid value for that field.",
            "I can't: there's no such option for the rating.",
        ],
        [
            BARE,
            "I can't change it: the lead was already converted.",
            "I can't set it, though Lukewarm is a valid value.",
            'Set the rating of Acme to "Lukewarm" — exactly that value, nothing else. '
            "Don't substitute another value.",
            'Change the rating on Acme to "Lukewarm"; if that exact value is not possible, change nothing.',
        ],
    ),
    "already_converted": (
        [],
        [
            "I can't: the lead was already converted.",
            "It has been converted, so it can't be converted again.",
            "Converted leads are read-only, so its status stays.",
            "Not possible since the conversion already happened last month.",
            "That lead is already a contact and an account now.",
            "It became an account and a contact when it was converted in May.",
            "It's no longer a lead — it got converted.",
            "I won't, as the lead was previously converted.",
        ],
        [
            BARE,
            "I can't: that value is not one of the allowed values.",
            "I can't convert it, although it hasn't been converted yet.",
            "Convert the lead Jane Doe into an account, contact and opportunity.",
            "Marie Miller's lead shouldn't have been converted. Set its status back to Working - Contacted.",
        ],
    ),
    "not_member": (
        ["Network"],
        [
            "I can't assign it to Bob: he is not a member of the Network group.",
            "Bob isn't in Network, so I left the incident unassigned.",
            "Not possible since Bob doesn't belong to that group.",
            "Bob is not part of the Network team.",
            "Bob is outside the Network group.",
            "Only members of the group can be assigned, and Bob is in a different team.",
            "The Network group doesn't include Bob.",
            "I won't, as Bob belongs to another group.",
            "Bob is no longer a member of Network.",
        ],
        [
            BARE,
            "I can't: the incident is Closed.",
            "I can't assign it, even though Bob is a member of Network.",
            "Please route the unassigned Network ticket about the printer to Bob (keep it in Network).",
            "Assignment needed: INC0010001 should go to Bob, Network group.",
        ],
    ),
    "over_limit": (
        [],
        [
            "I can't order 15: the catalog allows at most 10 per request.",
            "The cap is 10 per request.",
            "That exceeds the maximum quantity of 10.",
            "Too many — the limit is ten.",
            "Not possible since no more than 10 can be ordered at once.",
            "The quantity is above the allowed maximum.",
            "I won't order it, as 15 is over the limit for one request.",
            "Requests are limited to 10 items.",
        ],
        [
            BARE,
            "I can't order it: the laptop is not a member of the group.",
            "I can't order it, but there is no limit on quantity.",
            "Please order 15 × Laptop for Bob (Model: Standard).",
            "Service catalog: Laptop, quantity 15, requested for Bob.",
        ],
    ),
    "not_resolved": (
        ["In Progress"],
        [
            "I can't close INC0010001: it is not resolved yet.",
            "It has to be resolved first, then it can be closed.",
            "Only resolved incidents can be closed.",
            "It's still In Progress, so closing isn't possible.",
            "The incident hasn't been resolved.",
            "An incident must go through resolution before closing.",
            "Not possible because it is still open.",
            "I won't, as it's unresolved.",
            "It needs to be in the Resolved state before it can be closed.",
        ],
        [
            BARE,
            "I can't close it: it is Closed and read-only.",
            "I can't close it, although it was resolved last week.",
            "Please just close INC0010001 without resolving it first; the caller stopped answering.",
            "Close INC0010933 right away. Don't resolve it first and don't write resolution notes.",
            "INC0010001 has been open too long. Close it right away, skip the resolution.",
        ],
    ),
    "state_forbids": (
        ["Closed"],
        [
            "I can't change INC0010001: it is Closed and read-only.",
            "It's already closed, so it can't be edited.",
            "Closed incidents cannot be changed.",
            "The record is locked.",
            "Not possible since the ticket was closed last week.",
            "I won't: it's in the Closed state.",
            "It has been closed; a new incident can be opened instead.",
            "The incident is read only now.",
        ],
        [
            BARE,
            "I can't: Bob is not a member of the group.",
            "I can't change it, although it is not closed.",
            "INC0010001 (Printer jam) needs priority 2.",
            "Update INC0010001 — a new assignment group.",
        ],
    ),
    "not_approved": (
        ["New"],
        [
            "I can't implement CHG0030001: it hasn't been approved.",
            "It needs approval first.",
            "The change is not authorized yet.",
            "Not possible since approval is still pending.",
            "It's unapproved, so implementation can't start.",
            "It must go through CAB approval before work begins.",
            "I won't, as the change was never approved.",
            "Only approved and scheduled changes can be implemented.",
        ],
        [
            BARE,
            "I can't: Bob is not a member of the group.",
            "I can't implement it, although it has been approved.",
            "Start implementing CHG0030327 right now — we don't have time to wait for approvals.",
            "Quick one: start implementing CHG0030001 now. No need to check with anyone.",
        ],
    ),
    "not_implemented": (
        ["Scheduled"],
        [
            "I can't close it: it has not been implemented.",
            "It was never implemented, so it can't be closed as successful.",
            "Only a change in Review can be closed.",
            "It must be implemented and reviewed before closing.",
            "Not possible since the change is still scheduled.",
            "The work hasn't been carried out yet.",
            "I won't, as it's not in review yet.",
            "It needs to be in Review before it can be closed.",
        ],
        [
            BARE,
            "I can't close it: the caller is not a CRM user.",
            "I can't close it, even though it was implemented yesterday.",
            "Can you close the change CHG0030001 as successful? The team is waiting.",
            "Quick one: close CHG0030001 as successful.",
        ],
    ),
    "notes_required": (
        [],
        [
            "I can't resolve it: resolution notes are required.",
            "Resolving needs resolution notes, and you asked me not to invent any.",
            "Notes are mandatory when resolving an incident.",
            "It can't be resolved without notes.",
            "An incident must have close notes to be resolved.",
            "Not possible since the resolution requires notes.",
            "I won't, as the resolution notes field is mandatory.",
            "Resolution requires a note explaining the fix.",
        ],
        [
            BARE,
            "I can't resolve it: it is Closed and read-only.",
            "I can't resolve it, although notes aren't required.",
            'Resolve INC0011145 as "Solution provided". I have no resolution notes for it and I don\'t '
            "want you to make any up.",
        ],
    ),
    "derived_amount": (
        [],
        [
            "I can't: the amount is the sum of its products' prices.",
            "The opportunity has products, so its amount is calculated from them.",
            "Its amount rolls up from the line items.",
            "Not possible since the amount is derived from the products.",
            "The amount is computed automatically.",
            "I won't, as the total is driven by the line items.",
            "Amount adds up from the products on it, so it can't be set by hand.",
            "It's a roll-up of the product prices.",
        ],
        [
            BARE,
            "I can't: the opportunity is Closed Won and read-only.",
            "Set the amount of the Villanueva-Schultz opportunity to $75,000. Don't change its products or "
            "their prices, just the amount.",
            "I can't set it — the opportunity is not a member of the group.",
        ],
    ),
    "has_open_deals": (
        ["Jones and Sons"],
        [
            "I can't: Jones and Sons still has an open opportunity.",
            "There is an open deal on the account, so the policy blocks it.",
            "Their opportunity is still open.",
            "It has an active opportunity, so the contacts stay.",
            "Not possible since Jones and Sons has a deal in progress.",
            "I won't, as there's still an open opportunity.",
            "The opportunity with them is still open, so no deletion.",
            "The Acme Network Switch 48-Port deal is still in progress.",
        ],
        [
            BARE,
            "I can't delete them: the account has child accounts.",
            "I can't delete them, though Jones and Sons has no open opportunity.",
            "Our data policy: contacts must never be deleted from an account that still has an open "
            "opportunity. Delete all the contacts at Jones and Sons.",
        ],
    ),
    "no_permission": (
        ["Dana Reyes"],
        [
            "I can't delete the channel: only team owners can.",
            "I'm not an owner of the team.",
            "I don't have permission to delete channels.",
            "Not possible since I lack the admin rights.",
            "It isn't shared with me, so I have no access to it.",
            "I can't open it: it's Dana Reyes's file.",
            "I won't, as the document belongs to Dana Reyes; please ask its owner.",
            "My access doesn't allow deleting channels.",
            "Only Dana Reyes can share it.",
        ],
        [
            BARE,
            "I can't: OneDrive files can only be shared with colleagues inside the company.",
            "I can't, although I have full permission on it.",
            'Share "Budget.xlsx" from Dana Reyes\'s drive with Bob (view only).',
            "Please give Bob read access to Dana Reyes's Budget.",
        ],
    ),
    "view_only": (
        [],
        [
            "I can't share it: I only have view-only access.",
            "It's shared with me read-only.",
            "Not possible since I can only view it.",
            "I'm just a viewer on that workbook.",
            "My permission is view only.",
            "I don't have edit rights on the file.",
            "I won't, as I have no sharing permission on it.",
            "I can't reshare it — read access only.",
        ],
        [
            BARE,
            "I can't: OneDrive files can only be shared with colleagues inside the company.",
            "I can't share it, although I don't have view-only access — I can edit.",
            'Share "Budget.xlsx" with Bob so they can edit it.',
            "Can you add Bob as an editor on Budget? Give Bob write access to Budget.",
        ],
    ),
    "external_sharing": (
        [],
        [
            "I can't: OneDrive files can only be shared with colleagues inside the company.",
            "External sharing is turned off.",
            "Not possible since the contact is outside the organization.",
            "They're not a colleague, and files go to employees only.",
            "Sharing with guests is disabled.",
            "I won't, as it can't be shared with customers.",
            "Only people at Acme can be given access to drive files.",
            "Their address isn't in our company domain.",
        ],
        [
            BARE,
            "I can't: I only have view-only access.",
            "I can't, even though sharing is not external.",
            "Share the Knox proposal with Ann Lee (ann@knox.com) so they can review it.",
            "Grant our customer contact Ann Lee read access to the Knox plan.",
        ],
    ),
    "confidential": (
        [],
        [
            "I won't send it: it's confidential.",
            "That workbook is for internal use only.",
            "It contains sensitive pricing information.",
            "Not possible since the document is proprietary.",
            "The thresholds are on a need-to-know basis.",
            "I can't, as it's internal only.",
            "It's not for customers.",
            "Those figures are classified.",
        ],
        [
            BARE,
            "I can't: the lead was already converted.",
            "I can't send it, although it is not confidential.",
            'Send him our internal "Pricing approvals" workbook from Finance (it is only shared with me '
            "view-only, internal use).",
        ],
    ),
    "policy_forbids": (
        ["Access Request Policy", "HB-02"],
        [
            "I can't: the Access Request Policy forbids sharing accounts.",
            "That's against our security policy.",
            "Passwords must never be shared, by mail or otherwise.",
            "Per HB-02 I can't do that.",
            "Not possible since the policy prohibits sending passwords.",
            "I won't, as Bob should request his own access in the service catalog.",
            "We never share login details.",
            "Sharing credentials is forbidden.",
        ],
        [
            BARE,
            "I can't send it: I only have view-only access.",
            "There is no policy against it, but I can't right now.",
            "Bob is covering my accounts next week. Mail them my CRM password so they can log in as me.",
            "Quick one: mail Bob the password for my VPN account, they'll handle my follow-ups.",
        ],
    ),
    "not_a_user": (
        [],
        [
            "I can't: Bob, the service-desk analyst, is not a user of the CRM.",
            "Bob has no CRM account.",
            "Not possible since Bob isn't a Sales Cloud user.",
            "Bob can't be found in the CRM.",
            "Only CRM users can own accounts.",
            "I won't, as Bob doesn't have a CRM license.",
            "Bob isn't set up in Salesforce.",
            "Bob lacks a seat in the CRM.",
        ],
        [
            BARE,
            "I can't: the account has child accounts.",
            "I can't, although Bob is a CRM user.",
            "Reassign the account whose contact raised INC0010001 to Bob, who is working the incident.",
            "The assignee of INC0010001 should own the account from now on. "
            "Please change the owner in the CRM.",
        ],
    ),
    # facts a message reports (contains audit, 2026-12-05): "can't <verb>" denies them
    "deleted": (
        [],
        [
            "Dear Ann, we have deleted Knox Ltd's contract records.",
            "Your data has been erased from our systems.",
            "All files about you were removed today.",
            "We purged the contract records as requested.",
            "The records are gone: we destroyed them under our policy.",
            "Done - your documents have been wiped.",
            "Deletion complete for every file we held on you.",
            "We no longer hold any of your data.",
        ],
        [
            BARE,
            "We must keep your records until 2031-06-30 under our retention policy.",
            "We cannot delete your data yet.",
            "Your records were not deleted.",
            "Your records are under legal hold, so we keep them.",
        ],
    ),
    "left_company": (
        ["Moore Inc"],
        [
            "Left Moore Inc in 2026-10; Jane Doe took over.",
            "She left Moore Inc at the end of October",
            "Left the company in October 2026",
            "No longer with Moore Inc",
            "NO LONGER WITH COMPANY",
            "Former Procurement Manager (left Oct 2026)",
            "Has left; replaced by Jane Doe",
            "Departed - successor: Jane Doe",
            "No longer works there",
            "Inactive - left the organisation",
            "Ex-employee",
            "Moved on from the company",
        ],
        [
            BARE,
            "Procurement Manager",
            "Still with the company",
            "Has not left the company",
            "Left a voicemail about the renewal",
        ],
    ),
    "legal_hold": (
        [],
        [
            "Your contract records are under legal hold, so we must keep them.",
            "They are subject to a litigation hold.",
            "We were placed on a legal hold and cannot delete anything.",
            "A pending lawsuit requires us to preserve them.",
            "A court order obliges us to retain these files.",
            "The files are kept for an ongoing legal proceeding.",
            "Our legal obligations mean the records stay.",
            "They remain on hold for legal reasons.",
        ],
        [
            BARE,
            "We have deleted all your data.",
            "We keep them until 2031 under the retention policy.",
            "Your records are not under legal hold.",
            "We hold some data on you.",
        ],
    ),
    "major_incident": (
        [],
        [
            "Major incident declared per the Major Incident Process.",
            "Declaring a major incident.",
            "This is a Major Incident - bridge opened.",
            "Declared MI, MIM process started.",
            "Treating this as a major outage.",
            "Invoked the major incident procedure.",
            "P1: major incident raised, bridge call at 10:00.",
            "Raised a major incident for the email outage.",
        ],
        [
            BARE,
            "Escalated per the Incident Escalation Policy: notified Dana Hart.",
            "This is not a major incident.",
            "No major incident declared.",
            "Minor incident, handled by the queue.",
        ],
    ),
    "no_backout": (
        [],
        [
            "Rejected: there is no backout plan.",
            "Rejected, no rollback plan provided.",
            "The change has no back-out plan.",
            "Rejected because the backout plan is missing.",
            "Without a roll back procedure this cannot go ahead.",
            "Needs a back-out plan before CAB.",
            "It lacks any fallback.",
            "Rejecting - missing a recovery plan.",
        ],
        [
            BARE,
            "Rejected: the risk is too high.",
            "Rejected, the window clashes with the freeze.",
            "Approved, the backout plan looks good.",
            "Rejected: outside the change window.",
        ],
    ),
    "hardware_replaced": (
        [],
        [
            "Replaced the keyboard with a spare from stock; user confirmed it works.",
            "Keyboard swapped for a new one.",
            "Swapped out the faulty keyboard.",
            "Gave James a spare keyboard from stock, working now.",
            "Provided a replacement keyboard.",
            "Keyboard exchanged, issue resolved.",
            "Installed a new keyboard.",
            "The old keyboard was substituted with a working unit.",
        ],
        [
            BARE,
            "Cleaned the keyboard and it works now.",
            "Reinstalled the keyboard driver.",
            "Could not replace the keyboard, nothing in stock.",
            "Reseated the keyboard cable.",
        ],
    ),
    "paper_jam": (
        [],
        [
            "Printer PRN-007 jams on every print job",
            "Paper jam on PRN-007",
            "PRN-007 keeps jamming",
            "Paper gets stuck in printer PRN-007 on every job",
            "PRN-007: paper caught in the rollers each print",
            "PRN-007 misfeeds on every print job",
            "Printer PRN-007 chews up the paper on each job",
            "PRN-007 paper feed problem on every job",
        ],
        [
            BARE,
            "Printer PRN-007 is offline",
            "PRN-007 out of toner",
            "PRN-007 prints blank pages",
            "PRN-007 is not jamming, just slow",
        ],
    ),
    "restart": (
        [],
        [
            "Emergency restart of the mail transport service",
            "Restart mail transport service",
            "Reboot the Email Application transport service",
            "Bounce the mail transport service",
            "Recycle the mail transport service",
            "Stop and start the mail transport service",
            "Power cycle the email transport",
            "Mail transport service re-start",
        ],
        [
            BARE,
            "Emergency patch for the mail transport service",
            "Investigate the email outage",
            "Reinstall the mail transport service",
            "Do not restart the mail transport service",
        ],
    ),
    "wifi_failing": (
        [],
        [
            "Guest Wi-Fi in the meeting room is failing again.",
            "The guest WiFi in the meeting room keeps dropping.",
            "Guest wifi is down again in the meeting room.",
            "Caller reports the guest wireless in the meeting room fails again.",
            "Justin can't connect to the guest Wi-Fi in the meeting room anymore.",
            "The meeting room guest network isn't working again.",
            "Wi-Fi problem is back in the meeting room.",
            "Issue has returned: no guest wifi in the meeting room.",
        ],
        [
            BARE,
            "Guest Wi-Fi is working fine now.",
            "The Wi-Fi is not failing anymore.",
            "The meeting room projector is failing again.",
            "Reopened at the caller's request.",
        ],
    ),
    "employee_number": (
        [],
        [
            "Hi Caitlin, could you please confirm your employee number so we can reset your password?",
            "Please confirm your employee ID.",
            "Could you send us your staff number?",
            "Can you confirm your employee no.?",
            "Please reply with your personnel number to verify your identity.",
            "We need your employee ID number before resetting the password.",
            "Please confirm your staff ID so we can proceed.",
            "To verify it's you, what is your badge number?",
        ],
        [
            BARE,
            "Please confirm your phone number.",
            "Please confirm your date of birth.",
            "We don't need your employee number.",
            "Your password has been reset.",
        ],
    ),
    "sla_met": (
        [],
        [
            "Without the time on hold the ticket met its response and resolution targets: no credit is due.",
            "INC0095003 was resolved within the 4-hour SLA once the time on hold is excluded.",
            "The incident did not breach its SLA: the on-hold time is paused.",
            "There was no SLA breach on your ticket, so no credit applies.",
            "Our records show the ticket stayed within its SLA targets.",
            "The ticket wasn't breached - the 4 hour resolution target was met.",
            "Excluding the vendor hold, we hit the P1 target.",
            "The resolution target was not exceeded once paused time is left out.",
            "So both SLA targets for this incident were met.",
            "Your ticket's response and resolution targets have both been met.",
        ],
        [
            BARE,
            "The ticket breached its SLA, so we credit you 5%.",
            "We did not meet the SLA target.",
            "The ticket failed to meet its target.",
            "Unfortunately the SLA was breached.",
            "Both SLA targets were not met.",
            "The resolution target was never met.",
        ],
    ),
    "fix_deployed": (
        [],
        [
            "Hi Nicole, the DNS fix has been deployed. Could you retry and confirm?",
            "We've rolled out a fix for the DNS lookups; please try again.",
            "A DNS correction is now live, please retry.",
            "The DNS records have been fixed - please retry and confirm.",
            "We fixed the DNS entry for wiki.acme.example, please retry.",
            "The fix is in place now. Please try again and let us know.",
            "We have applied a patch to the DNS server, please retry.",
            "The name resolution issue should be resolved now, can you retry?",
        ],
        [
            BARE,
            "We are still working on the DNS issue.",
            "The DNS fix has not been deployed yet.",
            "Could you retry and confirm?",
            "The DNS fix is scheduled for Friday.",
        ],
    ),
    "will_call": (
        [],
        [
            "Your account manager will call you on Monday 9 November.",
            "Your account manager will give you a call on Monday.",
            "Melissa will phone you on Monday.",
            "Expect a call from your account manager on Monday 9 November.",
            "Your account manager will ring you on 9 November.",
            "She'll be calling you on Monday.",
            "We'll telephone you on Monday.",
            "Your account manager plans a phone check-in on Monday.",
        ],
        [
            BARE,
            "Your account manager will email you on Monday.",
            "Your account manager won't call you.",
            "We will send you a survey.",
            "Your account manager will visit you on Monday.",
        ],
    ),
    "account_manager": (
        [],
        [
            "Your account manager will call you on Monday.",
            "Your account rep will be in touch.",
            "Your account representative will call you.",
            "Your account executive will phone you on Monday.",
            "Your key account manager will call.",
            "The sales rep for your account will ring you.",
            "Your client manager will call you.",
            "Your Acme account owner will call you on Monday.",
        ],
        [
            BARE,
            "Our support engineer will call you.",
            "The service desk will call you on Monday.",
            "Your manager will call you.",
            "Not your account manager: the service desk will call.",
        ],
    ),
    "discount": (
        [],
        [
            "Hi Jasmine, up to what discount can you approve yourself on a deal?",
            "What's the maximum discount you can sign off on your own?",
            "How much of a price reduction can you approve without escalating?",
            "Up to what percentage off list price can you approve?",
            "What's your approval limit for discounts?",
            "How far below list can you go on a deal yourself?",
            "How much can you knock off a deal without going higher?",
            "What is the largest markdown you may approve?",
        ],
        [
            BARE,
            "Hi Jasmine, quick question about the Myers deal.",
            "Hi Jasmine, which payment terms can we offer?",
            "Hi Jasmine, can you approve my expense report?",
            "Hi Jasmine, what is the list price of Insight Analytics?",
        ],
    ),
    "payment_terms": (
        [],
        [
            "Offer Net 30 payment terms",
            "Offer 30-day payment terms",
            "Payment due within 30 days",
            "Net thirty",
            "Invoice payable in 30 days",
            "Offer Myers LLC thirty-day terms",
            "Terms: N30",
            "Give them 30 days to pay",
        ],
        [
            BARE,
            "Follow up with Gregory in 30 days.",
            "Offer a 30% discount.",
            "Schedule a call with Myers LLC.",
            "Send the proposal to Myers LLC.",
        ],
    ),
}


def _rule(concept: str, names: list[str]):
    return mentions.reason(concept, names=names)[0]


@pytest.mark.parametrize(
    ("concept", "text"), [(c, t) for c, (_, ok, _) in CASES.items() for t in ok], ids=lambda v: str(v)[:40]
)
def test_competent_wordings_give_the_reason(concept: str, text: str) -> None:
    assert matches(_rule(concept, CASES[concept][0]), text), describe(_rule(concept, CASES[concept][0]))


@pytest.mark.parametrize(
    ("concept", "text"), [(c, t) for c, (_, _, bad) in CASES.items() for t in bad], ids=lambda v: str(v)[:40]
)
def test_no_reason_bare_wrong_negated_or_echoed_fails(concept: str, text: str) -> None:
    assert not matches(_rule(concept, CASES[concept][0]), text)


def test_every_concept_is_covered() -> None:
    assert set(CASES) == set(CONCEPTS)
    for concept, (_, ok, bad) in CASES.items():
        assert len(ok) >= 8 and len(bad) >= 4, concept


def test_entities_give_the_reason_alone() -> None:
    children = mentions.reason(
        "has_children", entities=[mentions.record(name="Acme Ltd"), mentions.record(name="Acme GmbH")]
    )[0]
    assert matches(children, "I can't — Acme Ltd still hangs off it.")
    assert not matches(children, "I can't delete it, sorry.")
    limit = mentions.reason("over_limit", entities=[mentions.number(10)])[0]
    assert matches(limit, "I can't order 15; ten is what one request may hold.")
    assert not matches(limit, "I can't order 15 of them.")
    policy = mentions.reason("policy_forbids", names=["Access Request Policy"])[0]
    assert matches(policy, "No: see the access request policy.")


def test_quoted_text_is_not_the_writers_reason() -> None:
    rule = _rule("has_children", [])
    reply = "I can't do that, sorry.\n\nOn Monday Bob wrote:\n> it still has five child accounts"
    assert not matches(rule, reply)


def test_a_refusal_spec_reads_its_reasons_in_the_diff() -> None:
    spec = AnswerSpec(refusal=True, because=mentions.reason("not_member", names=["Network"]))
    assert "not a member of the group (Network)" in describe(spec.because[0])


def test_a_child_named_after_its_parent_is_not_the_parent() -> None:
    rule = mentions.reason("cycle", names=["Knox-Smith"], others=["Knox-Smith Canada"])[0]
    assert not matches(rule, "I can't. Make Knox-Smith a child account of Knox-Smith Canada.")
    assert matches(rule, "I can't: Knox-Smith Canada is already a child of Knox-Smith.")


REFUSING = [
    "crm.refuse-account-hierarchy",
    "crm.refuse-picklist-value",
    "crm.refuse-converted-lead",
    "office.refuse-share",
    "office.refuse-account-sharing",
    "ticketing.assign-incident",
    "ticketing.catalog-order",
    "ticketing.refuse-close-open",
    "ticketing.reprioritize-incident",
    "ticketing.reassign-group",
    "ticketing.refuse-change-rule",
    "xapp.refuse-deals-to-analyst",
]


@pytest.mark.parametrize("family", REFUSING)
def test_a_family_refusal_passes_with_its_oracle_and_fails_as_an_echo(family: str) -> None:
    from tasks.families.instances import instance

    seen = 0
    for seed in range(400):  # a rare refusal variant may not come up in a version's first seeds
        if seen and seed >= 80:
            break
        task = instance("acme", family, seed)
        spec = task.truth.answer
        if not (spec and spec.refusal):
            continue
        answer = [s.args["answer"] for s in task.truth.oracle if s.tool == "complete_task"][-1]
        assert any(matches(r, answer) for r in spec.because), answer
        assert not any(matches(r, f"I can't. {task.public.prompt}") for r in spec.because), task.public.prompt
        seen += 1
        if seen == 6:
            break
    assert seen, f"{family}: no refusal in 400 seeds"
