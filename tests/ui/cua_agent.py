"""A scripted computer-use agent: it enters an episode through its one-time launch URL and from then on
only clicks, types and presses keys on what a person sees — roles and accessible names (no test ids, no
CSS, no typed addresses). It plays a task's UI oracle, turning every `goto` into the way a person gets
there: the App Launcher, an app's tabs, the banner search, a mailbox search, the Files folders, the
calendar's week buttons, and the buttons on a record page ("Edit", "Convert", "New Task" …).

The script knows what the task's author knows (the records the task is about, by id); it looks their
names up once, as someone reading the prompt would know them, and finds them on screen by name.
"""

from __future__ import annotations

import re
from datetime import date, datetime
from typing import Any
from urllib.parse import parse_qs, urlsplit

from tasks.truth_model import UiStep
from tasks.ui_oracle import _play

TITLES = {"crm": "Sales", "ticketing": "Service Management", "office": "Office"}
CRM_TABS = {"/": "Home", "/accounts": "Accounts", "/contacts": "Contacts", "/leads": "Leads"}
CRM_TABS |= {"/opportunities": "Opportunities", "/products": "Products", "/reports": "Reports"}
TICKETING_TABS = {"/incidents": "Incidents", "/problems": "Problems", "/changes": "Changes"}
TICKETING_TABS |= {"/requests": "Requests", "/approvals": "My Approvals", "/kb": "Knowledge"}
TICKETING_TABS |= {"/cmdb": "CMDB", "/catalog": "Service Catalog"}
OFFICE_TABS = {"/mail": "Mail", "/calendar": "Calendar", "/files": "OneDrive", "/chat": "Chat"}
# what else a page's rail calls a tab (Outlook's rail: Teams for Teams' Chat), and the App Launcher's app for
# a tab when the page has no rail with it (Word, Excel and PowerPoint have no rail)
OFFICE_ALIASES = {"Chat": ("Chat", "Teams")}
OFFICE_APPS = {"Mail": "Outlook", "Calendar": "Outlook", "OneDrive": "OneDrive", "Chat": "Teams"}
CRM_KINDS = {"001": "account", "003": "contact", "00Q": "lead", "006": "opportunity"}
CRM_RESULTS = {"account": "Accounts", "contact": "Contacts", "lead": "Leads", "opportunity": "Opportunities"}
CRM_SUBPAGES = {"edit": "Edit", "convert": "Convert", "products/new": "Add Products"}
ACTIVITY_BUTTONS = {"tasks": "New Task", "calls": "Log a Call", "events": "New Event", "notes": "New Note"}
REPLY_BUTTONS = {"reply": "Reply", "replyall": "Reply all", "forward": "Forward"}


class CannotNavigate(Exception):
    """The agent has no on-screen way to reach this address (the task is not run by it)."""


class BrowserAgent:
    """Drives one Chromium page of one episode by roles, names and keys."""

    def __init__(self, page: Any, episode: Any):
        self.page = page
        self.episode = episode  # only to look up the names of the records a task is about

    # -- what it sees ---------------------------------------------------------------------------------
    def app(self) -> str:
        """The app the page shows (from the address bar)."""
        match = re.search(r"/s/([a-z]+)", urlsplit(self.page.url).path)
        return match.group(1) if match else ""

    def _navigate_click(self, locator: Any) -> None:
        with self.page.expect_navigation(wait_until="load"):
            locator.click()

    # -- ways around -----------------------------------------------------------------------------------
    def open_app(self, app: str) -> None:
        """Switch apps with the App Launcher, as in Salesforce or Microsoft 365."""
        if self.app() == app:
            return
        launcher = self.page.get_by_role("button", name="App Launcher", exact=True)
        if launcher.count() == 0:  # the episode's start page: the apps are listed as links
            return self._navigate_click(self.page.get_by_role("link", name=TITLES[app], exact=True).first)
        launcher.click()
        menu = self.page.get_by_role("navigation", name="App Launcher")
        self._navigate_click(menu.get_by_role("link", name=TITLES[app], exact=True))

    def tab(self, label: str) -> None:
        """Open one of the app's tabs (the service desk's: a module of its application navigator)."""
        name = "Application navigator" if self.app() == "ticketing" else f"{TITLES[self.app()]} tabs"
        tabs = self.page.get_by_role("navigation", name=name)
        if self.app() == "office":
            return self._office_tab(tabs, label)
        self._navigate_click(tabs.get_by_role("link", name=label, exact=True).first)

    def _office_tab(self, rail: Any, label: str) -> None:
        """A Microsoft 365 tab from the product's rail, else (an editor, or a rail without it) through the
        App Launcher's app and then its rail."""
        for name in OFFICE_ALIASES.get(label, (label,)):
            link = rail.get_by_role("link", name=name, exact=True)
            if link.count():
                return self._navigate_click(link.first)
        self.page.get_by_role("button", name="App Launcher", exact=True).click()
        menu = self.page.get_by_role("navigation", name="App Launcher")
        self._navigate_click(menu.get_by_role("link", name=OFFICE_APPS[label], exact=True))
        if label == "Calendar":
            self._navigate_click(rail.get_by_role("link", name="Calendar", exact=True).first)

    def banner_search(self, text: str) -> None:
        """Type into the banner's search box and press Enter (the desk opens it from a magnifier first)."""
        opener = self.page.get_by_role("button", name="Global search", exact=True)
        if opener.count() and opener.get_attribute("aria-expanded") == "false":
            opener.click()
        box = self.page.get_by_role("search", name="Global search").get_by_role("searchbox")
        box.fill(text)
        with self.page.expect_navigation(wait_until="load"):
            box.press("Enter")

    def click(self, role: str, name: str | re.Pattern, exact: bool = True, scope: Any = None) -> None:
        """Click the control of `role` called `name` (the first, when the page repeats it)."""
        where = scope or self.page
        kwargs = {"exact": exact} if isinstance(name, str) else {}
        self._navigate_click(where.get_by_role(role, name=name, **kwargs).first)

    # -- playing a task --------------------------------------------------------------------------------
    def play(self, launch_url: str, first_app: str, steps: list[UiStep]) -> None:
        """Open the launch URL once, then every oracle step, with each `goto` walked on screen."""
        self.page.goto(launch_url)
        for step in steps:
            if step.goto is not None:
                app, path = _split(step.goto, first_app)
                self.open_app(app)
                self.walk(app, path)
                step = step.model_copy(update={"goto": None})
            _play(self.page, "", self.app(), step)

    def walk(self, app: str, path: str) -> None:
        """Reach `path` of `app` from wherever the page is, on screen."""
        if path == "/_task":
            return self.click("link", "Your task")
        walker = {"crm": self._crm, "ticketing": self._ticketing, "office": self._office}[app]
        url = urlsplit(path)
        walker(url.path.rstrip("/") or "/", {k: v[0] for k, v in parse_qs(url.query).items()})

    # -- the CRM ---------------------------------------------------------------------------------------
    def _crm(self, path: str, query: dict[str, str]) -> None:
        parts = path.strip("/").split("/") if path != "/" else []
        if path in CRM_TABS:
            return self.tab(CRM_TABS[path])
        if path == "/search":
            return self.banner_search(query["q"])
        if path == "/reports/pipeline":
            self.tab("Reports")
            return self.click("link", "Opportunity Pipeline")
        if len(parts) == 2 and parts[1] == "new" and parts[0] in ACTIVITY_BUTTONS:
            (arg,) = query.values() if len(query) == 1 else (None,)
            if arg is None:
                raise CannotNavigate(f"{path} with {query}: the form is opened from one record")
            self._crm_record(arg)
            return self.click("link", ACTIVITY_BUTTONS[parts[0]])
        if len(parts) == 2 and parts[1] == "new":
            if "account_id" in query:
                self._crm_record(query["account_id"])
                return self.click("link", "New Contact" if parts[0] == "contacts" else "New Opportunity")
            self.tab(CRM_TABS[f"/{parts[0]}"])
            return self.click("link", re.compile(r"^New "))
        if len(parts) >= 2:
            self._crm_record(parts[1])
            rest = "/".join(parts[2:])
            if rest:
                if rest not in CRM_SUBPAGES:
                    raise CannotNavigate(path)
                self.click("link", CRM_SUBPAGES[rest])
            return None
        raise CannotNavigate(path)

    def _crm_record(self, record_id: str) -> None:
        """Find a CRM record with the banner search and open it by name."""
        kind = CRM_KINDS.get(record_id[:3])
        if kind is None:
            raise CannotNavigate(f"CRM record {record_id}")
        data = self.episode.call(f"crm_get_{kind}", **{f"{kind}_id": record_id})[kind]
        name = data.get("name") or " ".join(p for p in (data.get("first_name"), data.get("last_name")) if p)
        self.banner_search(name)
        region = self.page.get_by_role("region", name=re.compile(rf"^{CRM_RESULTS[kind]} \("))
        rows = region.get_by_role("row").filter(has=self.page.get_by_role("link", name=name, exact=True))
        self.click("link", name, scope=_best_row(rows, data))

    # -- the service desk ----------------------------------------------------------------------------
    def _ticketing(self, path: str, query: dict[str, str]) -> None:
        parts = path.strip("/").split("/")
        if path == "/clock":  # the simulator's page, from the simulation strip
            strip = self.page.get_by_role("region", name="Simulation")
            return self.click("link", "Wait a custom time", scope=strip)
        if f"/{parts[0]}" in TICKETING_TABS and len(parts) == 1:
            if query.get("search"):
                return self.banner_search(query["search"])
            return self.tab(TICKETING_TABS[f"/{parts[0]}"])
        if len(parts) == 2 and parts[1] == "new":
            self.tab(TICKETING_TABS[f"/{parts[0]}"])
            return self.click("button", "New")
        if len(parts) >= 2 and re.match(r"^(INC|PRB|CHG|RITM|KB)\d+$", parts[1]):
            self.banner_search(parts[1])
            if parts[2:] == ["edit"]:
                self.click("button", "Edit")
            elif parts[2:]:
                raise CannotNavigate(path)
            return None
        raise CannotNavigate(path)

    # -- the office suite ----------------------------------------------------------------------------
    def _office(self, path: str, query: dict[str, str]) -> None:
        if path == "/mail" and "id" in query:
            return self._open_message(query["id"])
        if path in OFFICE_TABS and not query:
            return self.tab(OFFICE_TABS[path])
        if path == "/mail/compose":
            if "id" not in query:
                self.tab("Mail")
                return self.click("link", "New mail")
            self._open_message(query["id"])
            return self.click("link", REPLY_BUTTONS[query.get("mode", "reply")])
        if path == "/calendar/new":
            self.tab("Calendar")
            return self.click("link", "New event")
        if path.startswith("/calendar/"):
            return self._open_event(path.rsplit("/", 1)[1])
        if path == "/chat" and "channel" in query:
            return self._open_channel(query["channel"])
        if path == "/chat" and "new" in query:
            self.tab("Chat")
            return self.click("link", "New chat")
        if path.startswith(("/docs/", "/sheets/")):
            self._open_file(path.rsplit("/", 1)[1])
            if "sheet" in query:
                sheets = self.page.get_by_role("navigation", name="Sheet tabs")
                current = sheets.locator("[aria-current=page]")
                if current.count() == 0 or current.inner_text().strip() != query["sheet"]:
                    self.click("link", query["sheet"], scope=sheets)
            if "cell" in query:  # the Name Box, as in Excel: type the address, press Enter
                box = self.page.get_by_role("textbox", name="Name Box", exact=True)
                box.fill(query["cell"])
                box.press("Enter")
            return None
        raise CannotNavigate(path)

    def _open_message(self, message_id: str) -> None:
        """Search the mailbox for the message's subject and open the row from its sender."""
        msg = self.episode.call("office_get_message", message_id=message_id)
        self.tab("Mail")
        box = self.page.get_by_role("searchbox", name="Search mail")
        subject = msg["subject"]
        box.fill(f'subject:"{subject}"' if '"' not in subject else subject)
        with self.page.expect_navigation(wait_until="load"):
            box.press("Enter")
        rows = self.page.get_by_role("grid", name="Messages").get_by_role("link")
        sender = msg.get("from_name") or msg.get("from_address") or ""
        for i in range(rows.count()):
            text = rows.nth(i).inner_text()
            if msg["subject"] in text and sender in text:
                return self._navigate_click(rows.nth(i))
        raise CannotNavigate(f"message {msg['subject']!r} from {sender!r} not in the search results")

    def _open_event(self, event_id: str) -> None:
        """The calendar's week view, moved week by week to the event, then the event by its subject."""
        ev = self.episode.call("office_get_event", event_id=event_id)
        self.tab("Calendar")
        target = datetime.fromisoformat(ev["start_date_time"].replace("Z", "+00:00")).date()
        for _ in range(60):
            link = self.page.get_by_role("link", name=re.compile(re.escape(ev["subject"])))
            if link.count():
                return self._navigate_click(link.first)
            shown = _week_shown(self.page)
            self.click("link", "Next week" if shown is None or shown < target else "Previous week")
        raise CannotNavigate(f"event {ev['subject']!r}")

    def _open_channel(self, channel_id: str) -> None:
        self.tab("Chat")
        for team in self.episode.call("office_list_teams")["records"]:
            for ch in self.episode.call("office_list_channels", team_id=team["id"])["records"]:
                if ch["id"] == channel_id:  # under its team's name (two teams may both have a General)
                    team_name = self.page.locator("p.o-team-name").filter(has_text=team["display_name"])
                    channels = team_name.first.locator("xpath=following-sibling::ul[1]")
                    name = re.compile(rf"^(#\s*)?{re.escape(ch['display_name'])}$")
                    return self.click("link", name, scope=channels)
        raise CannotNavigate(f"channel {channel_id}")

    def _open_file(self, item_id: str) -> None:
        """Files: down the folders of the item's path (from Shared with me when someone else owns
        it, skipping folders that view does not show), then the file by name."""
        item = self.episode.call("office_get_drive_item", item_id=item_id)
        self.tab("OneDrive")
        shared = item.get("my_role") != "owner"
        if shared:
            self.click("link", "Shared with me")
        for folder in item["path"].strip("/").split("/")[:-1]:
            link = self.page.get_by_role("link", name=re.compile(rf"{re.escape(folder)}$"))
            if link.count():
                self._navigate_click(link.first)
            elif not shared:
                raise CannotNavigate(f"folder {folder!r} of {item['path']}")
        self.click("link", re.compile(rf"{re.escape(item['name'])}$"))


def _split(goto: str, first_app: str) -> tuple[str, str]:
    """(app, path) of an oracle address: `/s/<app>/…` names its app, otherwise the task's first."""
    if goto.startswith("/s/"):
        app, _, rest = goto[3:].partition("/")
        return app, "/" + rest
    return first_app, "/" + goto.lstrip("/")


def _best_row(rows: Any, record: dict[str, Any]) -> Any:
    """Of result rows with the same name (two deals can share one), the one showing most of the
    record's other values (stage, amount, close date …), as a person would tell them apart."""
    if rows.count() == 1:
        return rows.first
    values = [str(v) for k, v in record.items() if v not in (None, "", True, False) and k != "id"]
    texts = [rows.nth(i).inner_text().replace(",", "") for i in range(rows.count())]
    scores = [sum(v.replace(",", "") in t for v in values) for t in texts]
    return rows.nth(scores.index(max(scores)))


WEEK_RANGE = re.compile(r"^([A-Z][a-z]+) (\d{1,2}) – ([A-Z][a-z]+) \d{1,2}, (\d{4})")


def _week_shown(page: Any) -> date | None:
    """The first day of the week the calendar shows, read from the range under its title as a person reads
    it ("November 30 – December 6, 2026"; a week across New Year starts in the year before)."""
    found = WEEK_RANGE.match(page.get_by_text(WEEK_RANGE).first.inner_text())
    if not found:
        return None
    first, last = (datetime.strptime(found.group(i), "%B").month for i in (1, 3))
    year = int(found.group(4)) - (1 if first > last else 0)
    return date(year, first, int(found.group(2)))
