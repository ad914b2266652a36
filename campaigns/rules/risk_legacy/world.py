"""Naming the world after game 15: who may name it, the roll-off, and the name."""

from __future__ import annotations

from typing import Any

from ..base import RuleError, refuse
from ..checks import is_whole, join_names, require_text
from . import rulebook as rules
from .box import LAST_REWARD_GAME
from .state import RiskLegacyState, World, _check_player, _check_shape

DIE_FACES = 6  # a roll-off roll is a natural die roll, 1 to 6


def world_namers(state: RiskLegacyState) -> list[str]:
    """The players with the most signatures: one names the world, several roll off."""
    counts = {player: state.signatures(player) for player in state.players}
    most = max(counts.values(), default=0)
    return [player for player, count in counts.items() if count == most and most > 0]


def continents_named_by(state: RiskLegacyState, player: str) -> int:
    return sum(1 for continent in state.continents.values() if continent.named_by == player)


def why_not_name_world(state: RiskLegacyState) -> str | None:
    """The world is named once, after game 15 and once every reward of game 15 has been
    chosen or passed (rulebook "complete the 15th game and have chosen all the rewards")."""
    if state.world is not None:
        return f"The world is already named: The World Of {state.world.name}"
    if len(state.games) < LAST_REWARD_GAME:
        return f"The world is named after game {LAST_REWARD_GAME}: {len(state.games)} games are logged"
    game_15 = state.games[LAST_REWARD_GAME - 1]
    if game_15.in_progress:
        return f"The world is named after game {LAST_REWARD_GAME} has ended"
    if not game_15.winner_rewarded:
        return (
            f"The world is named after game {LAST_REWARD_GAME}'s winner ({game_15.winner}) "
            "has chosen a reward"
        )
    if game_15.reward_queue:
        waiting = join_names(game_15.reward_queue)
        return (
            f"The world is named once every reward of game {LAST_REWARD_GAME} is chosen or passed: "
            f"{waiting} {'has' if len(game_15.reward_queue) == 1 else 'have'} still to choose or pass"
        )
    return None


def _check_world(state: RiskLegacyState, data: Any) -> None:
    place = "world"
    _check_shape(data, ("name", "named_by"), ("roll_off",), "the world", place)
    problem = why_not_name_world(state)
    if problem:
        raise RuleError(problem, place=place)
    require_text(data, "name", place)
    named_by = data["named_by"]
    _check_player(state, named_by, place, "named_by")
    namers = world_namers(state)
    most = state.signatures(namers[0])
    if len(namers) == 1:
        if "roll_off" in data:
            refuse(
                rules.WORLD_NAMED_BY_MOST_SIGNATURES,
                f"There is no tie for the most signatures: {namers[0]} ({most}) names the world "
                "without a roll-off",
                place=place,
                field="roll_off",
            )
        if named_by != namers[0]:
            refuse(
                rules.WORLD_NAMED_BY_MOST_SIGNATURES,
                f"{namers[0]} has the most signatures ({most}): {namers[0]} names the world, not {named_by}",
                place=place,
                field="named_by",
            )
        return
    tied = f"{join_names(namers)} tie with {most} signatures"
    if "roll_off" not in data:
        refuse(rules.WORLD_NAMED_BY_MOST_SIGNATURES, f"{tied}: they roll off, and 'roll_off' is missing",
               place=place, field="roll_off")
        return  # the group ruled who names it without a roll-off
    rolls = data["roll_off"]
    if not isinstance(rolls, dict) or set(rolls) != set(namers):
        raise RuleError(f"{tied}: the roll-off holds exactly their rolls", place=place, field="roll_off")
    for player, roll in rolls.items():
        if not is_whole(roll) or not 1 <= roll <= DIE_FACES:
            raise RuleError(
                f"{player}'s roll must be a natural die roll, 1 to {DIE_FACES}", place=place, field="roll_off"
            )
    totals = roll_off_totals(state, rolls)
    best = max(totals.values())
    leaders = [player for player, total in totals.items() if total == best]
    if len(leaders) > 1:
        refuse(
            rules.WORLD_NAMED_BY_MOST_SIGNATURES,
            f"{join_names(leaders)} tie the roll-off with {best}: they must roll again",
            place=place,
            field="roll_off",
        )
    if named_by != leaders[0]:
        refuse(
            rules.WORLD_NAMED_BY_MOST_SIGNATURES,
            f"{leaders[0]} wins the roll-off with {best} (a roll of {rolls[leaders[0]]} + "
            f"{best - rolls[leaders[0]]} for continents named): {leaders[0]} names the world, "
            f"not {named_by}",
            place=place,
            field="named_by",
        )


def roll_off_totals(state: RiskLegacyState, rolls: dict[str, int]) -> dict[str, int]:
    """Each natural roll plus 1 per continent that player named."""
    return {player: roll + continents_named_by(state, player) for player, roll in rolls.items()}


def _change_world(state: RiskLegacyState, data: dict) -> None:
    state.world = World(
        name=data["name"],
        named_by=data["named_by"],
        roll_off=dict(data["roll_off"]) if "roll_off" in data else None,
    )
    state.games[-1].reward_queue.clear()  # naming the world closes the last rewards
