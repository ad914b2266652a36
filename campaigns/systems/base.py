"""The contract between a game system and the shared code: one `GameSystem`.

A game system is two folders and one line:

    campaigns/rules/<system>/     its rules, plain Python with no Django: the protocol written
                                  in campaigns/rules/protocol.py (KEY, LABEL, new_state,
                                  apply, the journal in and out, state_json, describe, ...)
    campaigns/systems/<system>/   its Django side: views, forms, templates/, its read side, and
                                  system.py, which builds its one `GameSystem` (below)
    settings.GAME_SYSTEMS         the registry (campaigns/registry.py): the system's line is
                                  the dotted path of that GameSystem

Shared code (the campaign pages and tabs, the URLs, the count of games, the stats page, the
standings, the exports, the journal import) asks the GameSystem for what it needs. It never
names a system, never asks whether a system has some part (every field is there, with its
default when a system gives none), and never tests a flag that only one system sets: what
differs between systems is data a system gives (its words, its read side's facts, its marks).

A play log (separate games, nothing carried over: Risk: Skyrim, Captain America) builds its
GameSystem with `play_log_system` (campaigns/systems/play_log/system.py), which gives it the
play-log kind's pages; its rules build on campaigns/rules/play_log/. The smallest system there is, a
two-field play log written from nothing, is in tests/test_fifth_system.py.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from ..readside.base import ReadSide
from ..rules import protocol

# The pages every system may have at the same address, answered by the campaign's system's
# view (campaigns.views.system_pages): name -> the path under campaigns/<slug>/.
SHARED_PAGES = {
    "play": "play/",  # the Play page: what the phone beside the board shows while playing
    "live": "play/live/",  # the live refresh of the Play page and of a play log's pages (htmx polling)
    "game_start": "games/new/",  # start a game, a sitting, log a play
    "setup_edit": "setup/",  # the campaign's setup
    "history": "history/",  # the campaign's history
    "standings": "standings/",  # a play log's standings
    "play_detail": "games/<int:number>/",  # one logged play
    "play_correct": "games/<int:number>/correct/",  # correct a logged play (a new entry)
    "play_delete": "games/<int:number>/delete/",  # delete a logged play (a new entry)
    "bg_stats_import": "plays/bg-stats/",  # BG Stats plays brought into a play log
    "play_restore": "games/<int:number>/restore/",  # restore a deleted play (a new entry)
}


@dataclass(frozen=True)
class Tab:
    """A campaign tab a system adds between Overview and History (members only)."""

    label: str  # "Play"
    url_name: str  # reversed with the campaign's slug
    current_on: tuple[str, ...]  # the pages (their `tab`) on which it is the current tab


@dataclass(frozen=True)
class CountWords:
    """How a campaign's count of games reads on every page: "4 games played", "5 sittings
    played", "8 plays logged", "No play logged yet"."""

    one: str = "game"
    many: str = "games"
    done: str = "played"

    def of(self, count: int) -> str:
        """The count in these words: "1 game", "5 sittings", "1,200 plays"."""
        return f"{count:,} {self.one if count == 1 else self.many}"


def no_overview_context(access, state) -> dict:
    """The overview's context of a system whose overview template needs nothing more."""
    return {}


@dataclass(frozen=True, kw_only=True)
class GameSystem:
    """Everything a game system provides, each part named once. Built in the system's
    system.py and registered by its dotted path in settings.GAME_SYSTEMS."""

    # -- What it is ---------------------------------------------------------------------------
    # Its rules module (campaigns/rules/<system>/), keeping the protocol of
    # campaigns/rules/protocol.py (checked when the GameSystem is built). The system's key
    # ("risk-legacy": a campaign's `system`, the journal's "system") and its label ("Risk
    # Legacy": the game's name on every page) are the rules' KEY and LABEL.
    rules: ModuleType
    # What the shared read side (the stats page, a play log's standings, the CSV and BG Stats
    # exports) reads of it: its finished games as `Play`s with `Seat`s and the facts about them
    # (campaigns/readside/base.py).
    read_side: ReadSide
    # Its templates folders, usually one (campaigns/systems/<system>/templates/, holding its
    # templates under <system>/ so their names never clash; a play log's also the play-log
    # kind's): found by the registry's template loader after the shared templates/.
    templates: tuple[Path, ...] = ()
    # Journals that show the game played (campaigns/systems/<system>/journals/): `make run`'s
    # demo loads each, and the first is the system's reference journal, from which the tests
    # build "a campaign after game n" (tests/factories.py). At least one: a new system shows
    # itself in the demo and is crawled, walked and timed by the tests like every other.
    demo_journals: tuple[Path, ...] = ()

    # -- Its pages ------------------------------------------------------------------------------
    # The template its campaigns' overview includes, with `campaign`, `access`, `system` (this
    # GameSystem), `players`, `recent`, `state` (the docs/journal.md campaign_state, built only if
    # read) and what `overview` gives. Required: every campaign has an overview.
    overview_template: str
    # Extra context for the overview template: overview(access, state) -> dict, `state` being
    # the folded state now (read-only).
    overview: Callable[[Any, Any], dict] = no_overview_context
    # Whether its overview template reads what `overview` gives (and `state`) inside its
    # `{% kept %}` parts only: then it is worked out only when they are rendered, and an
    # overview already kept (by another worker, with a shared cache) reads no state.
    overview_kept: bool = False
    # The tabs it adds between Overview and History, members only.
    tabs: tuple[Tab, ...] = ()
    # Its views of the SHARED_PAGES, by name: view(request, slug, **kwargs). A page it leaves
    # out is a 404 for its campaigns, except "history", which defaults to the journal, entry
    # by entry (campaigns.views.history).
    pages: Mapping[str, Callable] = field(default_factory=dict)
    # Its own pages, under campaigns/<slug>/ (their names and paths unique across systems).
    urlpatterns: Sequence = ()
    # A play log's own numbers of one play (territories, rooms, ...), included by the play-log
    # kind's page of a play (campaigns/systems/play_log/views/play_detail.py) with `data` (the
    # play as the journal writes it, corrected), `game` (its record in the fold) and `item`
    # (its read-side row). None: the play page shows the seats, results and scores only.
    play_template: str | None = None

    # -- Its words --------------------------------------------------------------------------
    # What it calls its games in the count every page shows.
    count_words: CountWords = CountWords()
    # A game is opened by one entry and ended by a later one (Risk Legacy; Dawnguard's sitting,
    # ended by the next or by its chapter's completion): between the two the count says "game 5
    # in progress" (in its words). False: a game is logged once it is over.
    games_open_while_played: bool = False

    def __post_init__(self):
        missing = protocol.missing(self.rules)
        if missing:
            raise TypeError(
                f"{self.rules.__name__} lacks {', '.join(missing)} of the rules protocol "
                "(campaigns/rules/protocol.py)"
            )
        unknown = sorted(set(self.pages) - set(SHARED_PAGES))
        if unknown:
            shared = ", ".join(unknown)
            raise TypeError(f"{self.key}: {shared} are not shared pages (SHARED_PAGES): use urlpatterns")

    @property
    def key(self) -> str:
        return self.rules.KEY

    @property
    def label(self) -> str:
        return self.rules.LABEL
