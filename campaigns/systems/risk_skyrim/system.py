"""Risk: Skyrim's registration: its tabs, pages and overview (campaigns/systems/base.py)."""

from ...rules import risk_skyrim as rules
from ..base import GameSystem
from . import readside

SYSTEM = GameSystem(
    rules=rules,
    read_side=readside,
    overview_template="play_log/overview.html",
)
