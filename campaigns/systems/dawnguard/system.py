"""Dawnguard's registration: its tabs, pages and overview (campaigns/systems/base.py)."""

from ...rules import dawnguard as rules
from ..base import GameSystem
from . import readside

SYSTEM = GameSystem(
    rules=rules,
    read_side=readside,
    overview_template="dawnguard/overview.html",
)
