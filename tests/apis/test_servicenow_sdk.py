"""pysnc (ServiceNow's Python client, pinned, own venv), unchanged, against an episode's Table API: the
instance URL is the episode's URL, the capability its password."""

from __future__ import annotations

from tests.apis.conftest import run_driver


def _numbers(episode, query: str) -> list[str]:  # noqa: ANN001
    """Incident numbers straight from the episode's table (an oracle apart from the API's code)."""
    with episode.lock:
        return [row[0] for row in episode.db.conn.execute(query)]


def test_pysnc_queries_dot_walks_inserts_and_updates(tls_server):
    episode, urls = tls_server.new_episode("tiny", apps=["ticketing"])
    active = _numbers(
        episode,
        "SELECT number FROM ticketing_incident WHERE active AND priority <= 4 ORDER BY opened_at DESC",
    )
    sales = _numbers(
        episode,
        "SELECT i.number FROM ticketing_incident i JOIN ticketing_sys_user u ON u.sys_id = i.caller_id "
        "WHERE u.department = 'Sales' ORDER BY i.number",
    )
    job = {"instance": urls.instance("ticketing"), "token": urls.token, "caller": "linda.carr"}
    out = run_driver("servicenow", "pysnc_check", job, tls_server.cert)
    assert out["active"] == [len(active), active]
    assert [n for n, _ in out["dot_walk"]] == sales and sales
    assert all(name for _, name in out["dot_walk"])  # the caller's display name, not a sys_id
    like = _numbers(
        episode,
        "SELECT number FROM ticketing_incident WHERE short_description LIKE '%vpn%' "
        "OR short_description LIKE '%printer%' ORDER BY number",
    )
    assert out["like"] == like and like
    assert out["inserted"]
    number, priority, state = out["new"]
    assert number.startswith("INC") and priority == "2" and state == "New"  # impact 1 x urgency 2
    assert out["updated"] == "In Progress"
    refused = out["refused"]  # In Progress cannot go straight to Closed: ServiceNow's error body
    assert refused["status"] == "failure" and refused["error"]["message"] == "Operation Failed"
    assert "Resolved" in refused["error"]["detail"]
    row = episode.call("ticketing_get_incident", incident_id=number)
    assert row["incident"]["state"] == 2
    made = [(e.surface, e.name) for e in episode.events() if e.kind == "action" and e.outcome == "ok"]
    assert ("api", "table_insert") in made and ("api", "table_update") in made
