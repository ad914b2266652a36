"""Dawnguard's registration: its tabs, pages and overview (campaigns/systems/base.py)."""

from pathlib import Path

from django.urls import path

from ...rules import dawnguard as rules
from ..base import CountWords, GameSystem, Tab
from . import readside
from .views import history, play, setup

JOURNALS = Path(__file__).parent / "journals"


SYSTEM = GameSystem(
    rules=rules,
    read_side=readside.READ_SIDE,
    templates=(Path(__file__).parent / "templates",),
    demo_journals=(JOURNALS / "dawnguard_campaign.json",),
    overview_template="dawnguard/overview.html",
    overview=history.overview,
    overview_kept=True,
    tabs=(Tab("Play", "play", ("play", "setup", "start")),),
    count_words=CountWords("sitting", "sittings", "played"),  # a chapter takes sittings: "5 sittings played"
    games_open_while_played=True,  # the last sitting is in progress until the next or the chapter's end
    pages={
        "history": history.history,
        "play": play.play_page,  # the phone beside the board
        "live": play.live,
        "setup_edit": setup.setup_edit,  # the heroes and forts
        "game_start": setup.game_start,  # start a sitting
    },
    urlpatterns=[
        # -- before and between sittings: the fort thresholds corrected
        path("setup/thresholds/", setup.thresholds_edit, name="dawnguard_thresholds"),
        # -- the Play page: one event per tap; the contested skill test records nothing
        path("play/sitting/<slug:event_type>/", play.event_add, name="dawnguard_event"),
        path("play/contest/", play.contested_test, name="dawnguard_contested_test"),
        # -- the campaign-ending tap asks first (as undo does)
        path("play/chapter-complete/", play.chapter_complete_confirm, name="dawnguard_chapter_complete"),
    ],
)
