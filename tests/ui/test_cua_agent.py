"""A scripted computer-use agent (tests/ui/cua_agent.py) does tasks purely in the browser — role and
accessible-name locators, clicks, typing and keys; no test ids, no CSS, no typed addresses after the
launch URL — and the verifier passes each. Every app, and cross-app tasks, are among them."""

from __future__ import annotations

import pytest

from tasks.store import find_task
from tests.support.sampling import sampled
from tests.ui.cua_agent import BrowserAgent

CRM = [
    "crm-advance-rivas-scanner",
    "crm-close-lost-espinoza",
    "crm-complete-prepare-quote",
    "crm-add-training-cantu",
    "crm-myers-rating-employees",
    "crm-reparent-knox-smith",
    "crm-phone-ryan-morgan",
    "crm-title-lisa-allen",
    "crm-task-carter-renewal-quote",
    "crm-convert-diaz-existing",
    "crm-qa-knox-owner",
    "crm-qa-gillespie-contacts",
    "crm-note-murphy-budget",
    "crm-log-call-william-jones",
    "crm-event-palmer-qbr",
]
TICKETING = [
    "ticketing-assign-vpn-drops-peters",
    "ticketing-comment-dns-fix-nicole",
    "ticketing-cab-approve-erp-firewall",
    "ticketing-cab-reject-hr-portal-index",
    "ticketing-create-printer-jam-walker",
    "ticketing-priority-erp-report-critical",
    "ticketing-publish-kb-slow-vpn-macos",
    "ticketing-order-dev-laptop-weiss",
]
OFFICE = [
    "office-archive-chen-ooo",
    "office-flag-boyd-redlines",
    "office-accept-deal-strategy",
    "office-decline-territory-planning",
    "office-forecast-carter-amount",
    "office-forward-myers-proposal",
    "office-reply-vance-quote",
    "office-post-deals-myers-jasmine",
    "office-kickoff-notes-bullet",
]
CROSS_APP = [
    "xoffice-gutierrez-login-incident",
    "xoffice-rivas-lost-forecast",
    "xoffice-vance-quote-task-reply",
    "xapp-qa-owner-hayes-incident",
    "xapp-followup-thompson-resolved",
    "xoffice-november-pipeline-post",
    "xoffice-won-espinoza-announce",
    "xoffice-murphy-renewal-forecast",
    "xapp-escalate-larry-smith-note-opp",
]
TASKS = CRM + TICKETING + OFFICE + CROSS_APP


def test_the_selection_covers_every_app_and_cross_app_work():
    assert len(TASKS) >= 30 and len(set(TASKS)) == len(TASKS)
    apps = [tuple(find_task(t, ["acme"]).public.apps) for t in TASKS]
    assert {a for group in apps for a in group} == {"crm", "ticketing", "office"}
    assert sum(len(a) >= 2 for a in apps) >= 5


@pytest.mark.parametrize("task_id", sampled(TASKS, 1 / 7, "cua-agent"))
def test_the_agent_completes_the_task_in_the_browser(task_id, live_server, browser):
    task = find_task(task_id, ["acme"])
    assert task is not None and "ui" in task.public.surfaces
    episode, urls = live_server.new_episode("acme", task=task_id)
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        first = task.public.apps[0]
        BrowserAgent(page, episode).play(urls.ui(first), first, task.truth.ui_oracle)
        verdict = live_server.gateway.manager.verify(episode.id)
    finally:
        context.close()
        live_server.gateway.manager.close(episode.id)
    assert verdict["outcome"] == "pass", verdict
