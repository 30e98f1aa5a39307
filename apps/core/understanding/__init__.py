"""Understanding a message: the one layer every persona reads through (colleagues, customer contacts, desk
callers, approvers) into the same structured `Request`; the apps' responders only decide and answer.

- `request`: `Request` / `Ask` (the structured request; its JSON schema is what a model fills), `Known`
  (what a mention resolves to), `Reading` (the thread, clock and catalogs handed to the reader), `Turn`.
- `reader.read_message(subject, text, reading, role) -> Request`: the deterministic rule-based reader.
- `lexicon`, `language`, `segments`, `pieces`, `mentions`, `values`, `documents`, `followup`: its parts.
"""

from apps.core.understanding.reader import read_message
from apps.core.understanding.request import Ask, Known, Reading, Request, Turn

__all__ = ["Ask", "Known", "Reading", "Request", "Turn", "read_message"]
