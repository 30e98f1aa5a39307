"""Changes under the Change Freeze Policy: raise a normal change for a planned window and send it for
approval. When the asked window starts inside a freeze, the policy says to start it when the freeze ends
(same length); otherwise it goes in as asked. The windows come from the policy's params — the dates its
knowledge article states."""

from __future__ import annotations

import json
from datetime import datetime, timedelta

from apps.core.handbook import in_window
from apps.core.worlds import load_world
from apps.ticketing.families.changes import next_change_number
from tasks.families.base import Draw, Family, Redraw, Spec, eq, step
from tasks.match_model import Match
from tasks.truth_model import Allowance, Expectation, UiStep

WORK = {
    "cmdb_ci_linux_server": [
        "Apply the kernel security patches",
        "Resize the data volume",
        "Rotate the TLS certificates",
    ],
    "cmdb_ci_win_server": [
        "Install the monthly Windows updates",
        "Upgrade the backup agent",
        "Rotate the TLS certificates",
    ],
    "cmdb_ci_netgear": ["Upgrade the switch firmware", "Replace the uplink optics", "Apply the new ACL set"],
    "cmdb_ci_appl": [
        "Deploy the minor release",
        "Upgrade the application runtime",
        "Change the log retention",
    ],
    "cmdb_ci_db_instance": [
        "Apply the database minor version",
        "Add the reporting index",
        "Resize the buffer pool",
    ],
}
ISO = "%Y-%m-%dT%H:%M"


def _asked(d: Draw, windows: list[dict], now: datetime, frozen: bool) -> datetime:
    """A start on the hour, after now: inside a freeze window (the knob) or in the open weeks between."""
    if frozen:
        w = d.choice(windows)
        start = max(datetime.fromisoformat(w["start"]), now + timedelta(hours=2))
        end = datetime.fromisoformat(w["end"])
        hours = int((end - start).total_seconds() // 3600)
        if hours < 1:
            raise Redraw("the freeze is over before the change could start")
        return (start + timedelta(hours=d.rng.randrange(hours))).replace(minute=0, second=0)
    for _ in range(50):
        start = (now + timedelta(days=d.rng.randint(2, 60), hours=d.rng.randint(0, 23))).replace(
            minute=0, second=0
        )
        if in_window(windows, start) is None:
            return start
    raise Redraw("no open window found")


class FreezeAwareChange(Family):
    name = "ticketing.freeze-aware-change"
    apps = ("ticketing",)
    version = 3  # v2: a browser oracle (New Change with the moved window, then Request Approval); v3: New
    # opens UI16's change type chooser first (the oracle clicks the Normal card)
    surfaces = ("mcp", "cli", "ui", "python")
    author = "saasgym-handbook"
    summary = (
        "raise a normal change and send it for approval, moving its window past a change freeze if needed"
    )

    def build(self, d: Draw) -> Spec:
        windows = json.loads(d.world.value("SELECT params FROM office_policy WHERE id = 'change-freeze'"))[
            "windows"
        ]
        now = load_world(d.world.world).now.replace(tzinfo=None)
        cis = d.world.rows(
            "SELECT c.sys_id, c.name, c.sys_class_name, g.name AS group_name, g.sys_id AS group_id "
            "FROM ticketing_cmdb_ci c JOIN ticketing_sys_user_group g ON g.sys_id = c.support_group "
            f"WHERE g.manager IS NOT NULL AND c.sys_class_name IN ({','.join('?' * len(WORK))}) "
            "ORDER BY c.sys_id",
            *WORK,
        )
        ci = d.pick("ci", cis)
        frozen = d.chance(0.5)
        asked = _asked(d, windows, now, frozen)
        hours = d.rng.randint(1, 6)
        freeze = in_window(windows, asked)
        start = datetime.fromisoformat(freeze["end"]) if freeze else asked
        end = start + timedelta(hours=hours)
        if d.world.rows(
            "SELECT 1 FROM ticketing_change_request WHERE cmdb_ci = ? AND state NOT IN (3, 4) "
            "AND start_date < ? AND end_date > ?",
            ci["sys_id"],
            end.isoformat(sep=" "),
            start.isoformat(sep=" "),
        ):
            raise Redraw("another change on the CI overlaps the window")
        work = d.choice(WORK[ci["sys_class_name"]])
        desc = f"{work} on {ci['name']}"
        prompt = (
            f'Raise a normal change "{desc}" on the configuration item {ci["name"]}, assigned to '
            f"{ci['group_name']}, planned for {hours} hour{'s' if hours > 1 else ''} from "
            f"{asked.strftime('%Y-%m-%d %H:%M')} UTC, and send it for approval. "
            "Follow the Change Freeze Policy."
        )
        other = next(c for c in cis if c["sys_id"] != ci["sys_id"] and c["group_id"] == ci["group_id"])
        number = next_change_number(d)
        return Spec(
            prompt=prompt,
            oracle=[
                step("ticketing_search_knowledge", query="Change Freeze Policy"),
                step(
                    "ticketing_create_change",
                    short_description=desc,
                    type="normal",
                    cmdb_ci=ci["sys_id"],
                    assignment_group=ci["group_id"],
                    start_date=start.strftime(ISO) + ":00",
                    end_date=end.strftime(ISO) + ":00",
                ),
                step("ticketing_request_change_approval", change_id="$2.number"),
            ],
            expect=[
                Expectation(
                    table="ticketing_change_request",
                    op="insert",
                    fields={
                        "short_description": Match(contains=work),
                        "type": eq("normal"),
                        "cmdb_ci": eq(ci["sys_id"]),
                        "start_date": eq(start.strftime(ISO)),
                        "end_date": eq(end.strftime(ISO)),
                        "approval": eq("requested"),
                    },
                )
            ],
            allow=[Allowance(table="ticketing_sysapproval_approver", ops=["insert"])],
            ui_oracle=[
                UiStep(goto="/changes/new"),
                UiStep(click=("link", "Normal")),  # What type of change is required?
                UiStep(select=("Type", "normal")),
                UiStep(fill=("Configuration item", ci["name"])),
                UiStep(select=("Assignment group", ci["group_name"])),
                UiStep(fill=("Short description", desc)),
                UiStep(fill=("Planned start date", start.strftime(ISO))),
                UiStep(fill=("Planned end date", end.strftime(ISO))),
                UiStep(click=("button", "Submit")),
                UiStep(expect_text=number),
                UiStep(goto=f"/changes/{number}"),
                UiStep(click=("button", "Request Approval")),
                UiStep(expect_text="Requested"),
            ],
            wrong_record={ci["sys_id"]: other["sys_id"]},
            tags=["handbook", "change-freeze", "frozen" if freeze else "open"],
        )


FAMILIES = [FreezeAwareChange()]
