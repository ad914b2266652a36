"""Risk: Skyrim's registration: a play log (campaigns/systems/play_log/system.py)."""

from pathlib import Path

from django.urls import path

from ...rules import risk_skyrim as rules
from ..play_log.system import play_log_system
from . import readside, views

SYSTEM = play_log_system(
    rules=rules,
    read_side=readside.READ_SIDE,
    templates=Path(__file__).parent / "templates",
    demo_journals=(Path(__file__).parent / "journals" / "risk_skyrim_plays.json",),
    log_play=views.play_new,
    correct_play=views.play_correct,
    setup_help=path("skyrim/setup-help/", views.setup_help, name="risk_skyrim_setup_help"),
    play_template="risk_skyrim/_play_numbers.html",
    bg_stats=rules.BG_STATS,
)
