"""Captain America's registration: a play log (campaigns/systems/play_log/system.py)."""

from pathlib import Path

from django.urls import path

from ...rules import captain_america as rules
from ..play_log.system import play_log_system
from . import readside, views

SYSTEM = play_log_system(
    rules=rules,
    read_side=readside.READ_SIDE,
    templates=Path(__file__).parent / "templates",
    demo_journals=(Path(__file__).parent / "journals" / "captain_america_plays.json",),
    log_play=views.play_new,
    correct_play=views.play_correct,
    setup_help=path("captain-america/setup-help/", views.setup_help, name="captain_america_setup_help"),
    play_template="captain_america/_play_numbers.html",
    bg_stats=rules.BG_STATS,
)
