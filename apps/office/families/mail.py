"""Mail triage and replies in Amber's inbox: flag, archive, mark unread, importance, categories; reply
telling the sender what the requester says."""

from __future__ import annotations

from apps.office.families.common import (
    AMBER,
    folder_id,
    inbox,
    other_mail,
    search_text,
    single_subject,
    touched,
)
from tasks.families.base import Draw, Family, Redraw, Spec, eq, step
from tasks.families.batch import COUNTS, intros, several
from tasks.match_model import Match
from tasks.rubric.build import mail_body
from tasks.truth_model import Allowance, Criterion, Expectation, UiStep

CATEGORIES = ["Red category", "Blue category", "Green category", "Orange category", "Yellow category"]
# what the reply must tell the sender: how the requester says it, what the judge checks it tells them, and
# the oracle's own words
REPLIES = [
    (
        "that I'll get back to them with the details by Friday",
        "Amber will send the details by Friday",
        "I will get back to you with the details by Friday.",
    ),
    (
        "that I'm looping in our solutions engineer today",
        "a solutions engineer is being brought in today",
        "I am looping in our solutions engineer today.",
    ),
    (
        "that the revised proposal follows early next week",
        "the revised proposal will come early next week",
        "the revised proposal will follow early next week.",
    ),
    (
        "that we should go through it on a short call on Wednesday",
        "Amber proposes a short call on Wednesday to go through it",
        "let's walk through it on a short call on Wednesday.",
    ),
    (
        "that I've passed their update on to our finance team",
        "their update was shared with the finance team",
        "thanks for the update; I have shared it with our finance team.",
    ),
    (
        "that I'll confirm the pricing options by end of day tomorrow",
        "the pricing options will be confirmed by end of day tomorrow",
        "I will confirm the pricing options by end of day tomorrow.",
    ),
]


def _refer(d: Draw, msg: dict, pool: list[dict]) -> tuple[str, bool]:
    """How the prompt names the mail: by sender and subject, or by subject alone (then it must be unique)."""
    by_sender = d.chance(0.6)
    single_subject(d, pool, msg, by_sender)
    d.distractors = sum(1 for m in pool if m["from_address"] == msg["from_address"]) - 1
    if by_sender:
        return f'{msg["from_name"]}\'s mail "{msg["subject"]}"', True
    return f'the mail "{msg["subject"]}"', False


class TriageMail(Family):
    name = "office.triage-mail"
    version = 2  # v2: the batch knob (several())
    apps = ("office",)
    surfaces = ("mcp", "cli", "ui", "python")
    author = "saasgym-office-team"
    summary = "flag, archive, mark unread, mark important or categorize one inbox mail (or a batch of 3–4)"

    def build(self, d: Draw) -> Spec:
        return several(d, self.one, d.choice(COUNTS), intros("mail"))

    def one(self, d: Draw) -> Spec:
        """One request, drawn with its own preconditions (build may batch several)."""
        pool = inbox(d)
        msg = d.pick("sender", pool, key="from_address")
        d.note("message", msg["id"])
        ref, _ = _refer(d, msg, pool)
        action = d.choice(["flag", "archive", "unread", "important", "category"])
        mid = msg["id"]
        page = UiStep(goto=f"/mail?folder=inbox&id={mid}")
        ui = None
        if action == "flag":
            if msg["flag_status"] == "flagged":
                raise Redraw("already flagged")
            phrasings = [
                f"Flag {ref} for follow-up.",
                f"Please flag {ref} so I remember to answer it.",
                f"Mark {ref} as flagged.",
                f"I need a follow-up flag on {ref}.",
                f"Put a flag on {ref}; I'll deal with it later.",
            ]
            call = step("office_update_message", message_id=mid, flag_status="flagged")
            fields = {"flag_status": eq("flagged")}
            ui = [page, UiStep(click=("button", "Flag")), UiStep(expect_text="Unflag")]
        elif action == "archive":
            phrasings = [
                f"Archive {ref}, I've read it.",
                f"Move {ref} to the Archive folder.",
                f"Please get {ref} out of my inbox into Archive.",
                f"{ref[0].upper()}{ref[1:]} can be archived.",
                f"Clean-up: archive {ref}.",
            ]
            call = step("office_move_message", message_id=mid, destination_folder="archive")
            fields = {"parent_folder_id": eq(folder_id(d, "archive"))}
            ui = [page, UiStep(click=("button", "Archive"))]
        elif action == "unread":
            if not msg["is_read"]:
                raise Redraw("already unread")
            phrasings = [
                f"Mark {ref} as unread.",
                f"Set {ref} back to unread so it stands out.",
                f"Please make {ref} unread again.",
                f"I opened {ref} by mistake; mark it unread.",
                f"Flip {ref} to unread.",
            ]
            call = step("office_update_message", message_id=mid, is_read=False)
            fields = {"is_read": eq(False)}
            ui = [page, UiStep(click=("button", "Mark unread"))]
        elif action == "important":
            if msg["importance"] == "high":
                raise Redraw("already important")
            phrasings = [
                f"Mark {ref} as high importance.",
                f"Set the importance of {ref} to high.",
                f"Please give {ref} high importance.",
                f"{ref[0].upper()}{ref[1:]} is urgent: make it high importance.",
                f"Raise {ref} to high importance.",
            ]
            call = step("office_update_message", message_id=mid, importance="high")
            fields = {"importance": eq("high")}
        else:
            if msg["categories"] != "[]":
                raise Redraw("already categorized")
            cat = d.choice(CATEGORIES)
            phrasings = [
                f"Put {ref} in the {cat}.",
                f"Categorize {ref} as {cat}.",
                f"Please tag {ref} with the {cat}.",
                f"Add the {cat} to {ref}.",
                f"File {ref} under {cat} (category).",
            ]
            call = step("office_update_message", message_id=mid, categories=[cat])
            fields = {"categories": Match(contains=cat)}
        k = d.rng.randrange(len(phrasings))
        return Spec(
            prompt=phrasings[k],
            oracle=[step("office_search_messages", query=search_text(msg["subject"])), call],
            expect=[Expectation(table="office_message", op="update", pk=mid, fields=fields)],
            allow=[touched(mid)],
            ui_oracle=ui,
            wrong_record={mid: other_mail(pool, msg)},
            tags=["mail", action],
            phrasing=k,
        )


class ReplyMail(Family):
    name = "office.reply-mail"
    # v2: the batch knob (several()); v3: the requester says what to tell the sender, not the text to paste;
    # the reply is read by a judged rubric criterion; customers only (v2 also drew the CRM's no-reply mails)
    version = 3
    apps = ("office",)
    surfaces = ("mcp", "cli", "ui", "python")
    author = "saasgym-office-team"
    summary = "reply to a customer's inbox mail telling them what the requester says (or a batch of 3–4)"

    def build(self, d: Draw) -> Spec:
        return several(d, self.one, d.choice(COUNTS), intros("reply"))

    def one(self, d: Draw) -> Spec:
        """One request, drawn with its own preconditions (build may batch several)."""
        # a customer's mail: not a colleague's, not the CRM's no-reply notifications
        pool = [m for m in inbox(d) if not m["from_address"].endswith("acme.example")]
        msg = d.pick("sender", pool, key="from_address")
        d.note("message", msg["id"])
        ref, _ = _refer(d, msg, pool)
        gist, told, text = d.choice(REPLIES)
        first = msg["from_name"].split()[0]
        body = f"Hi {first}, {text}"
        phrasings = [
            f"Reply to {ref} and let them know {gist}.",
            f"Please answer {ref}: tell them {gist}.",
            f"Send {msg['from_name']} a reply to {ref} saying {gist}.",
            f"Write back on {ref} to say {gist}.",
            f"Respond to {ref} (just the sender) {gist}.".replace(") that", "): tell them"),
        ]
        k = d.rng.randrange(len(phrasings))
        owner = d.world.value("SELECT id FROM office_user WHERE mail = ?", AMBER)
        where = {
            "owner_id": eq(owner),
            "conversation_id": eq(msg["conversation_id"]),
            "to_recipients": Match(contains=msg["from_address"]),
            "is_draft": eq(False),
        }
        return Spec(
            prompt=phrasings[k],
            oracle=[
                step("office_search_messages", query=search_text(msg["subject"])),
                step("office_reply_to_message", message_id=msg["id"], body=body),
            ],
            expect=[Expectation(table="office_message", op="insert", fields=where)],
            allow=[Allowance(table="office_message", ops=["insert"])],
            ui_oracle=[
                UiStep(goto=f"/mail/compose?id={msg['id']}&mode=reply"),
                UiStep(fill=("Message", body)),
                UiStep(click=("button", "Send")),
            ],
            wrong_record={msg["id"]: other_mail(pool, msg)},
            tags=["mail", "reply"],
            phrasing=k,
            criteria=[
                Criterion(
                    id="tells-the-sender",
                    kind="judged",
                    type="answers_request",
                    holds=f"the reply tells {msg['from_name']} that {told}",
                    deliverable=mail_body(where),
                )
            ],
        )


FAMILIES = [TriageMail(), ReplyMail()]
