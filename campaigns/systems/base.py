"""The protocol every game system implements on the Django side.

A system's package (campaigns/systems/<system>/) holds its forms, views, templates folder
and read side, and registers one `GameSystem` in its `system.py`. Shared code (the campaign
pages, the tabs, the URLs) asks the system for what it needs and never names one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

# The pages every system may have at the same address, dispatched by the campaign's system
# (campaigns.views.system_pages): name -> the path under campaigns/<slug>/.
SHARED_PAGES = {
    "table": "play/",  # the table: what the phone beside the board shows while playing
    "live": "play/live/",  # the table's live refresh (htmx polling)
    "game_start": "games/new/",  # start a game, a sitting, log a play
    "setup_edit": "setup/",  # the campaign's setup
    "history": "history/",  # the campaign's history
    "standings": "standings/",  # a play log's standings
    "play_detail": "games/<int:number>/",  # one logged play
    "play_correct": "games/<int:number>/correct/",  # correct a logged play (a new entry)
    "play_delete": "games/<int:number>/delete/",  # delete a logged play (a new entry)
}


@dataclass(frozen=True)
class Tab:
    """A campaign tab a system adds between Overview and History (members only)."""

    label: str  # "Play"
    url_name: str  # reversed with the campaign's slug
    current_on: tuple[str, ...]  # the pages (their `tab`) on which it is the current tab


@dataclass(frozen=True)
class CountWords:
    """How a campaign's count of games reads: "4 games played", "5 sittings played"."""

    one: str = "game"
    many: str = "games"
    done: str = "played"


@dataclass(frozen=True)
class GameSystem:
    rules: ModuleType  # its rules package: KEY, LABEL, new_state, apply, ... (rules/base.py)
    read_side: ModuleType  # its stats records and export rows (readside/__init__.py)
    overview_template: str  # included by the overview with campaign, access, state, phase
    # Extra context for the overview template: overview(access, state) -> dict.
    overview: Callable[[Any, Any], dict] = lambda access, state: {}
    tabs: tuple[Tab, ...] = ()
    # Its views of the SHARED_PAGES, by name: view(request, slug). A page a system leaves
    # out is a 404 for its campaigns, except "history", which defaults to the journal's.
    pages: Mapping[str, Callable] = field(default_factory=dict)
    # Its own pages, under campaigns/<slug>/ (names and paths unique across systems).
    urlpatterns: Sequence = ()
    # A play log's own numbers of one play (territories, rooms, ...), included by the shared
    # play page (campaigns/views/play_log_pages.py) with `data` (the play as the journal
    # writes it, corrected), `game` (its record in the fold) and `item` (its read-side row).
    play_template: str | None = None
    # What the system calls its games, in the count every page shows ("8 plays logged").
    count_words: CountWords = CountWords()
    # A game is opened by one entry and ended by a later one (Risk Legacy): between the two,
    # the count says "game 5 in progress". Otherwise a game is logged once it is over.
    games_open_while_played: bool = False

    @property
    def key(self) -> str:
        return self.rules.KEY

    @property
    def label(self) -> str:
        return self.rules.LABEL
