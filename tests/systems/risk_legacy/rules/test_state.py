"""The state itself (rules/risk_legacy/state.py): its phases, and copies and pickles that stay
independent. Plain Python, no Django."""

from __future__ import annotations

import copy
import pickle

from campaigns.rules import risk_legacy as rl

from tests.systems.risk_legacy.rules.helpers import (
    PLAYERS,
    apply,
    boxes,
    choice,
    end,
    fortified_egypt,
    held,
    setup_data,
    start,
    win,
)


def test_phases_follow_the_campaign():
    state = rl.new_state(PLAYERS)
    phases = [state.phase]
    apply(state, "setup", setup_data())
    phases.append(state.phase)
    start(state)
    phases.append(state.phase)
    end(state)
    phases.append(state.phase)
    win(state, choice("destroy_territory_card", territory="Siam"))
    phases.append(state.phase)
    held(state, "Cid", None)
    phases.append(state.phase)
    assert phases == ["setup", "ready", "playing", "rewards", "rewards", "ready"]


def test_the_state_pickles_and_copies_independently():
    state = fortified_egypt()
    assert pickle.loads(pickle.dumps(state)) == state
    copied = copy.deepcopy(state)
    assert copied == state
    apply(copied, "event", boxes("Egypt", 1))
    assert state.territories["Egypt"].fortification.boxes_left == 10
    assert copied != state
