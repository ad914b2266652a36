"""What every play-log system registers alike (Risk: Skyrim, Captain America): a log's pages
are the shared ones (campaigns.views.play_log_pages: the overview's latest plays, the history,
the standings, a play's page, their live refresh; campaigns.views.play_log: deleting a play);
its own are the form that logs a play (and, if it has one, corrects one) and any helpers."""

from pathlib import Path

from django.urls import URLPattern

from ..readside.base import ReadSide
from ..views import play_log, play_log_pages
from .base import CountWords, GameSystem, Tab


def play_log_system(
    *,
    rules,
    read_side: ReadSide,
    templates: Path | None,
    log_play,
    correct_play=None,
    setup_help: URLPattern | None = None,
    play_template: str | None = None,
) -> GameSystem:
    """A play log's GameSystem (campaigns/systems/base.py). `log_play` is its view of
    games/new/ and `correct_play`, if it has one, of games/<n>/correct/ (the play page offers
    "Correct this play" only then); `setup_help` its setup helpers page, a URL pattern with a
    name (a "Setup help" tab leads to it); `play_template` a play's own numbers on its page."""
    return GameSystem(
        rules=rules,
        read_side=read_side,
        templates=templates,
        overview_template="play_log/overview.html",
        overview=play_log_pages.overview,
        play_template=play_template,
        tabs=(
            Tab("Log a play", "game_start", ("log_play",)),
            *([Tab("Setup help", setup_help.name, ("setup_help",))] if setup_help else []),
            Tab("Standings", "standings", ("standings",)),
        ),
        pages={
            "game_start": log_play,
            **({"play_correct": correct_play} if correct_play else {}),
            "play_delete": play_log.delete_play,
            "history": play_log_pages.history,
            "standings": play_log_pages.standings,
            "play_detail": play_log_pages.play_detail,
            "live": play_log_pages.live,  # plays logged on another phone show live
        },
        urlpatterns=[setup_help] if setup_help else [],
        count_words=CountWords("play", "plays", "logged"),  # a log counts its plays: "8 plays logged"
    )
