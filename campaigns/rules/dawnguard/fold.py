"""`apply`: each entry kind to its checks, then its change."""

from __future__ import annotations

from ..base import Entry, RuleError
from .events import apply_event
from .setup import apply_setup, apply_thresholds
from .sitting import apply_game
from .state import DawnguardState, record_sitting

APPLIERS = {"setup": apply_setup, "thresholds": apply_thresholds, "game": apply_game, "event": apply_event}


def apply(state: DawnguardState, entry: Entry) -> None:
    if entry.kind not in APPLIERS:
        raise RuleError(f"a Dawnguard campaign has no '{entry.kind}' entries")
    if not isinstance(entry.data, dict):
        raise RuleError(f"a {entry.kind} entry must be a JSON object")
    APPLIERS[entry.kind](state, entry.data)
    record_sitting(state)  # what the history, its charts and the stats read of each sitting
