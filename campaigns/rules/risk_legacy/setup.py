"""The setup, once before game 1 (starting powers, coin stickers, the trade-in chart), and
the trade-in chart corrected any time after it."""

from __future__ import annotations

from typing import Any

from ..base import RuleError, refuse
from ..checks import is_text, is_whole
from . import rulebook as rules
from .box import (
    COIN_STICKERS,
    FACTIONS,
    MAX_RESOURCES_BEFORE_FIRST_GAME,
    PRINTED_COINS,
    TERRITORIES,
    TRADE_IN_ICONS,
    TRADE_IN_TROOPS_MAX,
)
from .state import (
    _POSITIVE_NUMBER,
    RiskLegacyState,
    _check_faction,
    _check_shape,
    _check_territory,
    _plural,
    _record,
)


def _check_setup(state: RiskLegacyState, data: Any) -> None:
    place = "setup"
    if state.set_up:
        raise RuleError("The campaign is already set up: the setup is done once, before game 1", place=place)
    _check_shape(data, ("starting_powers", "coin_stickers"), ("trade_in_chart",), "the setup", place)
    _check_starting_powers(state, data["starting_powers"], place)
    _check_coin_stickers(data["coin_stickers"], place)
    if "trade_in_chart" in data:
        _check_trade_in_chart(data["trade_in_chart"], place)


def _check_starting_powers(state: RiskLegacyState, powers: Any, place: str) -> None:
    """Each faction keeps exactly one of its two starting powers, stored as its text."""
    key = "starting_powers"
    if not isinstance(powers, dict):
        raise RuleError("'starting_powers' must give each faction its power's text", place=place, field=key)
    for faction, text in powers.items():
        _check_faction(state, faction, place, key)
        if not is_text(text):
            raise RuleError(
                f"{faction}'s starting power must be the text on its sticker", place=place, field=key
            )
    for faction in FACTIONS:
        if faction not in powers:
            raise RuleError(
                f"{faction} has no starting power: every faction gets one of its two", place=place, field=key
            )


def _check_coin_stickers(coins: Any, place: str) -> None:
    """12 coins, and no card above 3 resources (its own coin included) before game 1."""
    key = "coin_stickers"
    if not isinstance(coins, dict):
        raise RuleError(
            "'coin_stickers' must give the number of coins on each territory card", place=place, field=key
        )
    for territory, count in coins.items():
        _check_territory(territory, place, key)
        if not is_whole(count) or count < 1:
            raise RuleError(
                f"{territory}: the number of coin stickers must be a whole number of at least 1",
                place=place,
                field=key,
            )
        problem = _card_coins_problem(territory, count)
        if problem:
            refuse(rules.THREE_RESOURCES_BEFORE_FIRST_GAME, problem, place=place, field=key)
    total = sum(coins.values())
    if total != COIN_STICKERS:
        refuse(
            rules.TWELVE_COIN_STICKERS,
            f"All {COIN_STICKERS} coin stickers must be placed, not {total}", place=place, field=key
        )


def _card_coins_problem(territory: str, count: int) -> str | None:
    """Why `count` coin stickers cannot go on `territory`'s card at the setup, or None."""
    if PRINTED_COINS + count > MAX_RESOURCES_BEFORE_FIRST_GAME:
        return (
            f"{territory}'s card would hold {PRINTED_COINS + count} resources: before the first game no card "
            f"may hold more than {MAX_RESOURCES_BEFORE_FIRST_GAME}"
        )
    return None


def _check_trade_in_chart(chart: Any, place: str, key: str = "trade_in_chart") -> None:
    """The board's chart: Resource icons (coins) traded, 2 to 10, -> troops (rulebook)."""
    if not isinstance(chart, dict):
        raise RuleError(
            "the trade-in chart must give the troops for each number of Resource icons",
            place=place,
            field=key,
        )
    first, last = TRADE_IN_ICONS[0], TRADE_IN_ICONS[-1]
    for icons, troops in chart.items():
        if not isinstance(icons, str) or not _POSITIVE_NUMBER.fullmatch(icons):
            raise RuleError(
                f'trade-in chart: "{icons}" is not a number of Resource icons (write it like "3")',
                place=place,
                field=key,
            )
        if int(icons) not in TRADE_IN_ICONS:
            raise RuleError(
                f"trade-in chart: the board's chart goes from {first} to {last} Resource icons, "
                f"so it has no line for {icons}",
                place=place,
                field=key,
            )
        if not is_whole(troops) or not 0 <= troops <= TRADE_IN_TROOPS_MAX:
            raise RuleError(
                f"trade-in chart: the troops for {icons} Resource icons must be a whole number "
                f"from 0 to {TRADE_IN_TROOPS_MAX}",
                place=place,
                field=key,
            )


def _change_setup(state: RiskLegacyState, data: dict) -> None:
    state.set_up = True
    for faction, text in data["starting_powers"].items():
        state.factions[faction].power = text
    for territory, count in data["coin_stickers"].items():
        state.territories[territory].resources = PRINTED_COINS + count
    state.setup_coins = {t: data["coin_stickers"][t] for t in TERRITORIES if t in data["coin_stickers"]}
    for territory, count in state.setup_coins.items():
        _record(
            state,
            None,
            "coins",
            f"{_plural(count, 'coin sticker')} at the setup: the "
            f"card starts with {PRINTED_COINS + count} resources",
            territory=territory,
        )
    if "trade_in_chart" in data:
        state.trade_in_chart = _chart(data["trade_in_chart"])


def _chart(chart: dict[str, int]) -> dict[int, int]:
    return {int(icons): troops for icons, troops in chart.items()}


# --------------------------------------------------------------------------------------
# The trade-in chart corrected (any time after the setup)
# --------------------------------------------------------------------------------------


def _check_trade_in_chart_entry(state: RiskLegacyState, data: Any) -> None:
    """A group that skipped the chart or mistyped it enters the whole chart again."""
    place = "trade-in chart"
    if not state.set_up:
        raise RuleError(
            "The trade-in chart is entered with the setup: the campaign is not set up yet", place=place
        )
    _check_shape(data, ("chart",), (), "the trade-in chart", place)
    _check_trade_in_chart(data["chart"], place, "chart")
    if not data["chart"]:
        raise RuleError("the trade-in chart needs at least one line", place=place, field="chart")


def _change_trade_in_chart_entry(state: RiskLegacyState, data: dict) -> None:
    state.trade_in_chart = _chart(data["chart"])
