"""The logical clock: one second per action, and `ctx.wait` lets logical time pass deterministically."""

from __future__ import annotations

from datetime import timedelta

from pydantic import BaseModel
from sqlalchemy.orm import registry
from sqlmodel import Field, SQLModel

from apps.core.actions import ActionSet, Ctx
from apps.core.api import Gym
from apps.core.spec import AppSpec

toy_registry = registry()


class ToyTable(SQLModel, registry=toy_registry):
    pass


class Clockwork(ToyTable, table=True):
    __tablename__ = "toy_clockwork"
    id: int = Field(primary_key=True)
    note: str


actions = ActionSet("toy")


class Now(BaseModel):
    now: str


@actions.read
def wait_minutes(ctx: Ctx, *, minutes: int) -> Now:
    """Wait for some minutes of logical time and report the time afterwards."""
    ctx.wait(minutes * 60)
    return Now(now=ctx.now.isoformat())


@actions.read
def sneaky_write(ctx: Ctx) -> Now:
    """A read-only action that (wrongly) writes: the engine must refuse and roll back."""
    ctx.db.add(Clockwork(id=1, note="should not stay"))
    return Now(now=ctx.now.isoformat())


TOY = AppSpec(
    name="toy",
    title="Toy",
    metadata=toy_registry.metadata,
    actions=actions,
    load_seed=lambda world, conn: None,
)


def test_clock_moves_one_second_per_action_and_by_waits():
    gym = Gym(apps={"toy": TOY})
    ep = gym.create_episode("tiny")
    start = ep.world.now
    after = ep.call("toy_wait_minutes", minutes=30)
    assert after["now"] == (start + timedelta(seconds=1, minutes=30)).isoformat()
    assert ep.now == start + timedelta(seconds=1, minutes=30)
    ep.invoke("toy", "wait_minutes", {"minutes": "soon"})  # refused: no time passes but the one tick
    assert ep.now == start + timedelta(seconds=2, minutes=30)
    before = ep.state_hash()
    ep.reset()
    assert ep.now == start and ep.state_hash() == before  # the clock is not content


def test_read_only_action_cannot_write():
    ep = Gym(apps={"toy": TOY}).create_episode("tiny")
    out = ep.invoke("toy", "sneaky_write", {})
    assert not out.ok and "internal error" in out.error
    assert ep.db.execute_raw("SELECT count(*) FROM toy_clockwork") == [(0,)]
