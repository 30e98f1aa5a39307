"""The handovers part's rows as they are made: the mails in the acting user's mailbox, the successors'
address-book entries, what the successors and the departed contacts' mailboxes answer, and the truth."""

from __future__ import annotations

import random
from datetime import datetime, timedelta
from typing import Any

from apps.office.ids import ID_FORMATS, graph_guid
from worlds.generator.common import fmt_dt, make_faker
from worlds.parts.requests.inbox import message_row

TITLES = (
    "Procurement Manager",
    "Head of Procurement",
    "Senior Buyer",
    "Purchasing Manager",
    "Vendor Manager",
)
TAKES_OVER = ("our purchasing", "our supplier contracts", "procurement", "our renewals and purchase orders")
_ids = {name: graph_guid(f"Handover{name}") for name in ("Message", "Conversation", "Contact", "Brief")}


class Planter:
    """Plants handovers into the acting user's mailbox.

    Args:
        office: the office part's state (users, folders, messages, the acting user).
        now: the world's now (naive UTC).
        rng: the part's random stream.
        crm_contacts: the CRM's contacts (their order by id gives their address-book ids).
    """

    def __init__(
        self, office: Any, now: datetime, rng: random.Random, crm_contacts: list[dict[str, Any]]
    ) -> None:
        self.office, self.now, self.rng = office, now, rng
        self.fake = make_faker(rng)
        self.messages: list[dict[str, Any]] = []
        self.contacts: list[dict[str, Any]] = []
        self.briefs: list[dict[str, Any]] = []
        self.handovers: list[dict[str, Any]] = []
        ordered = sorted(crm_contacts, key=lambda c: c["id"])
        self.book_id = {c["id"]: ID_FORMATS["Contact"](n) for n, c in enumerate(ordered, start=1)}
        self.names = {f"{c['first_name']} {c['last_name']}".lower() for c in crm_contacts}
        self.names |= {u["display_name"].lower() for u in office.users}
        me = office.actor["id"]
        self.known = set()
        for m in office.rows["message"]:
            if m["owner_id"] == me:
                self.known.add(m["from_address"].lower())
                self.known.update(a.lower() for a in (*m["to_recipients"], *m["cc_recipients"]))

    def free(self, address: str) -> bool:
        """Whether `address` never had mail with the acting user (and is no handover's yet)."""
        return address.lower() not in self.known

    def plant(
        self, account: dict[str, Any], deal: dict[str, Any], gone: dict[str, Any], variant: str
    ) -> None:
        """One handover on `account`: `gone` (a CRM contact) left; a successor took over (`variant` notice:
        their farewell names the successor; bounce: a mail to them bounced, then the successor wrote)."""
        rng, actor = self.rng, self.office.actor
        domain = gone["email"].split("@")[1]
        first, last = self._name(gone)
        successor = {
            "name": f"{first} {last}",
            "first_name": first,
            "last_name": last,
            "email": f"{first}.{last}@{domain}".lower(),
            "title": rng.choice(TITLES),
        }
        gone_name = f"{gone['first_name']} {gone['last_name']}"
        gone_addr = gone["email"].lower()
        gone_sender = {"mail": gone_addr, "display_name": gone_name}
        succ_sender = {"mail": successor["email"], "display_name": successor["name"]}
        what = rng.choice(TAKES_OVER)
        conversation = _ids["Conversation"](len(self.handovers) + 1)
        left_on = (self.now - timedelta(days=rng.randint(12, 40))).replace(hour=rng.randint(13, 21))
        signature = f"{successor['name']}\n{successor['title']}, {account['name']}\n{successor['email']}"
        if variant == "notice":
            body = (
                f"Hi {actor['given_name']},\n\nA short note to let you know that I'm leaving "
                f"{account['name']} — Friday is my last day. From then on {successor['name']} "
                f"({successor['title']}) takes over "
                f"{what}; you can reach {first} at {successor['email']}.\n\nThank you for the good work "
                f"together!\n\nBest regards,\n{gone_name}\n{gone.get('title') or ''}\n{account['name']}"
            )
            self._mail(gone_sender, [actor["mail"]], "Moving on", body, left_on, conversation, "inbox")
            self._brief(
                f"customer:{self.book_id[gone['id']]}",
                conversation,
                f"Thank you for your message. I have left {account['name']} and this mailbox is no longer "
                f"read. For {what}, please contact {successor['name']} ({successor['title']}) at "
                f"{successor['email']}.",
            )
        else:
            subject = rng.choice(("Checking in", "Quick check-in", f"{account['name']}: catching up"))
            asked = (
                f"Hi {gone['first_name']},\n\nhope all is well. Do you have a few minutes next week to "
                f"catch up on {deal['name']}?\n\nBest,\n{actor['display_name']}"
            )
            sent = self._mail(actor, [gone_addr], subject, asked, left_on, conversation, "sentitems")
            ndr = (
                f"Delivery has failed to these recipients or groups:\n\n{gone_addr}\nThe e-mail address you "
                f"entered couldn't be found at {domain}.\n\nDiagnostic information for administrators:\n"
                f"Generating server: mail.{domain}\n{gone_addr}\nRemote Server returned '550 5.1.1 "
                f"<{gone_addr}>: Recipient address rejected: User unknown'\n\nOriginal message headers:\n"
                f"Message-ID: {sent['internet_message_id']}\nSubject: {subject}"
            )
            postmaster = {"mail": f"postmaster@{domain}", "display_name": "Mail Delivery System"}
            self._mail(postmaster, [actor["mail"]], f"Undeliverable: {subject}", ndr,
                       left_on + timedelta(minutes=1), conversation, "inbox")  # fmt: skip
            intro = (
                f"Hi {actor['given_name']},\n\nI joined {account['name']} as {successor['title']} and have "
                f"taken over {what} from {gone_name}, who has left the company. Please send anything about "
                f"our contracts with you to me from now on.\n\nBest regards,\n{signature}"
            )
            later = left_on + timedelta(days=rng.randint(2, 6))
            thread = _ids["Conversation"](100 + len(self.handovers))
            self._mail(succ_sender, [actor["mail"]], "Introduction", intro, later, thread, "inbox")
            self._brief(f"bounce:{gone_addr}", conversation, f"550 5.1.1 <{gone_addr}>: User unknown")
        contact_id = _ids["Contact"](len(self.contacts) + 1)
        self.contacts.append(
            {
                "business_phone": None,
                "company_name": account["name"],
                "crm_account_id": None,
                "crm_contact_id": None,
                "display_name": successor["name"],
                "email_address": successor["email"],
                "id": contact_id,
                "job_title": successor["title"],
            }
        )
        po = f"PO-{rng.randint(2026000, 2026999)}"
        self._brief(
            f"customer:{contact_id}",
            conversation,
            f"Our purchase order number for {deal['name']} is {po}.",
            keywords=["purchase order", "po number", "po", "p.o."],
        )
        self.known.update((gone_addr, successor["email"]))
        self.names.add(successor["name"].lower())
        self.handovers.append(
            {
                "id": f"handover-{len(self.handovers) + 1:02d}",
                "variant": variant,
                "account_id": account["id"],
                "account": account["name"],
                "deal_id": deal["id"],
                "gone_contact_id": gone["id"],
                "gone_name": gone_name,
                "gone_email": gone_addr,
                "gone_title": gone.get("title"),
                "successor": successor,
                "takes_over": what,
                "left_on": fmt_dt(left_on),
                "purchase_order": po,
            }
        )

    def _name(self, gone: dict[str, Any]) -> tuple[str, str]:
        while True:
            first, last = self.fake.first_name(), self.fake.last_name()
            if last != gone["last_name"] and f"{first} {last}".lower() not in self.names:
                return first, last

    def _brief(self, user_id: str, conversation: str, text: str, keywords: list[str] | None = None) -> None:
        self.briefs.append(
            {
                "clarification": text,
                "conversation_id": conversation,
                "id": _ids["Brief"](len(self.briefs) + 1),
                "keywords": keywords or [],
                "user_id": user_id,
            }
        )

    def _mail(
        self,
        sender: dict[str, Any],
        to: list[str],
        subject: str,
        body: str,
        when: datetime,
        conversation: str,
        folder: str,
    ) -> dict[str, Any]:
        """A read mail in the acting user's `folder` (inbox or sentitems)."""
        actor = self.office.actor
        mid = _ids["Message"](len(self.messages) + 1)
        row = message_row(
            mid=mid,
            thread=mid,
            conversation=conversation,
            sender=sender,
            to=to,
            subject=subject,
            body=body,
            when=when,
            owner_id=actor["id"],
            folder_id=self.office.folder[actor["id"], folder],
            read=True,
        )
        self.messages.append(row)
        return row
