"""The Dawnguard state (DawnguardState and its parts), `new_state`, and the small checks and
wordings every entry shares."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..base import Law, RuleError, pickled_by_fields, refuse, ruled_now
from ..checks import check_one_of, check_player, is_whole, join_names
from . import rulebook as rules
from .box import (
    CHAPTERS,
    DAWNGUARD,
    FEED_PLACE_NAMES,
    FEED_PLACES,
    FIRST_LEVEL,
    HALL,
    MARKERS_ON_EACH_CARD,
    STANDALONE_CHAPTER,
    THREAT_TOKENS_IN_BOX,
    VIGILANTS,
    VOLKIHAR,
)


@pickled_by_fields
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


@pickled_by_fields
@dataclass
class Fort:
    name: str
    thresholds: list[int] = field(default_factory=list)  # stars needed for each next level
    stars: int = 0
    gold: int = 0  # the fort's level
    stars_added: int = 0  # every star put on this card, so corrected thresholds can re-count them

    @property
    def stars_to_top(self) -> int:
        """How many more stars the fort takes before its last level."""
        if self.gold >= len(self.thresholds):
            return 0
        return self.thresholds[self.gold] - self.stars + sum(self.thresholds[self.gold + 1 :])

    @property
    def next_threshold(self) -> int | None:
        """The stars the card asks for its next level; None at its top level."""
        return self.thresholds[self.gold] if self.gold < len(self.thresholds) else None

    def add_stars(self, count: int) -> None:
        """Reaching the next threshold removes the stars and adds a gold token (a level)."""
        for _ in range(count):
            self.stars += 1
            self.stars_added += 1
            if self.stars == self.thresholds[self.gold]:
                self.stars = 0
                self.gold += 1


@pickled_by_fields
@dataclass
class Game:
    number: int
    played_on: str
    chapter: int
    standalone: bool = False  # a first game playing chapter 2 alone


@pickled_by_fields
@dataclass
class Happening:
    """One thing an entry made happen, in players' words (the history reads only these)."""

    game: int | None  # the sitting's number; None before the first game
    chapter: int  # the chapter being played when it happened
    kind: str  # the event type, or "setup", "thresholds", "sitting", "flip", "fort_level",
    # "forced_feed", "chapter_1_totals"
    text: str
    players: tuple[str, ...] = ()  # who it concerns
    # The group's reason when only its ruling or a house rule let the entry be (docs/rules.md).
    ruling: str | None = None


def balance_in_chapter(chapter: int) -> bool:
    """The Hall and Castle markers (the chapter 1 balance) move in chapter 1 only."""
    return chapter == 1


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class AfterSitting:
    """The campaign right after a sitting and everything logged in it (`number` 0: before the
    first sitting), as the history, its charts and the stats read it: recorded by the fold as
    it goes (`record_sitting`), so no page needs the state as it was then."""

    number: int
    chapter: int  # the chapter the sitting played (before the first: the campaign's chapter)
    fort: str  # the Vigilants' fort: the Hall, then Fort Dawnguard
    fort_level: int  # its gold tokens
    fort_stars: int
    fort_levels: int  # the levels its card has
    hall_markers: int  # the chapter 1 balance
    castle_markers: int
    balance_in_play: bool  # the markers moved in this sitting's chapter (chapter 1)
    heroes: tuple[
        tuple[str, str, str | None], ...
    ]  # (player, hero, side) at the table, in the order they came
    completed: bool = False  # the sitting completed its chapter
    chapter_1_totals: dict[str, int] | None = None  # chapter 1's markers at its end, once complete


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
    standalone: bool = False  # the campaign began with chapter 2 alone: it had no chapter 1
    events_in_game: int = 0
    day_night: str | None = None
    hall_markers: int = MARKERS_ON_EACH_CARD
    castle_markers: int = MARKERS_ON_EACH_CARD
    chapter_1_totals: dict[str, int] | None = None
    threat_deck: int = 0
    board_threat: int = 0  # threat tokens on spaces, quests and the Stronghold chart
    fort_cards: dict[str, list[str]] = field(default_factory=dict)
    followers: dict[str, str] = field(default_factory=dict)  # Follower (casefolded) -> who holds it
    # The cards each player has drawn, as the rules compare them (events.fort_card_key: no
    # case, no surrounding spaces): a draw is checked against them without
    # going through every card drawn (derived from fort_cards, so left out of comparisons).
    fort_cards_folded: dict[str, set[str]] = field(default_factory=dict, compare=False, repr=False)
    happenings: list[Happening] = field(default_factory=list)  # what each entry did, in order
    # after_sittings[n]: the campaign right after sitting n (0: before the first), kept up to
    # date by every entry (one small record per sitting: never a copy of the state).
    after_sittings: list[AfterSitting] = field(default_factory=list)
    # The house rules and every ruled entry (rules/base.py).
    law: Law = field(default_factory=Law)

    @property
    def games_played(self) -> int:
        return len(self.games)

    @property
    def games_finished(self) -> int:
        """The sittings played (rules/protocol.py): every sitting begun but the last while its
        chapter goes on, which is in progress ("2 sittings played · sitting 3 in progress");
        there is no entry ending a sitting, only the next one or the chapter's completion."""
        in_progress = bool(self.games) and not self.chapter_complete
        return len(self.games) - in_progress

    @property
    def campaign_over(self) -> bool:
        return self.chapter == CHAPTERS[-1] and self.chapter_complete

    @property
    def set_up_alone(self) -> bool:
        """Set up for chapter 2 played alone: its thresholds are Fort Dawnguard's and Castle
        Volkihar's, never the Hall of the Vigilant's (docs/rules.md, 2026-12-01)."""
        return self.set_up and "hall_of_the_vigilant" not in self.fort_thresholds

    def vampires(self) -> list[Hero]:
        return [hero for hero in self.heroes.values() if hero.is_vampire]

    def players_without_hero(self) -> list[str]:
        """Who may `join` (a roster name with no hero yet)."""
        return [player for player in self.players if player not in self.heroes]

    def unpledged(self) -> list[str]:
        """Who still has to `pledge` in chapter 1."""
        return [hero.player for hero in self.heroes.values() if hero.side is None]

    def next_chapters(self) -> list[int]:
        """The chapters a new game may play: the current one, or the next once it is complete;
        before the first game, chapter 1 or chapter 2 played alone."""
        if self.campaign_over:
            return []
        if not self.games:
            return [STANDALONE_CHAPTER] if self.set_up_alone else [1, STANDALONE_CHAPTER]
        return [self.chapter + 1] if self.chapter_complete else [self.chapter]

    def threat_tokens_seen(self) -> int:
        """Threat tokens out of the box: on Vampirism cards, the Threat Event deck and the board."""
        return self.threat_deck + self.board_threat + sum(hero.hunger or 0 for hero in self.heroes.values())


def fort_called(name: str) -> str:
    """A fort in a sentence: "the Hall of the Vigilant", but "Fort Dawnguard", "Castle Volkihar"."""
    return f"the {name}" if name == HALL else name


def happen(state: DawnguardState, kind: str, text: str, *players: str) -> None:
    """Record what an entry did (called once its checks have passed)."""
    game = state.games[-1].number if state.games else None
    state.happenings.append(Happening(game, state.chapter, kind, text, tuple(players), ruled_now()))


def new_state(players: list[str]) -> DawnguardState:
    state = DawnguardState(players=list(players), fort_cards={player: [] for player in players})
    record_sitting(state)
    return state


def record_sitting(state: DawnguardState) -> None:
    """Record the campaign as it stands now as the figures after the current sitting (before
    the first while there is none), replacing what an earlier entry of it recorded."""
    fort = state.vigilant_fort
    game = state.games[-1] if state.games else None
    after = AfterSitting(
        number=game.number if game else 0,
        chapter=game.chapter if game else state.chapter,
        fort=fort.name,
        fort_level=fort.gold,
        fort_stars=fort.stars,
        fort_levels=len(fort.thresholds),
        hall_markers=state.hall_markers,
        castle_markers=state.castle_markers,
        balance_in_play=balance_in_chapter(game.chapter if game else state.chapter),
        heroes=tuple((hero.player, hero.hero, hero.side) for hero in state.heroes.values()),
        completed=game is not None and state.chapter == game.chapter and state.chapter_complete,
        chapter_1_totals=state.chapter_1_totals,  # set once, when chapter 1 is complete
    )
    if len(state.after_sittings) > state.games_played:
        state.after_sittings[state.games_played] = after
    else:
        state.after_sittings.append(after)


def side_name(side: str | None, chapter: int) -> str | None:
    """The side as the state shows it: the Vigilants are the Dawnguard from chapter 2 on."""
    if side == VIGILANTS and chapter >= 2:
        return DAWNGUARD
    return side


# Checks every entry shares ----------------------------------------------------------------


def hero_of(state: DawnguardState, event: dict) -> Hero:
    player = check_player(state.players, event["player"])
    if player not in state.heroes:
        raise RuleError(
            f"{player} has no hero yet: a player who comes later joins first (a join event)", field="player"
        )
    return state.heroes[player]


def vampire_of(state: DawnguardState, event: dict, doing: str) -> Hero:
    hero = hero_of(state, event)
    if not hero.is_vampire:
        refuse(rules.VAMPIRES_ONLY, f"{hero.player} is not a Vampire: only Clan Volkihar players {doing}",
               field="player")
    return hero


def check_threat_supply(state: DawnguardState, more: int, field: str | None = None) -> None:
    """Threat tokens come out of the box: never more than the 20 it holds."""
    if state.threat_tokens_seen() + more > THREAT_TOKENS_IN_BOX:
        refuse(
            rules.TWENTY_THREAT_TOKENS,
            f"that would put more than the {THREAT_TOKENS_IN_BOX} threat tokens in the box on "
            "Vampirism cards, the board and the Threat Event deck "
            f"({state.threat_tokens_seen()} are out already)",
            field=field,
        )


def check_feeding(hero: Hero, places: Any, field: str = "to") -> list[str]:
    """Feeding empties the Vampirism card: one place for each token on it, each place at most once."""
    if hero.hunger == 0:
        refuse(
            rules.FEEDING_EMPTIES_THE_CARD,
            f"{hero.player}'s Vampirism card holds no threat token to feed with",
            field=field,
        )
    if not isinstance(places, list) or not places:
        raise RuleError(f"'{field}' must list where the tokens go: {', '.join(FEED_PLACES)}", field=field)
    for place in places:
        check_one_of(place, FEED_PLACES, field, naming_the_value=True)
    for place in FEED_PLACES:
        if places.count(place) > 1:
            refuse(
                rules.FEEDING_EMPTIES_THE_CARD,
                f"feeding puts at most one token on each place: {FEED_PLACE_NAMES[place]} is named twice",
                field=field,
            )
    if len(places) != hero.hunger:
        refuse(
            rules.FEEDING_EMPTIES_THE_CARD,
            f"feeding empties the Vampirism card: {hero.player}'s holds "
            f"{counted(hero.hunger, 'threat token')}, so name {hero.hunger} "
            f"{'place' if hero.hunger == 1 else 'different places'}, not {len(places)}",
            field=field,
        )
    return places


def count_of(value: Any, field: str, positive: bool = False) -> int:
    if not is_whole(value) or (positive and value < 1):
        raise RuleError(
            f"'{field}' must be a whole number{' of at least 1' if positive else ''}", field=field
        )
    return value


def counted(count: Any, noun: str) -> str:
    """'1 star', '3 stars': a count with its noun in players' words, never 'star(s)'."""
    return f"{count} {noun}" if count in (1, -1) else f"{count} {noun}s"


def has_or_have(names: list[str]) -> str:
    return f"{join_names(names)} {'has' if len(names) == 1 else 'have'}"
