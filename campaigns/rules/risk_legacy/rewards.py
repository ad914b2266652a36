"""The end-of-game rewards: whose turn it is to sign and choose, which choices and targets
are legal now (`_TARGET_CHECKS`, `_DETAIL_CHECKS`), and what each choice changes."""

from __future__ import annotations

import copy
from typing import Any

from ..base import Problem, RuleError, refuse
from ..checks import is_text, is_whole
from . import rulebook as rules
from .box import (
    CHOICE_FIELDS,
    CHOICE_LABEL,
    FORTIFICATION_BOXES,
    HELD_ON_CHOICES,
    LAST_REWARD_GAME,
    MAX_RESOURCES,
    WINNER_CHOICES,
)
from .game import _city_supply_problem, _condition_met, _found_city, _no_city_problem
from .state import (
    Fortification,
    Game,
    Reward,
    RiskLegacyState,
    Signature,
    _check_continent,
    _check_player,
    _check_shape,
    _check_territory,
    _end_standing,
    _plural,
    _quoted,
    _record,
)


def _reward_place(state: RiskLegacyState, data: Any) -> str:
    game = state.last_game
    player = data.get("player") if isinstance(data, dict) else None
    where = f"game {game.number}, reward {len(game.rewards) + 1}" if game else "reward"
    return f"{where} ({player})" if isinstance(player, str) else where


def gives_rewards(game_number: int) -> bool:
    """Whether a game ends with rewards: games 1 to 15 do; later ones change the world, no more."""
    return game_number <= LAST_REWARD_GAME


def why_not_reward_turn(state: RiskLegacyState, player: str) -> str | None:
    """Why `player` may not choose a reward now, or None when they may.

    The winner first; then held-on players clockwise from the winner, each once: a player
    who was skipped has passed. Eliminated players never choose.
    """
    game = state.last_game
    if game is None:
        return "Rewards come after a game: no game has been logged yet"
    if game.in_progress:
        return f"Rewards come after the game's end: game {game.number} is in progress"
    if not gives_rewards(game.number):
        return f"No rewards after game {LAST_REWARD_GAME}"
    seat = game.seat_of(player)
    if seat is None:
        return f"{player} did not play game {game.number}"
    if seat.result == "eliminated":
        return f"{player} was eliminated in game {game.number}: eliminated players get no reward"
    if player in game.reward_queue:
        if not game.winner_rewarded and player != game.winner:
            return f"The winner ({game.winner}) chooses first"
        return None
    if seat.result == "won":
        return f"{player} has already chosen the winner's reward"
    if state.world is not None and game.number == LAST_REWARD_GAME:
        return f"The world has been named: game {LAST_REWARD_GAME}'s rewards are over"
    if any(reward.player == player for reward in game.rewards):
        return f"{player} has already had a turn: each held-on player chooses once"
    return (
        f"{player}'s turn has passed: held-on players choose clockwise from the winner, "
        "and a later seat has already chosen"
    )


def _check_reward(state: RiskLegacyState, data: Any) -> None:
    place = _reward_place(state, data)
    _check_shape(data, ("player", "choice"), ("sign",), "the reward", place)
    player = data["player"]
    _check_player(state, player, place, "player")
    problem = why_not_reward_turn(state, player)
    if problem:
        refuse(rules.REWARD_ORDER, problem, place=place, field="player")
    game = state.last_game
    is_winner = player == game.winner
    if is_winner and "sign" not in data:
        refuse(rules.WINNER_SIGNS, "The winner signs the victor's section: 'sign' is missing", place=place,
               field="sign")
    if not is_winner and "sign" in data:
        refuse(rules.WINNER_SIGNS, "Only the winner signs the victor's section", place=place, field="sign")
    if is_winner:
        _check_shape(data["sign"], (), ("comment",), "'sign'", place)
        if "comment" in data["sign"] and not isinstance(data["sign"]["comment"], str):
            raise RuleError("The signature's comment must be a text", place=place, field="comment")
    _check_choice(state, game, player, data["choice"], is_winner, place)


def _check_choice(
    state: RiskLegacyState, game: Game, player: str, choice: Any, is_winner: bool, place: str
) -> None:
    allowed = WINNER_CHOICES if is_winner else HELD_ON_CHOICES
    if choice is None:
        if is_winner:
            refuse(rules.WINNERS_REWARDS, "The winner must choose one of the six rewards", place=place,
                   field="choice")
        return  # a held-on player may pass
    if not isinstance(choice, dict):
        raise RuleError("'choice' must be a JSON object, or null to pass", place=place, field="choice")
    kind = choice.get("type")
    if not isinstance(kind, str) or kind not in CHOICE_FIELDS:
        raise RuleError(f"a choice's 'type' must be one of {', '.join(allowed)}", place=place, field="type")
    label = CHOICE_LABEL[kind]
    if kind not in allowed:
        if is_winner:
            message = (
                f"{label} is a held-on player's reward: the winner chooses one of the six winner's rewards"
            )
        else:
            message = (
                f"{label} is a winner's reward: "
                "a held-on player may Found a Minor City, Add a resource or pass"
            )
        refuse(rules.WINNERS_REWARDS, message, place=place, field="type")
    prefix = f"{label}: "
    required, optional = CHOICE_FIELDS[kind]
    _check_shape(choice, ("type", *required), optional, "the choice", place, prefix)
    if "territory" in required:
        _check_territory(choice["territory"], place, "territory", prefix)
        target, target_field = choice["territory"], "territory"
    else:
        _check_continent(state, choice["continent"], place, "continent", prefix)
        target, target_field = choice["continent"], "continent"
    for text_field in ("name", "faction_name"):
        if text_field in choice and not is_text(choice[text_field]):
            raise RuleError(f"{prefix}'{text_field}' must be a non-empty text", place=place, field=text_field)
    for problem in _TARGET_CHECKS[kind](state, game, player, target):
        refuse(problem.rule, prefix + problem.message, place=place, field=target_field)
    detail = _DETAIL_CHECKS.get(kind)
    for problem in detail(state, game, player, choice) if detail is not None else ():
        refuse(problem.rule, prefix + problem.message, place=place, field=problem.field)


# The target checks: every reason this territory / continent is no target of the choice now,
# each with its rule (none: a legal target). reward_targets (table.py) lists exactly the
# targets these accept.


def _control_problems(game: Game, player: str, territory: str) -> list[Problem]:
    """Held-on rewards need a territory controlled at the end; checked only when logged."""
    if game.end_control is None:
        return []  # not logged: the player's word is taken
    if territory not in game.end_control.get(player, []):
        return [Problem(rules.CONTROLLED_AT_THE_END,
                        f"{player} did not control {territory} at the end of game {game.number}")]
    return []


def _supply(state: RiskLegacyState, kind: str) -> list[Problem]:
    problem = _city_supply_problem(state, kind)
    return [Problem(rules.CITY_STICKERS_LEFT, problem)] if problem else []


def _no_city(state: RiskLegacyState, territory: str) -> list[Problem]:
    problem = _no_city_problem(state, territory)
    return [Problem(rules.CITY_COVERS_NO_CITY, problem)] if problem else []


def _name_continent_target(state, game, player, continent) -> list[Problem]:
    named = state.continents[continent]
    if named.name is not None:
        return [
            Problem(
                rules.CONTINENT_NAMED_ONCE,
                f"{continent} is already named {named.name} (by {named.named_by} in game {named.named_in})",
            )
        ]
    return []


def _found_major_city_target(state, game, player, territory) -> list[Problem]:
    return _supply(state, "major") + _no_city(state, territory)


def _cancel_scar_target(state, game, player, territory) -> list[Problem]:
    if state.supplies.white_stickers == 0:
        return [Problem(rules.SCAR_TO_CANCEL, "no white stickers are left")]
    if state.territories[territory].scar is None:
        return [Problem(rules.SCAR_TO_CANCEL, f"{territory} has no scar")]
    return []


def _change_continent_bonus_target(state, game, player, continent) -> list[Problem]:
    changed = state.continents[continent]
    problems = []
    if changed.change:
        problems.append(Problem(rules.CONTINENT_CHANGED_ONCE, (
            f"{continent}'s bonus was already changed ({changed.change:+d} in game "
            f"{changed.changed_in}): a continent changes once"
        )))
    if not bonus_deltas(state):
        problems.append(Problem(rules.CONTINENT_MARKS_LEFT, "the +1 and -1 marks are both used"))
    return problems


def _fortify_city_target(state, game, player, territory) -> list[Problem]:
    if state.supplies.fortifications == 0:
        return [Problem(rules.CITY_TO_FORTIFY, "no fortification marks are left")]
    if state.territories[territory].city is None:
        return [Problem(rules.CITY_TO_FORTIFY, f"{territory} has no city to fortify")]
    return []


def _destroy_territory_card_target(state, game, player, territory) -> list[Problem]:
    if state.territories[territory].card_destroyed:
        return [Problem(rules.CARD_DESTROYED_ONCE, f"{territory}'s card is already destroyed")]
    return []


def _found_minor_city_target(state, game, player, territory) -> list[Problem]:
    return _supply(state, "minor") + _control_problems(game, player, territory) + _no_city(state, territory)


def _add_resource_target(state, game, player, territory) -> list[Problem]:
    marks = state.territories[territory]
    problems = _control_problems(game, player, territory)
    if marks.card_destroyed:
        problems.append(Problem(rules.SIX_RESOURCES_AT_MOST,
                                f"{territory}'s card is destroyed: it takes no more stickers"))
    elif marks.resources >= MAX_RESOURCES:
        held = "already holds" if marks.resources == MAX_RESOURCES else f"holds {marks.resources}, more than"
        problems.append(
            Problem(
                rules.SIX_RESOURCES_AT_MOST,
                f"{territory}'s card {held} {MAX_RESOURCES} resources, the most a card may hold",
            )
        )
    return problems


_TARGET_CHECKS = {
    "name_continent": _name_continent_target,
    "found_major_city": _found_major_city_target,
    "cancel_scar": _cancel_scar_target,
    "change_continent_bonus": _change_continent_bonus_target,
    "fortify_city": _fortify_city_target,
    "destroy_territory_card": _destroy_territory_card_target,
    "found_minor_city": _found_minor_city_target,
    "add_resource": _add_resource_target,
}


# The detail checks: the rest of a choice (a name, a delta), every reason to refuse it.


def _name_continent_detail(state, game, player, choice) -> list[Problem]:
    name = choice["name"].strip().casefold()
    taken = next((c for c in state.continents.values() if c.name and c.name.strip().casefold() == name), None)
    if taken is not None:
        return [
            Problem(
                rules.CONTINENT_NAMED_ONCE,
                f"{taken.name} is already the name of {taken.key}: a continent's name is unique",
                "name",
            )
        ]
    return []


def _change_continent_bonus_detail(state, game, player, choice) -> list[Problem]:
    delta = choice["delta"]
    if not is_whole(delta) or delta not in (1, -1):
        return [Problem(None, "'delta' must be +1 or -1", "delta")]
    if delta not in bonus_deltas(state):
        return [Problem(rules.CONTINENT_MARKS_LEFT, f"the {delta:+d} mark is already used", "delta")]
    return []


def _found_minor_city_detail(state, game, player, choice) -> list[Problem]:
    if "faction_name" not in choice:
        return []
    seat = game.seat_of(player)
    faction = state.factions[seat.faction] if seat is not None else None
    if faction is not None and faction.name is not None:
        return [
            Problem(
                rules.FACTION_NAMED_ONCE,
                f"{faction.key} is already named {faction.name}: a faction is named once",
                "faction_name",
            )
        ]
    return []


_DETAIL_CHECKS = {
    "name_continent": _name_continent_detail,
    "change_continent_bonus": _change_continent_bonus_detail,
    "found_minor_city": _found_minor_city_detail,
}


def bonus_deltas(state: RiskLegacyState) -> list[int]:
    """The continent bonus marks still in the box: +1 and/or -1."""
    return [delta for delta, left in ((1, state.supplies.plus_one), (-1, state.supplies.minus_one)) if left]


def _change_reward(state: RiskLegacyState, data: dict) -> None:
    game = state.last_game
    player = data["player"]
    if "sign" in data:
        state.victors.append(
            Signature(
                game=game.number, player=player, played_on=game.played_on, comment=data["sign"].get("comment")
            )
        )
        if state.signatures(player) == 2:
            _condition_met(state, "second_signature", game.number)
        comment = data["sign"].get("comment")
        _record(
            state, game, "signed",
            f"{player} signed the victor's section" + (f": {_quoted(comment)}" if comment else ""),
            player=player,
        )
    choice = copy.deepcopy(data["choice"])
    if choice is not None:
        _CHOICE_EFFECTS[choice["type"]](state, game, player, choice)
    else:
        _record(state, game, "passed", f"{player} passed", player=player)
    game.rewards.append(Reward(player=player, signed="sign" in data, choice=choice))
    # Everyone before this player in the queue has passed.
    del game.reward_queue[: game.reward_queue.index(player) + 1]


# Each choice's effect, and its record in words.


def _name_continent(state, game, player, choice) -> None:
    continent = state.continents[choice["continent"]]
    continent.name, continent.named_by, continent.named_in = choice["name"], player, game.number
    _record(
        state, game, "name_continent", f"{player} named {continent.key} {_quoted(continent.name)}",
        player=player, continent=continent.key,
    )


def _found_major_city(state, game, player, choice) -> None:
    _found_city(state, game, choice["territory"], "major", choice["name"], player)


def _cancel_scar(state, game, player, choice) -> None:
    territory = choice["territory"]
    marks = state.territories[territory]
    scar = marks.scar
    marks.scar = marks.scars_under.pop() if marks.scars_under else None  # a scar stacked under it shows again
    state.supplies.white_stickers -= 1
    _end_standing(state, territory, "scar", f"cancelled in game {game.number} by {player}")
    _record(
        state, game, "cancel_scar", f"{player} cancelled the {scar} scar on {territory} with a white sticker",
        player=player, territory=territory,
    )


def _change_continent_bonus(state, game, player, choice) -> None:
    continent = state.continents[choice["continent"]]
    continent.change, continent.changed_in = choice["delta"], game.number
    if choice["delta"] == 1:
        state.supplies.plus_one -= 1
    else:
        state.supplies.minus_one -= 1
    sign = "+" if continent.change > 0 else "−"
    _record(
        state, game, "change_continent_bonus",
        f"{player} changed {continent.key}'s bonus by {sign}1: "
        f"{continent.base_bonus} becomes {continent.bonus}",
        player=player, continent=continent.key,
    )


def _fortify_city(state, game, player, choice) -> None:
    territory = choice["territory"]
    marks = state.territories[territory]
    text = f"{player} fortified {marks.city.name} in {territory}: {FORTIFICATION_BOXES} boxes"
    if marks.fortification is not None:
        # Re-fortifying starts a fresh 10 boxes: the old ones are lost.
        left = marks.fortification.boxes_left
        lost = f"{_plural(left, 'box', 'boxes')} left {'was' if left == 1 else 'were'} lost"
        _end_standing(state, territory, "fortify_city", f"replaced in game {game.number}: its {lost}")
        text += f" (a fresh {FORTIFICATION_BOXES}: the {lost})"
    marks.fortification = Fortification()
    state.supplies.fortifications -= 1
    _record(state, game, "fortify_city", text, player=player, territory=territory)


def _destroy_territory_card(state, game, player, choice) -> None:
    territory = choice["territory"]
    state.territories[territory].card_destroyed = True
    _record(
        state, game, "destroy_territory_card",
        f"{player} destroyed {territory}'s territory card: it takes no more stickers",
        player=player, territory=territory,
    )


def _found_minor_city(state, game, player, choice) -> None:
    also = ""
    if "faction_name" in choice:
        faction = state.factions[game.seat_of(player).faction]
        faction.name, faction.named_by, faction.named_in = choice["faction_name"], player, game.number
        also = f", and named {faction.key} {_quoted(faction.name)}"
    _found_city(state, game, choice["territory"], "minor", choice["name"], player, also)


def _add_resource(state, game, player, choice) -> None:
    territory = choice["territory"]
    state.territories[territory].resources += 1
    _record(
        state, game, "add_resource",
        f"{player} added a resource to {territory}: the card holds {state.territories[territory].resources}",
        player=player, territory=territory,
    )


_CHOICE_EFFECTS = {
    "name_continent": _name_continent,
    "found_major_city": _found_major_city,
    "cancel_scar": _cancel_scar,
    "change_continent_bonus": _change_continent_bonus,
    "fortify_city": _fortify_city,
    "destroy_territory_card": _destroy_territory_card,
    "found_minor_city": _found_minor_city,
    "add_resource": _add_resource,
}
