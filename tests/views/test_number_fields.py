"""Every number a form or a query string hands the app, fed what str.isdigit() and int() trip on:
"²" (a digit to isdigit(), not to int()), "-1" and a 5,000-digit number (more than int() reads).
No page answers 500 and nothing is saved: each number is read by a Django IntegerField or by
campaigns/web/params.whole_number, never by a hand-written isdigit() and int()."""

from dataclasses import dataclass, field
from typing import Any, Callable

import pytest
from django.urls import reverse

from campaigns import store
from campaigns.models import Campaign, Entry, Membership, Player
from campaigns.rules import dawnguard as dg
from campaigns.rules import risk_legacy as rl
from campaigns.rules.base import Entry as RuleEntry
from campaigns.systems.risk_legacy.forms.setup import COIN_FIELD, power_field

from tests.factories import CampaignFactory, MembershipFactory, PlayerFactory
from tests.journal_files import load_journal
from tests.journals import PLAYERS, SETUP
from tests.rows import row_name, rows_post
from tests.systems.risk_legacy.views.helpers import game_ended, playing

TRIPS = {"superscript": "²", "negative": "-1", "5000-digits": "9" * 5000}


# The campaigns the forms are tried on --------------------------------------------------------


def risk_legacy_new(owner):
    campaign = CampaignFactory(name="Thursday Earth")
    MembershipFactory(campaign=campaign, user=owner, role=Membership.Role.OWNER)
    return campaign


def risk_legacy_set_up(owner):
    campaign = risk_legacy_new(owner)
    for position, name in enumerate(PLAYERS):
        PlayerFactory(campaign=campaign, name=name, position=position)
    store.append(campaign, [RuleEntry("setup", SETUP)], owner)
    return campaign


def risk_legacy_world_to_name(owner):
    """After game 15, its rewards chosen: the world is named, after a roll-off on a tie."""
    data = load_journal("risk_legacy_15_games.json")
    data.pop("world")
    return store.import_journal(data, owner=owner)


DAWNGUARD_HEROES = [
    {"player": "Ana", "hero": "Sigrid", "race": "Redguard"},
    {"player": "Ben", "hero": "Faendal", "race": "Bosmer"},
    {"player": "Cid", "hero": "Lucien", "race": "Breton"},
]
DAWNGUARD_THRESHOLDS = {"hall_of_the_vigilant": [3, 5], "fort_dawnguard": [3, 5, 7]}
DAWNGUARD_PLEDGES = [
    {"type": "pledge", "player": "Ana", "side": "volkihar"},
    {"type": "pledge", "player": "Ben", "side": "vigilants"},
    {"type": "pledge", "player": "Cid", "side": "vigilants"},
]


def dawnguard_new(owner):
    return CampaignFactory(name="Dawnguard Fridays", system=dg.KEY, owner=owner, players=["Ana", "Ben", "Cid"])


def dawnguard_set_up(owner):
    campaign = dawnguard_new(owner)
    setup = RuleEntry("setup", {"heroes": DAWNGUARD_HEROES, "fort_thresholds": DAWNGUARD_THRESHOLDS})
    store.append(campaign, [setup], owner)
    return campaign


def dawnguard_sitting(owner):
    campaign = dawnguard_set_up(owner)
    sitting = RuleEntry("game", {"number": 1, "played_on": "2026-11-27", "chapter": 1})
    store.append(campaign, [sitting, *(RuleEntry("event", pledge) for pledge in DAWNGUARD_PLEDGES)], owner)
    return campaign


def skyrim_new(owner):
    return CampaignFactory(
        name="Skyrim nights", system="risk-skyrim", owner=owner, players=["Ana", "Ben", "Cid", "Dee", "Eve"])


def skyrim_log(owner):
    return store.import_journal(load_journal("risk_skyrim_plays.json"), owner=owner)


def captain_america_log(owner):
    return store.import_journal(load_journal("captain_america_plays.json"), owner=owner)


# The forms and query strings, each with a POST (or GET) that is otherwise fine -----------------


@dataclass(frozen=True)
class Asked:
    """A page asked with `data` (as a form posts it, or a query string), whose `numbers` are
    each tried with every trip."""

    campaign: Callable[[Any], Campaign]
    page: str
    data: dict
    numbers: tuple[str, ...]
    method: str = "post"
    args: tuple = ()
    allows_negative: tuple[str, ...] = field(default=())  # a number that may go down (a bonus, threat tokens)

    def url(self, campaign) -> str:
        return reverse(self.page, args=[campaign.slug, *self.args])


RISK_LEGACY_SETUP = {
    **{power_field(faction): "a power" for faction in rl.FACTIONS},
    **{COIN_FIELD[t]: "1" for t in ["Alaska", "Peru", "Brazil", "Egypt", "Congo", "Ural", "Siam", "Japan",
                                    "Iceland", "Ukraine", "Indonesia", "Madagascar"]},
    "save": "1",
}
RISK_LEGACY_SEATS = {
    "number": "1", "played_on": "2026-09-03", "save": "1",
    **rows_post("seats", [
        {"player": "Ana", "faction": "Khan Industries", "start": "Egypt"},
        {"player": "Ben", "faction": "Enclave of the Bear", "start": "Peru"},
        {"player": "Cid", "faction": "Die Mechaniker", "start": "Ural"},
    ]),
}
CHART = tuple(f"chart-troops_{icons}" for icons in rl.TRADE_IN_ICONS)
SKYRIM_CHAOS = {
    "number": "1", "mode": "chaos", "played_on": "2026-11-20", "save": "1",
    **rows_post("seats", [
        {"player": "Ana", "faction": "Thalmor", "territories": "20", "forts": "4", "portals": "3"},
        {"player": "Ben", "faction": "Orcs", "territories": "16", "forts": "2", "portals": "3"},
    ]),
}
SKYRIM_COUNTS = tuple(
    row_name("seats", 1, part) for part in ("territories", "forts", "portals", "victory_points", "eliminated_in_turn")
)
CAPTAIN_AMERICA_PLAY = {
    "number": "6", "played_on": "2026-11-28", "players": "4", "action": "save",
    **rows_post("heroes", [{"player": name} for name in ("Ana", "Ben", "Cid", "Dee")]),
    "winter_soldier": "captain-america", "quinjet": "iron-man",
    "rooms_captain_america": "18", "rooms_iron_man": "14",
}
CAPTAIN_AMERICA_CORRECTION = {
    "number": "4", "seen": "0", "played_on": "2026-09-26", "players": "2", "action": "save",
    **rows_post("teams", [{"player": "Ben"}, {"player": "Dee"}]), "winter_soldier": "nobody", "quinjet": "iron-man",
    "rooms_captain_america": "14", "rooms_iron_man": "20",
}

ASKED = {
    # Risk Legacy
    "rl-setup": Asked(risk_legacy_new, "setup_edit", RISK_LEGACY_SETUP, (*CHART, COIN_FIELD["Alaska"])),
    "rl-chart-correction": Asked(risk_legacy_set_up, "trade_in_chart_edit", {"chart-troops_2": "4"}, CHART),
    "rl-game-start": Asked(risk_legacy_set_up, "game_start", RISK_LEGACY_SEATS, ("number", "scar_cards")),
    "rl-game-start-choosing": Asked(risk_legacy_set_up, "game_start", {"scar_cards": "12"}, ("scar_cards",), "get"),
    "rl-fortification": Asked(playing, "event_add", {"event_type": "fortification_box"}, ("fortification_box-count",)),
    "rl-missiles": Asked(playing, "event_add", {"event_type": "missiles"}, ("missiles-count",)),
    "rl-recruitment-event": Asked(
        playing, "event_add", {"event_type": "recruitment", "recruitment-player": "Ana"}, ("recruitment-troops",)
    ),
    "rl-reward": Asked(
        game_ended, "reward_add",
        {"player": "Ben", "reward-choice": "change_continent_bonus", "reward-change_continent_bonus__continent": "Asia"},
        ("reward-change_continent_bonus__delta",), allows_negative=("reward-change_continent_bonus__delta",),
    ),
    "rl-world": Asked(
        risk_legacy_world_to_name, "world_name", {"world-name": "Gaia", "world-named_by": "Ana"},
        tuple(f"world-roll_{player}" for player in PLAYERS),
    ),
    "rl-recruitment-calculator": Asked(
        risk_legacy_set_up, "recruitment", {"player": "Ana"}, ("icons",), "get"
    ),
    "rl-board": Asked(risk_legacy_world_to_name, "board", {}, ("game",), "get"),
    # Dawnguard
    "dg-setup": Asked(
        dawnguard_new, "setup_edit",
        {**rows_post("heroes", [{"hero": "Sigrid", "race": "Redguard", "level": "1"}]),
         "hall_of_the_vigilant": "3, 5", "fort_dawnguard": "3, 5, 7"},
        (row_name("heroes", 1, "level"), "hall_of_the_vigilant", "fort_dawnguard"),
    ),
    "dg-thresholds": Asked(
        dawnguard_sitting, "dawnguard_thresholds", {"fix-hall_of_the_vigilant": "2, 4", "fix-fort_dawnguard": "3, 5, 7"},
        ("fix-hall_of_the_vigilant", "fix-fort_dawnguard"),
    ),
    "dg-start": Asked(
        dawnguard_set_up, "game_start", {"number": "1", "chapter": "1", "played_on": "2026-11-28"}, ("number", "chapter")
    ),
    "dg-fort-stars": Asked(
        dawnguard_sitting, "dawnguard_event", {"fort_stars-player": "Ben"}, ("fort_stars-count",), args=("fort_stars",)
    ),
    "dg-threat-deck": Asked(
        dawnguard_sitting, "dawnguard_event", {}, ("threat_deck-count",), args=("threat_deck",),
        allows_negative=("threat_deck-count",),
    ),
    "dg-board-threat": Asked(
        dawnguard_sitting, "dawnguard_event", {}, ("board_threat-count",), args=("board_threat",),
        allows_negative=("board_threat-count",),
    ),
    "dg-contested-test": Asked(
        dawnguard_sitting, "dawnguard_contested_test", {"contest-asked": "1"}, ("contest-icons_0",), "get"
    ),
    # Risk: Skyrim
    "skyrim-new": Asked(
        skyrim_new, "game_start", SKYRIM_CHAOS, ("number", *SKYRIM_COUNTS, "civil_war_winner")
    ),
    "skyrim-correct": Asked(
        skyrim_log, "play_correct", {**SKYRIM_CHAOS, "number": "8", "seen": "0"}, ("seen", *SKYRIM_COUNTS), args=(8,)
    ),
    "skyrim-setup-help": Asked(
        skyrim_new, "risk_skyrim_setup_help",
        {"mode": "chaos", "players": "3", "territories": "9", "forts": "1", "region_bonus": "0", "traded_cards_held": "0"},
        ("players", "territories", "forts", "region_bonus", "traded_cards_held"), "get",
    ),
    # Captain America
    "ca-new": Asked(
        captain_america_log, "game_start", CAPTAIN_AMERICA_PLAY,
        ("number", "players", "rooms_captain_america", "rooms_iron_man"),
    ),
    "ca-correct": Asked(
        captain_america_log, "play_correct", CAPTAIN_AMERICA_CORRECTION,
        ("seen", "players", "rooms_captain_america", "rooms_iron_man"), args=(4,),
    ),
    "ca-setup-help": Asked(
        captain_america_log, "captain_america_setup_help", {"players": "4", "rooms": "5"}, ("players", "rooms"), "get"
    ),
    # Every system's shared pages
    "undo": Asked(captain_america_log, "undo", {}, ("entry",)),
    "state-json": Asked(captain_america_log, "state_json", {}, ("as_of",), "get"),
    "history": Asked(skyrim_log, "history", {}, ("page", "before"), "get"),
    "live": Asked(skyrim_log, "live", {"on": "history"}, ("v", "newest", "oldest", "opened"), "get"),
    "roster-link": Asked(skyrim_log, "player_link", {}, ("user",)),
}


CASES = [
    pytest.param(name, number, value, id=f"{name}-{number}-{trip}")
    for name, asked in ASKED.items()
    for number in asked.numbers
    for trip, value in TRIPS.items()
]


def what_is_saved() -> tuple:
    return (
        list(Campaign.objects.order_by("pk").values_list("pk", "journal_version")),
        Entry.objects.count(),
        Entry.objects.filter(undone_at__isnull=False).count(),
        list(Player.objects.order_by("pk").values_list("pk", "name", "user_id")),
    )


@pytest.mark.parametrize(("name", "number", "value"), CASES)
def test_a_number_no_parser_reads_is_refused_and_saves_nothing(client, owner, name, number, value):
    asked = ASKED[name]
    campaign = asked.campaign(owner)
    client.force_login(owner)
    if name == "roster-link":
        asked = Asked(asked.campaign, "player_link", {}, asked.numbers, args=(campaign.players.first().pk,))
    before = what_is_saved()
    data = {**asked.data, number: value}
    response = getattr(client, asked.method)(asked.url(campaign), data)
    assert response.status_code < 500
    if value == TRIPS["negative"] and number in asked.allows_negative:
        return  # a legal count there: the rules say whether the board allows it
    assert what_is_saved() == before
