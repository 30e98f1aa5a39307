"""Reading free text for its meaning: the one place verdicts, checkpoints and personas understand what a
person wrote, whatever the wording.

Every reader takes plain text and returns typed results; none depends on phrasing a competent person might
vary (case, punctuation, diacritics, notation, word order, courtesy).

- `numbers`: `find_numbers(text) -> list[Quantity]`, `states_number(text, value, tol, kind) -> bool`
  (12.5%, 12.5 percent, "twelve and a half percent", $1,250.00, 1.25k, "1 250", "two million dollars").
- `dates`: `find_dates(text, reference, tz) -> list[DateMention]`, `states_date(text, expected, reference,
  tz) -> bool` (ISO, "May 4, 2031", "4 May 2031", 05/04/2031, "Monday the 4th", "next Monday", "tomorrow");
  `find_times(text)`, `states_time(text, "HH:MM")` (08:00, "8 am", "8:00 a.m.", "0800 hours", noon).
- `people`: `Person`, `find_people(text, candidates) -> list[PersonMention]`, `mentions_person(text, person,
  others) -> bool` (full name, last-first, e-mail, an alias, a first name or small typo when unambiguous).
- `records`: `Record`, `find_record_numbers(text) -> list[str]`, `mentions_record(text, record) -> bool`
  (INC0010001 in any case/spacing, a name in any case/punctuation, an id).
- `decisions`: `read_decision(text) -> DecisionReading`, `decision_of(text) -> Decision | None` (approved,
  rejected, not_needed, more_info; negation-aware).
- `refusals`: `declines(text) -> bool`.
- `reasons`: `states_reason(text, concept, names) -> bool`, `reason_evidence(...)` (a refusal's reason as a
  concept defined once in `reason_concepts`: "it still has three child accounts" = "Acme Ltd sits under
  it" = has_children; lemmas, several phrasings, negation-aware).
- `quoting`: `split_message(text) -> SplitMessage(own, quoted)`, `own_words(text) -> str` (">" lines,
  "On … wrote:", "-----Original Message-----", Outlook's "From: … Sent: …", forwarded blocks).
- `text`: `fold`, `words`, `phrase_in` (the folding every reader shares).
"""

from apps.core.meaning.dates import DateMention, find_dates, find_times, states_date, states_time
from apps.core.meaning.decisions import Decision, DecisionReading, decision_of, read_decision
from apps.core.meaning.numbers import Quantity, find_numbers, states_number
from apps.core.meaning.people import Person, PersonMention, find_people, mentions_person
from apps.core.meaning.quoting import SplitMessage, own_words, split_message
from apps.core.meaning.reasons import reason_evidence, states_reason
from apps.core.meaning.records import Record, find_record_numbers, mentions_record
from apps.core.meaning.refusals import declines
from apps.core.meaning.text import fold, phrase_in, words

__all__ = [
    "DateMention",
    "Decision",
    "DecisionReading",
    "Person",
    "PersonMention",
    "Quantity",
    "Record",
    "SplitMessage",
    "decision_of",
    "declines",
    "find_dates",
    "find_numbers",
    "find_times",
    "find_people",
    "find_record_numbers",
    "fold",
    "mentions_person",
    "mentions_record",
    "own_words",
    "phrase_in",
    "read_decision",
    "reason_evidence",
    "split_message",
    "states_date",
    "states_number",
    "states_time",
    "states_reason",
    "words",
]
