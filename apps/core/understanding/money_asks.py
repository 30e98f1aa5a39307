"""The money approvals a message asks for (`money_approvals`): one ask per value to approve — a discount on a
deal, a claim, an order, a gift, a service credit, a trip — sums for one purpose added up, the sums of the
working, a band or a cap left out (`asked_sums`), and an approval asked with no sum one can tell asks for the
amount."""

from __future__ import annotations

import re

from apps.core.meaning import find_numbers
from apps.core.understanding import lexicon as lx
from apps.core.understanding.asked_sums import asked_apart
from apps.core.understanding.pieces import Piece
from apps.core.understanding.request import Ask, Reading
from apps.core.understanding.values import referred_sums, separate, shown

# a sum someone else asked for ("Elizabeth has asked for a $4,000 credit", "the customer wants $4,000"): the
# writer's own ask is said with "I" or "we"
_THEIR_ASK = re.compile(
    r"\b(?!i\b|we\b)[a-z]+\s+(?:has |have |had |is |are |was |were )?"
    r"(?:asked|asking|requested|requesting|wants?|wanted|claimed|claiming|demanded|demanding)"
    r"(?: for)?(?: an?| the)?(?: full| whole)?\s*$"
)
# … or right after it ("the rest of the $4,000 she asked for")
_THEY_ASKED = re.compile(
    r"^\s*(?:credit |refund |discount )?(?:that |which )?(?!i\b|we\b)(?:the customer|the client|[a-z]+)\s+"
    r"(?:has |had |have )?(?:asked|requested|wanted|claimed|demanded)\b"
)
_ANOTHER = re.compile(r"\b(?:another|additional|more|second|extra|plus|as well|too|also)\b")
MONEY_POLICIES = ("expense", "travel", "purchase", "gift", "credit")


def money_approvals(
    parts: list[Piece], own: str, used: set[int], reading: Reading, subject: str = ""
) -> list[Ask]:
    """One ask per value to approve; sums for one purpose add up to one ask (the subject names what the
    money is for when the mail's own words do not: "RE: Service credit approval" over "the credit I'm asking
    you to approve")."""
    asks: list[Ask] = []
    all_deals = list(dict.fromkeys(d.name for p in parts for d in p.deals))
    sums: list[tuple[int, float, str]] = []
    english = lx.english(own)
    message_policies = [k for k, pattern in lx.POLICY_WORDS.items() if re.search(pattern, english)]
    if not set(message_policies).intersection(MONEY_POLICIES):
        titled = lx.english(subject)
        message_policies += [k for k in MONEY_POLICIES if re.search(lx.POLICY_WORDS[k], titled)]
    # a service credit's percentage is how it was computed ("5% of one month's fees"), never a discount
    discount_words = re.search(r"\bdiscounts?\b|% off\b|\bpercent off\b", english)
    credit = "credit" in message_policies and not discount_words
    discount_asked = any(p.percents for p in parts) and not credit
    # the pieces that ask for an approval and name a sum: when there are any, the sums of the other pieces
    # are how it was worked out or what it is measured against ("one month's fees are …", "5 % of that is
    # …", "the threshold is …"), not more to approve
    asking = {i for i, p in enumerate(parts) if p.sums and p.approve}
    only = None  # the one sum asked of the asking pieces, when they name others too
    if not asking:
        asking, only = asked_apart(parts, own, subject, reading)
    for i, p in enumerate(parts):
        if p.percents and not credit and ("discount" in p.policies or p.deals or not p.sums):
            deals = [d.name for d in p.deals] or (all_deals if len(all_deals) == 1 else [])
            if len(p.percents) == len(deals) > 1:  # "18% on A, and 31% on B"
                pairs = [([d], v) for d, v in zip(deals, p.percents, strict=True)]
            elif len(deals) == 1 and len(p.percents) > 1:  # "24% on quote A and 24% on quote B" of one deal
                pairs = [(deals, v) for v in p.percents]
            elif p.deals:
                pairs = [(deals, p.percents[0])]
            else:
                pairs = [(deals, v) for v in p.percents]
            earlier = list(asks)  # asks of the pieces before (this piece's own figures are separate parts)
            for about, value in pairs:
                restated = any(  # the ask said again in another sentence ("… if we can give them 12% off")
                    a.value == shown(value, True) and a.about == about and a.policy == "discount"
                    for a in earlier
                )
                if restated and not p.stacked and not _ANOTHER.search(p.english):
                    continue
                asks.append(
                    Ask(
                        intent="approval",
                        policy="discount",
                        about=about,
                        value=shown(value, True),
                        stacked=p.stacked,
                    )
                )
            used.add(i)
        elif p.sums and asking and i not in asking:
            used.add(i)  # how the sum asked was worked out: read, not asked
        elif p.sums:
            # one purpose per mail: a piece that only says "claim" or "catering" in a mail about a service
            # credit or an order falls under the mail's policy
            named = p.policies + [m for m in message_policies if m in ("credit", "purchase", "gift")]
            policy = "travel" if p.nightly else _money_policy(named or message_policies)
            if discount_asked and not set(p.policies or message_policies) - {"discount"}:
                continue  # a discount request's sum is the deal's amount ("Amount: $19,500"), not a claim
            again = referred_sums(p.text)
            for value in p.sums:
                if only is not None and (value != only or any(v == value for _, v, _ in sums)):
                    continue  # a cap, a basis or someone else's ask beside the sum asked, or it said again
                if value in again and any(v == value for _, v, _ in sums):
                    continue  # "the $1,120 credit" again: the sum given before, not one more
                if policy == "credit" and any(v == value and q == "credit" for _, v, q in sums):
                    continue  # a service credit is one figure: said again ("so the request is $803.33")
                sums.append((i, value, policy))
            used.add(i)
    theirs = [e for e in sums if _someone_elses(parts[e[0]].text, e[1])]
    if theirs and len(theirs) < len(sums):  # what the customer asked, beside the sum asked: context
        sums = [e for e in sums if e not in theirs]
    by_policy: dict[str, list[tuple[int, float, str]]] = {}
    for entry in sums:
        by_policy.setdefault(entry[2], []).append(entry)
    for policy, entries in by_policy.items():
        if len(entries) > 1 and not separate(own) and policy != "travel":
            total = sum(v for _, v, _ in entries)
            asks.append(
                Ask(
                    intent="approval",
                    policy=policy,
                    value=shown(total, False),
                    combined=[shown(v, False) for _, v, _ in entries],
                )
            )
        else:
            for _, value, _ in entries:
                asks.append(Ask(intent="approval", policy=policy, value=shown(value, False)))
    for i, p in enumerate(parts):
        trip = (
            "travel" in p.policies and not p.sums and not re.search(r"\b(?:claims?|expenses?)\b", p.english)
        )
        if trip and not any(a.policy == "travel" for a in asks):
            fields = ["international"] if any(q.international for q in parts) else []
            value = next((q.nightly for q in parts if q.nightly), None)
            asks.append(
                Ask(
                    intent="approval",
                    policy="travel",
                    value=shown(value, False) if value else None,
                    fields=fields,
                )
            )
            used.add(i)
    for ask in asks:
        if (
            ask.policy == "travel"
            and any(p.international for p in parts)
            and "international" not in ask.fields
        ):
            ask.fields = [*ask.fields, "international"]
    money = [m for m in message_policies if m in MONEY_POLICIES]
    if not asks and money and any(p.approve for p in parts):
        # asked with no sum one can tell ("… so the credit is 5% of one month's fees: $2,534.17. Could you
        # approve it?"): an approval of no value yet, which the approver answers by asking the amount
        asks.append(Ask(intent="approval", policy=_money_policy(money)))
    names = {w for k in reading.people for w in k.name.lower().split()}
    purpose = _purpose(" ".join(p.english for p in parts if p.sums or p.percents or p.policies), names)
    for ask in asks:
        if ask.policy in ("expense", "purchase", "gift", "credit"):
            ask.topic = purpose
    claimant = next((p.for_person for p in parts if p.for_person), None)
    own_claim = any(p.own_claim for p in parts)
    for ask in asks:
        if claimant and ask.policy in ("expense", "purchase", "gift"):
            ask.for_person = claimant
        if own_claim and ask.policy in ("expense", "purchase", "gift"):
            ask.for_person = "yourself"
    return asks


_PLAIN = {
    *("please", "approve", "approval", "approvals", "expense", "expenses", "claim", "claims", "could"),
    *("would", "thanks", "thank", "your", "with", "from", "this", "that", "need", "about", "just", "also"),
    *("them", "they", "their", "have", "sign", "off", "okay", "mine", "here", "there", "which", "when"),
    *("what", "were", "will", "amount", "purpose", "category", "policy", "total", "description"),
}


def _purpose(english: str, names: set[str] = frozenset()) -> str:
    """The words that say what a claim or an order is for ("hotel chicago workshop trip"): a later one of
    the same purpose shares a distinctive word, or says "same"."""
    words = re.findall(r"[a-z]{4,}", english)
    return " ".join(dict.fromkeys(w for w in words if w not in _PLAIN)) + (
        " same" if " same " in f" {english} " else ""
    )


def _someone_elses(text: str, value: float) -> bool:
    """Whether `text` says `value` is what someone other than the writer asked for (the words just before
    it: "Elizabeth Boyer (VP of IT) has asked for a $4,000 credit"; or after it: "the $4,000 she asked for").

    Args:
        text: a piece of the message.
        value: a sum the piece names.
    """
    source = lx.english(text)
    for q in find_numbers(source):
        if q.kind == "money" and abs(q.value - value) < 0.005:
            at = source.find(q.text)
            before = re.sub(r"\([^)]*\)", " ", source[max(0, at - 80) : at])
            after = source[at + len(q.text) : at + len(q.text) + 50]
            if _THEIR_ASK.search(re.sub(r"\s+", " ", before)) or _THEY_ASKED.match(after):
                return True
    return False


def _money_policy(policies: list[str]) -> str:
    """The policy a sum to approve falls under (a trip's costs claimed are expenses)."""
    for policy in ("gift", "purchase", "credit"):
        if policy in policies:
            return policy
    return "expense"
