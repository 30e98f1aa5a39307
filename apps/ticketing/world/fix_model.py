"""One kind of issue as the service desk knows it (`Fix`), and the resolution notes it allows.

A resolution note is the issue's own: a fixed laptop keyboard is never "resolved" by a VPN profile, a
phishing report never by "a restart", a course's certificates never by "the patched build". A close code
the issue has no note for (a failing disk is no user error) is given as "Solution provided".
"""

from __future__ import annotations

from dataclasses import dataclass

CLOSE_CODES = (
    "Solution provided",
    "Workaround provided",
    "Resolved by caller",
    "User error",
    "Resolved by change",
    "Duplicate",
    "Known error",
)


@dataclass(frozen=True)
class Fix:
    """What is known about one kind of issue. `fix` and `change` are past-tense phrases without a final
    full stop; `caller` is what the caller did ("renewed the certificate ..."), `mistake` what went wrong on
    their side; None where that does not happen with this issue. `applies` names what it concerns:
    "laptop", "windows" or "mac" (the CMDB's laptops), or a service or product by name."""

    title: str
    category: str
    symptoms: str
    cause: str
    steps: tuple[str, ...]
    fix: str
    workaround: str
    applies: str
    change: str | None = None
    caller: str | None = None
    mistake: str | None = None

    def code_for(self, code: str) -> str:
        """`code` if this issue has a note for it, else "Solution provided"."""
        needs = {
            "Resolved by caller": self.caller,
            "User error": self.mistake,
            "Resolved by change": self.change,
        }
        return code if needs.get(code, "ok") else "Solution provided"

    def close_notes(self, code: str, first: str) -> str:
        """The resolution notes of an incident of this issue closed with `code` (see `code_for`)."""
        notes = {
            "Solution provided": f"{self.fix}. Confirmed with {first}.",
            "Workaround provided": f"Workaround until the cause is fixed: {self.workaround}",
            "Resolved by caller": f"{first} {self.caller}; nothing else needed.",
            "User error": f"{self.mistake}; showed {first} how to avoid it, no fault found.",
            "Resolved by change": f"Fixed by {self.change}; {first} confirmed it works.",
            "Duplicate": f'Duplicate of an earlier incident about "{self.title}"; followed up there.',
            "Known error": f'Known error, see the article "{self.title}": {self.workaround}',
        }
        return notes[self.code_for(code)]

    def own_phrases(self) -> tuple[str, ...]:
        """The phrases only this issue's notes carry (a note of this issue holds at least one)."""
        return tuple(
            p for p in (self.fix, self.workaround, self.change, self.caller, self.mistake, self.title) if p
        )
