"""What the records said on a given day: a deal's stage, amount and close date from its stage history, an
account's pipeline and wins, a sales team's numbers, the desk's incident counts. The decks' generator
writes these numbers into the slides; `saasgym world audit` recomputes them from the same records to
check every deck agrees with the records as of its date (and the families compute today's, which the
stale decks no longer show). Works on plain rows (the world's JSONL or an episode's tables)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any

OPEN_STAGES = (
    "Prospecting",
    "Qualification",
    "Needs Analysis",
    "Value Proposition",
    "Id. Decision Makers",
    "Perception Analysis",
    "Proposal/Price Quote",
    "Negotiation/Review",
)


@dataclass(frozen=True)
class Deal:
    """A deal as it stood on a day."""

    id: str
    name: str
    account_id: str
    owner_id: str
    stage: str
    amount: float
    close_date: str

    @property
    def open(self) -> bool:
        return self.stage in OPEN_STAGES

    @property
    def won(self) -> bool:
        return self.stage == "Closed Won"


def naive(day: datetime) -> datetime:
    """A moment as naive UTC (the records' own form)."""
    return day.astimezone(UTC).replace(tzinfo=None) if day.tzinfo else day


def _when(value: Any) -> datetime:
    text = str(value).replace("Z", "")
    return datetime.fromisoformat(text if "T" in text or " " in text else text + "T00:00:00").replace(
        tzinfo=None
    )


class Ledger:
    """The CRM's deals and their histories, asked what stood on a day."""

    def __init__(self, opportunities: list[dict[str, Any]], history: list[dict[str, Any]]):
        self.opps = sorted(opportunities, key=lambda o: o["id"])
        self.history: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for h in sorted(history, key=lambda h: (_when(h["created_date"]), h["id"])):
            self.history[h["opportunity_id"]].append(h)

    def deal(self, opp: dict[str, Any], day: datetime) -> Deal | None:
        """The deal on `day` (None before it was created): its last history row by then."""
        day = naive(day)
        if _when(opp["created_date"]) > day:
            return None
        rows = [h for h in self.history.get(opp["id"], []) if _when(h["created_date"]) <= day]
        state = rows[-1] if rows else opp
        return Deal(
            opp["id"],
            opp["name"],
            opp["account_id"],
            opp["owner_id"],
            state["stage_name"],
            float(state.get("amount") or 0),
            str(state["close_date"]),
        )

    def deals(
        self, day: datetime, *, account_id: str | None = None, owner_id: str | None = None
    ) -> list[Deal]:
        out = []
        for opp in self.opps:
            if (account_id and opp["account_id"] != account_id) or (owner_id and opp["owner_id"] != owner_id):
                continue
            found = self.deal(opp, day)
            if found is not None:
                out.append(found)
        return out


def money(value: float) -> str:
    """An amount as the decks write it: $1,234,500 (cents only when there are some)."""
    return f"${value:,.2f}" if round(value, 2) != int(value) else f"${int(value):,}"


def account_numbers(ledger: Ledger, account_id: str, day: datetime) -> dict[str, Any]:
    """An account's QBR numbers on `day`: deals won this calendar year (sum, count), open pipeline (sum,
    count), its top open deals and the open amount per stage (in the stages' order)."""
    day = naive(day)
    deals = ledger.deals(day, account_id=account_id)
    won = [
        d
        for d in deals
        if d.won and d.close_date[:4] == str(day.year) and d.close_date <= day.date().isoformat()
    ]
    open_deals = [d for d in deals if d.open]
    by_stage = {s: sum(d.amount for d in open_deals if d.stage == s) for s in OPEN_STAGES}
    return {
        "won_amount": round(sum(d.amount for d in won), 2),
        "won_count": len(won),
        "pipeline_amount": round(sum(d.amount for d in open_deals), 2),
        "pipeline_count": len(open_deals),
        "top_deals": sorted(open_deals, key=lambda d: (-d.amount, d.name))[:5],
        "by_stage": {s: round(v, 2) for s, v in by_stage.items() if v},
    }


def quarter_of(day: date | datetime) -> tuple[int, int]:
    return day.year, (day.month - 1) // 3 + 1


def team_numbers(ledger: Ledger, owners: list[str], day: datetime) -> dict[str, Any]:
    """A sales team's numbers on `day`: won this year, open pipeline, open amount per stage, the biggest
    wins of the year."""
    deals = [d for o in owners for d in ledger.deals(day, owner_id=o)]
    won = [
        d
        for d in deals
        if d.won and d.close_date[:4] == str(day.year) and d.close_date <= day.date().isoformat()
    ]
    open_deals = [d for d in deals if d.open]
    return {
        "won_amount": round(sum(d.amount for d in won), 2),
        "won_count": len(won),
        "pipeline_amount": round(sum(d.amount for d in open_deals), 2),
        "pipeline_count": len(open_deals),
        "by_stage": {s: round(sum(d.amount for d in open_deals if d.stage == s), 2) for s in OPEN_STAGES},
        "top_wins": sorted(won, key=lambda d: (-d.amount, d.name))[:5],
    }


def desk_numbers(incidents: list[dict[str, Any]], start: datetime, day: datetime) -> dict[str, Any]:
    """The desk's internal incidents between `start` and `day`: opened, resolved, open on `day`, P1/P2
    opened, and the categories that opened most."""
    inside = [i for i in incidents if i["company"] == "Acme Corporation"]
    opened = [i for i in inside if start <= _when(i["opened_at"]) <= day]
    resolved = [i for i in inside if i.get("resolved_at") and start <= _when(i["resolved_at"]) <= day]
    still_open = [
        i
        for i in inside
        if _when(i["opened_at"]) <= day
        and not (i.get("resolved_at") and _when(i["resolved_at"]) <= day)
        and i["state"] != 8
    ]
    categories: dict[str, int] = defaultdict(int)
    for i in opened:
        categories[i["category"] or "other"] += 1
    top = sorted(categories.items(), key=lambda kv: (-kv[1], kv[0]))[:4]
    return {
        "opened": len(opened),
        "resolved": len(resolved),
        "open": len(still_open),
        "major": sum(1 for i in opened if i["priority"] <= 2),
        "categories": dict(top),
    }
