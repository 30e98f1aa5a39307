"""A task's private truth (`TaskTruth`, `tasks/private/<id>.json`) and what it holds: the expected changes
and allowed side effects, the expected answer, the oracle (tool steps and browser steps), calibration hints,
checkpoints, rubric criteria, difficulty measures and the mails that arrive during the episode. Never
reachable from a performer surface.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, model_serializer, model_validator

from tasks.match_model import Match, Strict, TableMatch


class WriteWindow(Strict):
    """When an expected write must land on the episode's clock (work with a deadline): the row's own
    modification time (`column`, stamped from the episode clock) at or after `after` and before `before`
    (ISO, naive UTC, as stored). `said` is the deadline in the asker's words for the readable diff ("new
    title in before Wednesday 10:00 PST"); `zone` the IANA zone the diff tells the write's time in."""

    column: str = Field(min_length=1)
    after: str | None = Field(default=None, pattern=r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$")
    before: str = Field(pattern=r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$")
    said: str = Field(min_length=1)
    zone: str = "UTC"


class Expectation(Strict):
    """One expected change.

    op update: the row with primary key `pk` changed so that `fields` match.
    op insert: a new row in `table` whose fields match `fields` (one distinct new row per expectation).
    op delete: the row `pk` is gone.
    op unchanged: the row `pk` must not change at all — or, when `fields` are given, may have been changed
    and put back so that they match (a change undone on a later word: its modification time moved on).
    written (update, insert): the matching write landed inside this window of the episode clock
    (`WriteWindow`).
    """

    table: str
    op: Literal["insert", "update", "delete", "unchanged"]
    pk: str | None = None
    fields: dict[str, Match] = {}
    note: str | None = None
    written: WriteWindow | None = None

    @model_validator(mode="after")
    def _pk_when_needed(self) -> Expectation:
        if self.op != "insert" and not self.pk:
            raise ValueError(f"a {self.op} expectation needs the row's pk")
        if self.written is not None and self.op not in ("insert", "update"):
            raise ValueError("only an insert or update is written by a time")
        return self

    @model_serializer(mode="wrap")
    def _without_window(self, handler: Any) -> dict[str, Any]:
        """`written` only when given: an expectation without it serializes as before it existed (the
        instance digests of every family stay what they were)."""
        data = handler(self)
        if data.get("written") is None:
            data.pop("written", None)
        return data


class Allowance(Strict):
    """A harmless change that is not expected but does not count as collateral damage.

    Without `fields`: any insert/update (per `ops`) in `table`. With `fields`: only changes of those
    fields. With `pk`: only that row.
    """

    table: str
    ops: list[Literal["insert", "update", "delete"]] = ["insert", "update"]
    pk: str | None = None
    fields: list[str] | None = None


class AnswerSpec(Strict):
    """The expected answer when the task asks a question (or must be refused). A refusal declines and gives
    its reason: at least one of `because` (the rule, policy, person or fact that makes the request
    impossible) holds on the answer; a bare "I can't" is no refusal."""

    match: Match | None = None
    refusal: bool = False
    because: list[Match] = []

    @model_validator(mode="after")
    def _one(self) -> AnswerSpec:
        if (self.match is None) == (not self.refusal):
            raise ValueError("an answer is either a `match` or a `refusal`")
        if self.refusal != bool(self.because):
            raise ValueError("a refusal names its reason (`because`), and only a refusal does")
        return self


class OracleStep(Strict):
    """One tool call. String arguments may reference earlier results: "$2.id" is step 2's `id`
    (steps count from 1; dotted paths walk into the result)."""

    tool: str
    args: dict[str, Any] = {}


class UiStep(Strict):
    """One browser step of a UI oracle (paths are relative to /s/<first app>/, or absolute from /s/)."""

    goto: str | None = None
    fill: tuple[str, str] | None = None
    select: tuple[str, str] | None = None
    check: str | None = None
    click: tuple[str, str] | None = None  # (role, name)
    in_form: str | None = None  # the click target is inside the form with this accessible name
    click_text: str | None = None  # click on this visible text (e.g. into a paragraph of a document)
    select_text: str | None = None  # select this visible text, as a double-click or Shift+arrows would
    press: str | None = None  # a key or chord at the focus, in Playwright's names: "Enter", "Control+B"
    type: str | None = None  # type this text at the focus, key by key
    expect_text: str | None = None


class Mutations(Strict):
    """Hints for calibration mutants: ids to swap for the 'wrong record' mutant; `off_by_one: false` when
    no number in the oracle decides the outcome (e.g. its only number is how long to wait for a reply),
    so bumping it is not a wrong solution."""

    wrong_record: dict[str, str] = {}
    off_by_one: bool = True
    # the oracle steps (0-based) that make its exchange with a persona (asking the approver, the owner of
    # a document): the skip_exchange mutant leaves them out and must fail
    exchange: list[int] = []
    # the oracle steps that meet a deadline on the episode clock: the `late` mutant does them only after the
    # oracle's last step (the days let pass first) and must fail
    late: list[int] = []
    # the oracle steps that act on what came by a channel other than mail (a chat message): the `unseen`
    # mutant, which reads only mail, leaves them out and must fail
    unseen: list[int] = []

    @model_serializer(mode="wrap")
    def _without_empty(self, handler: Any) -> dict[str, Any]:
        """`late` and `unseen` only when given (the instance digests of every family stay what they were)."""
        data = handler(self)
        for key in ("late", "unseen"):
            if not data.get(key):
                data.pop(key, None)
        return data


class CallPattern(Strict):
    """A successful call the performer made at some point: the tool's full name (`crm_update_opportunity`)
    and, optionally, rules its arguments must meet (only the arguments named here are looked at)."""

    tool: str
    args: dict[str, Match] = {}


class Checkpoint(Strict):
    """A named intermediate condition, reported in the verdict as a diagnostic of partial progress. It has
    no weight in the outcome bit. Met when every expectation holds on the episode's net changes and, if
    `called` is given, the performer made such a call (a call that changed nothing still counts: asking
    the approver first is progress even when the state shows no trace of it)."""

    name: str = Field(min_length=1, max_length=120)
    expect: list[Expectation] = []
    called: CallPattern | None = None

    @model_validator(mode="after")
    def _something(self) -> Checkpoint:
        if not self.expect and self.called is None:
            raise ValueError(f"checkpoint {self.name!r} needs `expect` or `called`")
        return self


CriterionType = Literal["states_fact", "names_person", "cites_policy", "covers_items", "answers_request"]


class Deliverable(Strict):
    """Where the text a criterion reads is: the performer's answer, or a field of the rows the episode
    changed in `table` — the row `pk`, or every new row whose fields meet `where` (a mail to the customer, a
    work note on the incident, a document's derived `sections`); several rows are read as one text."""

    answer: bool = False
    table: str | None = None
    pk: str | None = None
    where: dict[str, Match] = {}
    field: str | None = None

    @model_validator(mode="after")
    def _one_place(self) -> Deliverable:
        if self.answer == bool(self.table and self.field):
            raise ValueError("a deliverable is either the answer or a table's field")
        return self


class Criterion(Strict):
    """One binary rubric criterion on a work product. Every criterion must hold for the task to pass.

    `deterministic`: decided by extraction from the deliverable's text — every one of `numbers` stated (any
    notation, within `tol`), `dates` (ISO) stated, `names` (people, records) named, `phrases` (words the
    prompt itself gives: a policy's title) present, each of `headings` a heading of its own (a document's
    section, a deck's slide title: its words, any case and punctuation), the `table`'s rows present (their
    amounts in any notation), none of `forbid` (the other candidates: an answer listing them all is
    stuffing) named and none of `forbid_numbers` (figures that must not be disclosed: another customer's
    price) stated, in any notation.
    `judged`: decided by the configured judge model, asked about this criterion alone with only the
    deliverable and `holds` under the pinned prompt of its `type` (`tasks/rubric/prompts.py`).
    """

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9_-]*$", max_length=60)
    kind: Literal["deterministic", "judged"]
    type: CriterionType
    holds: str = Field(min_length=1, max_length=1000)  # what must hold, in words
    deliverable: Deliverable
    numbers: list[float] = []
    tol: float = 0.005
    dates: list[str] = []
    names: list[str] = []
    phrases: list[str] = []
    headings: list[str] = []
    table: TableMatch | None = None
    forbid: list[str] = []
    forbid_numbers: list[float] = []

    @model_serializer(mode="wrap")
    def _without_empty_headings(self, handler: Any) -> dict[str, Any]:
        """Written only when given (the instance digests of the families without them stay what they were)."""
        data = handler(self)
        for late in ("headings", "forbid_numbers"):
            if not data.get(late):
                data.pop(late, None)
        return data

    @model_validator(mode="after")
    def _how_judged(self) -> Criterion:
        extracted = any(
            (
                self.numbers,
                self.dates,
                self.names,
                self.phrases,
                self.headings,
                self.table,
                self.forbid,
                self.forbid_numbers,
            )
        )
        if self.kind == "deterministic" and not extracted:
            raise ValueError(f"deterministic criterion {self.id!r} extracts nothing")
        if self.kind == "judged" and extracted:
            raise ValueError(f"judged criterion {self.id!r} must leave extraction to deterministic ones")
        return self


class FrontierMeasures(Strict):
    """What makes a frontier instance hard — judgment and discovery, not clerical volume: the records the
    performer must find that the prompt does not name (`discover`), the people it must involve (requester,
    approvers, colleagues, customers: `people`), the handbook policies in play (their titles: `policies`),
    the plausible wrong records it must tell apart — stale, duplicate, conflicting or same-named ones
    (`distractors`) — and whether the request is under-specified on purpose, so that asking the requester
    is the right move (`ask`)."""

    discover: int = Field(ge=0)
    people: int = Field(ge=0)
    policies: list[str] = []
    distractors: int = Field(ge=0, default=0)
    ask: bool = False


class Measures(Strict):
    """How much work an instance's oracle is: tool calls (reads included), writes, apps, records (the
    distinct records it changes — rows that are part of another record count as that record, see
    families.instances — or, for questions, the records the answer is about), distractors (similar
    records the prompt must be told apart from), and whether the right answer is a refusal."""

    oracle_calls: int
    reads: int
    writes: int
    apps: int
    records: int
    distractors: int = 0
    refusal: bool = False
    # long-horizon scenarios: marked as such, the simulated days their oracle waits through on the
    # logical clock, and the personas (mail addresses) it exchanges with
    scenario: bool = False
    days: float = 0
    personas: list[str] = []
    frontier: FrontierMeasures | None = None  # the frontier tier's own measures (families with tier frontier)


class PlannedMail(Strict):
    """A mail a colleague or customer sends on their own schedule during the episode (an arrival): it lands in
    the recipients' mailboxes when the episode's clock passes `send_at`, exactly as a real incoming mail
    (`apps/office/planned.py`). Private: a performer never sees it before then."""

    sender: str = Field(min_length=3)  # the sender's mail address (a colleague's, or a customer contact's)
    sender_name: str = Field(min_length=1)
    to: list[str] = Field(min_length=1)
    cc: list[str] = []
    subject: str = Field(min_length=1)
    body: str = Field(min_length=1)
    send_at: str = Field(pattern=r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$")  # naive UTC, as the world's now
    in_reply_to: str | None = None  # the message (in the recipient's mailbox) it answers: threaded to it
    # how it is sent: a mail, or a Teams message in the sender's 1:1 chat with the (one) recipient
    channel: Literal["mail", "chat"] = "mail"

    @model_serializer(mode="wrap")
    def _mail_unsaid(self, handler: Any) -> dict[str, Any]:
        """`channel` only when a chat: a mail serializes as before chats existed (digests stay)."""
        data = handler(self)
        if data.get("channel") == "mail":
            data.pop("channel", None)
        return data


class TaskTruth(Strict):
    """The private part of a task."""

    id: str
    canary: str = Field(pattern=r"^SAASGYM-CANARY-[0-9a-f]{16,}$")
    author: str
    approved_by: str | None = None
    expect: list[Expectation] = []
    allow: list[Allowance] = []
    answer: AnswerSpec | None = None
    oracle: list[OracleStep]
    ui_oracle: list[UiStep] | None = None
    mutations: Mutations = Mutations()
    checkpoints: list[Checkpoint] = []
    criteria: list[Criterion] = []  # rubric criteria on the work product: all must hold (tasks/rubric)
    measures: Measures | None = None  # instances of a family: their difficulty measures
    entities: list[str] = []  # instances of a family: the held-out entities they draw (`kind:id`)
    # instances of a family: the tags that tell its variants apart (the branch, a refusal, the phrasing);
    # private, as the public tags are the family's topic (`tasks.families.public`)
    variant_tags: list[str] = []
    # mails that arrive during the episode on their own schedule (planted at its start: `tasks/arrivals.py`)
    arrivals: list[PlannedMail] = []

    @model_validator(mode="after")
    def _checkpoint_names_unique(self) -> TaskTruth:
        names = [c.name for c in self.checkpoints]
        if len(names) != len(set(names)):
            raise ValueError("checkpoint names must be unique within a task")
        ids = [c.id for c in self.criteria]
        if len(ids) != len(set(ids)):
            raise ValueError("criterion ids must be unique within a task")
        return self
