"""What every play-log system registers alike (Risk: Skyrim, Captain America): a log's pages
are the play-log kind's (this package's views: the overview's latest plays, the history, the
standings, a play's page, deleting a play, their live refresh); its own are the form that logs
a play (and, if it has one, corrects one) and any helpers."""

from pathlib import Path

from django.urls import URLPattern

from ...readside.base import ReadSide
from ...rules.play_log.bg_stats import BgStatsGame
from ..base import CountWords, GameSystem, Tab
from .views import bg_stats as bg_stats_views
from .views import delete, history, live, play_detail, standings

# The play-log kind's templates (play_log/...), found through each log's GameSystem.templates.
TEMPLATES = Path(__file__).parent / "templates"


def play_log_system(
    *,
    rules,
    read_side: ReadSide,
    templates: Path | None,
    demo_journals: tuple[Path, ...] = (),
    log_play,
    correct_play=None,
    setup_help: URLPattern | None = None,
    play_template: str | None = None,
    bg_stats: BgStatsGame | None = None,
) -> GameSystem:
    """A play log's GameSystem (campaigns/systems/base.py). `templates` is its own templates
    folder (the kind's come after it), `demo_journals` its plays to show (GameSystem);
    `log_play` is its view of games/new/ and `correct_play`, if it has one, of
    games/<n>/correct/ (the play page offers "Correct this play" only then);
    `setup_help` its setup helpers page, a URL pattern with a name (a "Setup help" tab leads
    to it); `play_template` a play's own numbers on its page; `bg_stats` how its rules take BG
    Stats plays (plays/bg-stats/: the page to bring them in)."""
    return GameSystem(
        rules=rules,
        read_side=read_side,
        templates=(*([templates] if templates else []), TEMPLATES),
        demo_journals=demo_journals,
        overview_template="play_log/overview.html",
        overview=history.overview,
        play_template=play_template,
        tabs=(
            Tab("Log a play", "game_start", ("log_play",)),
            *([Tab("Setup help", setup_help.name, ("setup_help",))] if setup_help else []),
            Tab("Standings", "standings", ("standings",)),
        ),
        pages={
            "game_start": log_play,
            **({"play_correct": correct_play} if correct_play else {}),
            "play_delete": delete.delete_play,
            "play_restore": delete.restore_play,  # a deleted play counts again (a new entry)
            "history": history.history,
            "standings": standings.standings,
            "play_detail": play_detail.play_detail,
            "live": live.live,  # plays logged on another phone show live
            **({"bg_stats_import": bg_stats_views.bg_stats_view(bg_stats)} if bg_stats else {}),
        },
        urlpatterns=[setup_help] if setup_help else [],
        count_words=CountWords("play", "plays", "logged"),  # a log counts its plays: "8 plays logged"
    )
