"""Graph's OData query options over a mailbox (office_graph_list_messages), checked against the
episode's own table, and Graph's refusals."""

from __future__ import annotations

import pytest

from apps.core.api import Gym
from apps.core.errors import ActionError


@pytest.fixture(scope="module")
def ep():
    episode = Gym().create_episode("tiny", apps=["office"])
    yield episode
    episode.close()


def ids(ep, query: str, *params) -> list[str]:  # noqa: ANN001
    me = ep.call("office_get_my_profile")["id"]
    with ep.lock:
        sql = f"SELECT id FROM office_message m WHERE owner_id = ? AND ({query}) "
        sql += "ORDER BY received_date_time DESC, id"
        return [r[0] for r in ep.db.conn.execute(sql, (me, *params))]


def listed(ep, **kw) -> list[str]:  # noqa: ANN001
    return [m["id"] for m in ep.call("office_graph_list_messages", top=1000, **kw)["value"]]


@pytest.mark.parametrize(
    ("odata", "where"),
    [
        ("isRead eq false", "NOT is_read"),
        ("isRead eq false and importance eq 'normal'", "NOT is_read AND importance = 'normal'"),
        ("not(isRead eq true) or hasAttachments eq true", "NOT is_read OR has_attachments"),
        ("contains(subject, 'deal')", "subject LIKE '%deal%'"),
        ("startswith(subject, 'Re:')", "subject LIKE 'Re:%'"),
        ("receivedDateTime ge 2026-10-15T00:00:00Z", "received_date_time >= '2026-10-15 00:00:00.000000'"),
        ("categories/any(c: c eq 'Red category')",
         "EXISTS (SELECT 1 FROM json_each(m.categories) WHERE value = 'Red category')"),
        ("flag/flagStatus eq 'flagged'", "flag_status = 'flagged'"),
        ("from/emailAddress/address eq 'KAYLA.CHAPMAN@wrightday.com'",
         "lower(from_address) = 'kayla.chapman@wrightday.com'"),
    ],
)  # fmt: skip
def test_filters_match_the_same_messages_as_sql(ep, odata, where):
    assert listed(ep, filter=odata) == ids(ep, where)


def test_recipients_any_orderby_search_count_and_paging(ep):
    me = ep.call("office_get_my_profile")["mail"]
    mine = listed(ep, filter=f"toRecipients/any(r: r/emailAddress/address eq '{me}')")
    assert mine == ids(
        ep, "EXISTS (SELECT 1 FROM json_each(m.to_recipients) WHERE lower(value) = lower(?))", me
    )
    by_subject = ep.call("office_graph_list_messages", orderby="subject asc", top=1000)["value"]
    assert [m["subject"] for m in by_subject] == sorted(
        (m["subject"] for m in by_subject), key=lambda s: s.encode()
    )
    found = listed(ep, search='"pipeline"')
    fields = ("subject", "body_content", "from_name", "from_address")
    assert found == ids(ep, " OR ".join(f"{f} LIKE '%pipeline%'" for f in fields))
    page = ep.call("office_graph_list_messages", top=3, skip=2, count=True)
    assert page["count"] == len(ids(ep, "1")) and [m["id"] for m in page["value"]] == ids(ep, "1")[2:5]
    message = page["value"][0]
    assert (
        set(message["from"]["emailAddress"]) == {"name", "address"}
        and message["body"]["contentType"] == "text"
    )


def test_refusals(ep):
    for odata, code in (
        ("nosuch eq 1", "ErrorInvalidProperty"),
        ("isRead eq", "BadRequest"),
        ("subject/any(s: s eq 'x')", "BadRequest"),
    ):
        with pytest.raises(ActionError) as info:
            ep.call("office_graph_list_messages", filter=odata)
        assert info.value.code == code, odata
    with pytest.raises(ActionError) as info:
        ep.call("office_graph_get_message", message_id="AAMkAD-not-a-guid")
    assert info.value.code == "ErrorInvalidIdMalformed"
