"""Dawnguard's registration: its tabs, pages and overview (campaigns/systems/base.py)."""

from pathlib import Path

from django.urls import path

from ...rules import dawnguard as rules
from ..base import CountWords, GameSystem, Tab
from . import readside, views_history, views_play, views_setup

SYSTEM = GameSystem(
    rules=rules,
    read_side=readside.READ_SIDE,
    templates=Path(__file__).parent / "templates",
    overview_template="dawnguard/overview.html",
    overview=views_history.overview,
    tabs=(Tab("Play", "table", ("play", "setup", "start")),),
    count_words=CountWords("sitting", "sittings", "played"),  # a chapter takes sittings: "5 sittings played"
    pages={
        "history": views_history.history,
        "table": views_play.table,  # the phone beside the board
        "live": views_play.live,
        "setup_edit": views_setup.setup_edit,  # the heroes and forts
        "game_start": views_setup.game_start,  # start a sitting
    },
    urlpatterns=[
        # -- before and between sittings: the fort thresholds corrected
        path("setup/thresholds/", views_setup.thresholds_edit, name="dawnguard_thresholds"),
        # -- the table: one event per tap; the contested skill test records nothing
        path("play/sitting/<slug:event_type>/", views_play.event_add, name="dawnguard_event"),
        path("play/contest/", views_play.contested_test, name="dawnguard_contested_test"),
    ],
)
