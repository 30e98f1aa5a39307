"""Shared fixtures: one Gym per test session and a live HTTP server for surface tests."""

from __future__ import annotations

import pytest

from apps.core.api import Gym
from mcp_gateway.live import LiveServer, start_live_server


@pytest.fixture(scope="session")
def gym() -> Gym:
    return Gym()


@pytest.fixture
def episode(gym: Gym):
    ep = gym.create_episode("tiny")
    yield ep
    ep.close()


@pytest.fixture(scope="session")
def live_server(gym: Gym):
    server: LiveServer = start_live_server(gym)
    yield server
    server.stop()
