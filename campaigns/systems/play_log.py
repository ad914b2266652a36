"""What every play-log system registers alike (Risk: Skyrim, Captain America): a log's pages
are the shared ones (campaigns.views.play_log_pages), its own are the form that logs or
corrects a play and its setup helpers."""

from django.urls import path

from ..views import play_log, play_log_pages
from .base import CountWords, GameSystem, Tab


def play_log_system(*, rules, read_side, views, setup_help: tuple[str, str]) -> GameSystem:
    """A play log's GameSystem. `views` is the system's views module (play_new, play_correct,
    setup_help); `setup_help` the helpers page's (path, URL name); its templates folder is
    named after the rules module and holds `_play_numbers.html` (a play's own numbers)."""
    folder = rules.__name__.rsplit(".", 1)[1]
    address, url_name = setup_help
    return GameSystem(
        rules=rules,
        read_side=read_side,
        overview_template="play_log/overview.html",
        overview=play_log_pages.overview,
        play_template=f"{folder}/_play_numbers.html",
        tabs=(
            Tab("Log a play", "game_start", ("log_play",)),
            Tab("Setup help", url_name, ("setup_help",)),
            Tab("Standings", "standings", ("standings",)),
        ),
        pages={
            "game_start": views.play_new,
            "play_correct": views.play_correct,
            "play_delete": play_log.delete_play,
            "history": play_log_pages.history,
            "standings": play_log_pages.standings,
            "play_detail": play_log_pages.play_detail,
            "live": play_log_pages.live,  # plays logged on another phone show live
        },
        urlpatterns=[path(address, views.setup_help, name=url_name)],
        count_words=CountWords("play", "plays", "logged"),  # a log counts its plays: "8 plays logged"
    )
