"""An on-site customer visit by the Travel Policy, where the CRM decides what the policy asks: the account's
billing address says whether the trip goes abroad (then Amber's line manager approves it before anything is
booked, whatever the hotel costs), and at home the hotel's nightly rate against the policy's limit decides.
Only once the trip may be booked is the visit logged as a CRM event on the account. Logging it without
asking, where the policy asks, leaves the approval missing and fails.
"""

from __future__ import annotations

from apps.office.families.common import AMBER
from apps.office.families.travel import draw_trip, policy, trip_spec
from tasks.families.base import Draw, Family, Spec, eq, step
from tasks.match_model import Match
from tasks.truth_model import Expectation, UiStep

HOME = "United States"
ACCOUNTS = """
SELECT a.id, a.name, a.billing_city, a.billing_country FROM crm_account a
WHERE a.billing_city IS NOT NULL AND a.billing_country IS NOT NULL
  AND (SELECT count(*) FROM crm_account b WHERE b.name = a.name) = 1
ORDER BY a.id
"""


class CustomerVisitTravel(Family):
    name = "xapp.customer-visit-travel"
    apps = ("crm", "office")
    surfaces = ("mcp", "cli", "ui", "python")
    # v2: the browser oracle (Outlook's mail and its wait, then the CRM's New Event form); v3: the
    # manager's approval is a decision in their own words (a quoted "Approved" is not)
    version = 3
    author = "saasgym-handbook"
    summary = (
        "an on-site visit to a customer: the CRM's billing country and the hotel rate decide whether the "
        "Travel Policy needs the line manager's approval before the visit is logged as a CRM event"
    )

    def build(self, d: Draw) -> Spec:
        params, title = policy(d)
        branch = d.rng.randrange(3)  # the knob: at home within the limit, at home above it, abroad
        abroad = branch == 2
        pool = [a for a in d.world.rows(ACCOUNTS) if (a["billing_country"] != HOME) == abroad]
        acct = d.pick("account", pool, key="id")
        trip = draw_trip(
            d, params, acct["billing_city"], abroad, over=branch == 1 or (abroad and d.chance(0.5))
        )
        zone = d.world.value("SELECT time_zone FROM office_user WHERE mail = ?", AMBER)
        start, end = trip.window(zone)
        subject = f"On-site visit: {acct['name']}"
        stay = f"{trip.nights} night{'s' if trip.nights > 1 else ''} at {trip.hotel} ({trip.shown})"
        name = acct["name"]
        phrasings = [
            f"I'm visiting {name} at their office (the billing address in the CRM) for {trip.reason}, "
            f"leaving {trip.first:%Y-%m-%d}, {stay}. Follow the {title}: if the trip needs approval before "
            f"booking, get it and wait for the answer; then log the visit in the CRM as an event on the "
            f"account, '{subject}', located in their city, 08:00 the first day to 18:00 the last, my time.",
            f"Please set up my on-site trip to {name} ({trip.reason}): out on {trip.first:%Y-%m-%d}, {stay}. "
            f"Their address is on the account. Do what the {title} requires before booking (an approval, if "
            f"any, and wait for it), then add a CRM event '{subject}' on the account with their city as the "
            "location, from 08:00 the day I fly to 18:00 the day I'm back (my time zone).",
            f"{name} asked us on site for {trip.reason}. I'd travel on {trip.first:%Y-%m-%d}, {stay}. Check "
            f"the {title} against where they are (CRM billing address) and the hotel, get any approval it "
            f"needs and wait for the reply, then log '{subject}' as an event on their account in the CRM "
            "(location: their city; 08:00 first day to 18:00 last day, my time).",
            f"Can you organise my visit to {name}? It's {trip.reason}, travelling {trip.first:%Y-%m-%d}, "
            f"{stay}. The {title} may need someone's approval first — if so, ask and wait for it. Then put "
            f"the visit on the account as a CRM event '{subject}' at their city, 08:00 to 18:00 my time over "
            "the trip.",
            f"On-site at {name} for {trip.reason}: I leave {trip.first:%Y-%m-%d}, {stay}. Look up where "
            f"they are in the CRM, follow the {title} before anything is booked (wait for an approval if it "
            f"needs one), and log the visit as a CRM event '{subject}' on their account, location their "
            "city, 08:00 the first day to 18:00 the last in my time zone.",
        ]
        k = d.rng.randrange(len(phrasings))
        utc_start, utc_end = f"{start}:00Z", f"{end}:00Z"
        log = step(
            "crm_create_event",
            subject=subject,
            start_date_time=utc_start,
            end_date_time=utc_end,
            what_id=acct["id"],
            location=trip.city,
        )
        event = Expectation(
            table="crm_event",
            op="insert",
            note="the visit logged on the customer's account once it could be booked",
            fields={
                "subject": Match(text=subject),
                "what_id": eq(acct["id"]),
                "location": Match(text=trip.city),
                "start_date_time": eq(start),
                "end_date_time": eq(end),
            },
        )
        others = [a for a in d.world.rows(ACCOUNTS) if a["id"] != acct["id"]]
        other = others[len(name) % len(others)]["id"]
        reads = [step("crm_list_accounts", search=name), step("crm_get_account", account_id=acct["id"])]
        return trip_spec(
            d,
            prompt=phrasings[k],
            phrasing=k,
            trip=trip,
            title=title,
            reads=[*reads, step("office_search_drive", query=title)],
            book=log,
            book_ui=[
                UiStep(goto=f"/s/crm/events/new?what_id={acct['id']}"),
                UiStep(fill=("Subject", subject)),
                UiStep(fill=("Start", start)),
                UiStep(fill=("End", end)),
                UiStep(fill=("Location", trip.city)),
                UiStep(click=("button", "Save")),
                UiStep(expect_text=subject),
            ],
            booked=event,
            wrong_record={acct["id"]: other},
        )


FAMILIES = [CustomerVisitTravel()]
