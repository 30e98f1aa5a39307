"""Office lists use the engine's list kit: literal word search, exact categories, stable pages."""

from __future__ import annotations

import pytest


@pytest.fixture
def ep(gym):
    episode = gym.create_episode("tiny", apps=["office"])
    yield episode
    episode.close()


def test_drive_search_needs_every_word_and_treats_wildcards_literally(ep):
    folder = ep.call("office_create_folder", name="Pricing")
    ep.call(
        "office_create_file",
        name="renewal_100%_plan.txt",
        content="Renewal pricing for 2027",
        parent_id=folder["id"],
    )
    ep.call("office_create_file", name="renewal notes.txt", content="no prices here", parent_id=folder["id"])
    names = lambda q: sorted(r["name"] for r in ep.call("office_search_drive", query=q)["records"])  # noqa: E731
    assert names("renewal pricing") == ["renewal_100%_plan.txt"]
    assert names("100%") == ["renewal_100%_plan.txt"]
    assert names("renewal_") == ["renewal_100%_plan.txt"]  # `_` is not a one-character wildcard
    assert names("RENEWAL") == ["renewal notes.txt", "renewal_100%_plan.txt"]


def test_list_messages_category_is_the_whole_name_and_pages_are_stable(ep):
    inbox = ep.call("office_list_messages", limit=200)
    assert inbox["total"] >= 3
    first = inbox["records"][0]["id"]
    ep.call("office_update_message", message_id=first, categories=["Budget 100%"])
    assert [r["id"] for r in ep.call("office_list_messages", category="budget 100%")["records"]] == [first]
    assert ep.call("office_list_messages", category="Budget")["total"] == 0  # a category is matched whole
    assert ep.call("office_list_messages", category="Budget 1_0%")["total"] == 0  # no wildcards
    pages = [
        ep.call("office_list_messages", limit=2, offset=o)["records"] for o in range(0, inbox["total"], 2)
    ]
    assert [r["id"] for p in pages for r in p] == [r["id"] for r in inbox["records"]]
