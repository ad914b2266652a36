"""Risk: Skyrim's registration: a play log (campaigns/systems/play_log.py)."""

from ...rules import risk_skyrim as rules
from ..play_log import play_log_system
from . import readside, views

SYSTEM = play_log_system(
    rules=rules,
    read_side=readside,
    views=views,
    setup_help=("skyrim/setup-help/", "risk_skyrim_setup_help"),
)
