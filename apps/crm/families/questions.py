"""Questions about accounts and their deals (answers checked by the match rules)."""

from __future__ import annotations

from apps.crm.families.common import (
    account_ref,
    accounts,
    contacts_of,
    money,
    open_opps_of,
    opportunities,
    phrase,
    similar_names,
)
from tasks.families import mentions
from tasks.families.base import Draw, Family, Redraw, Spec, answer_steps, step, ui_answer
from tasks.match_model import DateRule, Match
from tasks.truth_model import AnswerSpec


class OpenPipeline(Family):
    name = "crm.qa-open-pipeline"
    apps = ("crm",)
    surfaces = ("mcp", "cli", "ui", "python")
    author = "saasgym-crm-team"
    summary = "question: the total amount (or the number) of an account's open opportunities"

    def build(self, d: Draw) -> Spec:
        acc = d.pick(
            "account",
            accounts(d, "a.id IN (SELECT account_id FROM crm_opportunity WHERE is_closed = 0)"),
            key="id",
        )
        opps = open_opps_of(d, acc["id"])
        for o in opps:
            d.note("opportunity", o["id"])
        ref, lookup = account_ref(d, acc)
        d.distractors = similar_names(d, acc["name"])
        count = d.chance(0.3)
        if count:
            value = float(len(opps))
            phrasings = [
                f"How many open opportunities does {ref} have?",
                f"Count the deals that are still open on {ref}. Just the number.",
                f"I need the number of open (not closed) opportunities for {ref}.",
                f"For {ref}: how many opportunities are in an open stage right now?",
                f"Quick check before my call: how many open deals are there on {ref}?",
            ]
            text = str(len(opps))
        else:
            value = round(sum(o["amount"] or 0 for o in opps), 2)
            phrasings = [
                f"What is the total amount of the open opportunities on {ref}?",
                f"Add up the amounts of every open deal of {ref} and tell me the total.",
                f"How much open pipeline does {ref} have (sum of its open opportunities' amounts)?",
                f"For the forecast call: what is {ref}'s open pipeline in dollars?",
                f"Sum the amount of all opportunities of {ref} that are not closed yet.",
            ]
            text = f"Total open pipeline: {money(value)}"
        prompt, k = phrase(d, phrasings)
        return Spec(
            prompt=prompt,
            oracle=[
                *lookup,
                step("crm_list_opportunities", account_id=acc["id"], status="open"),
                *answer_steps(text),
            ],
            answer=AnswerSpec(match=Match(approx=value, tol=0.5 if not count else 0.01)),
            ui_oracle=ui_answer(text),
            tags=["question", "opportunity", "count" if count else "sum"],
            phrasing=k,
        )


class AccountOwner(Family):
    name = "crm.qa-account-owner"
    version = 2  # v2: the answer names what was asked in any form, and no rival candidate
    apps = ("crm",)
    surfaces = ("mcp", "cli", "ui", "python")
    author = "saasgym-crm-team"
    summary = "question: who owns an account named by name, number, city, a contact or one of its deals"

    def build(self, d: Draw) -> Spec:
        acc = d.pick("account", accounts(d), key="id")
        if d.chance(0.25):
            opps = opportunities(d, "o.account_id = ?", acc["id"])
            uniq = [o for o in opps if len(opportunities(d, "o.name = ?", o["name"])) == 1]
            if not uniq:
                raise Redraw("no uniquely named deal to refer to the account by")
            deal = d.choice(uniq)
            d.note("opportunity", deal["id"])
            ref = f"the account behind the opportunity {deal['name']}"
            lookup = [
                step("crm_list_opportunities", search=deal["name"]),
                step("crm_get_opportunity", opportunity_id=deal["id"]),
            ]
        else:
            ref, lookup = account_ref(d, acc)
        d.distractors = similar_names(d, acc["name"])
        who = acc["owner_name"]
        phrasings = [
            f"Who owns {ref}?",
            f"Which of our reps is the account owner of {ref}?",
            f"I have a question about {ref} — who is its account owner?",
            f"Find {ref} and tell me the name of the user who owns it.",
            f"Who should I talk to internally about {ref}? I mean the account's owner.",
        ]
        prompt, k = phrase(d, phrasings)
        return Spec(
            prompt=prompt,
            oracle=[*lookup, step("crm_get_account", account_id=acc["id"]), *answer_steps(who)],
            answer=AnswerSpec(match=mentions.one_person(d.world, who, sql=mentions.CRM_USERS)),
            ui_oracle=ui_answer(who),
            tags=["question", "account", "owner"],
            phrasing=k,
        )


class NextClose(Family):
    name = "crm.qa-next-close"
    version = 2  # v2: the answer names what was asked in any form, and no rival candidate
    apps = ("crm",)
    surfaces = ("mcp", "cli", "ui", "python")
    author = "saasgym-crm-team"
    summary = "question: which open deal of an account closes next (its name, or its close date)"

    def build(self, d: Draw) -> Spec:
        pool = accounts(
            d,
            "a.id IN (SELECT account_id FROM crm_opportunity WHERE is_closed = 0 GROUP BY account_id "
            "HAVING count(*) >= 2)",
        )
        acc = d.pick("account", pool, key="id")
        opps = sorted(open_opps_of(d, acc["id"]), key=lambda o: (o["close_date"], o["id"]))
        if opps[0]["close_date"] == opps[1]["close_date"]:
            raise Redraw("two open deals close on the same day")
        first = opps[0]
        for o in opps:
            d.note("opportunity", o["id"])
        d.distractors = len(opps) - 1
        ref, lookup = account_ref(d, acc)
        if d.chance(0.5):
            others = [{"name": o["name"]} for o in opps[1:]]
            text, match = first["name"], mentions.record(name=first["name"], others=others)
            phrasings = [
                f"Which open opportunity of {ref} has the earliest close date? Give me its name.",
                f"What is the next deal expected to close on {ref}?",
                f"Of the open deals on {ref}, which one is due to close first?",
                f"Name the open opportunity of {ref} that closes soonest.",
                f"I want to prioritise {ref}: which of its open opportunities closes next?",
            ]
        else:
            text = first["close_date"]
            match = Match(
                date=DateRule(value=text[:10], others=sorted({o["close_date"][:10] for o in opps[1:]}))
            )
            phrasings = [
                f"When does the next open opportunity of {ref} close? Answer with the date as YYYY-MM-DD.",
                f"What is the earliest close date among {ref}'s open deals (YYYY-MM-DD)?",
                f"Give me the close date (YYYY-MM-DD) of the open deal of {ref} that closes first.",
                f"{ref}: by which date (YYYY-MM-DD) is its soonest open opportunity expected to close?",
                f"Look at the open opportunities of {ref} and tell me the next close date, formatted "
                "YYYY-MM-DD.",
            ]
        prompt, k = phrase(d, phrasings)
        prompt = prompt[0].upper() + prompt[1:]
        return Spec(
            prompt=prompt,
            oracle=[
                *lookup,
                step("crm_list_opportunities", account_id=acc["id"], status="open", sort_by="close_date"),
                *answer_steps(text),
            ],
            answer=AnswerSpec(match=match),
            ui_oracle=ui_answer(text),
            tags=["question", "opportunity", "close-date"],
            phrasing=k,
        )


TITLE_WORDS = ("VP", "Director", "Manager")


class ContactCount(Family):
    name = "crm.qa-contact-count"
    apps = ("crm",)
    surfaces = ("mcp", "cli", "ui", "python")
    author = "saasgym-crm-team"
    summary = "question: how many contacts an account has (all, or those whose title has a given word)"

    def build(self, d: Draw) -> Spec:
        acc = d.pick("account", accounts(d), key="id")
        people = contacts_of(d, acc["id"])
        word = d.choice([None, *TITLE_WORDS])
        if word:
            people = [c for c in people if word.lower() in (c["title"] or "").lower()]
        for c in people:
            d.note("contact", c["id"])
        ref, lookup = account_ref(d, acc, ("name", "number", "city"))
        d.distractors = similar_names(d, acc["name"])
        who = "contacts" if word is None else f'contacts with "{word}" in their title'
        phrasings = [
            f"How many {who} does {ref} have?",
            f"Count the {who} at {ref}.",
            f"I'm preparing a mailing for {ref}. How many {who} are on the account?",
            f"For {ref}, tell me the number of {who}.",
            f"Number of {who} on {ref}? Just the count, please.",
        ]
        prompt, k = phrase(d, phrasings)
        return Spec(
            prompt=prompt,
            oracle=[
                *lookup,
                step("crm_list_contacts", account_id=acc["id"], limit=200),
                *answer_steps(str(len(people))),
            ],
            answer=AnswerSpec(match=Match(approx=float(len(people)), tol=0.01)),
            ui_oracle=ui_answer(str(len(people))),
            tags=["question", "contact", "count"],
            phrasing=k,
        )


class HierarchyBiggestDeal(Family):
    name = "crm.qa-hierarchy-biggest-deal"
    version = 2  # v2: the answer names what was asked in any form, and no rival candidate
    apps = ("crm",)
    surfaces = ("mcp", "cli", "ui", "python")
    author = "saasgym-crm-team"
    summary = "question: the largest open deal across a parent account and all its child accounts"

    def build(self, d: Draw) -> Spec:
        parents = accounts(d, "a.id IN (SELECT parent_id FROM crm_account WHERE parent_id IS NOT NULL)")
        parent = d.pick("account", parents, key="id")
        family = [parent, *accounts(d, "a.parent_id = ?", parent["id"])]
        opps = [o for a in family for o in open_opps_of(d, a["id"]) if o["amount"]]
        if len(opps) < 2:
            raise Redraw("fewer than two open deals in the hierarchy")
        opps.sort(key=lambda o: (-o["amount"], o["id"]))
        if opps[0]["amount"] == opps[1]["amount"]:
            raise Redraw("a tie for the biggest deal")
        top = opps[0]
        for a in family[1:]:  # kinds of their own: a child or its deal may be another split's account
            d.note("hierarchy-child", a["id"])
        d.note("hierarchy-deal", top["id"])
        d.distractors = len(opps) - 1
        ask_owner = d.chance(0.4)
        if ask_owner and any(o["owner_name"] == top["owner_name"] for o in opps[1:]):
            raise Redraw("the biggest deal's owner also owns another deal of the hierarchy")
        text = f"{top['name']} ({top['owner_name']})" if ask_owner else top["name"]
        if ask_owner:  # the owner, and none of the other deals' owners
            owners = [{"name": o["owner_name"]} for o in opps[1:]]
            match = mentions.person(top["owner_name"], among=owners, alone=True)
        else:
            match = mentions.record(name=top["name"], others=[{"name": o["name"]} for o in opps[1:]])
        what = "who owns it" if ask_owner else "its name"
        p = parent["name"]
        phrasings = [
            f"Across {p} and all of its subsidiary accounts, which open opportunity has the largest "
            f"amount? Tell me {what}.",
            f"Look at the whole {p} hierarchy (the parent and its child accounts): what is the biggest "
            f"open deal? I need {what}.",
            f"Which is the largest open opportunity anywhere in the {p} group of accounts? Answer with "
            f"{what}.",
            f"{p} has child accounts. Among the open deals of the parent and every child, find the "
            f"biggest one and tell me {what}.",
            f"Group-level question for {p}: the open opportunity with the highest amount across the "
            f"family of accounts — {what}?",
        ]
        prompt, k = phrase(d, phrasings)
        oracle = [step("crm_list_accounts", search=p), step("crm_get_account", account_id=parent["id"])]
        oracle += [
            step(
                "crm_list_opportunities", account_id=a["id"], status="open", sort_by="amount", descending=True
            )
            for a in family
        ]
        return Spec(
            prompt=prompt,
            oracle=[*oracle, *answer_steps(text)],
            answer=AnswerSpec(match=match),
            ui_oracle=ui_answer(text),
            tags=["question", "opportunity", "hierarchy"],
            phrasing=k,
        )


FAMILIES = [OpenPipeline(), AccountOwner(), NextClose(), ContactCount(), HierarchyBiggestDeal()]
