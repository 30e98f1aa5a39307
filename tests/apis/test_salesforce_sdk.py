"""simple-salesforce, unchanged, against an episode's Salesforce REST API (own venv, pinned)."""

from __future__ import annotations

from tests.apis.conftest import run_driver


def test_simple_salesforce_queries_describes_searches_and_writes(tls_server):
    episode, urls = tls_server.new_episode("acme", apps=["crm"])
    job = {"instance_url": tls_server.base, "token": urls.token}
    out = run_driver("salesforce", "simple_salesforce_check", job, tls_server.cert)
    contacts = episode.call("crm_query_soql", soql="SELECT COUNT() FROM Contact")["totalSize"]
    assert contacts > 400  # acme: the batches of 200 page through nextRecordsUrl
    assert out["first_page"] == [contacts, False, 200]
    assert out["query_all"] == [contacts, contacts]
    assert out["parent"] == ["Account", "Id", "Name"]
    with episode.lock:  # the same sums straight from the episode's table
        sql = "SELECT stage_name, COUNT(*), SUM(amount) FROM crm_opportunity GROUP BY stage_name ORDER BY 1"
        stages = [list(row) for row in episode.db.conn.execute(sql)]
    assert [[s, n, round(t, 2)] for s, n, t in out["aggregate"]] == [
        [s, n, round(t, 2)] for s, n, t in stages
    ]
    assert "ExpectedRevenue" in out["describe"] and "Loss_Reason__c" in out["describe"]
    assert {"Account", "Contact", "Opportunity", "User"} <= set(out["global"])
    assert out["created"] is True and out["update_status"] == 204
    assert out["got"] == ["Simple SF Test Co", "+1 555 0100", "Retail"]
    assert out["sosl"] == ["Simple SF Test Co"]
    assert out["bad_query"] == [400, "INVALID_FIELD"]
    assert out["bad_create"] == [400, "REQUIRED_FIELD_MISSING"]
    account = episode.call("crm_get_account", account_id=out["account_id"])
    assert account["account"]["industry"] == "Retail"
    writes = [(e.surface, e.name) for e in episode.events() if e.kind == "action" and e.outcome == "ok"]
    assert ("api", "create_record") in writes and ("api", "update_record") in writes
