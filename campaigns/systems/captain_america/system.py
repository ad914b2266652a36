"""Captain America's registration: its tabs, pages and overview (campaigns/systems/base.py)."""

from ...rules import captain_america as rules
from ..base import GameSystem
from . import readside

SYSTEM = GameSystem(
    rules=rules,
    read_side=readside,
    overview_template="play_log/overview.html",
)
