"""Game night in Chromium on a phone: log events, end the game, walk the rewards, see a
refusal, undo, and watch a second phone update live."""

import re

from playwright.sync_api import expect

from campaigns import states, store
from campaigns.rules import journal

from tests.browser.fixtures import log_in, table_of_two
from tests.conftest import load_journal
from tests.factories import CampaignFactory, UserFactory
from tests.journal_files import RULES
from tests.rows import row_id, row_name
from tests.systems.risk_legacy.browser.helpers import choose, console_errors, game_one_started, pick_start


def test_a_game_night_on_two_phones(new_phone, shoot):
    campaign, table = table_of_two(game_one_started)

    phone = new_phone()
    log_in(phone, "olive")
    phone.goto(table)
    expect(phone.get_by_text("Game 1 in progress")).to_be_visible()
    shoot(phone, "play-01-game-in-progress")

    watcher = new_phone(color_scheme="dark")
    log_in(watcher, "ben")
    watcher.goto(table)

    # A scar, then a refused second scar on the same territory.
    phone.get_by_text("A scar was placed").click()
    phone.get_by_label("Played by").select_option("Cid")
    phone.get_by_label("Territory").first.select_option("Siberia")
    phone.get_by_label(re.compile("^Scar:?$")).select_option("Ammo Shortage")
    shoot(phone, "play-02-scar-form")
    phone.get_by_role("button", name="Record").first.click()
    expect(phone.get_by_text("Recorded: Cid scarred Siberia: Ammo Shortage.")).to_be_visible()

    # The other phone sees it within 3 seconds, without reloading.
    expect(watcher.locator("#play-recent")).to_contain_text("Cid scarred Siberia: Ammo Shortage", timeout=3000)
    shoot(watcher, "play-03-watcher-updated-dark")

    # The form tapped stays open, the focus on its button: the next scar needs no tap to open it.
    expect(phone.locator("details.event-form", has_text="A scar was placed")).to_have_attribute("open", "")
    expect(phone.get_by_role("button", name="Record").first).to_be_focused()
    phone.get_by_label("Played by").select_option("Ana")
    phone.get_by_label("Territory").first.select_option("Siberia")
    phone.get_by_label(re.compile("^Scar:?$")).select_option("Bunker")  # the lists start on "Choose…"
    phone.get_by_role("button", name="Record").first.click()
    expect(phone.get_by_text(
        "Siberia already has a scar (Ammo Shortage): a scar cannot cover a scar unless a card or packet says it may"
    )).to_be_visible()
    shoot(phone, "play-04-refusal")

    # Undo the scar.
    phone.get_by_role("link", name="Undo the last entry…").click()
    expect(phone.get_by_text("Cid scarred Siberia: Ammo Shortage")).to_be_visible()
    shoot(phone, "play-05-undo-confirm")
    phone.get_by_role("button", name="Undo it").click()
    expect(phone.get_by_text("Undone: Cid scarred Siberia: Ammo Shortage.")).to_be_visible()

    # The end of the game.
    phone.get_by_role("link", name="Enter the results").click()
    for player, result in [("Ana", "Held on"), ("Ben", "Won"), ("Cid", "Held on"), ("Dee", "Eliminated"), ("Eve", "Held on")]:
        phone.get_by_role("group", name=re.compile(f"^{player} ")).get_by_text(result, exact=True).click()
    shoot(phone, "play-06-results")
    phone.get_by_role("button", name="Record the end of game 1").click()
    expect(phone.get_by_text("Ben won: sign and choose one")).to_be_visible()
    expect(phone.get_by_text("Dee was eliminated and gets nothing.")).to_be_visible()

    # The winner signs and names a continent.
    phone.get_by_label("Comment in the victor's section (optional)").fill("First blood")
    phone.get_by_text("Name a continent", exact=True).click()
    phone.get_by_label("Continent to name").select_option("South America")
    phone.get_by_label("New name").fill("Awesometonia")
    shoot(phone, "play-07-winner-reward")
    phone.get_by_role("button", name="Record Ben's reward").click()
    expect(phone.get_by_text("Cid held on: choose one or pass")).to_be_visible()

    # Held on: a Minor City, a resource, a pass.
    phone.get_by_text("Found a Minor City", exact=True).click()
    phone.get_by_label("Territory for the Minor City").select_option("Ural")
    phone.get_by_label("Minor City's name").fill("Ironhold")
    phone.get_by_label(re.compile("^Name Die Mechaniker too")).fill("The Gearwrights")
    shoot(phone, "play-08-minor-city")
    phone.get_by_role("button", name="Record Cid's reward").click()
    expect(phone.get_by_text("Eve held on: choose one or pass")).to_be_visible()
    phone.get_by_text("Pass", exact=True).click()
    phone.get_by_role("button", name="Record Eve's reward").click()
    expect(phone.get_by_text("Ana held on: choose one or pass")).to_be_visible()
    phone.get_by_text("Add a resource", exact=True).click()
    phone.get_by_label("Card to add a resource to").select_option("Egypt")
    phone.get_by_role("button", name="Record Ana's reward").click()
    expect(phone.get_by_text("Ready for game 2")).to_be_visible()
    shoot(phone, "play-09-ready-for-game-2")
    expect(watcher.locator("#play-live")).to_contain_text("Ready for game 2", timeout=3000)

    # Game 2, started through the form: each seat takes the first legal start offered.
    phone.get_by_role("link", name="Start game 2").click()
    for seat, (player, faction) in enumerate([("Cid", "Die Mechaniker"), ("Ana", "Khan Industries"),
                                              ("Eve", "Saharan Republic")], start=1):
        choose(phone, row_id("seats", seat, "player"), player)
        choose(phone, row_id("seats", seat, "faction"), faction)
        first_legal = phone.locator(f"input[name='{row_name("seats", seat, "start")}']:not([value=''])").first.get_attribute("value")
        pick_start(phone, seat, first_legal)
    for seat in (4, 5):  # offered from game 1's seats, but nobody sits there tonight
        choose(phone, row_id("seats", seat, "player"), "")
    shoot(phone, "play-10-game-2-seats")
    phone.get_by_role("button", name="Start game 2").click()
    expect(phone.get_by_text(re.compile("Game 2 is on"))).to_be_visible()
    phone.goto(table)
    phone.get_by_role("link", name="Enter the results").click()
    for player, result in [("Cid", "Won"), ("Ana", "Held on"), ("Eve", "Eliminated")]:
        phone.get_by_role("group", name=re.compile(f"^{player} ")).get_by_text(result, exact=True).click()
    phone.get_by_role("button", name="Record the end of game 2").click()
    expect(phone.get_by_text("Cid won: sign and choose one")).to_be_visible()
    phone.get_by_text("Found a Major City", exact=True).click()
    phone.get_by_label("Territory for the Major City").select_option("Iceland")
    phone.get_by_label("Major City's name").fill("Reykjaholt")
    phone.get_by_role("button", name="Record Cid's reward").click()
    expect(phone.get_by_text("Ana held on: choose one or pass")).to_be_visible()
    phone.get_by_text("Pass", exact=True).click()
    phone.get_by_role("button", name="Record Ana's reward").click()
    expect(phone.get_by_text("Ready for game 3")).to_be_visible()
    expect(watcher.locator("#play-live")).to_contain_text("Ready for game 3", timeout=3000)
    shoot(watcher, "play-11-watcher-ready-for-game-3-dark")

    state = states.state(type(campaign).objects.get(pk=campaign.pk))
    assert state.continents["South America"].name == "Awesometonia"
    assert state.territories["Ural"].city.name == "Ironhold"
    assert state.territories["Egypt"].resources == 3  # its coin sticker, and now this one
    assert state.territories["Iceland"].city.kind == "major"
    assert console_errors(phone) == [] and console_errors(watcher) == []


def game_two_ended(owner):
    system, title, players, entries = journal.read(load_journal("risk_legacy_15_games.json"), RULES)
    campaign = CampaignFactory(name=title, system=system.KEY, owner=owner, players=players)
    ends = [i for i, e in enumerate(entries) if e.kind == "game_end"]
    store.append(campaign, entries[: ends[1] + 1], owner)
    return campaign


WINNER_CHOICES = [
    # (choice, {label: option to select or text to fill}, what the state shows after)
    ("Found a Major City", {"Territory for the Major City": "Alaska", "Major City's name": "Anchorage Prime"},
     lambda s: s.territories["Alaska"].city.kind == "major"),
    ("Cancel a scar", {"Scar to cancel": "Siberia"}, lambda s: s.territories["Siberia"].scar is None),
    ("Change a continent bonus", {"Continent to change": "Asia", "Bonus change": "-1"},
     lambda s: s.continents["Asia"].bonus == 6),
    ("Fortify a city", {"City to fortify": "Ural"}, lambda s: s.territories["Ural"].fortification.boxes_left == 10),
    ("Destroy a territory card", {"Card to destroy": "Alberta"}, lambda s: s.territories["Alberta"].card_destroyed),
]


def test_every_winners_reward_through_the_form(new_phone, shoot):
    olive = UserFactory(username="olive")
    phone = new_phone()
    log_in(phone, "olive")
    for index, (label, fields, shows) in enumerate(WINNER_CHOICES):
        campaign = game_two_ended(olive)
        phone.goto(f"/campaigns/{campaign.slug}/play/")
        expect(phone.get_by_text("Ana won: sign and choose one")).to_be_visible()
        phone.get_by_text(label, exact=True).click()
        for field, value in fields.items():
            control = phone.get_by_label(field)
            if control.evaluate("el => el.tagName") == "SELECT":
                control.select_option(value)
            else:
                control.fill(value)
        shoot(phone, f"play-reward-{index + 1}-{label.lower().replace(' ', '-')}")
        phone.get_by_role("button", name="Record Ana's reward").click()
        expect(phone.get_by_text(f"Recorded: Ana signed the victor's section and chose {label}")).to_be_visible()
        assert shows(states.state(type(campaign).objects.get(pk=campaign.pk)))
    assert phone.csp_errors == []
