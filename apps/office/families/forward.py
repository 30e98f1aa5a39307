"""Forwarding a customer's mail to a colleague with a note."""

from __future__ import annotations

import re

from apps.office.families.common import AMBER, inbox, search_text, single_subject
from tasks.families.base import Draw, Family, Spec, eq, step
from tasks.families.batch import COUNTS, intros, several
from tasks.match_model import Match
from tasks.truth_model import Allowance, Expectation, UiStep

NOTES = [
    ("can you take a look before my call tomorrow?", "before my call tomorrow"),
    ("please handle this one while I am travelling.", "while I am travelling"),
    ("FYI, this needs a pricing answer from you.", "needs a pricing answer"),
    ("could you draft a reply for me to review?", "draft a reply for me"),
    ("this is the thread I mentioned in our 1:1.", "mentioned in our 1:1"),
]


class ForwardMail(Family):
    name = "office.forward-mail"
    version = 2  # v2: the batch knob (several())
    apps = ("office",)
    surfaces = ("mcp", "cli", "ui", "python")
    author = "saasgym-office-team"
    summary = "forward a customer's inbox mail to a colleague with a note (or a batch of 3–4)"

    def build(self, d: Draw) -> Spec:
        return several(d, self.one, d.choice(COUNTS), intros("mail-forwarding"))

    def one(self, d: Draw) -> Spec:
        """One request, drawn with its own preconditions (build may batch several)."""
        pool = [m for m in inbox(d) if not m["from_address"].endswith("@acme.example")]
        msg = d.pick("sender", pool, key="from_address")
        d.note("message", msg["id"])
        single_subject(d, pool, msg, by_sender=True)
        people = d.world.rows(
            "SELECT display_name, mail FROM office_user WHERE mail != ? AND department = 'Sales' "
            "ORDER BY mail",
            AMBER,
        )
        to = d.choice(people)
        note, phrase = d.choice(NOTES)
        comment = f"{to['display_name'].split()[0]}, {note}"
        ref = f'{msg["from_name"]}\'s mail "{msg["subject"]}"'
        phrasings = [
            f'Forward {ref} to {to["display_name"]} with the note "{comment}"',
            f'Please send {ref} on to {to["display_name"]}; add: "{comment}"',
            f'{to["display_name"]} should see {ref}. Forward it with "{comment}"',
            f'Pass {ref} to my colleague {to["display_name"]} — note: "{comment}"',
            f'FW {ref} to {to["display_name"]}, message "{comment}"',
        ]
        k = d.rng.randrange(len(phrasings))
        owner = d.world.value("SELECT id FROM office_user WHERE mail = ?", AMBER)
        other = next(p["mail"] for p in people if p["mail"] != to["mail"])
        return Spec(
            prompt=phrasings[k],
            oracle=[
                step("office_search_messages", query=search_text(msg["subject"])),
                step("office_find_people", query=to["display_name"]),
                step("office_forward_message", message_id=msg["id"], to=[to["mail"]], comment=comment),
            ],
            expect=[
                Expectation(
                    table="office_message",
                    op="insert",
                    fields={
                        "owner_id": eq(owner),
                        "subject": Match(
                            contains=re.sub(r"^(re|fw|fwd):\s*", "", msg["subject"], flags=re.I)
                        ),
                        "to_recipients": Match(contains=to["mail"]),
                        "body_content": Match(contains=phrase),
                        "is_draft": eq(False),
                    },
                )
            ],
            allow=[
                Allowance(table="office_message", ops=["insert"]),
                Allowance(table="office_attachment", ops=["insert"]),
                Allowance(table="office_scheduled_reply", ops=["insert"]),
            ],
            ui_oracle=[
                UiStep(goto=f"/mail/compose?id={msg['id']}&mode=forward"),
                UiStep(fill=("To", to["mail"])),
                UiStep(fill=("Message", comment)),
                UiStep(click=("button", "Send")),
            ],
            wrong_record={to["mail"]: other},
            tags=["mail", "forward"],
            phrasing=k,
        )


FAMILIES = [ForwardMail()]
