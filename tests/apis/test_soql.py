"""SOQL and SOSL through the CRM's actions (crm_query_soql, crm_search_sosl …), checked against the
episode's own tables, and the product's refusals."""

from __future__ import annotations

import pytest

from apps.core.api import Gym
from apps.core.errors import ActionError


@pytest.fixture(scope="module")
def ep():
    gym = Gym()
    episode = gym.create_episode("tiny", apps=["crm"])
    yield episode
    episode.close()


def sql(ep, query: str, *params):  # noqa: ANN001, ANN201
    with ep.lock:
        return [tuple(r) for r in ep.db.conn.execute(query, params)]


def soql(ep, text: str, **kw) -> dict:  # noqa: ANN001
    return ep.call("crm_query_soql", soql=text, **kw)


def refused(ep, text: str) -> str:  # noqa: ANN001
    with pytest.raises(ActionError) as info:
        soql(ep, text)
    return info.value.code


def test_fields_parents_and_case_insensitive_text(ep):
    out = soql(
        ep,
        "select Id, Name, Account.Name, Account.Owner.Name from CONTACT where lastname like 's%' "
        "order by Name",
    )
    expected = sql(
        ep,
        "SELECT c.id, a.name FROM crm_contact c LEFT JOIN crm_account a ON a.id = c.account_id "
        "WHERE c.last_name LIKE 's%' ORDER BY TRIM(COALESCE(c.first_name || ' ', '') || "
        "c.last_name) COLLATE NOCASE, c.id",
    )
    assert [(r["Id"], r["Account"]["Name"] if r["Account"] else None) for r in out["records"]] == expected
    first = out["records"][0]
    assert first["attributes"] == {
        "type": "Contact",
        "url": f"/services/data/v62.0/sobjects/Contact/{first['Id']}",
    }
    assert set(first["Account"]["Owner"]) == {"attributes", "Name"}


def test_null_is_a_value_and_not_equal_keeps_nulls(ep):
    total = sql(ep, "SELECT COUNT(*) FROM crm_account")[0][0]
    energy = sql(ep, "SELECT COUNT(*) FROM crm_account WHERE industry = 'Energy'")[0][0]
    assert soql(ep, "SELECT COUNT() FROM Account WHERE Industry != 'Energy'")["totalSize"] == total - energy
    empty = sql(ep, "SELECT COUNT(*) FROM crm_account WHERE phone IS NULL")[0][0]
    assert soql(ep, "SELECT COUNT() FROM Account WHERE Phone = null")["totalSize"] == empty


def test_and_or_not_in_and_date_literals(ep):
    out = soql(
        ep,
        "SELECT Id FROM Opportunity WHERE (StageName IN ('Closed Won', 'Closed Lost') OR Amount > "
        "100000) AND NOT Name LIKE '%Support%'",
    )
    expected = sql(
        ep,
        "SELECT id FROM crm_opportunity WHERE (stage_name IN ('Closed Won', 'Closed Lost') OR "
        "amount > 100000) "
        "AND name NOT LIKE '%Support%' ORDER BY id",
    )
    assert [(r["Id"],) for r in out["records"]] == expected
    # the episode's clock is 2026-11-02: this quarter is October-December 2026
    quarter = sql(
        ep,
        "SELECT COUNT(*) FROM crm_opportunity WHERE close_date >= '2026-10-01' AND close_date < '2027-01-01'",
    )
    assert (
        soql(ep, "SELECT COUNT() FROM Opportunity WHERE CloseDate = THIS_QUARTER")["totalSize"]
        == quarter[0][0]
    )
    recent = sql(ep, "SELECT COUNT(*) FROM crm_account WHERE created_date >= '2026-10-03'")
    assert (
        soql(ep, "SELECT COUNT() FROM Account WHERE CreatedDate = LAST_N_DAYS:30")["totalSize"]
        == recent[0][0]
    )


def test_aggregates_group_by_having_and_expr_names(ep):
    out = soql(
        ep,
        "SELECT StageName, COUNT(Id), SUM(Amount) total FROM Opportunity GROUP BY StageName HAVING "
        "COUNT(Id) > 2 ORDER BY StageName",
    )
    expected = sql(
        ep,
        "SELECT stage_name, COUNT(id), SUM(amount) FROM crm_opportunity GROUP BY stage_name HAVING "
        "COUNT(id) > 2 "
        "ORDER BY stage_name COLLATE NOCASE",
    )
    assert [(r["StageName"], r["expr0"], r["total"]) for r in out["records"]] == expected
    assert all(r["attributes"] == {"type": "AggregateResult"} for r in out["records"])
    assert refused(ep, "SELECT Name, COUNT(Id) FROM Account GROUP BY Industry") == "MALFORMED_QUERY"


def test_child_subquery_and_polymorphic_parent(ep):
    out = soql(
        ep,
        "SELECT Name, (SELECT LastName FROM Contacts ORDER BY LastName LIMIT 2) FROM Account ORDER "
        "BY Name LIMIT 3",
    )
    for record in out["records"]:
        account_id = record["attributes"]["url"].rsplit("/", 1)[1]
        names = sql(
            ep,
            "SELECT last_name FROM crm_contact WHERE account_id = ? ORDER BY last_name COLLATE "
            "NOCASE LIMIT 2",
            account_id,
        )
        assert (record["Contacts"] and [c["LastName"] for c in record["Contacts"]["records"]]) == (
            [n for (n,) in names] or None
        )
    tasks = soql(ep, "SELECT Who.Name, Who.Type FROM Task WHERE WhoId != null LIMIT 5")["records"]
    assert {t["Who"]["attributes"]["type"] for t in tasks} <= {"Contact", "Lead"}


def test_paging_with_locators(ep):
    first = soql(ep, "SELECT Id FROM Contact", batch_size=200)
    total = sql(ep, "SELECT COUNT(*) FROM crm_contact")[0][0]
    assert first["totalSize"] == total
    if total > 200:
        more = ep.call("crm_query_more", locator=first["nextRecordsUrl"])
        assert len(first["records"]) == 200 and more["records"][0]["Id"] != first["records"][0]["Id"]


def test_computed_opportunity_fields(ep):
    rows = soql(
        ep,
        "SELECT Amount, Probability, ExpectedRevenue, CloseDate, FiscalYear, FiscalQuarter, "
        "HasOpportunityLineItem FROM Opportunity WHERE Amount != null",
    )
    for r in rows["records"]:
        assert r["ExpectedRevenue"] == pytest.approx(r["Amount"] * r["Probability"] / 100)
        assert (
            r["FiscalYear"] == int(r["CloseDate"][:4])
            and r["FiscalQuarter"] == (int(r["CloseDate"][5:7]) + 2) // 3
        )
    with_items = {r[0] for r in sql(ep, "SELECT DISTINCT opportunity_id FROM crm_opportunity_line_item")}
    flagged = soql(ep, "SELECT Id FROM Opportunity WHERE HasOpportunityLineItem = true")["records"]
    assert {r["Id"] for r in flagged} == with_items


def test_refusals_in_salesforce_codes(ep):
    assert refused(ep, "SELECT Nme FROM Account") == "INVALID_FIELD"
    assert refused(ep, "SELECT Id FROM Acount") == "INVALID_TYPE"
    assert refused(ep, "SELECT FROM Account") == "MALFORMED_QUERY"
    assert (
        refused(ep, "SELECT Id FROM Account WHERE Name = 'a' AND Industry = 'b' OR Phone = 'c'")
        == "MALFORMED_QUERY"
    )
    assert refused(ep, "SELECT Id FROM Account WHERE Name = 5") == "MALFORMED_QUERY"
    assert (
        refused(ep, "SELECT Id FROM Account WHERE AnnualRevenue LIKE '5%'") == "INVALID_QUERY_FILTER_OPERATOR"
    )
    assert refused(ep, "SELECT Id FROM Account OFFSET 2001") == "NUMBER_OUTSIDE_VALID_RANGE"
    assert (
        refused(ep, "SELECT Id FROM Account WHERE Name = 'x' OR Name = '''; DROP TABLE crm_account; --'")
        == "MALFORMED_QUERY"
    )
    assert sql(ep, "SELECT COUNT(*) FROM crm_account")[0][0] > 0


def test_sosl_searches_name_fields_and_returning_filters(ep):
    account = sql(ep, "SELECT name FROM crm_account ORDER BY name LIMIT 1")[0][0]
    word = account.split()[0].strip(",")
    out = ep.call(
        "crm_search_sosl", sosl=f"FIND {{{word}}} IN NAME FIELDS RETURNING Account(Id, Name ORDER BY Name)"
    )
    names = [r["Name"] for r in out["searchRecords"]]
    expected = [
        n
        for (n,) in sql(
            ep, "SELECT name FROM crm_account WHERE name LIKE ? ORDER BY name COLLATE NOCASE", f"%{word}%"
        )
    ]
    assert names == expected
    with pytest.raises(ActionError) as info:
        ep.call("crm_search_sosl", sosl="FIND {a}")
    assert info.value.code == "INVALID_SEARCH"


def test_records_written_through_the_api_obey_the_objects_rules(ep):
    made = ep.call(
        "crm_create_record", sobject="Account", fields={"Name": "API Test Co", "Industry": "Banking"}
    )
    ep.call(
        "crm_update_record", sobject="Account", record_id=made["id"], fields={"Phone": None, "Rating": "Hot"}
    )
    row = sql(ep, "SELECT name, industry, rating FROM crm_account WHERE id = ?", made["id"])
    assert row == [("API Test Co", "Banking", "Hot")]
    for fields, code in (
        ({"Name": "x" * 256}, "STRING_TOO_LONG"),
        ({"Name": "Bad", "Industry": "Spaceflight"}, "INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST"),
        ({"Nmae": "Typo"}, "INVALID_FIELD"),
        ({"Name": "Bad", "CreatedDate": "2020-01-01T00:00:00Z"}, "INVALID_FIELD_FOR_INSERT_UPDATE"),
    ):
        with pytest.raises(ActionError) as info:
            ep.call("crm_create_record", sobject="Account", fields=fields)
        assert info.value.code == code, fields
    with pytest.raises(ActionError) as info:
        ep.call("crm_create_record", sobject="User", fields={"LastName": "x"})
    assert info.value.code == "INVALID_TYPE_FOR_OPERATION"
    ep.call("crm_delete_record", sobject="Account", record_id=made["id"])
    assert sql(ep, "SELECT COUNT(*) FROM crm_account WHERE id = ?", made["id"]) == [(0,)]


def test_get_record_takes_fields_as_the_rest_apis_comma_separated_list(ep):
    """Triage probe 2026-12-05: `get-record --fields "CloseDate,Amount"` was one unknown column; GET
    /sobjects/Opportunity/{id}?fields=CloseDate,Amount names two."""
    opp = soql(ep, "SELECT Id, CloseDate, Amount FROM Opportunity ORDER BY Id LIMIT 1")["records"][0]
    got = ep.call("crm_get_record", sobject="Opportunity", record_id=opp["Id"], fields=["CloseDate, Amount"])
    assert (got["CloseDate"], got["Amount"]) == (opp["CloseDate"], opp["Amount"]), got
    assert "Name" not in got


def test_a_price_book_entry_is_named_by_its_product(ep):
    """Blind probe: `PricebookEntry` had no `Name` (Salesforce gives it its product's name and code)."""
    query = "SELECT Name, ProductCode, UnitPrice, Product2.Name FROM PricebookEntry ORDER BY Name LIMIT 5"
    out = soql(ep, query)
    expected = sql(
        ep,
        "SELECT p.name, p.product_code, e.unit_price FROM crm_pricebook_entry e JOIN crm_product p "
        "ON p.id = e.product_id ORDER BY p.name COLLATE NOCASE, e.id LIMIT 5",
    )
    assert [(r["Name"], r["ProductCode"], r["UnitPrice"]) for r in out["records"]] == expected
    assert all(r["Name"] == r["Product2"]["Name"] for r in out["records"])
