"""A working week in which work keeps arriving (frontier): on Monday morning Amber covers her own inbox until
Friday 17:00 — four to six requests wait (drawn as a morning's are, `crossapp/xapp/inbox_morning.py`, one of
them a colleague's CRM request of `worlds/parts/holds`), and two or three more mails arrive during the week
on their senders' own schedule (`crossapp/xapp/week_arrivals.py`): a revision or withdrawal of Monday's
CRM request in its thread (or, in half the weeks, in its sender's Teams chat), and one or two new requests,
the first needed by a time its sender sets — a few hours later, the end of their day, the next morning or
the end of the day after next — in their own words and zone (`week_deadlines.py`). The prompt
states the end, with a manager's remark that colleagues don't wait days, and nothing of what will come.
The skill it asks for is the one strong agents drop: to keep working through time — let the days pass
checking in as they go, read what came in (mail and chat), act on the latest word (put right what was done
on Monday's word), and in time: v1's probes let the days pass to Friday and did everything then, which a
deadline now fails; v2's deadline always fell on the next morning, which v4's four kinds no longer teach.

Arrivals are planned mails of the task's private truth (`TaskTruth.arrivals`), planted at the episode's start
and delivered by its one clock (`apps/office/planned.py`): before their time they are nowhere a performer can
read. What decides the truth: every Monday part's own truth, and for the arrivals the latest word — the
revised value, the record as it was for a withdrawal, the new request done; checkpoints are named by
requester. Asking anyone is never penalised (mail and chat are allowed); the arrivals' senders are the
part's engineers, whose brief knows only their Monday request (asked about a revision before it is sent,
they answer as of Monday).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from crossapp.xapp.inbox_morning import INBOX
from crossapp.xapp.week_arrivals import new_request, revisable, revision
from crossapp.xapp.week_deadlines import END, MONDAY, SAME_DAY
from tasks.families.base import Draw, Family, Redraw, Spec, step
from tasks.families.compose import WAIT, Composed, Part, fill
from tasks.families.frontier_kit import CHAT_SIDE_EFFECTS, MAIL_SIDE_EFFECTS, RECORD_NOTES
from tasks.truth_model import Checkpoint, FrontierMeasures, OracleStep

INTROS = (
    "It's Monday morning and you're covering your own inbox this week. Waiting for you:",
    "New week. These are already in your inbox:",
    "Monday, first thing — here's what is open:",
    "You're on your own this week (no one is covering for you). On your list this morning:",
)
OUTROS = (  # the end, and a manager's remark that work here does not wait for Friday (nothing of what comes)
    "Handle those and whatever else comes in for you, until Friday 17:00 — colleagues often need things the "
    "same day or the next.",
    "Please deal with these, and with anything new that reaches you by mail or Teams during the week, until "
    "Friday at 5 pm. People here don't like waiting days for an answer.",
    "Keep on top of these and of whatever arrives this week, day by day — you're responsible until Friday "
    "17:00.",
)


READ = (step("office_list_messages", folder="inbox"), step("office_list_chats"))


def wait(minutes: int) -> OracleStep:
    return step(WAIT, minutes=minutes, stop_at_first_reply=False)


class WeekPart(Part):
    """The week's own part: Monday's CRM request and the arrivals; its people and records are the
    requesters' and contacts' (none shared with a Monday part)."""

    who: frozenset[str] = frozenset()
    what: frozenset[str] = frozenset()
    monday: int = 0  # how many of its oracle steps are Monday's (the rest handle the arrivals)

    def people(self) -> set[str]:
        return super().people() | self.who

    def records(self) -> set[str]:
        return super().records() | self.what


class WeekArrivals(Family):
    """Not a catalog family: the week's part, built on the week's draw (`InboxWeek.parts`)."""

    name = "xapp.week-arrivals"
    apps = ("office", "crm")
    tier = "frontier"

    def build(self, d: Draw) -> Spec:
        return week_part(d, 1).spec


def week_part(d: Draw, new: int) -> WeekPart:
    """Monday's CRM request, its revision or withdrawal (by mail, or in the sender's Teams chat) and `new`
    new requests, each arrival on its own day (Tuesday–Thursday, the revision's drawn among them), the first
    new one needed by a time its sender sets (`week_deadlines`); the oracle does Monday's request, then lets
    each day pass and acts each morning on what came in the day before — a same-day deadline that afternoon,
    half an hour after its mail came, and the last arrival with no deadline at Friday 17:00, so that dropping
    its last write fails."""
    d = Draw(world=d.world, split=d.split, rng=d.rng)  # its own subjects, as every part's (`compose.part`)
    r = revisable(d)
    d.note("account", r["account_id"])
    d.note("contact", r["contact_id"])
    days = sorted(d.rng.sample([1, 2, 3], 1 + new))
    later = list(days)
    first = later.pop(d.rng.randrange(len(later)))  # the revision's day; the new requests' in order
    mail, expect, write, what = revision(d, r, first, chat=d.chance(0.5))
    by_chat = [write] if mail.channel == "chat" else []  # acting on it needs the chat read
    taken = {r["sender"], r["account_id"], r["contact_id"]}
    arrivals, expects, handled = [mail], [expect], {first: [write]}
    checkpoints = [Checkpoint(name=f"{r['sender_name']}: {what}"[:120], expect=[expect])]
    check_ins: list[tuple[datetime, list[OracleStep]]] = []  # beside the mornings: a same-day deadline's
    for day in later:
        mail, expect, write, what, row = new_request(d, taken, day, due=day == later[0])
        d.note("account", row["account_id"])
        d.note("contact", row["contact_id"])
        taken |= {row["sender"], row["account_id"], row["contact_id"]}
        arrivals.append(mail)
        expects.append(expect)
        if row.get("due") in SAME_DAY:
            check_ins.append((datetime.fromisoformat(mail.send_at) + timedelta(minutes=30), [write]))
        else:
            handled.setdefault(day, []).append(write)
        checkpoints.append(Checkpoint(name=f"{row['sender_name']}: {what} (arrived {row_day(day)})"[:120],
                                      expect=[expect]))  # fmt: skip
    monday = [
        step("office_get_message", message_id=r["message_id"]),
        step("crm_get_contact", contact_id=r["contact_id"]),
        step("crm_update_contact", contact_id=r["contact_id"], **{r["action"]: r["value"]}),
    ]
    # the last arrival with no deadline is handled at the week's end (the oracle's last write is real work)
    last = max(day for day in days if day != later[0])
    for day in (1, 2, 3, 4):  # each morning: the night's mail and chats, and what came in the day before
        now = handled.get(day - 1, []) if day - 1 != last else []
        check_ins.append((MONDAY + timedelta(days=day), now))
    check_ins.append((END, handled[last]))
    oracle, clock = list(monday), MONDAY
    for at, writes in sorted(check_ins, key=lambda c: c[0]):
        oracle += [wait(int((at - clock).total_seconds() // 60)), *READ, *writes]
        clock = at
    start = len(monday)  # the days' steps: moved to the end, the deadline is missed (`Mutations.late`)
    late = [i for i, s in enumerate(oracle) if i >= start and s.tool != WAIT and s not in READ]
    unseen = [i for i, s in enumerate(oracle) if i >= start and s in by_chat]
    spec = Spec(
        prompt=f"{r['sender_name']}'s mail about {r['contact_name']} ({r['account']})",
        oracle=oracle,
        expect=expects,
        allow=[*MAIL_SIDE_EFFECTS, *CHAT_SIDE_EFFECTS, RECORD_NOTES],
        tags=["week", "arrivals"],
        checkpoints=checkpoints,
        frontier=FrontierMeasures(discover=len(arrivals), people=len(arrivals), policies=[], distractors=1),
        arrivals=arrivals,
        late=late,
        unseen=unseen,
    )
    part = WeekPart(WeekArrivals(), spec, d, label="week")
    part.who = frozenset(m.sender.lower() for m in arrivals)
    part.what = frozenset(taken)
    part.monday = len(monday)
    return part


def row_day(day: int) -> str:
    return ("Monday", "Tuesday", "Wednesday", "Thursday")[day]


class InboxWeek(Composed):
    name = "xapp.inbox-week"
    # the parts' code decides what an instance holds: a part's new version is a new version of the week;
    # 2: a deadline on an arrival, a revision by chat; 3: the holds part drawn account-balanced (test weeks
    # revise four Monday requests, not one); 4: deadlines of four kinds (a few hours later, the end of the
    # sender's day, the next morning, the end of the day after next), every arrival in its sender's hours;
    # 5: a dev split (the holds part's dev requests: 3 title or phone requests to revise, 5 senders to ask)
    version = 5 + sum(f.version for f in INBOX)
    apps = ("office", "crm", "ticketing")
    splits = ("train", "dev", "test")
    size = 60
    distinct = 50
    no_ui_reason = "a week holds requests whose families have no browser oracle"
    ci_surfaces = ("python",)
    tags = ("inbox", "week", "arrivals", "cross-app")
    summary = (
        "frontier: a working week from Monday to Friday 17:00 — 4–6 requests wait on Monday and 2–3 messages "
        "arrive during the week on their senders' own schedule (a revision or withdrawal of a Monday "
        "request, by mail or Teams chat; new requests, one needed by a time its sender sets — later that "
        "day, the next morning or the day after next): keep working through time, in time, and follow the "
        "latest word"
    )

    def __init__(self, monday: tuple[int, ...] = (3, 4, 5)) -> None:
        """monday: how many of the Monday parts come from the inbox families (one of the draw's choices;
        the week's own CRM request is one more)."""
        self.monday = monday

    def write(self, d: Draw, parts: list[Part]) -> tuple[str, int]:
        """Monday's list between an intro and an outro that states the end; nothing of what will come."""
        k = d.rng.randrange(len(INTROS))
        outro = d.choice(list(OUTROS))
        lines = [p.spec.prompt for p in parts]
        d.rng.shuffle(lines)
        return f"{INTROS[k]}\n" + "\n".join(f"- {x}" for x in lines) + f"\n{outro}", k

    def parts(self, d: Draw) -> list[Part]:
        """The week's part first (its full-day waits stand for each round's), then the Monday requests."""
        n = d.choice(list(self.monday))
        week = week_part(d, d.choice([1, 1, 2]))
        return fill(d, INBOX, n + 1, [week], "a week")

    def compose(self, d: Draw) -> tuple[Spec, list[Part]]:
        """The merged week, whose clock is the week part's own: a Monday part that waited in a round the week
        checks in early (a same-day deadline's afternoon) would move it, and is drawn again."""
        spec, parts = super().compose(d)
        own = [s for s in parts[0].spec.oracle if s.tool == WAIT]
        if [s for s in spec.oracle if s.tool == WAIT] != own:
            raise Redraw("a Monday request waits where the week checks in early")
        spec.arrivals = [a for p in parts for a in p.spec.arrivals]
        return spec, parts


def stop_on_monday(parts: list[Part], oracle: list[OracleStep]) -> list[OracleStep]:
    """The merged `oracle` without the week part's steps after Monday (the arrivals never handled): the
    mutant that cuts the week short."""
    week = next(p for p in parts if isinstance(p, WeekPart))
    later = set(week.steps[week.monday :])
    return [s for i, s in enumerate(oracle) if i not in later or s.tool == WAIT]


FAMILIES = [InboxWeek()]
