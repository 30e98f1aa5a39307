"""Harness API: performer credentials in any form are refused and recorded; out-of-range input is a 422;
HEAD and prefetch never redeem a one-time launch link."""

from __future__ import annotations

import json

import httpx
import pytest

from tasks.store import find_task
from tasks.verifier import verify

KEY = {"Authorization": "Bearer test-harness-key"}
TASK = "crm-myers-rating-employees"


def _forms(token: str) -> list[dict]:
    return [
        {"headers": {"Authorization": token}},
        {"headers": {"Authorization": f"Bearer {token}"}},
        {"headers": {"Authorization": f"Token {token}"}},
        {"headers": {"X-Api-Key": token}},
        {"headers": {"X-Saasgym-Token": token}},
        {"headers": {"Cookie": f"saasgym_session={token}"}},
        {"params": {"token": token}},
    ]


@pytest.mark.parametrize("form", range(7))
@pytest.mark.parametrize("route", ["/v1/episodes", "/v1/verdicts/stats", "/v1/verdicts/v_x", "/v1/nowhere"])
def test_a_performer_token_in_any_form_is_refused_and_voids_the_verdict(live_server, form, route):
    task = find_task(TASK, ["acme"])
    episode, urls = live_server.new_episode("acme", apps=task.public.apps, task=task.public.id)
    request = _forms(urls.token)[form]
    response = httpx.get(f"{live_server.base}{route}", **request)
    assert response.status_code == 401
    assert "performer credential" in response.json()["detail"]
    assert any(e.kind == "forbidden" for e in episode.events())
    assert verify(episode, task).outcome == "invalid"
    live_server.gateway.manager.close(episode.id)


def test_the_harness_key_alone_is_not_mistaken_for_a_performer(live_server):
    episode, _ = live_server.new_episode("tiny")
    assert httpx.get(f"{live_server.base}/v1/episodes/{episode.id}", headers=KEY).status_code == 200
    assert not [e for e in episode.events() if e.kind == "forbidden"]
    live_server.gateway.manager.close(episode.id)


@pytest.mark.parametrize(
    "body",
    [
        '{"world": "tiny", "seed": 9223372036854775808}',
        '{"world": "tiny", "seed": -9223372036854775809}',
        '{"world": "tiny", "ttl_s": 1e400}',
        '{"world": "tiny", "ttl_s": NaN}',
        '{"world": "tiny", "ttl_s": -1}',
        '{"world": "tiny", "apps": "crm"}',
        '{"world": 7}',
        "{not json",
    ],
)
def test_out_of_range_or_malformed_input_is_a_clear_422(live_server, body):
    response = httpx.post(
        f"{live_server.base}/v1/episodes", content=body, headers={**KEY, "content-type": "application/json"}
    )
    assert response.status_code == 422, response.text
    payload = json.loads(response.text)  # strict JSON (json.loads refuses nothing here, so check below)
    assert "NaN" not in response.text and "Infinity" not in response.text
    assert payload["message"].startswith("invalid request: ")
    assert all({"loc", "msg", "type"} <= set(d) for d in payload["detail"])
    assert "pydantic" not in response.text and "Traceback" not in response.text


def test_head_and_prefetch_do_not_redeem_a_launch_link(live_server):
    episode, urls = live_server.new_episode("tiny", apps=["crm"])
    link = urls.ui("crm")
    assert httpx.head(link).status_code == 200
    assert httpx.get(link, headers={"Sec-Purpose": "prefetch"}).status_code == 200
    redeemed = httpx.get(link)
    assert redeemed.status_code == 303 and redeemed.headers["location"] == "/s/crm/"
    assert httpx.get(link).status_code == 404  # one time only
    live_server.gateway.manager.close(episode.id)
