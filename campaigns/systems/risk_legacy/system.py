"""Risk Legacy's registration: its tabs, pages and overview (campaigns/systems/base.py)."""

from django.urls import path

from ...rules import risk_legacy as rules
from ...views import review as review_views
from ...views import table_play, table_setup
from ..base import GameSystem, Tab
from . import readside


def overview(access, state) -> dict:
    return {"phase": state.phase, "last_reward_game": rules.LAST_REWARD_GAME}


SYSTEM = GameSystem(
    rules=rules,
    read_side=readside,
    overview_template="risk_legacy/overview.html",
    overview=overview,
    tabs=(
        Tab("Play", "table", ("play", "setup", "recruitment")),
        Tab("Board", "board", ("board",)),
    ),
    pages={
        "table": table_play.table,
        "live": table_play.live,
        "game_start": table_setup.game_start,
        "setup_edit": table_setup.setup_edit,
        "history": review_views.history,
    },
    urlpatterns=[
        path("setup/chart/", table_setup.trade_in_chart_edit, name="trade_in_chart_edit"),
        path("recruitment/", table_setup.recruitment, name="recruitment"),
        path("play/events/", table_play.event_add, name="event_add"),
        path("play/packets/", table_play.packet_add, name="packet_add"),
        path("play/end/", table_play.game_end, name="game_end"),
        path("play/rewards/", table_play.reward_add, name="reward_add"),
        path("play/world/", table_play.world_name, name="world_name"),
        path("board/", review_views.board, name="board"),
        path("board/<slug:territory>/", review_views.territory_history, name="territory_history"),
    ],
)
