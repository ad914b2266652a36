"""Where the thumb is, on Dawnguard's Play page at 390x844 with five heroes: the controls of
one turn (Day/Night, the hunger taps, Day turn, the threat tokens on the board and the deck)
lie within one screen of each other."""

import re

from playwright.sync_api import expect

from campaigns import store
from campaigns.rules import dawnguard as dg
from campaigns.rules.base import Entry

from tests.browser.fixtures import PHONE, SMALL_PHONE, log_in, phone_shot
from tests.factories import CampaignFactory, UserFactory
from tests.rows import row_id
from tests.systems.dawnguard.browser.helpers import (
    FIVE_HEROES,
    THRESHOLDS,
    five_heroes_at_day,
    toast_clear_of_controls,
)

TURN_CONTROLS = {
    "Day/Night": "#play-live .dg-daynight button",
    "hunger": "#play-live .dg-plus",
    "Day turn": "#play-live .dg-day-turn button[type=submit]",
    "threat deck": "#play-live button[name='threat_deck-count']",
    "board threat": "#play-live button[name='board_threat-count']",
}


def control_boxes(phone):
    boxes = {}
    for name, selector in TURN_CONTROLS.items():
        found = phone.locator(selector)
        assert found.count() > 0, f"no {name} control on the page"
        for index in range(found.count()):
            box = found.nth(index).bounding_box()
            boxes.setdefault(name, []).append((box["y"] + phone.evaluate("scrollY"), box["height"]))
    return boxes


def test_the_turn_controls_fit_one_screen(new_phone):
    UserFactory(username="thumb")
    campaign = five_heroes_at_day(UserFactory._meta.model.objects.get(username="thumb"))
    for viewport, name in ((PHONE, "390"), (SMALL_PHONE, "360")):
        phone = new_phone(viewport=viewport)
        log_in(phone, "thumb")
        phone.goto(f"/campaigns/{campaign.slug}/play/")
        expect(phone.locator(".dg-day-turn-what")).to_contain_text("Ana, Cid and Eve add 1 hunger")
        boxes = control_boxes(phone)
        top = min(y for found in boxes.values() for y, _ in found)
        bottom = max(y + height for found in boxes.values() for y, height in found)
        print(name, {key: [round(y) for y, _ in found] for key, found in boxes.items()}, "span", round(bottom - top))
        phone.evaluate(f"scrollTo(0, {top} - 8)")
        phone_shot(phone, f"dawnguard-turn-controls-{name}")
        phone.screenshot(path=f"tests/browser/screenshots/dawnguard-turn-full-{name}.png", full_page=True)
        if viewport is PHONE:
            assert bottom - top <= PHONE["height"], boxes


def in_view(phone, selector):
    """Whether the element's top is on the screen now."""
    return phone.evaluate(
        "(selector) => { const box = document.querySelector(selector).getBoundingClientRect();"
        " return box.top >= -1 && box.top < innerHeight; }",
        selector,
    )


def test_without_javascript_a_tap_comes_back_at_its_control(new_phone):
    """Post/redirect/get lands on the control's own #anchor: a threat token, a Vampire's
    hunger on Dawnguard; Risk: Skyrim's Check shows the score, at the bottom of its form."""
    owner = UserFactory(username="thumb")
    campaign = five_heroes_at_day(owner)
    skyrim = CampaignFactory(name="Skyrim nights", system="risk-skyrim", owner=owner, players=["Ana", "Ben"])
    phone = new_phone(javascript=False)
    log_in(phone, "thumb")
    phone.goto(f"/campaigns/{campaign.slug}/play/")
    phone.get_by_role("button", name="Put 1 threat token on the board").click()
    expect(phone.locator("#play-live .dg-counter", has_text="On the board")).to_contain_text("2")
    assert phone.url.endswith("/play/#dg-threat")
    phone.wait_for_function("scrollY > 0")
    assert in_view(phone, "#dg-threat")
    phone.get_by_role("button", name="+1 hunger for Cid").click()
    assert phone.url.endswith("/play/#dg-hunger") and in_view(phone, "#dg-hunger")
    phone_shot(phone, "dawnguard-no-js-back-at-hunger")

    phone.goto(f"/campaigns/{skyrim.slug}/games/new/")
    phone.select_option(row_id("seats", 1, "player"), "Ana")
    phone.select_option(row_id("seats", 1, "faction"), index=1)
    phone.select_option(row_id("seats", 2, "player"), "Ben")
    phone.select_option(row_id("seats", 2, "faction"), index=2)
    phone.get_by_role("button", name="Check").click()
    assert phone.url.endswith("/games/new/#sk-preview")
    phone.wait_for_function("scrollY > 0")  # the browser scrolls to the #anchor once loaded
    assert in_view(phone, "#sk-preview")
    phone_shot(phone, "skyrim-no-js-check-at-score")




def dismiss(close):
    """Tap a toast's ✕; where the screen held no room free of controls, the toast is heard, not
    seen (off screen), and its ✕ is pressed as a keyboard would."""
    if close.page.locator("#toasts .toast-list.visually-hidden").count():
        close.dispatch_event("click")
    else:
        close.click()


def test_a_toast_never_lies_over_a_control(new_phone):
    """After taps high and low on the page, the confirmation shows where no control is, lets
    taps through but for its ✕, and a reminder that matters stays on the board."""
    owner = UserFactory(username="thumb")
    campaign = five_heroes_at_day(owner)
    phone = new_phone()
    log_in(phone, "thumb")
    phone.goto(f"/campaigns/{campaign.slug}/play/")
    for name in ("Put 1 threat token on the board", "+1 hunger for Cid", "Flip to night", "Level up Dee"):
        button = phone.get_by_role("button", name=name, exact=True)
        button.scroll_into_view_if_needed()
        button.click()
        toast = phone.locator("#toasts .message.success")
        expect(toast).to_be_visible()
        assert toast_clear_of_controls(phone) == [], name
        assert phone.evaluate("getComputedStyle(document.querySelector('#toasts .message')).pointerEvents") == "none"
        phone_shot(phone, f"dawnguard-toast-after-{name.split()[0].lower()}")
        dismiss(phone.locator("#toasts .toast-close").first)
        expect(toast).to_have_count(0)

    # A reminder that matters stays on the board, on every phone, until the next entry.
    fresh = CampaignFactory(name="Dawnguard Twos", system=dg.KEY, owner=owner, players=["Ana", "Ben"])
    store.append(fresh, [
        Entry("setup", {"heroes": FIVE_HEROES[:2], "fort_thresholds": THRESHOLDS}),
        Entry("game", {"number": 1, "played_on": "2026-11-27", "chapter": 1}),
    ], owner)
    phone.goto(f"/campaigns/{fresh.slug}/play/")
    phone.locator("#dg-pledge").get_by_role("radio", name=re.compile(r"\bAna\b")).check()
    phone.locator("#dg-pledge").get_by_role("button", name="Clan Volkihar").click()
    expect(phone.locator("#toasts")).to_contain_text("Ana: Draw a Vampirism card.")
    assert toast_clear_of_controls(phone) == []
    phone_shot(phone, "dawnguard-toast-two-messages")
    dismiss(phone.locator("#toasts .toast-close").last)
    dismiss(phone.locator("#toasts .toast-close").first)
    expect(phone.locator("#toasts .message")).to_have_count(0)
    expect(phone.locator("#play-live .dg-reminder")).to_have_text("Just now: Ana: Draw a Vampirism card.")
    phone_shot(phone, "dawnguard-reminder-stays")


def test_at_360_px_the_tab_bar_is_one_row_with_the_current_tab_in_view(new_phone):
    """A play log has eight tabs: one row, scrolled sideways to the current one (Members, the
    last), and the page itself never scrolls sideways."""
    owner = UserFactory(username="thumb")
    skyrim = CampaignFactory(name="Skyrim nights", system="risk-skyrim", owner=owner, players=["Ana", "Ben"])
    phone = new_phone(viewport=SMALL_PHONE)
    log_in(phone, "thumb")
    for path, label in (("members/", "Members"), ("standings/", "Standings"), ("", "Overview")):
        phone.goto(f"/campaigns/{skyrim.slug}/{path}")
        bar = phone.locator("nav.tabs")
        current = bar.locator("[aria-current=page]")
        expect(current).to_have_text(label)
        assert bar.locator("a").count() == 8
        bar_box, tab_box = bar.bounding_box(), current.bounding_box()
        assert bar_box["height"] <= tab_box["height"] + 8  # one row
        assert bar_box["x"] <= tab_box["x"] and tab_box["x"] + tab_box["width"] <= bar_box["x"] + bar_box["width"]
        assert phone.evaluate("document.documentElement.scrollWidth") <= SMALL_PHONE["width"]
        phone_shot(phone, f"tabs-360-{label.lower()}")


RING = """(element) => {
  const style = getComputedStyle(element);
  const rgb = (value) => value.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map((c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; })
    .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i], 0);
  let behind = element.parentElement;
  while (behind && getComputedStyle(behind).backgroundColor.match(/rgba\\(.*, 0\\)$|transparent/)) behind = behind.parentElement;
  const [a, b] = [lum(rgb(style.outlineColor)), lum(rgb(getComputedStyle(behind || document.body).backgroundColor))];
  return {style: style.outlineStyle, width: parseFloat(style.outlineWidth),
          contrast: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)};
}"""


def test_focus_rings_are_3_to_1_on_checkboxes_and_the_top_bar_light_and_dark(new_phone):
    owner = UserFactory(username="thumb")
    campaign = CampaignFactory(name="Dawnguard Rings", system=dg.KEY, owner=owner, players=["Ana", "Ben"])
    for scheme in ("light", "dark"):
        phone = new_phone(color_scheme=scheme)
        log_in(phone, "thumb")
        phone.goto(f"/campaigns/{campaign.slug}/setup/")
        box = phone.locator(".dg-check-items input[type=checkbox]").first
        box.focus()
        phone.keyboard.press("Shift+Tab")
        phone.keyboard.press("Tab")  # a keyboard's focus: :focus-visible
        ring = box.evaluate(RING)
        assert ring["style"] != "none" and ring["width"] >= 2 and ring["contrast"] >= 3, (scheme, ring)
        stats = phone.locator(".topbar a", has_text="Stats")
        stats.focus()
        phone.keyboard.press("Shift+Tab")
        phone.keyboard.press("Tab")
        ring = stats.evaluate(RING)
        assert ring["style"] != "none" and ring["contrast"] >= 3, (scheme, ring)


FILL_CONTRAST = """([text, behind]) => {
  const rgb = (value) => value.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map((c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; })
    .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i], 0);
  const [a, b] = [lum(rgb(getComputedStyle(document.querySelector(text)).fill)),
                  lum(rgb(getComputedStyle(document.querySelector(behind))[behind.startsWith('.board') ? 'fill' : 'backgroundColor']))];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}"""


def test_svg_text_is_4_5_to_1_in_light(new_phone):
    """The board's sea-lane labels on the sea, and the wins chart's third series label."""

    owner = UserFactory(username="thumb")
    campaign = CampaignFactory(after=15, owner=owner)
    phone = new_phone()
    log_in(phone, "thumb")
    phone.goto(f"/campaigns/{campaign.slug}/board/")
    assert phone.evaluate(FILL_CONTRAST, [".stub-label", ".board-sea"]) >= 4.5
    phone.goto("/stats/")
    label = phone.locator(".chart .end-label.series-2").first
    expect(label).to_have_count(1)
    assert phone.evaluate(FILL_CONTRAST, [".chart .end-label.series-2", ".card"]) >= 4.5
