"""How many taps a Dawnguard sitting and a 4-seat play of each play log take on a phone at
390x844, counted as test_tap_count.py counts Risk Legacy's game night (`Taps`: a tap is 1, a
list 2, a text field 1 with its typing apart). The figures are in docs/playing.md."""

import re

from playwright.sync_api import expect

from campaigns import store
from campaigns.rules import dawnguard as dg
from campaigns.rules.base import Entry

from tests.browser.fixtures import log_in
from tests.browser.helpers import Taps, counted
from tests.factories import CampaignFactory, UserFactory
from tests.rows import row_id

FOUR = ["Ana", "Ben", "Cid", "Dee"]
HEROES = [
    {"player": "Ana", "hero": "Sigrid", "race": "Redguard"},
    {"player": "Ben", "hero": "Faendal", "race": "Bosmer"},
    {"player": "Cid", "hero": "Lucien", "race": "Breton"},
    {"player": "Dee", "hero": "Isran", "race": "Nord"},
]
THRESHOLDS = {"hall_of_the_vigilant": [3, 5], "fort_dawnguard": [3, 5, 7]}
#: the most each may take: what docs/playing.md reports, with room for a label's change
MOST = {"dawnguard": 22, "skyrim": 16, "skyrim-first": 32, "captain-america": 8, "captain-america-first": 16}


def test_a_dawnguard_sitting(new_phone):
    """Sitting 2 of chapter 1 (everyone pledged at sitting 1): start it, then a usual evening:
    day and night twice, a day turn, an Event card's threat icon, a hunger token, threat tokens
    on the deck until the card fires, one on the board, stars on the Hall, a level-up."""
    olive = UserFactory(username="olive")
    campaign = CampaignFactory(name="Dawnguard Fridays", system=dg.KEY, owner=olive, players=FOUR)
    store.append(campaign, [
        Entry("setup", {"heroes": HEROES, "fort_thresholds": THRESHOLDS}),
        Entry("game", {"number": 1, "played_on": "2026-11-20", "chapter": 1}),
        *[Entry("event", {"type": "pledge", "player": p, "side": s})
          for p, s in (("Ana", "volkihar"), ("Ben", "vigilants"), ("Cid", "vigilants"), ("Dee", "volkihar"))],
    ], olive)
    page = new_phone()
    log_in(page, "olive")
    taps = Taps(page)
    page.goto(f"/campaigns/{campaign.slug}/play/")
    board = page.locator("#play-live")

    taps.tap(page.get_by_role("link", name="Start the next sitting"), "open the sitting's start")
    taps.tap(page.get_by_role("button", name=re.compile("^Start sitting 2")), "start sitting 2")
    expect(board.get_by_role("heading", name="Chapter 1 · sitting 2")).to_be_visible()
    if not page.url.endswith("/play/"):
        taps.tap(page.get_by_role("link", name=re.compile("Open the Play page")), "go to the Play page")

    for turn in range(2):
        taps.tap(board.get_by_role("button", name=re.compile("^(It is day|Flip to day)$")), "the token shows day")
        taps.tap(board.get_by_role("button", name="Day turn"), "a day turn")
        expect(page.get_by_text(re.compile("^Recorded: A day turn"))).to_be_visible()
        taps.tap(board.get_by_role("button", name=re.compile("^Threat icon")), "an Event card's threat icon")
        expect(page.get_by_text(re.compile("^Recorded: a threat icon", re.I))).to_be_visible()
        taps.tap(board.get_by_role("button", name="Put 1 token on the Threat Event deck"), "a threat token")
        expect(board.locator(".dg-counter").first.locator(".dg-counter-value")).to_have_text(str(turn + 1))
        if turn == 1:  # by day: hunger never grows by night
            taps.tap(board.get_by_role("button", name="+1 hunger for Dee"), "Dee's hunger")
            expect(page.get_by_text("Recorded: Dee's hunger grows.")).to_be_visible()
        taps.tap(board.get_by_role("button", name="Flip to night"), "the token shows night")
        expect(board.locator(".dg-token")).to_contain_text("Night")
    taps.tap(board.get_by_role("button", name=re.compile("^The card fires")), "the Threat Event card fires")
    expect(board.locator(".dg-counter").first.locator(".dg-counter-value")).to_have_text("0")
    taps.tap(board.get_by_role("button", name="Put 1 threat token on the board"), "a token on the board")
    expect(board.locator(".dg-counter").nth(1).locator(".dg-counter-value")).to_have_text("1")

    page.locator("#dg-fort-stars summary").click()
    taps._count(1, "open the stars form")
    stars = page.locator("#dg-fort-stars")
    ben = stars.get_by_role("radio", name=re.compile(r"\bBen\b"))
    if not ben.is_checked():  # the first Vigilant is offered ticked
        ben.check()
        taps._count(1, "who puts the stars")
    taps.type(stars.get_by_label(re.compile("^(Stars|How many)")), "2", "how many stars")
    taps.tap(stars.get_by_role("button", name="Put the stars on the fort"), "record the stars")
    expect(page.get_by_text(re.compile("^Recorded: Ben puts 2 stars"))).to_be_visible()
    taps.tap(board.get_by_role("button", name="Level up Cid"), "Cid levels up")
    expect(board.locator(".dg-hero", has_text="Lucien")).to_contain_text("level 2")

    report = counted(taps)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert taps.taps <= MOST["dawnguard"], report


def log_skyrim_chaos(page, campaign, number):
    taps = Taps(page)
    page.goto(f"/campaigns/{campaign.slug}/")
    taps.tap(page.get_by_role("link", name="Log a play"), "open the form")
    expect(page.get_by_role("heading", name=f"Log play {number}")).to_be_visible()
    modes = page.locator("fieldset", has_text="Mode")
    if not modes.get_by_role("radio", name="Chaos").is_checked():  # the last play's mode comes first
        taps.tap(modes.get_by_text("Chaos", exact=True), "Chaos")
    factions = ["Thalmor", "Orcs", "Imperial", "Stormcloak"]
    for slot, player in enumerate(FOUR, 1):
        taps.pick(page.locator(row_id("seats", slot, "player")), player, f"seat {slot}'s player")
        taps.pick(page.locator(row_id("seats", slot, "faction")), factions[slot - 1], f"seat {slot}'s faction")
    for slot, counts in enumerate(((14, 3, 2), (12, 2, 2), (10, 1, 3), (8, 2, 1)), 1):
        for part, value in zip(("territories", "forts", "portals"), counts, strict=True):
            taps.type(page.locator(row_id("seats", slot, part)), str(value), f"seat {slot}'s {part}")
    page.locator(row_id("seats", 4, "portals")).blur()
    expect(page.locator("#sk-preview")).to_contain_text("Ana wins")
    taps.tap(page.get_by_role("button", name=re.compile("^Save play")), "save the play")
    expect(page.get_by_role("status").filter(has_text=f"Play {number} is logged")).to_be_visible()
    return taps


def test_a_four_seat_play_of_risk_skyrim(new_phone):
    olive = UserFactory(username="olive")
    campaign = CampaignFactory(name="Skyrim nights", system="risk-skyrim", owner=olive, players=FOUR)
    page = new_phone()
    log_in(page, "olive")
    first = log_skyrim_chaos(page, campaign, 1)
    report_first = counted(first)
    usual = log_skyrim_chaos(page, campaign, 2)  # the last play's seats come filled in
    report = counted(usual)
    assert first.taps <= MOST["skyrim-first"], report_first
    assert usual.taps <= MOST["skyrim"], report


def log_civil_war(page, campaign, number):
    taps = Taps(page)
    page.goto(f"/campaigns/{campaign.slug}/")
    taps.tap(page.get_by_role("link", name="Log a play"), "open the form")
    expect(page.get_by_role("heading", name=f"Log play {number}")).to_be_visible()
    heroes = ("Captain America", "Falcon", "Iron Man", "War Machine")  # the rows, in the rules' order
    for row, (hero, player) in enumerate(zip(heroes, FOUR, strict=True), 1):
        taps.pick(page.locator(row_id("heroes", row, "player")), player, f"who played {hero}")
    taps.tap(page.locator("label[for=id_winter_soldier_0]"), "the Winter Soldier")
    taps.tap(page.locator("label[for=id_quinjet_1]"), "the Quinjet")
    taps.type(page.locator("#id_rooms_captain_america"), "18", "Team Captain America's rooms")
    taps.type(page.locator("#id_rooms_iron_man"), "12", "Team Iron Man's rooms")
    page.locator("#id_rooms_iron_man").blur()
    expect(page.locator("#ca-preview")).to_contain_text("Team Captain America wins 5–3")
    taps.tap(page.get_by_role("button", name=f"Log play {number}"), "log the play")
    expect(page.get_by_text(f"Play {number} is logged")).to_be_visible()
    return taps


def test_a_four_seat_play_of_captain_america(new_phone):
    olive = UserFactory(username="olive")
    campaign = CampaignFactory(name="Airport Nights", system="captain-america", owner=olive, players=FOUR)
    page = new_phone()
    log_in(page, "olive")
    first = log_civil_war(page, campaign, 1)
    report_first = counted(first)
    usual = log_civil_war(page, campaign, 2)
    report = counted(usual)
    assert first.taps <= MOST["captain-america-first"], report_first
    assert usual.taps <= MOST["captain-america"], report
