"""The products' APIs on a live gateway: the capability as the bearer token (or the episode's URL), a
token reaching only its own episode, refusals in each product's shape, paging headers, the gateway's
guards, and API writes verified like any surface."""

from __future__ import annotations

import httpx
import pytest

from apps.core.events import surface_allowed

PATHS = {
    "crm": "/services/data/v62.0/query?q=SELECT+Id+FROM+Account+LIMIT+1",
    "ticketing": "/api/now/table/incident?sysparm_limit=1",
    "office": "/v1.0/me/messages?$top=1",
}


@pytest.fixture(scope="module")
def two(live_server):
    apps = ["crm", "ticketing", "office"]
    return live_server.new_episode("tiny", apps=apps), live_server.new_episode("tiny", apps=apps)


def test_the_bearer_token_picks_the_episode_and_nothing_else(live_server, two):
    (a, urls_a), (b, urls_b) = two
    for app, path in PATHS.items():
        for base, headers in (
            (live_server.base, {"Authorization": f"Bearer {urls_a.token}"}),
            (urls_a.instance(app), {}),  # the episode's URL is the instance URL
            (urls_a.instance(app), {"Authorization": f"Bearer {urls_a.token}"}),
        ):
            assert httpx.get(base + path, headers=headers).status_code == 200, (app, base)
    made = httpx.post(
        f"{live_server.base}/services/data/v62.0/sobjects/Account",
        headers={"Authorization": f"Bearer {urls_a.token}"},
        json={"Name": "Only In A"},
    )
    assert made.status_code == 201
    soql = "/services/data/v62.0/query?q=SELECT+Id+FROM+Account+WHERE+Name='Only+In+A'"
    seen = [
        httpx.get(live_server.base + soql, headers={"Authorization": f"Bearer {u.token}"}).json()["totalSize"]
        for u in (urls_a, urls_b)
    ]
    assert seen == [1, 0]
    assert (
        b.call("crm_query_soql", soql="SELECT COUNT() FROM Account WHERE Name = 'Only In A'")["totalSize"]
        == 0
    )


def test_without_a_valid_token_each_product_answers_401_in_its_shape(live_server, two):
    (_, urls_a), (_, urls_b) = two
    for headers in ({}, {"Authorization": "Bearer not-a-token"}, {"Authorization": "Basic !!!"}):
        crm = httpx.get(live_server.base + PATHS["crm"], headers=headers)
        assert crm.status_code == 401 and crm.json()[0]["errorCode"] == "INVALID_SESSION_ID"
        desk = httpx.get(live_server.base + PATHS["ticketing"], headers=headers)
        assert desk.status_code == 401 and desk.json()["error"]["message"] == "User Not Authenticated"
        graph = httpx.get(live_server.base + PATHS["office"], headers=headers)
        assert graph.status_code == 401 and graph.json()["error"]["code"] == "InvalidAuthenticationToken"
    # another episode's token on this episode's URL is no credential for it
    crossed = httpx.get(
        urls_a.instance("crm") + PATHS["crm"], headers={"Authorization": f"Bearer {urls_b.token}"}
    )
    assert crossed.status_code == 401
    # HTTP Basic with the token as the password (ServiceNow clients configured with a user and password)
    basic = httpx.get(live_server.base + PATHS["ticketing"], auth=("anyone", urls_a.token))
    assert basic.status_code == 200


def test_an_app_outside_the_episode_and_the_harness_api_are_out_of_reach(live_server):
    crm_only, urls = live_server.new_episode("tiny", apps=["crm"])
    bearer = {"Authorization": f"Bearer {urls.token}"}
    assert httpx.get(live_server.base + PATHS["ticketing"], headers=bearer).status_code == 401
    assert httpx.get(live_server.base + "/v1/episodes", headers=bearer).status_code == 401
    assert any(e.kind == "forbidden" for e in crm_only.events())  # the attempt voids its verdict
    hostile = httpx.get(live_server.base + PATHS["crm"], headers={**bearer, "Host": "evil.example"})
    assert hostile.status_code in (403, 421)


def test_paging_headers_and_links(live_server, two):
    (episode, urls), _ = two
    bearer = {"Authorization": f"Bearer {urls.token}"}
    desk = httpx.get(
        f"{live_server.base}/api/now/table/incident?sysparm_limit=5&sysparm_offset=5", headers=bearer
    )
    total = int(desk.headers["X-Total-Count"])
    assert len(desk.json()["result"]) == 5 and total > 10
    links = desk.headers["Link"]
    assert (
        'rel="first"' in links and 'rel="prev"' in links and 'rel="next"' in links and 'rel="last"' in links
    )
    nxt = next(part for part in links.split(",") if 'rel="next"' in part).split(";")[0].strip("<>")
    assert "sysparm_offset=10" in nxt and httpx.get(nxt, headers=bearer).status_code == 200
    graph = httpx.get(f"{live_server.base}/v1.0/me/messages?$top=2", headers=bearer).json()
    following = httpx.get(graph["@odata.nextLink"], headers=bearer).json()
    assert {m["id"] for m in graph["value"]}.isdisjoint(m["id"] for m in following["value"])


def test_api_writes_are_verified_like_any_surface(live_server):
    manager = live_server.gateway.manager
    made = manager.create(world="acme", task="crm-myers-rating-employees")
    bearer = {"Authorization": f"Bearer {made.performer_token}"}
    base = f"{live_server.base}/services/data/v62.0"
    found = httpx.get(
        f"{base}/query", params={"q": "SELECT Id FROM Account WHERE Name = 'Myers LLC'"}, headers=bearer
    )
    account = found.json()["records"][0]["Id"]
    patched = httpx.patch(
        f"{base}/sobjects/Account/{account}", json={"Rating": "Hot", "NumberOfEmployees": 850}, headers=bearer
    )
    assert patched.status_code == 204
    assert manager.verify(made.row.id)["outcome"] == "pass"
    assert surface_allowed("api", ["mcp", "ui"]) and not surface_allowed("api", ["ui", "cli"])


def test_the_same_operations_as_cli_commands(live_server):
    """crm query-soql, ticketing table-query and office graph-list-messages as a shell agent runs them."""
    import json

    from tests.surfaces.test_cli import saasgym

    episode, urls = live_server.new_episode("tiny", apps=["crm", "ticketing", "office"])
    base = f"{urls.base}/e/{urls.token}"
    soql = saasgym("crm", "query-soql", "--soql", "SELECT COUNT() FROM Account", "--json", url=base)
    assert soql.returncode == 0, soql.stderr
    assert json.loads(soql.stdout)["totalSize"] == episode.call("crm_list_accounts", limit=1)["total"]
    desk = saasgym(
        "ticketing", "table-query", "--table", "incident", "--query", "state=7", "--json", url=base
    )
    assert desk.returncode == 0 and all(r["state"] == "7" for r in json.loads(desk.stdout)["result"])
    bad = saasgym("crm", "query-soql", "--soql", "SELECT Nme FROM Account", url=base)
    assert bad.returncode == 1 and json.loads(bad.stderr)[0]["errorCode"] == "INVALID_FIELD"
    cli = [e.name for e in episode.events() if e.kind == "action" and e.surface == "cli"]
    assert cli == ["query_soql", "table_query", "query_soql"]
