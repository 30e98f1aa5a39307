"""Records by the company's Data Retention Policy (`office_policy` "data-retention"), where the policy
changes what Amber deletes. Her "Contract records" folder holds former customers' contracts and invoices,
each saying when the contract ended: the policy keeps customer contracts and invoices seven years after the
contract ends and never deletes a record under legal hold. A clean-up deletes exactly the files past their
period and not on hold; a customer's request to delete their data deletes what the policy allows and
tells them what is kept, and why. Deleting everything (as asked), or nothing, fails.
"""

from __future__ import annotations

import json
from datetime import date
from typing import Any

from apps.office.families.common import AMBER, names_list, sent_mail
from apps.office.families.handbook import MAIL_SIDE_EFFECTS
from apps.office.world.records import FOLDER, ended_on, years_later
from tasks.families import mentions
from tasks.families.base import Draw, Family, Redraw, Spec, step
from tasks.truth_model import Expectation, UiStep

POLICY = "data-retention"
CONTRACTS = "Customer contracts and invoices"
RECORDS = """
SELECT d.id, d.name, d.description FROM office_drive_item d
JOIN office_drive_item f ON f.id = d.parent_id AND f.name = ? AND f.kind = 'folder'
JOIN office_user u ON u.id = f.owner_id AND u.mail = ?
WHERE d.kind = 'file' ORDER BY d.name, d.id
"""


def _policy(d: Draw) -> tuple[dict[str, Any], str]:
    row = d.world.rows("SELECT params, title FROM office_policy WHERE id = ?", POLICY)[0]
    return json.loads(row["params"]), row["title"]


def keep_until(params: dict[str, Any], ended: date) -> date:
    """The last day the policy keeps a customer's contract and invoices."""
    years = next(p["keep_years"] for p in params["periods"] if p["record"] == CONTRACTS)
    return years_later(ended, years)


def customers(d: Draw, params: dict[str, Any]) -> list[dict[str, Any]]:
    """The former customers in Amber's contract records (CRM account id, the held-out kind `account`),
    each with its files and what the policy makes of them: "delete", "keep" (within the period) or
    "hold" (under legal hold)."""
    now = d.world.now.date()
    accounts = {
        r["company_name"]: r["crm_account_id"]
        for r in d.world.rows(
            "SELECT DISTINCT company_name, crm_account_id FROM office_contact "
            "WHERE crm_account_id IS NOT NULL ORDER BY company_name"
        )
    }
    found: dict[str, dict[str, Any]] = {}
    for f in d.world.rows(RECORDS, FOLDER, AMBER):
        name = f["name"].rsplit(" - ", 1)[1].removesuffix(".pdf")
        ended = ended_on(f["description"])
        if name not in accounts or ended is None:
            continue
        until = keep_until(params, ended)
        held = "legal hold" in f["description"].lower() and params["legal_hold_blocks_deletion"]
        fate = "hold" if held else "delete" if until < now else "keep"
        fresh = {"name": name, "id": accounts[name], "fate": fate, "until": until, "files": [], "titles": []}
        c = found.setdefault(name, fresh)
        c["files"].append(f["id"])
        c["titles"].append(f["name"])
    return list(found.values())


def _deleted(item_id: str) -> Expectation:
    return Expectation(table="office_drive_item", op="delete", pk=item_id, note="past its retention period")


def _kept(item_id: str, why: str) -> Expectation:
    return Expectation(table="office_drive_item", op="unchanged", pk=item_id, note=why)


def fates(c: dict[str, Any]) -> list[Expectation]:
    """Each of a customer's files deleted or kept, as the policy says."""
    if c["fate"] == "delete":
        return [_deleted(i) for i in c["files"]]
    why = "under legal hold" if c["fate"] == "hold" else f"kept until {c['until']}"
    return [_kept(i, why) for i in c["files"]]


def _reads(title: str) -> list:
    return [step("office_search_drive", query=title), step("office_search_drive", query=FOLDER)]


def _ui_deletions(titles: list[str]) -> list[UiStep]:
    """In the browser: open the folder from My files, and Delete each file there, confirming each time."""
    steps = [UiStep(goto="/files"), UiStep(click=("link", f"📁 {FOLDER}"))]
    for name in titles:
        steps += [UiStep(click=("button", f"Delete {name}")), UiStep(click=("button", "Delete"))]
    return steps


class RetentionCleanup(Family):
    name = "office.retention-cleanup"
    apps = ("office",)
    splits = ("train", "test")  # the dev split's former customers are all still kept
    surfaces = ("mcp", "cli", "ui", "python")
    version = 1
    author = "saasgym-handbook"
    summary = (
        "delete the former customers' contracts and invoices the Data Retention Policy no longer keeps, "
        "and keep those within seven years of the contract's end or under legal hold"
    )

    def build(self, d: Draw) -> Spec:
        params, title = _policy(d)
        pool = customers(d, params)
        n = min(len(pool), d.choice([2, 3, 3]))
        picked = d.pick_many("account", pool, n, key="id")
        fated = {c["fate"] for c in picked}
        if "delete" not in fated or fated == {"delete"}:
            raise Redraw("a clean-up needs a file to delete and one to keep")
        names = names_list([c["name"] for c in picked])
        phrasings = [
            f"Please apply the {title} to my {FOLDER} folder for {names}: delete whatever we no longer "
            "have to keep and leave everything else alone.",
            f"Records clean-up: go through the files of {names} in my {FOLDER} folder and delete the ones "
            f"the {title} says are past their retention. Keep anything it says we must keep.",
            f"Compliance asked us to purge expired records. In {FOLDER}, check {names} against the "
            f"{title} and delete only what has passed its retention period.",
            f"Can you tidy up {FOLDER}? For {names}, delete the contracts and invoices we're allowed to "
            f"delete under the {title} — nothing that still has to be kept.",
            f"Time for the yearly retention sweep: {names} in my {FOLDER} folder. Follow the {title}: "
            "expired records go, the rest stays.",
        ]
        k = d.rng.randrange(len(phrasings))
        doomed = [i for c in picked if c["fate"] == "delete" for i in c["files"]]
        kept = next(i for c in picked if c["fate"] != "delete" for i in c["files"])
        titles = [t for c in picked if c["fate"] == "delete" for t in c["titles"]]
        return Spec(
            prompt=phrasings[k],
            oracle=[*_reads(title), *[step("office_delete_drive_item", item_id=i) for i in doomed]],
            ui_oracle=_ui_deletions(titles),
            expect=[e for c in picked for e in fates(c)],
            wrong_record={doomed[0]: kept},
            tags=["handbook", POLICY, *sorted(fated)],
            phrasing=k,
        )


class DeletionRequest(Family):
    name = "office.retention-deletion-request"
    apps = ("office",)
    surfaces = ("mcp", "cli", "ui", "python")
    version = 3  # v2: the mail is read for its meaning (the keep-until date in any notation); v3: deleted
    # and legal hold are read as facts in any wording ("we can't delete them" is no deletion)
    author = "saasgym-handbook"
    summary = (
        "a former customer asks to have their data deleted: delete what the Data Retention Policy allows, "
        "keep what it keeps (seven years after the contract, legal hold) and tell them"
    )

    def build(self, d: Draw) -> Spec:
        params, title = _policy(d)
        c = d.pick("account", customers(d, params), key="id")
        contacts = d.world.rows(
            "SELECT display_name, email_address FROM office_contact WHERE crm_account_id = ? "
            "ORDER BY crm_contact_id",
            c["id"],
        )
        who = d.choice(contacts)  # any of the customer's contacts may ask
        name = who["display_name"]
        phrasings = [
            f"{name} of {c['name']} wants us to delete all the data we hold on them. Handle it by the "
            f"{title}: delete what we may from my {FOLDER} folder and mail them what was done.",
            f"Deletion request from {name} ({c['name']}): they asked us to erase their records. Follow "
            f"the {title} for the files in {FOLDER}, then reply to them by mail saying what you deleted or "
            "kept and why.",
            f"{c['name']} is gone as a customer and {name} asked us to delete everything about them. Do what "
            f"the {title} allows with their files in {FOLDER} and let {name} know by mail.",
            f"Please process {name}'s request to delete {c['name']}'s data: check the {title} against "
            f"their contract records in my {FOLDER} folder, act on it and mail {name} the outcome.",
            f"{name} ({c['name']}) wrote asking us to remove their data. Apply the {title} to their files in "
            f"{FOLDER} and send {name} a mail explaining what happens to them.",
        ]
        k = d.rng.randrange(len(phrasings))
        # what the mail must say, in any words: deleted; kept under legal hold (the policy's term); or
        # kept until the last day of the retention period, in any date notation
        if c["fate"] == "delete":
            said = f"we have deleted {c['name']}'s contract records"
            key = mentions.reason("deleted")[0]  # deleted, erased, removed, purged… and not denied
        elif c["fate"] == "hold":
            said = f"{c['name']}'s contract records are under legal hold, so we must keep them"
            key = mentions.reason("legal_hold")[0]  # a legal or litigation hold, in any words
        else:
            said = (
                f"we must keep {c['name']}'s contract and invoices until {c['until']} under our retention "
                "policy"
            )
            key = mentions.date(str(c["until"]), reference=d.world.now.isoformat())
        body = f"Dear {name.split()[0]}, about your request to delete your data: {said}. Kind regards, Amber"
        mail = step(
            "office_send_mail",
            to=[who["email_address"]],
            subject=f"Your data deletion request - {c['name']}",
            body=body,
        )
        deletes = (
            [step("office_delete_drive_item", item_id=i) for i in c["files"]] if c["fate"] == "delete" else []
        )
        told = sent_mail(d, who["email_address"], key)  # the customer told what was done, and why
        ui = [
            *(_ui_deletions(c["titles"]) if c["fate"] == "delete" else []),
            UiStep(goto="/mail/compose"),
            UiStep(fill=("To", who["email_address"])),
            UiStep(fill=("Subject", mail.args["subject"])),
            UiStep(fill=("Message", body)),
            UiStep(click=("button", "Send")),
            UiStep(expect_text="Inbox"),
        ]
        others = d.world.rows(
            "SELECT email_address FROM office_contact WHERE crm_account_id != ? "
            "AND email_address IS NOT NULL ORDER BY crm_contact_id LIMIT 50",
            c["id"],
        )
        return Spec(
            prompt=phrasings[k],
            oracle=[*_reads(title), *deletes, mail],
            ui_oracle=ui,
            expect=[*fates(c), told],
            allow=MAIL_SIDE_EFFECTS,
            wrong_record={who["email_address"]: others[len(name) % len(others)]["email_address"]},
            tags=["handbook", POLICY, c["fate"]],
            phrasing=k,
            personas=[who["email_address"]],
        )


FAMILIES = [RetentionCleanup(), DeletionRequest()]
