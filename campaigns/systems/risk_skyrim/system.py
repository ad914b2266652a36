"""Risk: Skyrim's registration: its tabs, pages and overview (campaigns/systems/base.py)."""

from django.urls import path

from ...rules import risk_skyrim as rules
from ...views import play_log_pages
from ...views import play_log
from ..base import GameSystem, Tab
from . import readside, views

SYSTEM = GameSystem(
    rules=rules,
    read_side=readside,
    overview_template="play_log/overview.html",
    overview=play_log_pages.overview,
    play_template="risk_skyrim/_play_numbers.html",
    tabs=(
        Tab("Log a play", "game_start", ("log_play",)),
        Tab("Setup help", "risk_skyrim_setup_help", ("setup_help",)),
        Tab("Standings", "standings", ("standings",)),  # PL-review: the shared play-log pages
    ),
    pages={
        "game_start": views.play_new,
        "play_correct": views.play_correct,
        "play_delete": play_log.delete_play,  # PL-core: the shared deletion page
        "history": play_log_pages.history,
        "standings": play_log_pages.standings,
        "play_detail": play_log_pages.play_detail,
        "live": play_log_pages.live,  # PL-live: plays logged on another phone show live
    },
    urlpatterns=[
        path("skyrim/setup-help/", views.setup_help, name="risk_skyrim_setup_help"),
    ],
)
