"""The Dawnguard campaign of The Elder Scrolls V: Skyrim – The Adventure Game (GAMES.md §2).

Three chapters played in order, each over one or more games (sittings). The journal
(JOURNAL.md `dawnguard`) becomes these entries:

    setup   {"heroes": [{"player", "hero", "race"}],
             "fort_thresholds": {"hall_of_the_vigilant": [3, 5], "fort_dawnguard": [3, 5, 7]}}
    game    {"number", "played_on", "chapter"}
    event   one per item of the game's "events", in order: pledge, marker, day_night, hunger,
            feed, fort_stars, level_up, fort_card, threat_deck, join, chapter_complete

`state_json` (the `campaign_state` of JOURNAL.md) has exactly these keys:

    system             "dawnguard"
    as_of_game         the last game the state includes (as for risk-legacy; --as-of N)
    games_played       games logged so far
    chapter            the chapter being played (1 before the first game)
    chapter_complete   whether that chapter has been completed
    day_night          "day" or "night"; null until the token is first logged
    heroes             [{"player", "hero", "race", "level", "side", "hunger"}] in the order
                       they came; side is null (not pledged yet), "vigilants" (chapter 1),
                       "dawnguard" (the same side from chapter 2 on) or "volkihar"; hunger is
                       null unless the hero is a Vampire, else 0 to 3
    forts              [{"name", "stars", "level"}]: the Vigilants' fort ("Hall of the
                       Vigilant", "Fort Dawnguard" from chapter 2) then "Castle Volkihar";
                       level is the fort's gold count
    markers            {"hall", "castle"}: the chapter 1 markers (they stay as they ended)
    chapter_1_totals   {"hall", "castle"} once chapter 1 is complete, else null
    threat_deck_tokens tokens on the Threat Event deck's top card
    fort_cards         {player: [card, ...]} for every player, in the order drawn

For pages and forms: `state.next_chapters()` (the chapters a new game may play),
`state.players_without_hero()` (who may join), `state.unpledged()`, `state.vampires()`,
`side_name(side, chapter)`, `contested_skill_test(successes)`, and the constants
EVENT_TYPES, EVENT_FIELDS, SIDES, FEED_PLACES, NEW_RACES, READINGS and CHAPTER_SETUP.

Decisions where the rulebook is vague (GAMES.md wins over it, and is silent on these):
- Heroes start at level 1; a player who joins later levels up twice, so starts at level 3.
- The Day/Night token's side is unknown until first logged; from then on each `day_night`
  must flip it (logging the side already showing is refused).
- `hunger` is not tied to day turns: event cards also raise hunger, and JOURNAL.md's own
  example logs one at night. What is checked is the cap: never above 3 without feeding.
- `feed` places 1 or more of the tokens on the Vampirism card, each on a different place;
  hunger drops by that many, and the one placed on `threat_deck` joins the Threat Event deck.
- `threat_deck` `count` is a change: positive adds tokens to the top card, negative removes
  them (the card went into the Event deck); never below zero. Chapter 2 brings a new Threat
  Event deck (rulebook setup), so its tokens start at 0; chapter 3 keeps chapter 2's.
- The threat tokens the tracker sees (on Vampirism cards and the Threat Event deck) never
  exceed the 20 in the box.
- `fort_stars` go on one by one: each time the count reaches the next threshold the stars
  are removed and a gold token added. Stars past the last threshold are refused (the fort
  has no higher level to reach).
- A fort card is drawn from one's own side's fort, so a player needs a side first; the
  same card (its name, ignoring case) at most once per player in the whole campaign.
- Chapter 1 cannot be completed while a hero has not pledged (every player pledges in it).
- After `chapter_complete` the game takes no more events: the next game opens the next
  chapter. `join` takes "dawnguard" as the Vigilants' side from chapter 2 on.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from .base import Entry, RuleError
from .checks import (
    check_game_basics,
    check_journal_game,
    check_keys,
    check_one_of,
    check_player,
    is_whole,
    join_names,
    journal_games,
    part_entries,
    require_text,
)

KEY = "dawnguard"
LABEL = "Skyrim Adventure Game: Dawnguard"
JOURNAL_KEYS = ("setup", "games")

CHAPTERS = (1, 2, 3)
NEW_RACES = ("Redguard", "Bosmer", "Breton", "Argonian")
VIGILANTS, VOLKIHAR, DAWNGUARD = "vigilants", "volkihar", "dawnguard"
SIDES = (VIGILANTS, VOLKIHAR)
SIDE_NAMES = {VIGILANTS: "the Vigilants of Stendarr", DAWNGUARD: "the Dawnguard", VOLKIHAR: "Clan Volkihar"}
DAY, NIGHT = "day", "night"
THREAT_ICON, WINGED_ICON = "threat", "winged"
FEED_PLACES = ("quest", "stronghold", "space", "threat_deck")
FEED_PLACE_NAMES = {
    "quest": "a quest", "stronghold": "the Stronghold chart", "space": "the current space",
    "threat_deck": "the Threat Event deck",
}
HALL, FORT_DAWNGUARD, CASTLE = "Hall of the Vigilant", "Fort Dawnguard", "Castle Volkihar"
THRESHOLD_KEYS = {"hall_of_the_vigilant": HALL, "fort_dawnguard": FORT_DAWNGUARD}

FIRST_LEVEL = 1
LEVELS_ON_JOINING = 2
MAX_HUNGER = 3
MARKERS_ON_EACH_CARD = 3
THREAT_TOKENS_IN_BOX = 20
# A fort card prints a handful of stars per level (3, 5, 7); this bound, far above any card,
# catches a typo such as 3000 before it makes a fort that can never level up.
MAX_STARS_PER_LEVEL = 50

# What a chapter's first game reads out and sets up (the rulebook's checklists, shortened).
READINGS = {
    1: (("556", "all players"),),
    2: (("577", "Vampire players"), ("578", "Vigilants of Stendarr players")),
    3: (("599", "all players"),),
}
CHAPTER_SETUP = {
    1: (
        "Set up the base game; all characters start from scratch.",
        "Shuffle the Chapter 1 Event cards and the Chapter 1 Threat Event deck.",
        "Order the Dawnguard and Small numbered decks; sort the Vampire Spawning deck (0 on top).",
        "Place the Castle Volkihar and Hall of the Vigilant tokens and cards.",
        "Put 3 markers on the Castle Volkihar card and 3 on the Hall of the Vigilant card.",
    ),
    2: (
        "Remove all purple stars and gold from the Hall of the Vigilant card.",
        "Flip the Hall of the Vigilant token and card to Fort Dawnguard.",
        "Shuffle the Vampire Character and Dawnguard Character decks.",
        "Remove the Chapter 1 Threat Event cards from the Event deck; shuffle in the Chapter 2 Event deck.",
        "Shuffle the Chapter 2 Threat Event deck.",
    ),
    3: (
        "Keep the previous chapter's Threat Event deck.",
        "Shuffle the Chapter 3 Event deck into the previous chapter's Event deck.",
    ),
}

# The data each event type carries besides "type".
EVENT_FIELDS = {
    "pledge": ("player", "side"),
    "marker": ("icon",),
    "day_night": ("side",),
    "hunger": ("player",),
    "feed": ("player", "to"),
    "fort_stars": ("player", "count"),
    "level_up": ("player",),
    "fort_card": ("player", "card"),
    "threat_deck": ("count",),
    "join": ("player", "hero", "race", "side"),
    "chapter_complete": (),
}
EVENT_TYPES = tuple(EVENT_FIELDS)
GAME_KEYS = ("number", "played_on", "chapter")


# The state ------------------------------------------------------------------------------


@dataclass
class Hero:
    player: str
    hero: str
    race: str
    level: int = FIRST_LEVEL
    side: str | None = None  # VIGILANTS or VOLKIHAR; None until pledged
    hunger: int | None = None  # tokens on the Vampirism card; None unless a Vampire

    @property
    def is_vampire(self) -> bool:
        return self.side == VOLKIHAR


@dataclass
class Fort:
    name: str
    thresholds: list[int] = field(default_factory=list)  # stars needed for each next level
    stars: int = 0
    gold: int = 0  # the fort's level

    @property
    def stars_to_top(self) -> int:
        """How many more stars the fort takes before its last level."""
        if self.gold >= len(self.thresholds):
            return 0
        return self.thresholds[self.gold] - self.stars + sum(self.thresholds[self.gold + 1 :])


@dataclass
class Game:
    number: int
    played_on: str
    chapter: int


@dataclass
class DawnguardState:
    players: list[str]
    set_up: bool = False
    heroes: dict[str, Hero] = field(default_factory=dict)  # by player, in the order they came
    fort_thresholds: dict[str, list[int]] = field(default_factory=dict)
    vigilant_fort: Fort = field(default_factory=lambda: Fort(HALL))
    games: list[Game] = field(default_factory=list)
    chapter: int = 1
    chapter_complete: bool = False
    events_in_game: int = 0
    day_night: str | None = None
    hall_markers: int = MARKERS_ON_EACH_CARD
    castle_markers: int = MARKERS_ON_EACH_CARD
    chapter_1_totals: dict[str, int] | None = None
    threat_deck: int = 0
    fort_cards: dict[str, list[str]] = field(default_factory=dict)

    @property
    def games_played(self) -> int:
        return len(self.games)

    @property
    def campaign_over(self) -> bool:
        return self.chapter == CHAPTERS[-1] and self.chapter_complete

    def vampires(self) -> list[Hero]:
        return [hero for hero in self.heroes.values() if hero.is_vampire]

    def players_without_hero(self) -> list[str]:
        """Who may `join` (a roster name with no hero yet)."""
        return [player for player in self.players if player not in self.heroes]

    def unpledged(self) -> list[str]:
        """Who still has to `pledge` in chapter 1."""
        return [hero.player for hero in self.heroes.values() if hero.side is None]

    def next_chapters(self) -> list[int]:
        """The chapters a new game may play: the current one, or the next once it is complete."""
        if self.campaign_over:
            return []
        return [self.chapter + 1] if self.chapter_complete else [self.chapter]

    def threat_tokens_seen(self) -> int:
        return self.threat_deck + sum(hero.hunger or 0 for hero in self.heroes.values())


def new_state(players: list[str]) -> DawnguardState:
    return DawnguardState(players=list(players), fort_cards={player: [] for player in players})


def side_name(side: str | None, chapter: int) -> str | None:
    """The side as the state shows it: the Vigilants are the Dawnguard from chapter 2 on."""
    if side == VIGILANTS and chapter >= 2:
        return DAWNGUARD
    return side


def contested_skill_test(successes: dict[str, int | None]) -> str | None:
    """Who wins a contested skill test: each player's success icons, or None for a failure.

    All fail: a failure (None). One succeeds: that one. Several succeed: the most icons,
    and a tie on the most is a failure."""
    succeeded = {player: icons for player, icons in successes.items() if icons is not None}
    if not succeeded:
        return None
    most = max(succeeded.values())
    leaders = [player for player, icons in succeeded.items() if icons == most]
    return leaders[0] if len(leaders) == 1 else None


# Applying entries -----------------------------------------------------------------------


def apply(state: DawnguardState, entry: Entry) -> None:
    appliers = {"setup": _apply_setup, "game": _apply_game, "event": _apply_event}
    if entry.kind not in appliers:
        raise RuleError(f"a Dawnguard campaign has no '{entry.kind}' entries")
    if not isinstance(entry.data, dict):
        raise RuleError(f"a {entry.kind} entry must be a JSON object")
    appliers[entry.kind](state, entry.data)


def _apply_setup(state: DawnguardState, data: dict) -> None:
    place = "setup"
    if state.set_up:
        raise RuleError("the campaign is already set up", place=place)
    check_keys(data, ("heroes", "fort_thresholds"), (), place, "the setup")
    heroes = _setup_heroes(state, data["heroes"])
    thresholds = _setup_thresholds(data["fort_thresholds"])
    state.set_up = True
    state.heroes = {hero.player: hero for hero in heroes}
    state.fort_thresholds = thresholds
    state.vigilant_fort = Fort(HALL, list(thresholds["hall_of_the_vigilant"]))


def _setup_heroes(state: DawnguardState, heroes: Any) -> list[Hero]:
    if not isinstance(heroes, list) or not heroes:
        raise RuleError("'heroes' must list at least one hero", place="setup", field="heroes")
    made: list[Hero] = []
    for index, item in enumerate(heroes, 1):
        place = f"setup, hero {index}"
        if not isinstance(item, dict):
            raise RuleError(
                "a hero must be an object with player, hero and race", place=place, field="heroes"
            )
        check_keys(item, ("player", "hero", "race"), (), place, "a hero")
        player = check_player(state.players, item["player"], place)
        if any(hero.player == player for hero in made):
            raise RuleError(f"{player} has two heroes: one hero per player", place=place, field="player")
        made.append(Hero(player, require_text(item, "hero", place), require_text(item, "race", place)))
    return made


def _setup_thresholds(thresholds: Any) -> dict[str, list[int]]:
    place = "setup"
    if not isinstance(thresholds, dict):
        raise RuleError(
            "'fort_thresholds' must give the stars printed on each fort card",
            place=place,
            field="fort_thresholds",
        )
    check_keys(thresholds, tuple(THRESHOLD_KEYS), (), place, "'fort_thresholds'")
    for key, fort in THRESHOLD_KEYS.items():
        stars = thresholds[key]
        if not isinstance(stars, list) or not stars or not all(is_whole(n) and n > 0 for n in stars):
            raise RuleError(
                f"the {fort} thresholds must list the stars printed on its card (whole numbers above 0)",
                place=place,
                field="fort_thresholds",
            )
        if max(stars) > MAX_STARS_PER_LEVEL:
            raise RuleError(
                f"the {fort} thresholds must be the stars printed on its card: "
                f"no level of a fort card asks for more than {MAX_STARS_PER_LEVEL}",
                place=place,
                field="fort_thresholds",
            )
        if len(stars) > MAX_STARS_PER_LEVEL:
            raise RuleError(
                f"the {fort} thresholds must be the stars printed on its card: "
                f"no fort card has more than {MAX_STARS_PER_LEVEL} levels, not {len(stars)}",
                place=place,
                field="fort_thresholds",
            )
    return {key: list(thresholds[key]) for key in THRESHOLD_KEYS}


def _apply_game(state: DawnguardState, data: dict) -> None:
    place = check_game_basics(data, GAME_KEYS, state.games_played + 1)
    if not state.set_up:
        raise RuleError("the campaign's setup (heroes and fort thresholds) comes before game 1", place=place)
    chapter = data["chapter"]
    _check_chapter_order(state, chapter, place)
    state.games.append(Game(data["number"], data["played_on"], chapter))
    state.events_in_game = 0
    if chapter != state.chapter:
        _start_chapter(state, chapter)


def _check_chapter_order(state: DawnguardState, chapter: Any, place: str) -> None:
    """Chapters in order: a game plays the current chapter, or the next once it is complete."""
    if not is_whole(chapter) or chapter not in CHAPTERS:
        raise RuleError("'chapter' must be 1, 2 or 3", place=place, field="chapter")
    if state.campaign_over:
        raise RuleError("the campaign is over: chapter 3 is complete", place=place, field="chapter")
    if state.chapter_complete and chapter != state.chapter + 1:
        raise RuleError(
            f"chapter {state.chapter} is complete: the next game plays chapter {state.chapter + 1}",
            place=place,
            field="chapter",
        )
    if not state.chapter_complete and chapter != state.chapter:
        why = (
            " (log chapter_complete at the end of its last game first)"
            if chapter == state.chapter + 1
            else ""
        )
        raise RuleError(
            f"chapters are played in order: chapter {state.chapter} is not complete yet{why}",
            place=place,
            field="chapter",
        )


def _start_chapter(state: DawnguardState, chapter: int) -> None:
    """The tracker's part of a chapter's setup."""
    state.chapter = chapter
    state.chapter_complete = False
    if chapter == 2:
        # The Hall is flipped to Fort Dawnguard, losing its stars and gold; the chapter 1
        # Threat Event deck gives way to the chapter 2 one, so its tokens go.
        state.vigilant_fort = Fort(FORT_DAWNGUARD, list(state.fort_thresholds["fort_dawnguard"]))
        state.threat_deck = 0


def _apply_event(state: DawnguardState, data: dict) -> None:
    if not state.games:
        raise RuleError("an event belongs to a game: log the game first")
    place = f"game {state.games[-1].number}, event {state.events_in_game + 1}"
    kind = check_one_of(data.get("type"), EVENT_TYPES, "type", place)
    check_keys(data, ("type", *EVENT_FIELDS[kind]), (), place, f"a {kind} event")
    if state.chapter_complete:
        after = (
            "the campaign is over"
            if state.campaign_over
            else f"the next game plays chapter {state.chapter + 1}"
        )
        raise RuleError(
            f"chapter {state.chapter} is complete, so this game takes no more events: {after}", place=place
        )
    try:
        EVENT_APPLIERS[kind](state, data)
    except RuleError as error:
        raise error.at(place) from None
    state.events_in_game += 1


def _pledge(state: DawnguardState, event: dict) -> None:
    """Pledges are made during chapter 1; a Volkihar player draws a Vampirism card."""
    if state.chapter != 1:
        raise RuleError("pledges are made in chapter 1 only: a player who comes later joins (a join event)")
    hero = _hero(state, event)
    if hero.side is not None:
        raise RuleError(f"{hero.player} has already pledged to {SIDE_NAMES[hero.side]}", field="player")
    side = check_one_of(event["side"], SIDES, "side", naming_the_value=True)
    hero.side = side
    if hero.is_vampire:
        hero.hunger = 0


def _marker(state: DawnguardState, event: dict) -> None:
    """Chapter 1 balance: 6 markers between the two cards, never below zero on either."""
    if state.chapter != 1:
        raise RuleError("the Hall and Castle markers are moved in chapter 1 only")
    icon = check_one_of(event["icon"], (THREAT_ICON, WINGED_ICON), "icon", naming_the_value=True)
    if icon == THREAT_ICON:
        if state.hall_markers == 0:
            raise RuleError(f"no marker is left on the {HALL} card to move to {CASTLE}", field="icon")
        state.hall_markers -= 1
        state.castle_markers += 1
    else:
        if state.castle_markers == 0:
            raise RuleError(f"no marker is left on the {CASTLE} card to move to the {HALL}", field="icon")
        state.castle_markers -= 1
        state.hall_markers += 1


def _day_night(state: DawnguardState, event: dict) -> None:
    """The token flips: it cannot turn to the side already showing."""
    side = check_one_of(event["side"], (DAY, NIGHT), "side", naming_the_value=True)
    if side == state.day_night:
        other = NIGHT if side == DAY else DAY
        raise RuleError(f"it is already {side}: the Day/Night token can only flip to {other}", field="side")
    state.day_night = side


def _hunger(state: DawnguardState, event: dict) -> None:
    """A Vampire adds a threat token to their Vampirism card; one at 3 must feed first."""
    hero = _vampire(state, event, "have hunger")
    if hero.hunger >= MAX_HUNGER:
        raise RuleError(
            f"{hero.player}'s hunger is already {MAX_HUNGER}: a Vampire at {MAX_HUNGER} must feed first",
            field="player",
        )
    _check_threat_supply(state, 1)
    hero.hunger += 1


def _feed(state: DawnguardState, event: dict) -> None:
    """Feeding places the Vampirism card's tokens, at most one on each place."""
    hero = _vampire(state, event, "feed")
    places = event["to"]
    if not isinstance(places, list) or not places:
        raise RuleError(f"'to' must list where the tokens go: {', '.join(FEED_PLACES)}", field="to")
    for place in places:
        check_one_of(place, FEED_PLACES, "to", naming_the_value=True)
    for place in set(places):
        if places.count(place) > 1:
            raise RuleError(
                f"feeding puts at most one token on each place, and {place} is named twice", field="to"
            )
    if hero.hunger == 0:
        raise RuleError(f"{hero.player}'s Vampirism card holds no threat token to feed with", field="to")
    if len(places) > hero.hunger:
        raise RuleError(
            f"{hero.player}'s Vampirism card holds only {_counted(hero.hunger, 'threat token')}, not {len(places)}",
            field="to",
        )
    hero.hunger -= len(places)
    if "threat_deck" in places:
        state.threat_deck += 1


def _fort_stars(state: DawnguardState, event: dict) -> None:
    """Vigilant/Dawnguard players may put stars on their fort; Vampires don't."""
    hero = _hero(state, event)
    if hero.is_vampire:
        raise RuleError(
            f"{hero.player} is a Vampire: Vampires don't add stars, only Vigilant and Dawnguard players do",
            field="player",
        )
    if hero.side is None:
        raise RuleError(
            f"{hero.player} has not pledged yet: only Vigilant players add stars to their fort",
            field="player",
        )
    count = _count(event["count"], "count", positive=True)
    fort = state.vigilant_fort
    if count > fort.stars_to_top:
        if fort.stars_to_top == 0:
            raise RuleError(
                f"the {fort.name} is at its top level ({fort.gold}): it takes no more stars", field="count"
            )
        raise RuleError(
            f"the {fort.name} takes only {_counted(fort.stars_to_top, 'more star')} before its top level",
            field="count",
        )
    _add_stars(fort, count)


def _add_stars(fort: Fort, count: int) -> None:
    """Reaching the next threshold removes the stars and adds a gold token (a level)."""
    for _ in range(count):
        fort.stars += 1
        if fort.stars == fort.thresholds[fort.gold]:
            fort.stars = 0
            fort.gold += 1


def _level_up(state: DawnguardState, event: dict) -> None:
    _hero(state, event).level += 1


def _fort_card(state: DawnguardState, event: dict) -> None:
    """Each player draws a given follower or item from a fort at most once per campaign."""
    hero = _hero(state, event)
    if hero.side is None:
        raise RuleError(
            f"{hero.player} has not pledged yet: fort cards come from one's own side's fort", field="player"
        )
    card = require_text(event, "card")
    drawn = state.fort_cards[hero.player]
    if any(earlier.casefold() == card.casefold() for earlier in drawn):
        raise RuleError(
            f"{hero.player} has already drawn {card}: a player draws each fort card at most once",
            field="card",
        )
    drawn.append(card)


def _threat_deck(state: DawnguardState, event: dict) -> None:
    """Tokens on the Threat Event deck's top card: added, or removed when the card fires."""
    count = _count(event["count"], "count")
    if count == 0:
        raise RuleError(
            "a count of 0 changes nothing: add (positive) or remove (negative) tokens", field="count"
        )
    if state.threat_deck + count < 0:
        raise RuleError(
            f"the Threat Event deck holds only {_counted(state.threat_deck, 'token')}: {-count} cannot be removed",
            field="count",
        )
    if count > 0:
        _check_threat_supply(state, count)
    state.threat_deck += count


def _join(state: DawnguardState, event: dict) -> None:
    """A later player chooses a side, levels up twice (and takes an equipment and a treasure)."""
    player = check_player(state.players, event["player"])
    if player in state.heroes:
        raise RuleError(f"{player} already plays {state.heroes[player].hero}", field="player")
    hero_name = require_text(event, "hero")
    race = require_text(event, "race")
    # From chapter 2 the Vigilants' side is called the Dawnguard: both words mean it.
    allowed = SIDES if state.chapter == 1 else (*SIDES, DAWNGUARD)
    side = check_one_of(event["side"], allowed, "side", naming_the_value=True)
    hero = Hero(player, hero_name, race, level=FIRST_LEVEL + LEVELS_ON_JOINING)
    hero.side = VIGILANTS if side == DAWNGUARD else side
    if hero.is_vampire:
        hero.hunger = 0
    state.heroes[player] = hero


def _chapter_complete(state: DawnguardState, event: dict) -> None:
    """Ends the chapter; chapter 1's final marker totals are recorded for the final encounters."""
    if state.chapter == 1:
        unpledged = state.unpledged()
        if unpledged:
            raise RuleError(
                f"{join_names(unpledged)} {'has' if len(unpledged) == 1 else 'have'} not pledged yet: "
                "every player pledges during chapter 1"
            )
        state.chapter_1_totals = {"hall": state.hall_markers, "castle": state.castle_markers}
    state.chapter_complete = True


EVENT_APPLIERS = {
    "pledge": _pledge,
    "marker": _marker,
    "day_night": _day_night,
    "hunger": _hunger,
    "feed": _feed,
    "fort_stars": _fort_stars,
    "level_up": _level_up,
    "fort_card": _fort_card,
    "threat_deck": _threat_deck,
    "join": _join,
    "chapter_complete": _chapter_complete,
}


def _hero(state: DawnguardState, event: dict) -> Hero:
    player = check_player(state.players, event["player"])
    if player not in state.heroes:
        raise RuleError(
            f"{player} has no hero yet: a player who comes later joins first (a join event)", field="player"
        )
    return state.heroes[player]


def _vampire(state: DawnguardState, event: dict, doing: str) -> Hero:
    hero = _hero(state, event)
    if not hero.is_vampire:
        raise RuleError(f"{hero.player} is not a Vampire: only Clan Volkihar players {doing}", field="player")
    return hero


def _check_threat_supply(state: DawnguardState, more: int) -> None:
    if state.threat_tokens_seen() + more > THREAT_TOKENS_IN_BOX:
        raise RuleError(
            f"that would put more than the {THREAT_TOKENS_IN_BOX} threat tokens in the box on "
            "Vampirism cards and the Threat Event deck"
        )


# The journal ----------------------------------------------------------------------------


def journal_entries(journal: dict) -> list[Entry]:
    """The setup entry, then per game a game entry followed by one entry per event."""
    entries = part_entries(journal, "setup", "'setup' must be an object with 'heroes' and 'fort_thresholds'")
    for index, game in enumerate(journal_games(journal), 1):
        place = f"game {index}"
        check_journal_game(game, index, (*GAME_KEYS, "events"))
        events = game["events"]
        if not isinstance(events, list):
            raise RuleError(
                "'events' must be a list (write [] when none was logged)", place=place, field="events"
            )
        entries.append(Entry("game", {key: copy.deepcopy(game[key]) for key in GAME_KEYS}))
        for number, event in enumerate(events, 1):
            if not isinstance(event, dict):
                raise RuleError("an event must be a JSON object", place=f"{place}, event {number}")
            entries.append(Entry("event", copy.deepcopy(event)))
    return entries


def journal_parts(entries: list[Entry]) -> dict[str, Any]:
    parts: dict[str, Any] = {}
    games: list[dict] = []
    for entry in entries:
        if entry.kind == "setup":
            parts["setup"] = copy.deepcopy(entry.data)
        elif entry.kind == "game":
            games.append({**copy.deepcopy(entry.data), "events": []})
        elif entry.kind == "event" and games:
            games[-1]["events"].append(copy.deepcopy(entry.data))
    parts["games"] = games
    return parts


def state_json(state: DawnguardState) -> dict[str, Any]:
    fort = state.vigilant_fort
    return {
        "system": KEY,
        "as_of_game": state.games_played,
        "games_played": state.games_played,
        "chapter": state.chapter,
        "chapter_complete": state.chapter_complete,
        "day_night": state.day_night,
        "heroes": [
            {
                "player": hero.player,
                "hero": hero.hero,
                "race": hero.race,
                "level": hero.level,
                "side": side_name(hero.side, state.chapter),
                "hunger": hero.hunger,
            }
            for hero in state.heroes.values()
        ],
        "forts": [
            {"name": fort.name, "stars": fort.stars, "level": fort.gold},
            {"name": CASTLE, "stars": 0, "level": 0},
        ],
        "markers": {"hall": state.hall_markers, "castle": state.castle_markers},
        "chapter_1_totals": dict(state.chapter_1_totals) if state.chapter_1_totals else None,
        "threat_deck_tokens": state.threat_deck,
        "fort_cards": {player: list(cards) for player, cards in state.fort_cards.items()},
    }


def describe(entry: Entry) -> str:
    """A short sentence for the history page."""
    data = entry.data
    if entry.kind == "setup":
        heroes = [
            f"{h.get('player')} as {h.get('hero')}" for h in data.get("heroes") or [] if isinstance(h, dict)
        ]
        return "setup: " + ", ".join(heroes)
    if entry.kind == "game":
        return f"game {data.get('number')}, chapter {data.get('chapter')}"
    kind, player = data.get("type"), data.get("player")
    words = {
        "pledge": f"{player} pledges to {SIDE_NAMES.get(data.get('side'), data.get('side'))}",
        "marker": "a threat icon: a marker moves from the Hall to the Castle"
        if data.get("icon") == THREAT_ICON
        else "a winged icon: a marker moves from the Castle to the Hall",
        "day_night": f"the Day/Night token turns to {data.get('side')}",
        "hunger": f"{player}'s hunger grows",
        "feed": f"{player} feeds ({', '.join(FEED_PLACE_NAMES.get(p, str(p)) for p in data.get('to') or [])})",
        "fort_stars": f"{player} puts {_counted(data.get('count'), 'star')} on the fort",
        "level_up": f"{player} levels up",
        "fort_card": f"{player} draws {data.get('card')} from the fort",
        "threat_deck": _threat_deck_words(data.get("count")),
        "join": f"{player} joins as {data.get('hero')} ({data.get('race')}), "
        f"{SIDE_NAMES.get(data.get('side'), data.get('side'))}",
        "chapter_complete": "the chapter is complete",
    }
    return words.get(kind, f"event: {kind}")


def _counted(count: Any, noun: str) -> str:
    """'1 star', '3 stars': a count with its noun in players' words, never 'star(s)'."""
    return f"{count} {noun}" if count in (1, -1) else f"{count} {noun}s"


def _threat_deck_words(count: Any) -> str:
    if is_whole(count) and count < 0:
        return f"{_counted(-count, 'token')} off the Threat Event deck"
    return f"{_counted(count, 'token')} on the Threat Event deck"


# Plain checks on entry data -------------------------------------------------------------


def _count(value: Any, field: str, positive: bool = False) -> int:
    if not is_whole(value) or (positive and value < 1):
        raise RuleError(
            f"'{field}' must be a whole number{' of at least 1' if positive else ''}", field=field
        )
    return value
