"""What every kind of deck is written with: the world's records (CRM ledger, desk, office people and
drives), the part's rows, one folder per owner and purpose, the logo, and the facts file's entries."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from worlds.parts.decks.asof import Ledger
from worlds.parts.decks.builder import Deck, Rows


@dataclass
class Ctx:
    rng: random.Random
    now: datetime
    office: Any
    crm: Any
    desk: Any | None
    rows: Rows = field(default_factory=Rows)
    facts: list[dict[str, Any]] = field(default_factory=list)
    folders: dict[tuple[str, str], dict[str, Any]] = field(default_factory=dict)
    logo_id: str = ""

    def __post_init__(self) -> None:
        self.ledger = Ledger(self.crm.rows["opportunity"], self.crm.rows["opportunity_history"])
        self.roots = {
            r["owner_id"]: r["id"] for r in self.office.rows["drive_item"] if r["parent_id"] is None
        }
        self.users = sorted(self.office.users, key=lambda u: u["mail"])

    @property
    def actor(self) -> dict[str, Any]:
        return self.office.actor

    def office_user(self, crm_user_id: str) -> dict[str, Any] | None:
        """The office account of a CRM user (by employee number)."""
        number = self.crm.by_id.get(crm_user_id, {}).get("employee_number")
        return self.office.user_by_number.get(number) if number else None

    def by_title(self, title: str) -> dict[str, Any] | None:
        return next((u for u in self.users if u.get("job_title") == title), None)

    def in_department(self, department: str) -> list[dict[str, Any]]:
        return [u for u in self.users if u.get("department") == department]

    def folder(
        self, owner: dict[str, Any], name: str, when: datetime, description: str | None = None
    ) -> dict:
        """The owner's folder of that name in their OneDrive's root (made once)."""
        key = (owner["id"], name)
        if key not in self.folders:
            self.folders[key] = self.rows.item(
                name, owner, self.roots[owner["id"]], "folder", when, mime_type=None, description=description
            )
        return self.folders[key]

    def deck(
        self, owner: dict, folder: dict, name: str, theme: str, when: datetime, description: str
    ) -> Deck:
        item = self.rows.item(name, owner, folder["id"], "presentation", when, description=description)
        return Deck(self.rows, item, theme, when)

    def fact(
        self, deck: Deck, kind: str, as_of: datetime, subject: str, facts: list[dict], **extra: Any
    ) -> None:
        """The deck's entry in `decks/facts.jsonl`: what it is about and the numbers it shows as of when."""
        self.facts.append(
            {
                "deck_id": deck.item["id"],
                "name": deck.item["name"],
                "kind": kind,
                "owner_id": deck.item["owner_id"],
                "as_of": as_of.isoformat(),
                "subject": subject,
                "facts": facts,
                **extra,
            }
        )

    def title_slide(self, deck: Deck, title: str, subtitle: str) -> dict:
        slide = deck.slide("Title Slide", title, subtitle)
        if self.logo_id:
            deck.picture(slide, self.logo_id, 10_972_800, 5_760_720, 731_520, 731_520)
        return slide


def long_date(day: datetime) -> str:
    return f"{day:%B} {day.day}, {day.year}"
