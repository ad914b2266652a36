"""A Dawnguard sitting in Chromium on two phones at 390x844: pledges, the chapter 1 balance
both ways, a day turn with a forced feeding, fort stars to a level-up, a fort card, chapter 1
completed, chapter 2 started (the Hall flipped), a player joining; then the same sitting on a
phone without JavaScript."""

import re

from playwright.sync_api import expect

from campaigns import store
from campaigns.rules.base import Entry

from tests.browser.fixtures import SMALL_PHONE, log_in, open_fold, phone_shot, table_of_two
from tests.factories import UserFactory
from tests.systems.dawnguard.browser.helpers import choose, first_sitting, state_now


def recorded(phone, words):
    expect(phone.get_by_text(f"Recorded: {words}.")).to_be_visible()


def play_chapter_1(phone, shoot, prefix, watcher=None):
    """Pledges, the balance both ways, day turns up to a forced feeding, stars to a level-up,
    a fort card: all by tapping, as a group would."""
    board = phone.locator("#play-live")
    expect(board.get_by_role("heading", name="Chapter 1 · sitting 1")).to_be_visible()
    shoot(phone, f"{prefix}-01-sitting")

    # Pledges: Ana to Clan Volkihar (reminded to draw a Vampirism card), then Ben and Cid.
    pledges = phone.locator("#dg-pledge")
    choose(pledges, "Ana")
    pledges.get_by_role("button", name="Clan Volkihar").click()
    recorded(phone, "Ana pledges to Clan Volkihar")
    expect(phone.locator(".message", has_text="Ana: Draw a Vampirism card.")).to_be_visible()
    expect(phone.locator("#play-live .dg-reminder")).to_have_text("Just now: Ana: Draw a Vampirism card.")
    shoot(phone, f"{prefix}-02-pledged-volkihar")
    for player in ("Ben", "Cid"):
        choose(phone.locator("#dg-pledge"), player)
        phone.locator("#dg-pledge").get_by_role("button", name="Vigilants of Stendarr").click()
        recorded(phone, f"{player} pledges to the Vigilants of Stendarr")
    expect(phone.locator("#dg-pledge")).to_have_count(0)  # everyone has pledged

    # The chapter 1 balance, both ways.
    for icon, hall, castle in (("Threat", 2, 4), ("Threat", 1, 5), ("Winged", 2, 4)):
        phone.get_by_role("button", name=re.compile(f"^{icon} icon")).click()
        expect(board.locator(".dg-hall .dg-count")).to_have_text(re.compile(f"^{hall} markers?$"))
        expect(board.locator(".dg-castle .dg-count")).to_have_text(re.compile(f"^{castle} markers?$"))
    recorded(phone, "A winged icon: a marker moves from the Castle to the Hall")
    if watcher is not None:
        # The other phone sees it without reloading.
        expect(watcher.locator("#play-live .dg-castle .dg-count")).to_contain_text("4 markers", timeout=4000)
        shoot(watcher, f"{prefix}-03-watcher-updated-dark")
    shoot(phone, f"{prefix}-04-balance")

    # Hunger from an Event card (+1 in Ana's row); then day: two day turns bring her to 3, and
    # the next makes her feed at once.
    board.get_by_role("button", name="+1 hunger for Ana").click()
    recorded(phone, "Ana's hunger grows")
    expect(board.locator(".dg-hunger-count")).to_have_text("1 of 3")
    phone.get_by_role("button", name="It is day").click()
    recorded(phone, "The Day/Night token turns to day")
    for hunger in (2, 3):
        phone.get_by_role("button", name="Day turn").click()
        expect(board.locator(".dg-hunger-count")).to_have_text(f"{hunger} of 3")
    expect(board.get_by_text("At 3: Ana must feed")).to_be_visible()
    day_turn = board.locator(".dg-day-turn")
    expect(day_turn).to_contain_text("Ana, at 3, feeds at once instead")
    for place in ("A quest", "The Stronghold chart", "The Threat Event deck"):
        day_turn.get_by_text(place, exact=True).click()
    shoot(phone, f"{prefix}-05-day-turn-feeding")
    day_turn.get_by_role("button", name="Day turn").click()
    # Ana, the only Vampire, fed: nobody's hunger grew, and the confirmation says so.
    recorded(phone, "A day turn: Ana (at 3) feeds at once (a quest, the Stronghold chart, the Threat Event "
                    "deck); no other Vampire adds a token")
    expect(board.locator(".dg-hunger-count")).to_have_text("0 of 3")
    expect(board.locator(".dg-counter").first).to_contain_text("1")

    # Stars on the Hall: 2, then 1 more reaches level 1 (shown as it happens).
    phone.get_by_role("link", name="Put stars on the fort").click()
    stars = phone.locator("#dg-fort-stars")
    choose(stars, "Ben")
    stars.get_by_label("Stars").fill("2")
    stars.get_by_role("button", name="Put the stars on the fort").click()
    recorded(phone, "Ben puts 2 stars on the fort")
    stars = phone.locator("#dg-fort-stars")
    if phone.locator("html.js").count():
        # The form tapped stays open, with the focus on its button: the next stars are one tap away.
        expect(stars).to_have_attribute("open", "")
        expect(stars.get_by_role("button", name="Put the stars on the fort")).to_be_focused()
    else:  # without JavaScript the page comes back with its forms folded
        stars.locator("summary").click()
    choose(stars, "Cid")
    stars.get_by_role("button", name="Put the stars on the fort").click()
    expect(board.locator(".dg-just")).to_contain_text("the Hall of the Vigilant reaches level 1 (stars cleared, a gold token added)")
    expect(board.locator(".dg-fort")).to_contain_text("Level 1")
    shoot(phone, f"{prefix}-06-fort-level-up")

    # A level-up, from the hero's row.
    board.get_by_role("button", name="Level up Cid").click()
    recorded(phone, "Cid levels up")
    expect(board.locator(".dg-hero", has_text="Lucien")).to_contain_text("level 2")

    # A fort card; the same card again for Ben is refused in its form, nothing saved.
    for attempt in (1, 2):
        open_fold(phone.locator("#dg-fort-card"))  # with JavaScript the form tapped stays open
        cards = phone.locator("#dg-fort-card")
        choose(cards, "Ben")
        cards.get_by_label("Card").fill("Crossbow")
        cards.get_by_role("button", name="Record the card").click()
        if attempt == 1:
            recorded(phone, "Ben draws Crossbow from the fort")
            recorded_before = phone.locator("#play-recent li").count()
    expect(phone.locator("#dg-fort-card")).to_contain_text("Ben has already drawn Crossbow")
    expect(phone.locator("#play-recent li")).to_have_count(recorded_before)
    if watcher is not None:  # htmx keeps the page's own address after a refusal: a reload shows the page
        assert phone.url.endswith("/play/")
    shoot(phone, f"{prefix}-07-fort-card-refused")
    # A card first drawn as an item is an item for the whole campaign, whatever its case: a
    # Follower of that name is refused (docs/rules.md, 2026-12-01).
    cards = phone.locator("#dg-fort-card")
    choose(cards, "Cid")
    cards.get_by_label("Card").fill("crossbow")
    cards.get_by_label("It is a Follower").check()
    cards.get_by_role("button", name="Record the card").click()
    expect(phone.locator("#dg-fort-card")).to_contain_text("Crossbow was drawn as an item before")
    expect(phone.locator("#dg-fort-card")).to_contain_text("Ben · an item")
    expect(phone.locator("#play-recent li")).to_have_count(recorded_before)
    shoot(phone, f"{prefix}-07b-follower-refused")
    phone_shot(phone, f"{prefix}-07b-follower-refused-phone", at=phone.locator("#dg-fort-card").get_by_role("button", name="Record the card"))


def complete_chapter_1(phone, shoot, prefix):
    # It asks first (as undo does), on its own page, with or without JavaScript.
    phone.get_by_role("link", name="Chapter 1 is complete…").click()
    expect(phone.get_by_role("heading", name="Is chapter 1 complete?")).to_be_visible()
    shoot(phone, f"{prefix}-08a-chapter-complete-asks")
    phone.get_by_role("button", name="Yes: chapter 1 is complete").click()
    recorded(phone, "The chapter is complete")
    expect(phone.get_by_text("Chapter 1 ends with 2 markers on the Hall of the Vigilant card and 4 markers on the "
                             "Castle Volkihar card (they set up the final encounters).")).to_be_visible()
    expect(phone.get_by_role("link", name="Start chapter 2")).to_be_visible()
    shoot(phone, f"{prefix}-08-chapter-1-complete")


def start_chapter_2_and_join(phone, shoot, prefix):
    """Chapter 2 from the start page (the Hall flips to Fort Dawnguard), then Eve joins."""
    phone.get_by_role("link", name="Start chapter 2").click()
    expect(phone.get_by_role("heading", name="Sitting 2: chapter 2")).to_be_visible()
    expect(phone.get_by_text("flips to Fort Dawnguard").first).to_be_visible()
    shoot(phone, f"{prefix}-09-start-chapter-2")
    phone.get_by_role("button", name="Start sitting 2").click()
    board = phone.locator("#play-live")
    expect(board.get_by_role("heading", name="Chapter 2 · sitting 2")).to_be_visible()
    expect(board.locator(".dg-fort")).to_contain_text("Level 0 · 0 of 3 stars to level 1")
    expect(board.get_by_role("heading", name="Fort Dawnguard")).to_be_visible()
    expect(board.get_by_text("Chapter 1 ended with 2 markers on the Hall of the Vigilant and 4 on Castle Volkihar")).to_be_visible()
    expect(phone.locator("#dg-pledge")).to_have_count(0)  # pledges are over after chapter 1

    phone.locator("#dg-join summary").click()
    join = phone.locator("#dg-join")
    join.get_by_label("Who joins").select_option("Eve")
    join.get_by_label("Hero's name").fill("Talen-Jei")
    join.get_by_label("Race").fill("Argonian")
    join.get_by_text("Dawnguard", exact=True).click()
    shoot(phone, f"{prefix}-10-join-form")
    join.get_by_role("button", name="Join").click()
    recorded(phone, "Eve joins as Talen-Jei (Argonian), the Dawnguard")
    expect(phone.locator(".message", has_text="Eve: Level up twice (the tracker has added both levels) and take one "
                                               "equipment card and one basic treasure card.")).to_be_visible()
    expect(board.locator(".dg-hero", has_text="Talen-Jei")).to_contain_text("Dawnguard · level 3")
    shoot(phone, f"{prefix}-11-joined")


def test_a_chapter_1_sitting_on_two_phones(new_phone, shoot):
    campaign, table = table_of_two(first_sitting)

    phone = new_phone()
    log_in(phone, "olive")
    phone.goto(table)
    watcher = new_phone(color_scheme="dark")
    log_in(watcher, "ben")
    watcher.goto(table)

    play_chapter_1(phone, shoot, "dawnguard-table", watcher=watcher)
    complete_chapter_1(phone, shoot, "dawnguard-table")
    expect(watcher.get_by_role("heading", name="Chapter 1 is complete")).to_be_visible(timeout=4000)
    state = state_now(campaign)
    assert state.chapter_1_totals == {"hall": 2, "castle": 4}
    assert state.fort_cards["Ben"] == ["Crossbow"]
    start_chapter_2_and_join(phone, shoot, "dawnguard-table")
    state = state_now(campaign)
    assert state.vigilant_fort.name == "Fort Dawnguard" and state.vigilant_fort.gold == 0
    assert state.heroes["Eve"].level == 3

    # The contested skill test helper (nothing recorded): a tie on the most icons fails.
    entries = campaign.entries.live().count()
    phone.locator("#dg-contest summary").click()
    contest = phone.locator("#dg-contest")
    contest.get_by_label("Ana’s success icons").fill("3")
    contest.get_by_role("button", name="Who wins?").click()
    # One player alone does not contest a test: two or more, from both factions.
    expect(phone.get_by_text(re.compile("A contested skill test is taken by 2 or more players"))).to_be_visible()
    shoot(phone, "dawnguard-table-11b-contest-refused")
    phone_shot(phone, "dawnguard-table-11b-contest-refused-phone", at=phone.locator("#dg-contest form"))
    contest = phone.locator("#dg-contest")
    contest.get_by_label("Eve’s success icons").fill("3")
    contest.get_by_role("button", name="Who wins?").click()
    expect(phone.get_by_text("A failure: Ana and Eve tie with 3 success icons, and a tie is a failure.")).to_be_visible()
    shoot(phone, "dawnguard-table-12-contested-test")
    assert campaign.entries.live().count() == entries

    # Undo the join, on the shared undo page.
    phone.goto(f"/campaigns/{campaign.slug}/play/")
    phone.get_by_role("link", name="Undo the last entry…").click()
    expect(phone.get_by_text("Eve joins as Talen-Jei (Argonian), the Dawnguard").first).to_be_visible()
    phone.get_by_role("button", name="Undo it").click()
    expect(phone.get_by_text("Undone: Eve joins as Talen-Jei (Argonian), the Dawnguard.")).to_be_visible()
    expect(phone.locator("#play-live .dg-hero", has_text="Talen-Jei")).to_have_count(0)
    assert "Eve" not in state_now(campaign).heroes
    assert not phone.csp_errors and not watcher.csp_errors


def test_the_same_sitting_without_javascript(new_phone, shoot):
    olive = UserFactory(username="olive")
    campaign = first_sitting(olive)
    phone = new_phone(javascript=False)
    log_in(phone, "olive")
    phone.goto(f"/campaigns/{campaign.slug}/play/")
    play_chapter_1(phone, shoot, "dawnguard-table-nojs")
    complete_chapter_1(phone, shoot, "dawnguard-table-nojs")
    start_chapter_2_and_join(phone, shoot, "dawnguard-table-nojs")
    assert state_now(campaign).heroes["Eve"].level == 3


def test_the_table_fits_a_360_px_phone_in_the_dark(new_phone, shoot):
    olive = UserFactory(username="olive")
    campaign = first_sitting(olive)
    store.append(campaign, [Entry("event", event) for event in (
        {"type": "pledge", "player": "Ana", "side": "volkihar"},
        {"type": "pledge", "player": "Ben", "side": "vigilants"},
        {"type": "day_night", "side": "day"},
        {"type": "hunger", "player": "Ana"},
    )], olive)
    phone = new_phone(color_scheme="dark", viewport=SMALL_PHONE)
    log_in(phone, "olive")
    phone.goto(f"/campaigns/{campaign.slug}/play/")
    assert phone.evaluate("document.documentElement.scrollWidth") <= SMALL_PHONE["width"]
    shoot(phone, "dawnguard-table-360-dark")
