"""Every persona's stated knowledge of a handbook policy is the policy's own facts (generated from its params
in `handbook/policy.jsonl`), never a hand-written line: the world's persona records still hold lines like
"Anything above 15% needs the CFO's sign-off" (the handbook says the VP of Sales), and nobody may say them."""

from __future__ import annotations

import pytest
from sqlmodel import Session, select

from apps.core.actions import Ctx
from apps.core.worlds import load_world
from apps.office.coworkers.derived import derived_persona
from apps.office.coworkers.handbook import handbook_card, policy_knowledge, states_policy
from apps.office.models import Persona, Policy, User


@pytest.fixture(scope="module")
def ctx(gym):
    ep = gym.create_episode("acme", apps=["office"])
    me = ep.call("office_get_my_profile")["id"]
    with Session(ep.db.action_bind) as session:
        yield Ctx(db=session, now=ep.now, ids=None, user_id=me, sql=session.connection())
    ep.close()


def _facts() -> set[str]:
    return {f["answer"] for p in load_world("acme").rows("handbook/policy.jsonl") for f in p["facts"]}


def _said(ctx: Ctx, user: User, persona: Persona) -> list[str]:
    """Everything the colleague may state: their knowledge (after the handbook's facts replace policy lines)
    and the handbook facts they know."""
    knowledge = policy_knowledge(ctx, user, list(persona.knowledge))
    return [k["answer"] for k in knowledge] + [f["answer"] for f in handbook_card(ctx, user)["facts"]]


def test_the_world_still_holds_hand_written_policy_lines_that_contradict_the_handbook(ctx):
    lines = [k["answer"] for p in ctx.db.exec(select(Persona)) for k in p.knowledge]
    assert any("CFO" in line and "15%" in line for line in lines)  # what this test guards against


def test_every_stored_persona_states_policies_only_as_the_handbook_does(ctx):
    facts = _facts()
    policies = ctx.db.exec(select(Policy)).all()
    for persona in ctx.db.exec(select(Persona).order_by(Persona.id)):
        user = ctx.db.get(User, persona.user_id)
        for line in _said(ctx, user, persona):
            if line in facts:
                continue
            assert not states_policy({"keywords": [], "answer": line}, policies), (user.display_name, line)
            assert "CFO" not in line and "sign-off" not in line, (user.display_name, line)


def test_jasmine_and_gregory_name_the_vp_of_sales_above_15_percent(ctx):
    for mail in ("jasmine.cole@acme.example", "gregory.nelson@acme.example"):
        user = ctx.db.exec(select(User).where(User.mail == mail)).one()
        persona = ctx.db.exec(select(Persona).where(Persona.user_id == user.id)).one()
        said = " ".join(_said(ctx, user, persona))
        assert "over 15% up to 25% the VP of Sales" in said  # the handbook's own fact (HB-01)
        assert "CFO's sign-off" not in said and "CFO approved (above 15%)" not in said


def test_derived_personas_state_no_hand_written_policy(ctx):
    facts = _facts()
    policies = ctx.db.exec(select(Policy)).all()
    users = ctx.db.exec(select(User).order_by(User.id)).all()
    for user in users[::9]:  # a sample of every department (the derived persona is built per user)
        for line in _said(ctx, user, derived_persona(ctx, user)):
            assert line in facts or not states_policy({"keywords": [], "answer": line}, policies), line
