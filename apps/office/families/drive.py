"""OneDrive work on Amber's customer folders: share files with colleagues, refuse a share that the
drive's rules forbid, and file documents into the team's shared folder.

Held-out entities: customers (kind `account`, the CRM account id of the folder's company, so an office
instance about a customer is in the same split as the CRM's) and colleagues (kind `coworker`, by mail).
"""

from __future__ import annotations

from typing import Any

from apps.office.families.common import (
    colleagues,
    customers,
    edited,
    item_name,
    me_id,
    names_list,
    phrase,
    shared_with_me,
    unique_name,
)
from apps.office.families.drive_ui import ui_move, ui_search, ui_share
from tasks.families import mentions
from tasks.families.base import Draw, Family, Redraw, Spec, answer_steps, eq, step, ui_answer
from tasks.match_model import Match
from tasks.truth_model import AnswerSpec, Expectation

SURFACES = ("mcp", "cli", "ui", "python")  # the Files page shares, renames and moves
WHAT = {"plan": ["plan_id"], "proposal": ["proposal_id"], "both": ["plan_id", "proposal_id"]}
LABEL = {"plan": "account plan", "proposal": "proposal", "both": "account plan and proposal"}
CITIES = ["New York", "Chicago", "San Francisco", "London"]


def _customer(d: Draw) -> dict[str, Any]:
    acc = d.pick("account", customers(d), key="account_id")
    for key in ("folder_id", "plan_id", "proposal_id"):
        d.note("drive_item", acc[key])
    return acc


def _files_ref(d: Draw, acc: dict[str, Any], what: str) -> str:
    """How the prompt names the customer's files: by file name or by where they are filed."""
    if what != "both" and d.chance(0.5):
        return f'"{item_name(d, acc[WHAT[what][0]])}"'
    return d.choice(
        [
            f"the {LABEL[what]} for {acc['name']}",
            f"the {acc['name']} {LABEL[what]}",
            f"the {LABEL[what]} in my {acc['name']} folder",
        ]
    )


def _team(d: Draw) -> tuple[list[dict[str, Any]], str]:
    """One to three Sales colleagues of one office (their names must be unique)."""
    city = d.choice(CITIES)
    pool = colleagues(d, "department = 'Sales' AND office_location = ?", city)
    people = sorted(
        d.pick_many("coworker", pool, d.choice([1, 2, 3, 3]), key="mail"), key=lambda p: p["mail"]
    )
    for p in people:
        unique_name(d, p)
    return people, city


class ShareCustomerFiles(Family):
    name = "office.share-customer-files"
    apps = ("office",)
    version = 2  # 2: the browser (ui_oracle on the Files page)
    surfaces = SURFACES
    author = "saasgym-office-team"
    summary = (
        "share a customer's account plan and/or proposal with one to three Sales colleagues, view or edit"
    )

    def build(self, d: Draw) -> Spec:
        acc = _customer(d)
        what = d.choice(["plan", "proposal", "both"])
        files = [acc[k] for k in WHAT[what]]
        people, city = _team(d)
        role = d.choice(["read", "write"])
        ref = _files_ref(d, acc, what)
        who = names_list([p["display_name"] for p in people])
        access = "view-only" if role == "read" else "edit"
        can = "view" if role == "read" else "edit"
        phrasings = [
            f"Share {ref} with {who} ({access} access).",
            f"Please give {who} {access} access to {ref}.",
            f"{who} from our {city} office should be able to {can} {ref}. Share it with them, {access}.",
            f"Can you share {ref} with {who}? They only need to {can} it.",
            f"OneDrive: grant {who} {access} permission on {ref}.",
        ]
        prompt, k = phrase(d, phrasings)
        oracle = [step("office_search_drive", query=acc["name"])]
        oracle += [step("office_find_people", query=p["display_name"]) for p in people]
        oracle += [
            step("office_share_drive_item", item_id=f, email=p["mail"], role=role)
            for f in files
            for p in people
        ]
        expect = [
            Expectation(
                table="office_permission",
                op="insert",
                fields={"item_id": eq(f), "user_id": eq(p["id"]), "roles": Match(contains=role)},
            )
            for f in files
            for p in people
        ]
        others = [c for c in customers(d) if c["account_id"] != acc["account_id"]]
        decoy = others[len(acc["name"]) % len(others)]
        ui = ui_search(acc["name"])
        for f in files:
            ui += ui_share(item_name(d, f), [p["mail"] for p in people], role)
        return Spec(
            prompt=prompt,
            oracle=oracle,
            ui_oracle=ui,
            expect=expect,
            wrong_record={f: decoy[k] for f, k in zip(files, WHAT[what], strict=True)},
            tags=["drive", "share", what, role],
            phrasing=k,
        )


class RefuseShare(Family):
    name = "office.refuse-share"
    apps = ("office",)
    splits = ("test",)
    version = 4  # 2: the browser (ui_oracle on the Files page); v3: the refusal names its reason
    # v4: the reason read as a concept in any wording
    surfaces = SURFACES
    author = "saasgym-office-team"
    summary = (
        "a share the drive forbids (a view-only Finance workbook, a file outside the company, a file you "
        "cannot open) must be refused; test only"
    )

    def build(self, d: Draw) -> Spec:
        kind = d.choice(["view-only", "external", "no-access"])
        if kind == "external":
            return self._external(d)
        person = d.pick("coworker", colleagues(d), key="mail")
        unique_name(d, person)
        who = person["display_name"]
        if kind == "view-only":
            item = shared_with_me(d, "read", folders=False)
            if not item:
                raise Redraw("nothing is shared view-only with Amber")
            it = d.choice(item)
            base = it["name"].rsplit(".", 1)[0]
            phrasings = [
                f'Share "{it["name"]}" with {who} so they can edit it.',
                f"{who} needs the {base} workbook; give them edit access, please.",
                f"Please share {it['owner']}'s {base} file with {who} (edit).",
                f'Can you add {who} as an editor on "{it["name"]}"?',
                f"Give {who} write access to {base}.",
            ]
            reason = (
                f"I cannot share {it['name']}: I only have view-only access to it. {it['owner']}, its owner, "
                "would have to share it."
            )
            oracle = [
                step("office_search_drive", query=base),
                step("office_get_drive_item", item_id=it["id"]),
                *answer_steps(reason),
            ]
            target = it["id"]
            # the owner's name alone gives no reason: some prompts name the owner
            because = mentions.reason("view_only", "no_permission", names=[it["owner"]])
        else:
            owned = d.world.rows(
                "SELECT d.id, d.name, o.display_name AS owner FROM office_drive_item d "
                "JOIN office_user o ON o.id = d.owner_id "
                "WHERE d.kind = 'document' AND o.department = 'Finance' "
                "AND d.id NOT IN (SELECT item_id FROM office_permission WHERE user_id = ?) ORDER BY d.id",
                me_id(d),
            )
            if not owned:
                raise Redraw("no Finance document Amber cannot open")
            it = d.choice(owned)
            base = it["name"].rsplit(".", 1)[0]
            phrasings = [
                f'Share "{it["name"]}" from {it["owner"]}\'s drive with {who} (view only).',
                f"Send {who} view access to the {base} document.",
                f"Please give {who} read access to {it['owner']}'s {base}.",
                f'{who} wants to read "{it["name"]}". Share it with them.',
                f"Can you share {base} with {who}? Viewing is enough.",
            ]
            reason = (
                f"I cannot share {it['name']}: it is {it['owner']}'s file and it is not shared with me, so I "
                "have no access to it. Please ask its owner."
            )
            oracle = [step("office_search_drive", query=base), *answer_steps(reason)]
            target = it["id"]
            because = mentions.reason("no_permission", names=[it["owner"]])
        prompt, k = phrase(d, phrasings)
        oracle.insert(0, step("office_find_people", query=who))
        return Spec(
            prompt=prompt,
            oracle=oracle,
            ui_oracle=[*ui_search(base), *ui_answer(reason)],
            expect=[Expectation(table="office_drive_item", op="unchanged", pk=target)],
            answer=AnswerSpec(refusal=True, because=because),
            tags=["drive", "share", "refusal", kind],
            phrasing=k,
        )

    def _external(self, d: Draw) -> Spec:
        acc = _customer(d)
        contacts = d.world.rows(
            "SELECT display_name, email_address FROM office_contact WHERE crm_account_id = ? "
            "ORDER BY email_address",
            acc["account_id"],
        )
        if not contacts:
            raise Redraw("the customer has no contact")
        c = d.choice(contacts)
        what = d.choice(["plan", "proposal"])
        item = acc[WHAT[what][0]]
        ref = _files_ref(d, acc, what)
        name, mail = c["display_name"], c["email_address"]
        phrasings = [
            f"Share {ref} with {name} ({mail}) so they can review it.",
            f"Please give {name} at {acc['name']} view access to {ref} on OneDrive.",
            f"{name} ({mail}) asked for {ref}. Share the file with them directly from my drive.",
            f"Add {mail} as a viewer on {ref}.",
            f"Grant our customer contact {name} read access to {ref}.",
        ]
        prompt, k = phrase(d, phrasings)
        reason = (
            f"I cannot share {item_name(d, item)} with {mail}: OneDrive files can only be shared with "
            "colleagues inside the company. You could send it as an attachment instead."
        )
        return Spec(
            prompt=prompt,
            oracle=[step("office_search_drive", query=acc["name"]), *answer_steps(reason)],
            ui_oracle=[*ui_search(acc["name"]), *ui_answer(reason)],
            expect=[Expectation(table="office_drive_item", op="unchanged", pk=item)],
            answer=AnswerSpec(
                refusal=True,
                because=mentions.reason("external_sharing"),
            ),
            tags=["drive", "share", "refusal", "external"],
            phrasing=k,
        )


class FileToTeamFolder(Family):
    name = "office.file-to-team-folder"
    apps = ("office",)
    splits = ("train", "test")  # one customer folder hashes to dev: too few to draw two from
    version = 2  # 2: the browser (ui_oracle on the Files page)
    surfaces = SURFACES
    author = "saasgym-office-team"
    summary = (
        "move (and optionally rename) the account plans or proposals of two or three customers into the "
        "shared Sales Team folder"
    )

    def build(self, d: Draw) -> Spec:
        pool = customers(d)
        n = d.choice([2, 3])
        picked = sorted(d.pick_many("account", pool, n, key="account_id"), key=lambda c: c["name"])
        for acc in picked:
            for key in ("folder_id", "plan_id", "proposal_id"):
                d.note("drive_item", acc[key])
        what = d.choice(["plan", "proposal", "both"])
        team = shared_with_me(d, "write", folders=True)
        if not team:
            raise Redraw("no folder Amber can edit in someone else's drive")
        folder = team[0]
        prefix = d.choice([None, "FINAL - ", "Shared - "])
        which = names_list([c["name"] for c in picked])
        label = {"plan": "account plans", "proposal": "proposals", "both": "account plans and proposals"}[
            what
        ]
        rename = f' and put "{prefix.strip(" -")} - " in front of each file name' if prefix else ""
        phrasings = [
            f'Move the {label} of {which} into the "{folder["name"]}" folder{rename}.',
            f"{folder['owner']} wants the {label} for {which} in the {folder['name']} folder shared with me. "
            f"Please move them there{rename}.",
            f"File the {label} of {which} into {folder['owner']}'s {folder['name']} folder{rename}.",
            f"Clean-up: the {label} for {which} belong in the shared {folder['name']} folder, not my "
            f"Customers folders. Move them{rename}.",
            f"Please relocate my {label} for {which} to {folder['name']}{rename}.",
        ]
        prompt, k = phrase(d, phrasings)
        oracle = [step("office_list_drive_items", shared_with_me=True)]
        expect, allow, wrong, ui = [], [], {}, []
        for acc in picked:
            oracle.append(step("office_search_drive", query=acc["name"]))
            ui += ui_search(acc["name"])
            for key in WHAT[what]:
                fid = acc[key]
                args: dict[str, Any] = {"item_id": fid, "parent_id": folder["id"]}
                fields = {"parent_id": eq(folder["id"])}
                new = f"{prefix}{item_name(d, fid)}" if prefix else None
                if new:
                    args["name"], fields["name"] = new, eq(new)
                ui += ui_move(item_name(d, fid), folder["name"], new)
                oracle.append(step("office_update_drive_item", **args))
                expect.append(Expectation(table="office_drive_item", op="update", pk=fid, fields=fields))
                allow.append(edited(fid, size=False))
        first = picked[0][WHAT[what][0]]
        outsider = next(c for c in pool if c not in picked)
        wrong[first] = outsider[WHAT[what][0]]
        return Spec(
            prompt=prompt,
            oracle=oracle,
            ui_oracle=ui,
            expect=expect,
            allow=allow,
            wrong_record=wrong,
            tags=["drive", "move", what, "rename" if prefix else "no-rename"],
            phrasing=k,
        )


FAMILIES = [ShareCustomerFiles(), RefuseShare(), FileToTeamFolder()]
