"""What the Risk Legacy rules tests share: a campaign built by applying entries, exactly as the
forms and the journal import do, and the small boards and journals the tests start from."""

from __future__ import annotations

import copy

import pytest

from campaigns.rules import base
from campaigns.rules import risk_legacy as rl
from campaigns.rules.base import Entry, RuleError

PLAYERS = ["Ana", "Ben", "Cid", "Dee", "Eve"]
MECH, BEAR, BALK, KHAN, SAHARA = rl.FACTIONS
POWERS = {faction: f"{faction}'s starting power" for faction in rl.FACTIONS}
COINS = {"Brazil": 2, "Egypt": 2, "Ural": 2, "Japan": 1, "Iceland": 1, "Peru": 1, "Siam": 2, "Quebec": 1}
CHART = {"2": 2, "3": 4, "4": 7, "5": 10}
SEATS = [("Ana", KHAN, "Egypt"), ("Ben", BEAR, "Peru"), ("Cid", MECH, "Ural")]


# --------------------------------------------------------------------------------------
# Helpers: a campaign is built by applying entries, exactly as the forms and import do.
# --------------------------------------------------------------------------------------


def apply(state, kind, data):
    """Apply one entry as the fold does: with what its ruling and the house rules set aside."""
    opening = kind == "game" and isinstance(data, dict)
    game = data.get("number", len(state.games) + 1) if opening else len(state.games)
    base.apply_with_law(rl, state, Entry(kind, data), game)
    return state


def refuse(state, kind, data) -> RuleError:
    """Apply an entry that must be refused; the state must come out untouched."""

    before = copy.deepcopy(state)
    with pytest.raises(RuleError) as caught:
        apply(state, kind, data)
    assert state == before, "a refused entry changed the state"
    return caught.value


def setup_data(**changes):
    data = {"starting_powers": dict(POWERS), "coin_stickers": dict(COINS)}
    data.update(changes)
    return data


def campaign(players=PLAYERS, **setup_changes):
    return apply(rl.new_state(players), "setup", setup_data(**setup_changes))


def seat_rows(seats):
    return [{"player": p, "faction": f, "start": s} for p, f, s in seats]


def game_data(state, seats=SEATS, number=None, played_on="2026-09-03"):
    return {"number": number or state.next_game_number, "played_on": played_on, "seats": seat_rows(seats)}


def start(state, seats=SEATS, **kwargs):
    return apply(state, "game", game_data(state, seats, **kwargs))


def auto_seats(state, players=("Ana", "Ben", "Cid"), factions=(KHAN, BEAR, MECH)):
    """Seats with the first legal start for each player in turn."""
    chosen = []
    for player in players:
        chosen.append(rl.legal_starts(state, player, chosen)[0])
    return list(zip(players, factions, chosen, strict=True))


def end(state, results=None, end_control=None):
    game = state.last_game
    if results is None:
        results = {s.player: ("won" if i == 0 else "held_on") for i, s in enumerate(game.seats)}
    data = {"results": results}
    if end_control is not None:
        data["end_control"] = end_control
    return apply(state, "game_end", data)


def choice(kind, **fields):
    return {"type": kind, **fields}


def win(state, chosen, comment=None):
    sign = {} if comment is None else {"comment": comment}
    return apply(state, "reward", {"player": state.last_game.winner, "sign": sign, "choice": chosen})


def held(state, player, chosen):
    return apply(state, "reward", {"player": player, "choice": chosen})


def spare_card(state):
    return next(t for t in rl.TERRITORIES if not state.territories[t].card_destroyed)


def play(state, winner_choice=None, seats=None, results=None, end_control=None):
    """A whole game: auto seats (first seat wins unless told), its end and the winner's reward;
    after game 15 the held-on players pass, so that the world may be named."""
    start(state, seats or auto_seats(state))
    end(state, results, end_control)
    if state.last_game.number <= rl.LAST_REWARD_GAME:
        win(state, winner_choice or choice("destroy_territory_card", territory=spare_card(state)))
    if state.last_game.number == rl.LAST_REWARD_GAME:
        for player in list(state.reward_queue):
            held(state, player, None)
    return state


def in_rewards(seats=SEATS, results=None, end_control=None, winner_choice=None):
    """Game 1 ended and its winner rewarded: held-on players to choose."""
    state = campaign()
    start(state, seats)
    end(state, results, end_control)
    win(state, winner_choice or choice("destroy_territory_card", territory="Siam"))
    return state


def after_end(seats=SEATS, results=None, end_control=None):
    state = campaign()
    start(state, seats)
    return end(state, results, end_control)


def fifteen_games(winners=None):
    """15 games played; `winners[i]` wins game i+1 (Ana by default)."""
    state = campaign()
    for number in range(1, 16):
        winner = winners[number - 1] if winners else "Ana"
        others = [p for p in ("Ana", "Ben", "Cid") if p != winner]
        play(state, seats=auto_seats(state, (winner, *others)))
    return state


def scarred_and_built():
    """After game 1: a Bunker on Peru, Ana's Major City in Egypt (scarred too), Ben's Minor City
    in Brazil."""
    state = campaign()
    start(state)
    apply(state, "event", {"type": "scar", "player": "Ben", "territory": "Peru", "scar": "Bunker"})
    apply(state, "event", {"type": "scar", "player": "Cid", "territory": "Egypt", "scar": "Ammo Shortage"})
    end(state, {"Ana": "won", "Ben": "held_on", "Cid": "held_on"})
    win(state, choice("found_major_city", territory="Egypt", name="Nova Cairo"))
    held(state, "Ben", choice("found_minor_city", territory="Brazil", name="Rio Nuevo"))
    return state


BIOHAZARD = {"name": "Biohazard", "effect": "Lose a troop here each turn."}


def scar(player, territory, scar_type):
    return {"type": "scar", "player": player, "territory": territory, "scar": scar_type}


def city(territory, kind, name, player="Ana"):
    return {"type": "city", "territory": territory, "kind": kind, "name": name, "player": player}


def boxes(territory, count):
    return {"type": "fortification_box", "territory": territory, "count": count}


def playing():
    return start(campaign())


def fortified_egypt():
    """Game 2 in progress, Egypt holding Ana's fortified Major City."""
    state = campaign()
    play(state, choice("found_major_city", territory="Egypt", name="Nova Cairo"), seats=SEATS)
    play(state, choice("fortify_city", territory="Egypt"), seats=SEATS)
    return start(state, SEATS)


RESULTS = {"Ana": "won", "Ben": "held_on", "Cid": "eliminated"}


CONTROL = {"Ana": ["Egypt"], "Ben": ["Peru", "Brazil"], "Cid": ["Ural"]}


TIED = ["Ana", "Ben"] * 7 + ["Cid"]  # Ana 7, Ben 7, Cid 1


def tied_world():
    """15 games, Ana and Ben tied on 7 signatures; Ben named one continent (game 2)."""
    state = campaign()
    for number, winner in enumerate(TIED, 1):
        others = [p for p in ("Ana", "Ben", "Cid") if p != winner]
        chosen = choice("name_continent", continent="Africa", name="Sahel") if number == 2 else None
        play(state, chosen, seats=auto_seats(state, (winner, *others)))
    return state


SETUP = {"starting_powers": POWERS, "coin_stickers": COINS}


def jseat(player, faction, start, result=None):
    row = {"player": player, "faction": faction, "start": start}
    if result is not None:
        row["result"] = result
    return row


def jgame(number, results=("won", "held_on", "held_on"), seats=SEATS, **optional):
    rows = [jseat(*seat, result) for seat, result in zip(seats, results or [None] * len(seats), strict=True)]
    return {"number": number, "played_on": f"2026-09-{number:02d}", "seats": rows, **optional}


def first_reward(comment=None, territory="Siam"):
    sign = {} if comment is None else {"comment": comment}
    return {"player": "Ana", "sign": sign, "choice": choice("destroy_territory_card", territory=territory)}


def a_journal(games, **extra):
    return {
        "format": "campaign-journal/1",
        "system": "risk-legacy",
        "name": "Thursday Earth",
        "players": PLAYERS,
        "setup": copy.deepcopy(SETUP),
        "games": games,
        **extra,
    }
