"""The contract every registered app must honour, checked for each app the engine discovers."""

from __future__ import annotations

import re

import anyio
import pytest
from mcp.client import Client
from pydantic import BaseModel

from apps.core.cli_adapter import app_group
from apps.core.mcp_adapter import build_mcp_server
from apps.core.registry import discover

APPS = sorted(discover())


@pytest.mark.parametrize("name", APPS)
def test_tables_are_prefixed_and_keyed(name):
    spec = discover()[name]
    assert spec.metadata.sorted_tables
    for table in spec.metadata.sorted_tables:
        assert table.name.startswith(f"{name}_")
        assert len(table.primary_key.columns) == 1


@pytest.mark.parametrize("name", APPS)
def test_actions_are_documented_and_typed(name):
    spec = discover()[name]
    assert list(spec.actions), f"app {name} offers no action"
    for action in spec.actions:
        assert len(action.description) > 30, action.name
        assert isinstance(action.return_type, type) and issubclass(action.return_type, BaseModel), action.name
        assert re.fullmatch(r"[a-z]+(_[a-z0-9]+)+", action.name), f"{action.name}: tools are verb_noun"


@pytest.mark.parametrize("name", APPS)
def test_every_action_is_an_mcp_tool_and_a_cli_command(name):
    spec = discover()[name]
    server = build_mcp_server([spec], name=name, prefix=False)

    async def tools():
        async with Client(server) as client:
            return (await client.list_tools()).tools

    listed = {t.name: t for t in anyio.run(tools)}
    assert set(listed) == {a.name for a in spec.actions} | {"complete_task"}
    for action in spec.actions:
        tool = listed[action.name]
        assert tool.output_schema is not None
        assert tool.annotations.read_only_hint == action.read_only
        assert tool.annotations.destructive_hint == action.destructive
    commands = app_group(spec).commands
    assert {c.replace("-", "_") for c in commands} == {a.name for a in spec.actions}


@pytest.mark.parametrize("name", APPS)
def test_app_loads_its_world_part_and_resets(gym, name):
    ep = gym.create_episode("tiny")
    try:
        spec = discover()[name]
        counts = {
            t.name: ep.db.execute_raw(f'SELECT count(*) FROM "{t.name}"')[0][0]
            for t in spec.metadata.sorted_tables
        }
        assert sum(counts.values()) > 0
        assert ep.state_hash() == gym.golden_hash("tiny")
    finally:
        ep.close()
