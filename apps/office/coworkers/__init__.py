"""Virtual coworkers: personas that answer mail and chat and RSVP on the episode's logical clock."""

from apps.office.coworkers.responder import (
    Incoming,
    Invitation,
    PersonaCard,
    PersonaResponder,
    RecordedResponder,
    RuleBasedResponder,
    responder_for,
)

__all__ = [
    "Incoming",
    "Invitation",
    "PersonaCard",
    "PersonaResponder",
    "RecordedResponder",
    "RuleBasedResponder",
    "responder_for",
]
