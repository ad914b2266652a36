"""Risk Legacy's registration: its tabs, pages and overview (campaigns/systems/base.py)."""

from pathlib import Path

from django.urls import path

from ...rules import risk_legacy as rules
from ..base import GameSystem, Tab
from . import readside
from .views import board, game_start, history, play, recruitment, setup
from .views.campaign import page_constants

JOURNALS = Path(__file__).parent / "journals"


def overview(access, state) -> dict:
    return page_constants(state)


SYSTEM = GameSystem(
    rules=rules,
    read_side=readside.READ_SIDE,
    templates=(Path(__file__).parent / "templates",),
    demo_journals=(JOURNALS / "risk_legacy_15_games.json", JOURNALS / "risk_legacy_in_progress.json"),
    overview_template="risk_legacy/overview.html",
    overview=overview,
    overview_kept=True,
    # A game is opened by its "game" entry and ended by its "game_end": in progress between the two.
    games_open_while_played=True,
    tabs=(
        Tab("Play", "play", ("play", "setup", "recruitment")),
        Tab("Board", "board", ("board",)),
    ),
    pages={
        "play": play.play_page,
        "live": play.live,
        "game_start": game_start.game_start,
        "setup_edit": setup.setup_edit,
        "history": history.history,
    },
    urlpatterns=[
        path("setup/chart/", setup.trade_in_chart_edit, name="trade_in_chart_edit"),
        path("recruitment/", recruitment.recruitment, name="recruitment"),
        path("play/events/", play.event_add, name="event_add"),
        path("play/packets/", play.packet_add, name="packet_add"),
        path("play/end/", play.game_end, name="game_end"),
        path("play/rewards/", play.reward_add, name="reward_add"),
        path("play/world/", play.world_name, name="world_name"),
        path("board/", board.board, name="board"),
        path("board/<slug:territory>/", board.territory_history, name="territory_history"),
    ],
)
