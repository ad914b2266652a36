"""Helpers for the pages at the table, over the state: where an event or reward may go
now, suggested seats, the packets to open, the recruitment calculator, what is left in
the box, and `describe`, an entry in words. They ask the same rule functions `apply` does."""

from __future__ import annotations

import random
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..base import Entry, RuleError
from ..checks import is_whole, join_names
from ..words import key_words
from .box import (
    CHOICE_FIELDS,
    CHOICE_LABEL,
    CITY_KINDS,
    CITY_LABEL,
    COIN_STICKERS,
    CONTINENT_OF,
    CONTINENT_TERRITORIES,
    CONTINENTS,
    HELD_ON_CHOICES,
    LAST_REWARD_GAME,
    MAX_SEATS,
    MIN_SEATS,
    PACKET_CONDITIONS,
    TERRITORIES,
    TRADE_IN_ICONS,
    WINNER_CHOICES,
)
from .game import (
    EVENT_FIELDS,
    TABLE_EVENTS,
    _boxes_problem,
    _city_kind_problem,
    _elimination_problem,
    _missile_holder_problem,
    _no_city_problem,
    _second_scar_problem,
    _table_event_text,
)
from .rewards import _TARGET_CHECKS, why_not_reward_turn
from .setup import _card_coins_problem
from .state import Game, RiskLegacyState, _check_territory, _plural, _quoted


def suggested_seats(state: RiskLegacyState) -> list[tuple[str, str | None]]:
    """The seats (player, faction) a form offers first for the next game; nothing is decided
    here, every seat is checked when the game is logged.

    After a game: its players, each with the faction they played, clockwise as they sat, from
    the previous winner: the rulebook gives the first turn to "the player who came in first".
    Before game 1: the roster in its order when it is one table's worth of players, without
    factions (nobody has one yet).
    """
    last = state.last_game
    if last is None:
        fits = MIN_SEATS <= len(state.players) <= MAX_SEATS
        return [(player, None) for player in state.players] if fits else []
    seats = last.seats
    first = next((i for i, seat in enumerate(seats) if seat.result == "won"), 0)
    return [(seat.player, seat.faction) for seat in seats[first:] + seats[:first]]


def may_add_coin(placement: dict[str, int], territory: str) -> bool:
    """Whether the setup's coin stickers, placed so far as `placement` (territory -> coins),
    can take one more on `territory`: one is left to place and the card stays within what it
    may hold before game 1. The setup page's + button and "Place at random" stop there."""
    if sum(placement.values()) >= COIN_STICKERS:
        return False
    return _card_coins_problem(territory, placement.get(territory, 0) + 1) is None


def random_placement(placement: dict[str, int], rng: random.Random | None = None) -> dict[str, int]:
    """The coins still to place, put at random, keeping those placed by hand: the rulebook's
    suggestion when a group cannot decide (one coin on each card drawn from the shuffled
    territory deck), skipping a drawn card that already holds the most a card may hold
    before game 1. The setup entry is checked like any placement."""
    placed = dict(placement)
    for territory in (rng or random).sample(TERRITORIES, len(TERRITORIES)):
        if may_add_coin(placed, territory):
            placed[territory] += 1
    return placed


def missile_holders(state: RiskLegacyState, game: Game) -> list[str]:
    """The seated players who may be holding an unfired Missile, in seat order."""
    return [seat.player for seat in game.seats if _missile_holder_problem(state, game, seat.player) is None]


def eliminable(game: Game) -> list[str]:
    """The seated players who may be eliminated now, in seat order: none once only one stands."""
    return [seat.player for seat in game.seats if _elimination_problem(game, seat.player) is None]


def scar_targets(state: RiskLegacyState, allowed_by_card: bool = False) -> list[str]:
    """The territories a scar may go to now, in board order: those without a scar, or every
    territory when a card or packet lets it cover one."""
    return [t for t in TERRITORIES if allowed_by_card or state.territories[t].scar is None]


def scar_placers(game: Game, allowed_by_card: bool = False) -> list[str]:
    """The seated players who may place a scar now, in seat order: those who have not placed
    one this game (one Scar card each), or everyone when a card or packet lets them."""
    return [
        seat.player for seat in game.seats if _second_scar_problem(game, seat.player, allowed_by_card) is None
    ]


def fortification_box_targets(state: RiskLegacyState) -> list[str]:
    """The territories whose fortification can take a box, in board order."""
    return [t for t in TERRITORIES if _boxes_problem(state, t, 1) is None]


def city_targets(state: RiskLegacyState, allowed_by_card: bool = False) -> list[str]:
    """The territories a city may be placed in by a card or packet, in board order."""
    return [t for t in TERRITORIES if allowed_by_card or _no_city_problem(state, t) is None]


def city_kinds_left(state: RiskLegacyState) -> list[str]:
    """The kinds of city a card or packet may place now."""
    return [kind for kind in CITY_KINDS if _city_kind_problem(state, kind) is None]


def reward_targets(state: RiskLegacyState, player: str) -> dict[str, list[str]]:
    """For each choice `player` may make now, its valid targets (territories or continents).

    {} when it is not the player's turn (see `why_not_reward_turn`). The winner gets the six
    winner's choices, a held-on player Found a Minor City and Add a resource; an empty list
    means that choice has no target left. Names, the delta of a bonus change (see
    `bonus_deltas`) and a faction name are checked when the reward is applied.
    """
    if player not in state.players or why_not_reward_turn(state, player) is not None:
        return {}
    game = state.last_game
    choices = WINNER_CHOICES if player == game.winner else HELD_ON_CHOICES
    targets: dict[str, list[str]] = {}
    for kind in choices:
        candidates = CONTINENTS if CHOICE_FIELDS[kind][0][0] == "continent" else TERRITORIES
        check = _TARGET_CHECKS[kind]
        targets[kind] = sorted(c for c in candidates if not check(state, game, player, c))
    return targets


def scar_cards_dealt(deck_size: int | None, players: int) -> bool | None:
    """Whether Scar cards are dealt this game: one to each player if the deck has enough for
    everyone, otherwise none. None when the group has not said how many the deck holds."""
    if deck_size is None or players == 0:
        return None
    return deck_size >= players


def setup_tokens(state: RiskLegacyState, player: str) -> dict[str, int]:
    """A player who never signed starts with a Red Star, one who has with a Missile per signature."""
    signed = state.signatures(player)
    return {"red_stars": 0 if signed else 1, "missiles": signed}


def faction_history(state: RiskLegacyState, faction: str) -> list[dict[str, Any]]:
    """The back of a faction card: the games it was played in."""
    return [
        {"game": game.number, "player": seat.player, "start": seat.start, "result": seat.result}
        for game in state.games
        for seat in game.seats
        if seat.faction == faction
    ]


def homeland(state: RiskLegacyState, faction: str) -> str | None:
    """The continent where a faction started most often in games 1–15; a tie means none."""
    counts: dict[str, int] = {}
    for entry in faction_history(state, faction):
        if entry["game"] <= LAST_REWARD_GAME:
            continent = CONTINENT_OF[entry["start"]]
            counts[continent] = counts.get(continent, 0) + 1
    if not counts:
        return None
    most = max(counts.values())
    leaders = [continent for continent, count in counts.items() if count == most]
    return leaders[0] if len(leaders) == 1 else None


def packet_prompts(state: RiskLegacyState) -> list[dict[str, Any]]:
    """The packet conditions the tracker has seen met, in the order they were met, so a
    page can say "open the packet marked … now" (packets opened are `state.opened_packets`)."""
    met = sorted(state.conditions_met.items(), key=lambda item: item[1])
    return [{"condition": key, "label": PACKET_CONDITIONS[key], "game": game} for key, game in met]


def _packet_words(text: str) -> str:
    """A packet's name reduced to its words: no case, no parenthesis, no punctuation."""
    text = re.sub(r"\(.*?\)", " ", text.casefold())
    return " ".join(re.findall(r"[a-z0-9]+", text))


def packets_to_open(state: RiskLegacyState) -> list[dict[str, Any]]:
    """The packet prompts whose packet has not been recorded as opened yet.

    A packet is recorded under the words printed on it, which a group types in its own way
    ("A player is eliminated", "Open when a player is eliminated!"): it answers a prompt
    when either's words contain the other's.
    """
    opened = [_packet_words(packet.name) for packet in state.opened_packets]
    waiting = []
    for prompt in packet_prompts(state):
        label = _packet_words(prompt["label"])
        if not any(name and (name in label or label in name) for name in opened):
            waiting.append(prompt)
    return waiting


#: The fewest troops a player recruits from territories and population.
LEAST_RECRUITED = 3


@dataclass(slots=True)
class Recruitment:
    """The troops a player recruits, part by part (docs/rules.md's formula)."""

    territories: int
    population: int
    base: int  # max(LEAST_RECRUITED, (territories + population) // 3)
    continent_bonuses: dict[str, int]  # each continent fully held: its bonus (+1 for its namer)
    traded_in: int  # troops for the Resource icons traded, from the trade-in chart
    named_by_player: list[str] = field(default_factory=list)  # bonuses above with the namer's +1

    @property
    def total(self) -> int:
        return self.base + sum(self.continent_bonuses.values()) + self.traded_in

    @property
    def least(self) -> bool:
        """The base is the least a player recruits, whatever they hold."""
        return self.base == LEAST_RECRUITED


def recruitment(
    state: RiskLegacyState,
    player: str,
    controlled_territories: Iterable[str],
    icons_traded: int = 0,
    cards_traded: int = 0,
) -> Recruitment:
    """A calculator, not a record: raises RuleError for unknown territories, a trade-in of
    fewer than 2 Resource cards, or a number of Resource icons the trade-in chart does not list."""
    controlled = set()
    for territory in controlled_territories:
        _check_territory(territory, None, "territories")
        controlled.add(territory)
    population = sum(state.territories[t].city.population for t in controlled if state.territories[t].city)
    base = max(LEAST_RECRUITED, (len(controlled) + population) // 3)
    bonuses, named = {}, []
    for key, continent in state.continents.items():
        if set(CONTINENT_TERRITORIES[key]) <= controlled:
            namer = bool(player) and continent.named_by == player
            bonuses[key] = continent.bonus + (1 if namer else 0)
            if namer:
                named.append(key)
    return Recruitment(
        territories=len(controlled),
        population=population,
        base=base,
        continent_bonuses=bonuses,
        traded_in=trade_in_troops(state, icons_traded, cards_traded),
        named_by_player=named,
    )


#: The fewest Resource cards a trade-in takes (rulebook: "If you have 2 or more Resource cards").
LEAST_CARDS_TRADED = 2


def trade_in_troops(state: RiskLegacyState, icons_traded: int, cards_traded: int = 0) -> int:
    """The troops for the Resource icons (coins) on the cards traded in, 0 for none. A trade-in
    takes 2 or more Resource cards (docs/rules.md, 2026-12-01), each showing one icon or more."""
    field_name = "icons"
    if not is_whole(icons_traded) or icons_traded < 0:
        raise RuleError("the number of Resource icons traded in must be a whole number", field=field_name)
    if not is_whole(cards_traded) or cards_traded < 0:
        raise RuleError("the number of Resource cards traded in must be a whole number", field="cards")
    if icons_traded == 0 and cards_traded == 0:
        return 0
    if state.trade_in_chart is None:
        raise RuleError(
            "The trade-in chart has not been entered: enter the board's chart on the setup page",
            field=field_name,
        )
    first, last = TRADE_IN_ICONS[0], TRADE_IN_ICONS[-1]
    if icons_traded and icons_traded not in TRADE_IN_ICONS:
        raise RuleError(
            f"A trade-in is {first} to {last} Resource icons, not {icons_traded}",
            field=field_name,
        )
    if icons_traded and icons_traded not in state.trade_in_chart:
        listed = ", ".join(str(n) for n in sorted(state.trade_in_chart))
        raise RuleError(
            f"The trade-in chart has no line for {icons_traded} Resource icons (it lists {listed}): "
            "correct the chart on the setup page",
            field=field_name,
        )
    if cards_traded == 0:
        raise RuleError(
            f"How many Resource cards are traded in? A trade-in needs {LEAST_CARDS_TRADED} or more",
            field="cards",
        )
    if cards_traded < LEAST_CARDS_TRADED:
        raise RuleError(
            f"A trade-in needs {LEAST_CARDS_TRADED} or more Resource cards, not {cards_traded}", field="cards"
        )
    if icons_traded < cards_traded:
        raise RuleError(
            f"{cards_traded} Resource cards show at least {cards_traded} Resource icons, not {icons_traded}: "
            "count the coins on every card traded in",
            field=field_name,
        )
    return state.trade_in_chart[icons_traded]


def describe(entry: Entry) -> str:
    """An entry in one sentence of players' words, naming what it did ("Ana signed the
    victor's section and chose Found a Major City: New Cairo in Egypt"): the Play page's
    "Recorded: …", undo's "Undone: …" and the recent entries. Never a raw code."""
    data = entry.data
    kind = entry.kind
    if kind == "setup":
        coins = sum(n for n in data.get("coin_stickers", {}).values() if is_whole(n))
        chart = ", and the trade-in chart" if "trade_in_chart" in data else ""
        return f"The campaign's setup: the starting powers and {_plural(coins, 'coin sticker')}{chart}"
    if kind == "trade_in_chart":
        return "The trade-in chart corrected"
    if kind == "game":
        seats = ", ".join(
            f"{s.get('player')} ({s.get('faction')}, from {s.get('start')})"
            for s in data.get("seats", [])
            if isinstance(s, dict)
        )
        # No date: pages show the game's date beside it in the app's one date format.
        return f"Game {data.get('number')} started: {seats}"
    if kind == "packet":
        return f"Packet opened: {_quoted(str(data.get('name')))}"
    if kind == "event":
        return _event_words(data)
    if kind == "game_end":
        results = data.get("results", {})
        winner = next((p for p, r in results.items() if r == "won"), None)
        out = [p for p, r in results.items() if r == "eliminated"]
        return f"Game over: {winner} won" + (f"; {join_names(out)} eliminated" if out else "")
    if kind == "reward":
        player = data.get("player")
        chosen = data.get("choice")
        if "sign" in data:
            comment = data["sign"].get("comment") if isinstance(data["sign"], dict) else None
            signed = f"{player} signed the victor's section" + (f" ({_quoted(comment)})" if comment else "")
            return f"{signed} and chose {_choice_words(chosen)}" if isinstance(chosen, dict) else signed
        return f"{player} chose {_choice_words(chosen)}" if isinstance(chosen, dict) else f"{player} passed"
    if kind == "world":
        rolled = " after a roll-off" if data.get("roll_off") else ""
        return f"The world named The World Of {data.get('name')} by {data.get('named_by')}{rolled}"
    return key_words(kind).capitalize()


def _event_words(data: dict) -> str:
    kind = data.get("type")
    covering = " (a card allowed it to cover another)" if data.get("allowed_by_card") else ""
    if kind == "scar":
        # A card lets a scar cover another, or a player place a second one in a game.
        allowed = " (a card allowed it)" if data.get("allowed_by_card") else ""
        return f"{data.get('player')} scarred {data.get('territory')}: {data.get('scar')}{allowed}"
    if kind == "fortification_box":
        count = data.get("count")
        boxes = _plural(count, "fortification box", "fortification boxes") if is_whole(count) else "boxes"
        return f"{boxes} ticked on {data.get('territory')}"
    if kind == "city":
        label = CITY_LABEL.get(data.get("kind"), "city")
        founded = f"the {label} {data.get('name')} in {data.get('territory')}"
        return f"{data.get('player')} founded {founded}{covering}"
    if kind in TABLE_EVENTS and all(k in data for k in EVENT_FIELDS[kind]):
        return _table_event_text(data)
    return f"An event: {key_words(kind)}"


def _choice_words(choice: dict) -> str:
    """A reward's choice and what it names: "Found a Major City: New Cairo in Egypt"."""
    kind = choice.get("type")
    label = CHOICE_LABEL.get(kind, key_words(kind))
    territory, continent, name = choice.get("territory"), choice.get("continent"), choice.get("name")
    if kind in ("found_major_city", "found_minor_city"):
        words = f"{label}: {name} in {territory}"
        if choice.get("faction_name"):
            words += f", naming the faction {_quoted(choice['faction_name'])}"
        return words
    if kind == "name_continent":
        return f"{label}: {_quoted(str(name))} for {continent}"
    if kind == "change_continent_bonus":
        delta = choice.get("delta")
        return f"{label}: {continent} {'+1' if delta == 1 else '−1'}"
    return f"{label}: {territory or continent}"
