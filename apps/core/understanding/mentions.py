"""Which records a message names: a deal by its full name, an account (then its deals, narrowed by the
product or stage the message names), an incident by number — in any case, punctuation, "&" or "and", with
diacritics or a small typo. The reader's own records also match by an account's short name ("the Campbell
training program" is Campbell Group's) and by product words; the wider world's only by full names, so a
question about somebody else's deal still finds its owner without guessing.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from rapidfuzz import fuzz, process

from apps.core.meaning import find_record_numbers, words
from apps.core.understanding.request import Known

_FILLER = {"and", "the", "of", "a"}
_LEGAL = {"ltd", "inc", "plc", "llc", "group", "co", "corp", "gmbh", "sa"}
# product words too common to pick one deal of an account
_GENERIC = {"acme", "annual", "the", "and", "per", "day", "year", "services", "service", "program", "package"}
STAGES = (
    "prospecting",
    "qualification",
    "needs analysis",
    "value proposition",
    "id decision makers",
    "perception analysis",
    "proposal price quote",
    "negotiation review",
)
FUZZY = 92  # partial-ratio score for a name written with a typo


@functools.lru_cache(maxsize=65536)
def key(name: str) -> tuple[str, ...]:
    """The words a name is matched by ("Smith & Co." = "smith and co")."""
    return tuple(w for w in words(name.replace("&", " and ")) if w not in _FILLER)


def _contains(needle: tuple[str, ...], hay: tuple[str, ...]) -> int | None:
    n = len(needle)
    return next((i for i in range(len(hay) - n + 1) if hay[i : i + n] == needle), None) if n else None


@functools.lru_cache(maxsize=4096)
def _windows(text_words: tuple[str, ...], size: int) -> list[str]:
    """Every run of `size` consecutive words of the text, joined, in order (shared by every name)."""
    return [" ".join(text_words[i : i + size]) for i in range(max(0, len(text_words) - size + 1))]


def _typo_at(name: tuple[str, ...], text_words: tuple[str, ...]) -> int | None:
    """Where the words of `name` occur with a small typo (a window of as many words, ±1, close enough): the
    first such window of the name's own length, else of one word fewer, else of one more.

    Args:
        name: the name's words (`key`).
        text_words: the text's words (`key`).
    """
    joined = " ".join(name)
    if len(joined) < 10 or len(name) < 2:
        return None
    for size in (len(name), len(name) - 1, len(name) + 1):
        windows = _windows(text_words, size)
        hits = process.extract(joined, windows, scorer=fuzz.ratio, score_cutoff=FUZZY, limit=None)
        if hits:
            return min(index for _, _, index in hits)
    return None


def account_of(deal: Known) -> str:
    return deal.attrs.get("account") or deal.name.split(" - ", 1)[0]


def product_words(deal: Known) -> set[str]:
    product = deal.name.split(" - ", 1)[-1] if " - " in deal.name else ""
    return {w for w in key(product) if len(w) >= 3 and w not in _GENERIC}


def stage_in(text_words: tuple[str, ...]) -> str | None:
    """A stage the text names ("the Needs Analysis deal"), as its key."""
    for stage in STAGES:
        if _contains(tuple(stage.split()), text_words) is not None:
            return stage
    return None


def _stage_key(stage: str | None) -> str:
    return " ".join(key(stage or ""))


def narrow(deals: list[Known], text_words: tuple[str, ...]) -> list[Known]:
    """The deals among `deals` the text points at by product words or by stage (all of them when it names
    neither or none fits)."""
    said = set(text_words)
    by_product = [d for d in deals if product_words(d) & said]
    if by_product:
        best = max(len(product_words(d) & said) for d in by_product)
        by_product = [d for d in by_product if len(product_words(d) & said) == best]
    stage = stage_in(text_words)
    by_stage = [d for d in (by_product or deals) if stage and _stage_key(d.attrs.get("stage")) == stage]
    return by_stage or by_product or deals


def _accounts(text_words: tuple[str, ...], names: Iterable[str], loose: bool) -> list[str]:
    """Account names the text names (the longest of overlapping ones)."""
    hits: list[tuple[int, int, str]] = []
    for name in set(names):
        k = key(name)
        at = _contains(k, text_words)
        if at is None and loose:
            core = tuple(w for w in k if w not in _LEGAL) or k
            if len(core) < len(k) and len(" ".join(core)) >= 4:
                at = _contains(core, text_words)
                k = core
        if at is None:
            at = _typo_at(k, text_words)
        if at is not None:
            hits.append((at, len(k), name))
    hits.sort(key=lambda h: (-h[1], h[0]))
    taken: list[tuple[int, int]] = []
    out = []
    for at, n, name in hits:
        span = (at, at + n)
        if any(a < span[1] and span[0] < b for a, b in taken):
            continue
        taken.append(span)
        out.append(name)
    return out


def find_deals(text: str, own: list[Known], world: list[Known]) -> list[Known]:
    """The deals `text` names: by full name; else each account it names, narrowed by product or stage
    (own deals also by an account's short name). Every deal of an exact duplicate name is returned."""
    text_words = key(text)
    out: list[Known] = []
    for catalog, loose in ((own, True), (world, False)):
        deals = [d for d in catalog if d.kind == "deal"]
        full = [d for d in deals if _contains(key(d.name), text_words) is not None]
        if full:
            longest = max(len(key(d.name)) for d in full)
            named = {d.name for d in full if len(key(d.name)) == longest or not _overlaps(d, full)}
            out += [d for d in deals if d.name in named and d not in out]
            continue
        for account in _accounts(text_words, (account_of(d) for d in deals), loose):
            of_account = [d for d in deals if account_of(d) == account]
            out += [d for d in narrow(of_account, text_words) if d not in out]
        if out:
            break
    return sorted(out, key=lambda d: _position(d, text_words))


def _position(deal: Known, text_words: tuple[str, ...]) -> int:
    """Where a deal is named in the text (its full name, else its account's), for reading order."""
    for k in (key(deal.name), key(account_of(deal))):
        at = _contains(k, text_words)
        if at is not None:
            return at
    return len(text_words)


def _overlaps(deal: Known, others: list[Known]) -> bool:
    k = key(deal.name)
    return any(
        o is not deal and len(key(o.name)) > len(k) and _contains(k, key(o.name)) is not None for o in others
    )


def find_incidents(text: str, known: list[Known]) -> list[str]:
    """Incident numbers the text names (any case, spacing)."""
    return [n for n in find_record_numbers(text) if re.fullmatch(r"INC\d{7}", n)]


def find_changes(text: str) -> list[str]:
    """Change request numbers the text names (any case, spacing: "chg 0030399" → "CHG0030399")."""
    return [n for n in find_record_numbers(text) if re.fullmatch(r"CHG\d{7}", n)]
