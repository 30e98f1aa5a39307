"""Account writes: field updates, reparenting (acquisitions), and what the hierarchy rules refuse."""

from __future__ import annotations

from typing import Any

from apps.crm.families.common import account_ref, accounts, other, phrase, similar_names
from apps.crm.picklists import ACCOUNT_TYPES, INDUSTRIES, RATINGS
from tasks.families import mentions
from tasks.families.base import Draw, Family, Redraw, Spec, answer_steps, eq, step, ui_answer
from tasks.families.batch import COUNTS, intros, several
from tasks.match_model import Match
from tasks.truth_model import AnswerSpec, Expectation, UiStep

FIELD_WORDS = {
    "phone": "the phone number",
    "website": "the website",
    "number_of_employees": "the number of employees",
    "annual_revenue": "the annual revenue",
    "rating": "the rating",
    "type": "the type",
    "industry": "the industry",
}


def _new_value(d: Draw, acc: dict[str, Any], field: str) -> Any:
    """A new value for `field` of `acc`, different from the current one."""
    if field == "phone":
        return f"({d.rng.randrange(201, 989)}) 555-{d.rng.randrange(1000, 9999)}"
    if field == "website":
        stem = "".join(ch for ch in acc["name"].split()[0].lower() if ch.isalnum())
        return f"www.{stem}-{d.choice(['group', 'global', 'corp', 'hq'])}.com"
    if field == "number_of_employees":
        return d.rng.randrange(20, 20000)
    if field == "annual_revenue":
        return float(d.rng.randrange(5, 900) * 1_000_000)
    options = {"rating": RATINGS, "type": ACCOUNT_TYPES, "industry": INDUSTRIES}[field]
    return d.choice([v for v in options if v != acc.get(field)])


def _say(field: str, value: Any) -> str:
    if field == "number_of_employees":
        return f"{FIELD_WORDS[field]} to {value:,}"
    if field == "annual_revenue":
        return f"{FIELD_WORDS[field]} to ${value:,.0f}"
    return f"{FIELD_WORDS[field]} to {value}"


UI_LABELS = {"number_of_employees": "Employees", "annual_revenue": "Annual Revenue"}


def _ui_fields(values: dict[str, Any]) -> list[UiStep]:
    """The edit form's steps for `values` (picklists are selected, the rest filled in)."""
    out = []
    for f, v in values.items():
        label = UI_LABELS.get(f, f.replace("_", " ").title())
        if f in ("rating", "type", "industry"):
            out.append(UiStep(select=(label, v)))
        else:
            out.append(UiStep(fill=(label, f"{v:.0f}" if isinstance(v, float) else str(v))))
    return out


class UpdateAccount(Family):
    name = "crm.update-account"
    version = 2  # v2: the batch knob (several())
    apps = ("crm",)
    surfaces = ("mcp", "cli", "ui", "python")
    author = "saasgym-crm-team"
    summary = (
        "update one to three fields of an account named by name, number, city or a contact"
        " (or a batch of 3–4)"
    )

    def build(self, d: Draw) -> Spec:
        return several(d, self.one, d.choice(COUNTS), intros("account"))

    def one(self, d: Draw) -> Spec:
        """One request, drawn with its own preconditions (build may batch several)."""
        pool = accounts(d)
        acc = d.pick("account", pool, key="id")
        fields = d.rng.sample(sorted(FIELD_WORDS), d.choice([1, 1, 2, 3]))
        values = {f: _new_value(d, acc, f) for f in sorted(fields)}
        ref, lookup = account_ref(d, acc, ("id", "name", "number", "city", "contact"))
        d.distractors = similar_names(d, acc["name"]) if lookup else 0
        said = [_say(f, v) for f, v in values.items()]
        listed = said[0] if len(said) == 1 else ", ".join(said[:-1]) + f" and {said[-1]}"
        phrasings = [
            f"Please update {ref}: set {listed}.",
            f"We got new details for {ref}. Change {listed}.",
            f"Data cleanup on {ref} — {listed}.",
            f"Can you edit {ref} and set {listed}? Leave everything else as it is.",
            f"The account record of {ref} is out of date: {listed}.",
        ]
        prompt, k = phrase(d, phrasings)
        checks = {
            f: (Match(approx=v, tol=0.5) if f == "annual_revenue" else eq(v)) for f, v in values.items()
        }
        return Spec(
            prompt=prompt,
            oracle=[*lookup, step("crm_update_account", account_id=acc["id"], **values)],
            expect=[Expectation(table="crm_account", op="update", pk=acc["id"], fields=checks)],
            ui_oracle=[
                UiStep(goto=f"/accounts/{acc['id']}/edit"),
                *_ui_fields(values),
                UiStep(click=("button", "Save")),
            ],
            wrong_record={acc["id"]: other(pool, acc)["id"]},
            tags=["account", "update", f"fields-{len(values)}"],
            phrasing=k,
        )


def _descendants(d: Draw, account_id: str) -> set[str]:
    out, todo = set(), [account_id]
    while todo:
        kids = [r["id"] for r in accounts(d, "a.parent_id = ?", todo.pop())]
        out.update(kids)
        todo += kids
    return out


class ReparentAccount(Family):
    name = "crm.reparent-account"
    apps = ("crm",)
    surfaces = ("mcp", "cli", "ui", "python")
    author = "saasgym-crm-team"
    summary = "an acquisition: make one account the child of another (optionally retyping it)"

    def build(self, d: Draw) -> Spec:
        pool = accounts(d, "a.parent_id IS NULL")
        child = d.pick("account", pool, key="id")
        buyer = d.pick("account", [a for a in pool if a["id"] != child["id"]], key="id")
        if buyer["id"] in _descendants(d, child["id"]):
            raise Redraw("the buyer is below the acquired account")
        retype = d.chance(0.4)
        new_type = d.choice([t for t in ACCOUNT_TYPES if t != child["type"]]) if retype else None
        c, b = child["name"], buyer["name"]
        also = f" and change {c}'s type to {new_type}" if retype else ""
        phrasings = [
            f"{b} acquired {c}. Make {c} a child account of {b}{also}.",
            f"Set the parent account of {c} to {b}{also}.",
            f"Hierarchy change: {c} now belongs to {b}. Update the account hierarchy{also}.",
            f"Please put {c} under {b} in the account hierarchy{also}.",
            f"After the merger, {c} is a subsidiary of {b}. Reflect that in the CRM{also}.",
        ]
        prompt, k = phrase(d, phrasings)
        fields = {"parent_id": buyer["id"], **({"type": new_type} if retype else {})}
        return Spec(
            prompt=prompt,
            oracle=[
                step("crm_list_accounts", search=c),
                step("crm_list_accounts", search=b),
                step("crm_update_account", account_id=child["id"], **fields),
            ],
            expect=[
                Expectation(
                    table="crm_account",
                    op="update",
                    pk=child["id"],
                    fields={f: eq(v) for f, v in fields.items()},
                ),
                Expectation(
                    table="crm_account", op="unchanged", pk=buyer["id"], note="the buyer does not change"
                ),
            ],
            ui_oracle=[
                UiStep(goto=f"/accounts/{child['id']}/edit"),
                UiStep(fill=("Parent Account", b)),
                *([UiStep(select=("Type", new_type))] if retype else []),
                UiStep(click=("button", "Save")),
                UiStep(expect_text=b),
            ],
            wrong_record={child["id"]: other(pool, child)["id"]},
            tags=["account", "hierarchy"],
            phrasing=k,
        )


class RefuseHierarchy(Family):
    name = "crm.refuse-account-hierarchy"
    version = 3  # v2: the refusal names its reason; v3: the reason read as a concept in any wording
    apps = ("crm",)
    surfaces = ("mcp", "cli", "ui", "python")
    author = "saasgym-crm-team"
    summary = (
        "refusal: delete a parent account but keep its children, or make a parent the child of its own child"
    )

    def build(self, d: Draw) -> Spec:
        parents = accounts(d, "a.id IN (SELECT parent_id FROM crm_account WHERE parent_id IS NOT NULL)")
        parent = d.pick("account", parents, key="id")
        kids = accounts(d, "a.parent_id = ?", parent["id"])
        p = parent["name"]
        if d.chance(0.5):
            kid = d.choice(kids)
            d.require("account", kid["id"])
            c = kid["name"]
            phrasings = [
                f"Make {p} a child account of {c}.",
                f"Restructure: {c} should become the parent of {p}. Keep {c} where it is in the hierarchy.",
                f"Set {p}'s parent account to {c}, without changing {c}.",
                f"{c} is now the holding company; put {p} under it and leave {c}'s own parent as it is.",
                f"Please change the hierarchy so that {p} reports up to {c} (don't touch {c} itself).",
            ]
            text = (
                f"I can't do that: {c} is a child of {p}, so making {p} its child would make an account "
                "its own ancestor."
            )
            touched = [parent, kid]
            oracle = [step("crm_list_accounts", search=p), step("crm_get_account", account_id=parent["id"])]
            tag = "cycle"
            because = mentions.reason("cycle", names=[p], others=[c])
        else:
            ref, oracle = account_ref(d, parent, ("name", "number", "city"))
            n = len(kids)
            phrasings = [
                f"Delete {ref}, but leave all of its subsidiary accounts exactly as they are.",
                f"Remove {ref} from the CRM. Don't move or delete any of its child accounts.",
                f"We no longer need {ref}; delete it and keep its child accounts untouched.",
                f"Please delete the parent account {ref}. Its children must stay as they are.",
                f"Clean-up: delete {ref} only — its subsidiaries stay where they are.",
            ]
            text = (
                f"I can't delete {p}: it still has {n} child account(s), and an account with children cannot "
                "be deleted unless they are reparented or deleted, which you asked me not to do."
            )
            touched = [parent, *kids]
            oracle = [*oracle, step("crm_get_account", account_id=parent["id"])]
            tag = "delete-parent"
            because = mentions.reason(
                "has_children", entities=[mentions.record(name=k["name"], id=k["id"]) for k in kids]
            )
        prompt, k = phrase(d, phrasings)
        prompt = prompt[0].upper() + prompt[1:]
        return Spec(
            prompt=prompt,
            oracle=[*oracle, *answer_steps(text)],
            expect=[Expectation(table="crm_account", op="unchanged", pk=a["id"]) for a in touched],
            answer=AnswerSpec(refusal=True, because=because),
            ui_oracle=ui_answer(text),
            tags=["account", "hierarchy", "refusal", tag],
            phrasing=k,
        )


FAMILIES = [UpdateAccount(), ReparentAccount(), RefuseHierarchy()]
