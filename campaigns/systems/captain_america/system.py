"""Captain America's registration: a play log (campaigns/systems/play_log.py)."""

from ...rules import captain_america as rules
from ..play_log import play_log_system
from . import readside, views

SYSTEM = play_log_system(
    rules=rules,
    read_side=readside,
    views=views,
    setup_help=("captain-america/setup-help/", "captain_america_setup_help"),
)
