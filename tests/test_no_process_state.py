"""No hidden process-wide state: app discovery, the CLI tree and app options are explicit objects."""

from __future__ import annotations

from apps.core.api import Gym
from apps.core.registry import discover, selected_apps
from mcp_gateway.cli import build


def test_the_app_selection_is_read_when_asked_not_once_per_process(monkeypatch):
    assert set(discover()) == {"crm", "office", "ticketing"}
    monkeypatch.setenv("SAASGYM_APPS", "crm, ticketing")
    assert selected_apps() == frozenset({"crm", "ticketing"})
    assert set(Gym().apps) == {"crm", "ticketing"}
    monkeypatch.setenv("SAASGYM_APPS", "office")
    assert set(Gym().apps) == {"office"}
    monkeypatch.delenv("SAASGYM_APPS")
    assert selected_apps() is None and set(Gym().apps) == {"crm", "office", "ticketing"}
    assert set(discover(frozenset({"crm"}))) == {"crm"}


def test_each_cli_build_is_a_new_tree_that_is_never_mutated():
    import click

    first, second = build(), build()
    assert first is not second
    before = set(first.commands)
    ctx = click.Context(first)
    assert {"crm", "office", "ticketing", "serve", "tasks", "complete-task"} <= set(first.list_commands(ctx))
    assert first.get_command(ctx, "crm").get_command(ctx, "get-account") is not None
    assert set(first.commands) == before  # resolving an app group does not add it to the root
    assert first.get_command(ctx, "no-such-app") is None


def test_app_options_belong_to_their_gym():
    marker = object()
    configured, plain = Gym(app_options={"office": {"responder": marker}}), Gym()
    assert configured.app_options["office"]["responder"] is marker
    assert plain.app_options == {}
