"""The simulator's controls sit apart from the product: one strip above every page of every app (the region
"Simulation"), holding the logical time, the app's ways to let time pass and the task; the product's own
header, toolbars and navigator hold none of them, so a screenshot of the product shows the product."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.ui.picklists import choose, choose_by_keyboard

SIMULATOR = ("Check for new mail", "Wait an hour for replies", "Let time pass", "Your task")


def _strip(page):  # noqa: ANN001, ANN202
    return page.get_by_role("region", name="Simulation")


def _outside_strip(page, name):  # noqa: ANN001, ANN202
    """How many buttons and links called `name` the page has outside the strip."""
    found = page.get_by_role("button", name=name, exact=True)
    found = found.or_(page.get_by_role("link", name=name, exact=True))
    return found.evaluate_all("els => els.filter(e => !e.closest('[aria-label=Simulation]')).length")


def test_every_app_has_the_same_strip_and_the_product_none_of_its_controls(all_apps):
    base, page = all_apps
    pages = (("crm", "/accounts"), ("ticketing", "/incidents"), ("office", "/mail"), ("office", "/files"))
    for app, path in pages:
        page.goto(f"{base}/s/{app}{path}")
        strip = _strip(page)
        expect(strip).to_be_visible()
        # the strip's clock says its zone (the calendar shows the user's own)
        expect(strip).to_contain_text(re.compile(r"Simulated time: \w{3} \d{2} \w{3} \d{4}, \d{2}:\d{2} UTC"))
        expect(strip.get_by_role("link", name="Your task")).to_be_visible()
        box = strip.bounding_box()
        assert box["y"] == 0, f"{app}: the strip is the page's first band"
        for name in SIMULATOR:
            assert _outside_strip(page, name) == 0, f"{app}{path}: {name} in the product"
    page.goto(f"{base}/s/crm/accounts")  # the CRM lets no time pass of its own
    expect(_strip(page).get_by_role("form")).to_have_count(0)


def test_office_waits_from_any_page_of_the_suite(office):
    episode, page, ui = office
    page.goto(ui("/calendar"))
    strip = _strip(page)
    clock = strip.locator("time")
    before = clock.get_attribute("datetime")
    choose_by_keyboard(page, "Wait for", "8 hours")
    strip.get_by_role("button", name="Let time pass").click()
    waits = [e for e in episode.events() if e.kind == "action" and e.name == "wait_for_replies"]
    assert waits[-1].args == {"minutes": "480", "stop_at_first_reply": False} and waits[-1].surface == "ui"
    expect(_strip(page).locator("time")).not_to_have_attribute("datetime", before)
    _strip(page).get_by_role("button", name="Check for new mail").click()
    checks = [e for e in episode.events() if e.kind == "action" and e.name == "check_new_mail"]
    assert checks and checks[-1].outcome == "ok"


def test_the_desk_waits_from_the_strip(desk):
    episode, page, ui = desk
    page.goto(ui("/problems"))
    form = _strip(page).get_by_role("form", name="Let time pass")
    choose(page, "Wait for", "4 hours", scope=form)
    form.get_by_role("button", name="Let time pass").click()
    wait = [e for e in episode.events() if e.kind == "action" and e.name == "advance_time"][-1]
    assert (wait.args, wait.surface, wait.outcome) == ({"minutes": "240"}, "ui", "ok")
    expect(page.get_by_role("status").filter(has_text="Waited")).to_have_text("Waited 4 hours")


# every kind of page the office suite has (and the CRM's and the desk's), each drawn with its own stylesheets
LOOK_PAGES = (
    ("crm", "/accounts"),
    ("ticketing", "/incidents"),
    ("office", "/mail"),
    ("office", "/calendar"),
    ("office", "/files"),
    ("office", "/chat"),
    ("office", "/docs/16f7750c-0179-4604-90d0-c285d505ddae"),
    ("office", "/sheets/371b73e2-a1b0-4812-9dc9-2c9ae141f8b6"),
    ("office", "/decks"),
)
LOOK = """strip => {
  const s = getComputedStyle(strip), r = strip.getBoundingClientRect();
  const rgb = c => (c.match(/[\\d.]+/g) || []).slice(0, 3).map(Number);
  const grey = c => { const [a, b, d] = rgb(c); return Math.max(a, b, d) - Math.min(a, b, d) <= 6; };
  const coloured = [...strip.querySelectorAll('*')].filter(e => e.getClientRects().length).filter(e => {
    const t = getComputedStyle(e);
    const fill = t.backgroundColor === 'rgba(0, 0, 0, 0)' || grey(t.backgroundColor);
    return !(fill && grey(t.color) && grey(t.borderTopColor));
  }).map(e => e.className || e.tagName);
  const next = strip.nextElementSibling;
  let below = next; while (below && !below.getClientRects().length) below = below.nextElementSibling;
  return {height: r.height, top: r.top, background: s.backgroundColor, font: s.fontFamily, size: s.fontSize,
          rule: s.borderBottomWidth + ' ' + s.borderBottomColor, neutral: grey(s.backgroundColor), coloured,
          productTop: below ? below.getBoundingClientRect().top : null};
}"""


def test_the_strip_is_one_thin_neutral_band_above_every_product_page(all_apps):
    """A screenshot reads as the product below one thin band: the strip looks the same on every page of
    every app (height, grey, monospaced face, the rule under it), holds no colour, and the product's own
    first band starts under its rule."""
    base, page = all_apps
    looks = {}
    for app, path in LOOK_PAGES:
        page.goto(f"{base}/s/{app}{path}")
        look = _strip(page).evaluate(LOOK)
        assert look["top"] == 0, f"{app}{path}: the strip is the page's first band"
        assert look["height"] <= 30, f"{app}{path}: the strip is {look['height']}px tall"
        assert look["neutral"] and not look["coloured"], f"{app}{path}: colour in the strip {look}"
        assert "monospace" in look["font"], f"{app}{path}: {look['font']}"
        assert look["productTop"] is not None and look["productTop"] >= look["height"], f"{app}{path}: {look}"
        looks[f"{app}{path}"] = (look["height"], look["background"], look["font"], look["size"], look["rule"])
    assert len(set(looks.values())) == 1, looks
    expect(_strip(page).get_by_text("Simulation", exact=True)).to_be_visible()  # labelled as the simulator's
