"""Adding an app is one folder: a throwaway `hr` app written to a temporary folder (found through
$SAASGYM_APP_DIRS), its world part generated into a copy of `tiny` with `saasgym world extend`, then its
MCP tool, CLI command and web UI page reached through a real `saasgym serve` — no edit anywhere else."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import anyio
import httpx
from mcp.client import Client

from apps.core.worlds import worlds_root
from mcp_gateway.live import free_port

FILES = {
    "__init__.py": "",
    "models.py": """
        from sqlmodel import Field, SQLModel
        from sqlalchemy.orm import registry

        hr_registry = registry()


        class HrTable(SQLModel, registry=hr_registry):
            pass


        class Review(HrTable, table=True):
            __tablename__ = "hr_review"
            id: str = Field(primary_key=True)
            employee: str
            rating: int
    """,
    "services.py": '''
        from pydantic import BaseModel
        from sqlmodel import select

        from apps.core.actions import ActionSet, Ctx
        from apps.core.list_query import page
        from apps.hr.models import Review

        actions = ActionSet("hr")


        class ReviewOut(BaseModel):
            id: str
            employee: str
            rating: int


        class ReviewPage(BaseModel):
            total: int
            records: list[ReviewOut]


        @actions.read
        def list_reviews(ctx: Ctx, *, limit: int = 25) -> ReviewPage:
            """List performance reviews.

            Args:
                limit: page size, 1-200.
            """
            total, rows = page(ctx, select(Review).order_by(Review.id), limit=limit)
            records = [ReviewOut.model_validate(r, from_attributes=True) for r in rows]
            return ReviewPage(total=total, records=records)


        @actions.write
        def rate_employee(ctx: Ctx, *, review_id: str, rating: int) -> ReviewOut:
            """Change a review's rating.

            Args:
                review_id: the review's id.
                rating: 1-5.
            """
            review = ctx.db.get(Review, review_id)
            review.rating = rating
            ctx.db.add(review)
            return ReviewOut.model_validate(review, from_attributes=True)
    ''',
    "app.py": """
        from fastapi import APIRouter, Request
        from fastapi.responses import HTMLResponse

        from apps.core.seeding import insert_rows
        from apps.core.spec import AppSpec
        from apps.hr.models import hr_registry
        from apps.hr.services import actions


        def load_seed(world, conn):
            table = hr_registry.metadata.tables["hr_review"]
            insert_rows(conn, table, world.rows("hr/review.jsonl"))


        def ui(kit):
            router = APIRouter()

            @router.get("/")
            async def home(request: Request):
                data = await kit.read(request, "list_reviews", {"limit": 5})
                items = "".join(f"<li>{r['employee']}: {r['rating']}</li>" for r in data["records"])
                head = "<!doctype html><html lang=en><title>HR</title>"
                return HTMLResponse(f"{head}<h1>Reviews</h1><ul>{items}</ul>")

            return router


        spec = AppSpec(name="hr", title="HR", metadata=hr_registry.metadata, actions=actions,
                       load_seed=load_seed, ui_router=ui)
    """,
    "world/__init__.py": """
        import random

        from worlds.generator.parts import Part


        def build(ctx):
            rng = random.Random(f"{ctx.seed}:hr")
            people = ctx.shared["company"].employees[:12]
            rows = [{"id": f"REV{i:04d}", "employee": p["first_name"] + " " + p["last_name"],
                     "rating": rng.randint(1, 5)} for i, p in enumerate(people, start=1)]
            return {"hr/review.jsonl": rows}, {}


        PART = Part("hr", 90, build)
    """,
}


def _write_app(folder: Path) -> None:
    for rel, text in FILES.items():
        path = folder / "hr" / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip())


def test_a_fourth_app_is_one_folder(tmp_path):
    _write_app(tmp_path / "extra_apps")
    shutil.copytree(
        worlds_root() / "tiny", tmp_path / "worlds" / "tiny", ignore=shutil.ignore_patterns("tasks")
    )
    env = {
        **os.environ,
        "SAASGYM_APP_DIRS": str(tmp_path / "extra_apps"),
        "SAASGYM_WORLDS": str(tmp_path / "worlds"),
        "SAASGYM_STATE_DIR": str(tmp_path / "state"),
        "SAASGYM_CACHE_DIR": "",
        "PYTHONUNBUFFERED": "1",
    }
    saasgym = [sys.executable, "-m", "mcp_gateway"]
    extended = subprocess.run(
        [*saasgym, "world", "extend", "tiny", "--part", "hr"],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert extended.returncode == 0, extended.stderr
    assert (tmp_path / "worlds/tiny/hr/review.jsonl").is_file()
    verified = subprocess.run(
        [*saasgym, "world", "verify", "tiny"], env=env, capture_output=True, text=True, timeout=120
    )
    assert verified.returncode == 0, verified.stdout + verified.stderr

    port = free_port()
    proc = subprocess.Popen(
        [*saasgym, "serve", "--world", "tiny", "--port", str(port)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        lines = []
        while not any("harness API" in line for line in lines):
            line = proc.stdout.readline()
            assert line, "".join(lines)
            lines.append(line)
        text = "".join(lines)
        mcp_url = re.search(r"hr MCP:\s+(\S+)", text).group(1)
        ui_url = re.search(r"hr web UI:\s+(\S+)", text).group(1)
        cli_url = re.search(r"SAASGYM_URL=(\S+)", text).group(1)

        async def call():
            async with Client(mcp_url) as client:
                listed = await client.call_tool("list_reviews", {"limit": 3})
                changed = await client.call_tool("rate_employee", {"review_id": "REV0001", "rating": 5})
                return listed, changed

        listed, changed = anyio.run(call)
        assert listed.structured_content["total"] == 12 and not changed.is_error
        cli = subprocess.run(
            [*saasgym, "hr", "list-reviews", "--limit", "2", "--json", "--url", cli_url],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert cli.returncode == 0, cli.stderr
        assert '"total": 12' in cli.stdout
        page = httpx.get(ui_url, follow_redirects=True, timeout=30)
        assert page.status_code == 200 and "<h1>Reviews</h1>" in page.text and ": 5</li>" in page.text
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=30)
