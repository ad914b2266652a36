"""The fold: `apply` sends each entry kind to its check, then its change."""

from __future__ import annotations

from ..base import Entry, RuleError
from .game import (
    _change_event,
    _change_game,
    _change_game_end,
    _change_packet,
    _check_event,
    _check_game,
    _check_game_end,
    _check_packet,
)
from .rewards import _change_reward, _check_reward
from .setup import _change_setup, _change_trade_in_chart_entry, _check_setup, _check_trade_in_chart_entry
from .state import RiskLegacyState
from .world import _change_world, _check_world

_HANDLERS = {
    "setup": (_check_setup, _change_setup),
    "trade_in_chart": (_check_trade_in_chart_entry, _change_trade_in_chart_entry),
    "game": (_check_game, _change_game),
    "packet": (_check_packet, _change_packet),
    "event": (_check_event, _change_event),
    "game_end": (_check_game_end, _change_game_end),
    "reward": (_check_reward, _change_reward),
    "world": (_check_world, _change_world),
}


def apply(state: RiskLegacyState, entry: Entry) -> None:
    """Check `entry` against `state`, then change `state`; a RuleError changes nothing.

    Every check runs before the first change, and the changes cannot fail.
    """
    if entry.kind not in _HANDLERS:
        raise RuleError(f"unknown entry kind '{entry.kind}'")
    check, change = _HANDLERS[entry.kind]
    check(state, entry.data)
    change(state, entry.data)
