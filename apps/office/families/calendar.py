"""Calendar work: a meeting with colleagues at the first common free slot, and questions about mail."""

from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

from apps.office.families.common import (
    AMBER,
    NY,
    WORKING_HOURS,
    first_free_slot_ui,
    inbox,
    search_text,
    single_subject,
    teams_meeting_expect,
)
from tasks.families import mentions
from tasks.families.base import Draw, Family, Redraw, Spec, answer_steps, step, ui_answer
from tasks.match_model import Match
from tasks.truth_model import Allowance, AnswerSpec

DAYS = [date(2026, 11, d) for d in (3, 4, 5, 6, 9, 10, 11, 12, 13, 16, 17, 18)]
TOPICS = [
    "pipeline review",
    "renewal strategy",
    "pricing sync",
    "account handover",
    "QBR prep",
    "proposal review",
    "territory check-in",
    "deal desk review",
]


def _utc(day: date, hour: int, minute: int) -> datetime:
    return datetime(day.year, day.month, day.day, hour, minute, tzinfo=NY).astimezone(ZoneInfo("UTC"))


class ScheduleMeeting(Family):
    name = "office.schedule-meeting"
    apps = ("office",)
    splits = ("test",)
    surfaces = ("mcp", "cli", "ui", "python")
    # v3: the browser oracle (the meeting form's Scheduling Assistant picks the slot); v4: the prompt says
    # that free means within everyone's working hours too (the truth is the Scheduling Assistant's slot);
    # v5: the Scheduling Assistant names its suggestions on the 12-hour clock
    version = 5
    author = "saasgym-office-team"
    summary = "a Teams meeting with 2–3 colleagues at the first common free slot (test only)"

    def build(self, d: Draw) -> Spec:
        people = d.world.rows(
            "SELECT display_name, mail FROM office_user WHERE mail != ? AND mail LIKE '%@acme.example' "
            "ORDER BY mail",
            AMBER,
        )
        guests = sorted(
            d.pick_many("coworker", people, d.choice([2, 2, 3]), key="mail"), key=lambda p: p["mail"]
        )
        day, hour = d.choice(DAYS), d.choice([9, 10, 11, 13, 14])
        minutes = d.choice([30, 45, 60])
        topic = d.choice(TOPICS)
        title = f"{topic[0].upper()}{topic[1:]}"
        start, end = _utc(day, hour, 0), _utc(day, 17, 0)
        mails = [g["mail"] for g in guests]
        found = d.world.call(
            "office_find_meeting_times",
            attendees=mails,
            duration_minutes=minutes,
            start=start.strftime("%Y-%m-%dT%H:%M:%SZ"),
            end=end.strftime("%Y-%m-%dT%H:%M:%SZ"),
        )
        if not found.get("suggestions"):
            raise Redraw("no common free slot that day")
        slot = found["suggestions"][0]
        names = ", ".join(g["display_name"] for g in guests[:-1]) + f" and {guests[-1]['display_name']}"
        when = f"{day:%A, %B} {day.day}"
        clock = f"{hour % 12 or 12}:00 {'am' if hour < 12 else 'pm'}"
        m, t = f"{minutes}-minute", f'"{title}"'
        phrasings = [
            f"Set up a {m} Teams meeting {t} with {names} on {when}, at the first slot from {clock} "
            "New York time on when all of us are free (check our calendars).",
            f"Please book {t} ({minutes} min, online) with {names}: {when}, earliest time at or after "
            f"{clock} Eastern that works for everyone.",
            f"I need {minutes} minutes with {names} on {when} for {t}. Find the first time from {clock} "
            "(New York) we are all free and send a Teams invite.",
            f"Schedule a Teams call titled {t} with {names}. {when}, {minutes} minutes, the first common "
            f"free slot starting {clock} New York time or later.",
            f"Can you get {names} into a {m} online meeting {t} on {when}? Take the earliest slot from "
            f"{clock} ET where nobody is busy.",
        ]
        k = d.rng.randrange(len(phrasings))
        outsider = next(p["mail"] for p in people if p["mail"] not in mails)
        return Spec(
            prompt=f"{phrasings[k]} {WORKING_HOURS}",
            oracle=[
                step("office_find_people", query=guests[0]["display_name"]),
                step(
                    "office_find_meeting_times",
                    attendees=mails,
                    duration_minutes=minutes,
                    start=start.strftime("%Y-%m-%dT%H:%M:%SZ"),
                    end=end.strftime("%Y-%m-%dT%H:%M:%SZ"),
                ),
                step(
                    "office_create_event",
                    subject=title,
                    start="$2.suggestions.0.start",
                    end="$2.suggestions.0.end",
                    attendees=mails,
                    is_online_meeting=True,
                ),
            ],
            expect=teams_meeting_expect(Match(contains=title), slot, mails),
            ui_oracle=first_free_slot_ui(title, mails, day, hour, minutes, slot),
            allow=[
                Allowance(table="office_message", ops=["insert"]),
                Allowance(table="office_scheduled_reply", ops=["insert"]),
            ],
            wrong_record={mails[-1]: outsider},
            tags=["calendar", "meeting", "free-busy"],
            phrasing=k,
        )


class MailSender(Family):
    name = "office.qa-mail-sender"
    version = 2  # v2: the answer names what was asked in any form, and no rival candidate
    apps = ("office",)
    surfaces = ("mcp", "cli", "ui", "python")
    author = "saasgym-office-team"
    summary = "question: who sent a mail (or the sender's address) found by its subject"

    def build(self, d: Draw) -> Spec:
        pool = inbox(d)
        msg = d.pick("sender", pool, key="from_address")
        d.note("message", msg["id"])
        single_subject(d, pool, msg, by_sender=False)
        address = d.chance(0.4)
        s = msg["subject"]
        if address:
            answer = msg["from_address"]
            phrasings = [
                f'What is the e-mail address of whoever sent me "{s}"?',
                f'I need to reply from my phone: which address did "{s}" come from?',
                f'Look up the mail "{s}" and give me the sender\'s e-mail address.',
                f'From which e-mail address did I receive "{s}"?',
                f'Find "{s}" in my inbox. What address is it from?',
            ]
        else:
            answer = msg["from_name"]
            phrasings = [
                f'Who sent me the mail "{s}"?',
                f'Which person wrote "{s}"? Just the name.',
                f'Find "{s}" in my inbox and tell me who it is from.',
                f'I forgot who mailed me about "{s}" — who was it?',
                f'Name the sender of "{s}", please.',
            ]
        k = d.rng.randrange(len(phrasings))
        return Spec(
            prompt=phrasings[k],
            oracle=[step("office_search_messages", query=search_text(s)), *answer_steps(answer)],
            answer=AnswerSpec(match=self._rule(d, pool, msg, address)),
            ui_oracle=ui_answer(answer),
            tags=["question", "mail"],
            phrasing=k,
        )

    def _rule(self, d: Draw, pool: list[dict], msg: dict, address: bool) -> Match:
        """The sender (their address when asked for it), and no other sender of the inbox."""
        senders = {m["from_address"]: m["from_name"] for m in pool}
        senders.pop(msg["from_address"], None)
        if address:
            others = [{"name": a} for a in sorted(senders)]
            return mentions.record(name=msg["from_address"], others=others)
        among = [{"name": n, "email": a} for a, n in sorted(senders.items()) if n]
        return mentions.person(msg["from_name"], msg["from_address"], among=among, alone=True)


FAMILIES = [ScheduleMeeting(), MailSender()]
