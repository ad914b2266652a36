"""The plays of a play log as its pages list them: each play's row (`PlayItem`: the read
side's seats, who logged it, its corrections and deletion), the latest first, paged.

It never names a system: a play's seats come from the system's read side (`Play`s with
`Seat`s: campaigns/readside), what the fold recorded (a play's record, its data as it stands
now, corrections, deletions) from the state (rules/play_log/).

Lists of plays are paged (the latest first, ?page=N read like every number a URL hands in),
so a log of 1,000 plays renders 20 of them, with the same few queries as a log of 5; htmx's
"Older plays" asks for the plays before the oldest shown (?before=N), and a live refresh
keeps every play the list shows (`live_plays`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

from django.core.paginator import Page, Paginator
from django.db.models import Q
from django.utils.functional import SimpleLazyObject

from ... import registry
from ...models import Campaign, Entry
from ...readside.base import Play
from ...rules.base import GAME_KIND
from ...rules.play_log import CORRECTION, DELETION, RESTORATION
from ...web.params import whole_number

PLAYS_PER_PAGE = 20


@dataclass
class PlayItem:
    """A play as the lists and its page show it."""

    number: int
    played_on: str
    play: Play  # the read side's row: mode, seats (side, hero, score, result), winners
    deleted: bool
    corrected: int  # times corrected
    logged: Any = None  # the entry that logged it (who and when), if it is still in the journal
    changes: list = field(default_factory=list)  # its corrections and deletion, oldest first
    ruling: str | None = None  # the group's reason, when a ruling or a house rule let it be

    @property
    def winners(self) -> list[str]:
        return self.play.winners

    @property
    def draw(self) -> bool:
        return not self.play.winners

    @property
    def sides(self) -> list[SideSeats]:
        """The seats by side, in seat order: a side several seats share (a team) is shown
        once, with its score when its seats share one."""
        by_side: dict[Any, list] = {}
        for seat in self.play.seats:
            # A seat without a side stands alone.
            by_side.setdefault(seat.side if seat.side else ("seat", seat.order), []).append(seat)
        return [
            SideSeats(
                seats[0].side,
                tuple(seats),
                len({seat.score for seat in seats}) == 1,
                any(s.winner for s in seats),
            )
            for seats in by_side.values()
        ]


@dataclass(frozen=True)
class SideSeats:
    side: str | None
    seats: tuple
    shared_score: bool  # every seat of the side has the same score (a team's points)
    won: bool

    @property
    def score(self):
        return self.seats[0].score if self.shared_score else None


def _play_row(campaign: Campaign, record) -> Play:
    """The read side's row of one play."""
    return play_rows(campaign, [record])[0]


def play_rows(campaign: Campaign, records: list) -> list[Play]:
    """The read side's rows of these plays. A read side reads the plays of a state, so it is
    handed a state of those plays: a page never turns every play of a long log into rows."""
    some_plays = SimpleNamespace(games=records)
    read_side = registry.system_of(campaign).read_side
    return list(read_side.plays(some_plays, campaign.slug, campaign.name))


def record_of(state, number: int):
    """Play `number`'s record as it stands now, or as it was when deleted; None if never logged."""
    return state.game(number) or state.deleted.get(number)


def _entries_of(campaign: Campaign, numbers: list[int]) -> list:
    """The live journal entries that logged, corrected, deleted or restored these plays (one query), with
    who recorded them. A correction's `game_number` is the last play when it was made, so it
    is found by the number its data names. Each side of the OR names the campaign and a kind,
    so the database reads each side off the entries' index by campaign, kind and game
    (`entry_by_kind_and_game`): the plays asked for, and the JSON of corrections and deletions
    only, never every play of a long log."""
    if not numbers:
        return []
    logged = Q(campaign_id=campaign.pk, kind=GAME_KIND, game_number__in=numbers)
    changed = Q(campaign_id=campaign.pk, kind__in=(CORRECTION, DELETION, RESTORATION))
    changed &= Q(data__number__in=numbers)  # after the kind: only those entries' JSON is read
    entries = Entry.objects.live().filter(logged | changed).select_related("recorded_by")
    return list(entries.order_by("position"))


def play_items(campaign: Campaign, state, numbers: list[int]) -> list[PlayItem]:
    """The plays `numbers`, in that order, each with who logged it and its changes."""
    items = {
        number: PlayItem(
            number,
            record.played_on,
            _play_row(campaign, record),
            deleted=state.is_deleted(number),
            corrected=state.corrections_of(number),
        )
        for number in numbers
        if (record := record_of(state, number)) is not None
    }
    for ruling in state.law.rulings:  # what the fold recorded: a play let be by the group's ruling
        if ruling["game"] in items:
            items[ruling["game"]].ruling = ruling["why"]
    for entry in _entries_of(campaign, list(items)):
        number = entry.game_number if entry.kind == GAME_KIND else entry.data.get("number")
        item = items.get(number)
        if item is None:
            continue
        if entry.kind == GAME_KIND:
            item.logged = entry
        else:
            item.changes.append(entry)
    return list(items.values())


def numbers_of(state, player: str | None) -> list[int]:
    """The numbers of the logged plays, deleted ones too, the latest first (only `player`'s
    when given)."""
    if player is None:  # read off the plays' numbers: no record is read back (rules/play_log/records.py)
        return sorted([*state.games.numbers(), *state.deleted], reverse=True)
    records = [*state.games, *state.deleted.values()]
    return sorted((record.number for record in records if player in record.players), reverse=True)


def history_page_of(state, number: int) -> int:
    """The page of the history (latest first, deleted plays too) that lists play `number`:
    the plays after it counted by halving the plays in number order, not by a walk."""
    later = len(state.games) - state.games.bisect_right(number)
    later += sum(1 for deleted in state.deleted if deleted > number)
    return later // PLAYS_PER_PAGE + 1


def _page(request, numbers: list[int]) -> Page:
    """The page ?page=N of the plays: the first when the number is missing or unreadable,
    the last when it is past the end (a shared link to an older page of a shrunk log)."""
    asked = whole_number(request.GET.get("page")) if request is not None else None
    return Paginator(numbers, PLAYS_PER_PAGE).get_page(asked or 1)


def _older(numbers: list[int], shown: list[int]) -> dict | None:
    """The "Older plays" link under `shown` (the latest plays down to its last one): htmx
    asks for the plays before the oldest shown (?before=N, so plays logged meanwhile never
    shift a page onto one already shown), a plain link for the page that holds them."""
    if not shown or shown[-1] == numbers[-1]:
        return None
    count = numbers.index(shown[-1]) + 1  # the plays from the latest down to the oldest shown
    return {"before": shown[-1], "page": count // PLAYS_PER_PAGE + 1, "shown": count, "total": len(numbers)}


def plays_context(request, campaign: Campaign, state, player: str | None = None) -> dict:
    """A page of plays (?page=N), or, for htmx's "Older plays", the plays before ?before=N;
    with what the list shows (`shown`: its newest and oldest plays, and whether it starts at
    the latest) for the live poll, so a refresh keeps every play loaded so far."""
    if request is None and player is None:
        return _latest_context(campaign, state)
    numbers = numbers_of(state, player)
    before = whole_number(request.GET.get("before")) if request is not None else None
    page = None
    if before:
        shown = [number for number in numbers if number < before][:PLAYS_PER_PAGE]
    else:
        page = _page(request, numbers)
        shown = list(page.object_list)
    return _listed(campaign, state, player, page, len(numbers), shown, _older(numbers, shown), before)


def _latest_context(campaign: Campaign, state) -> dict:
    """The latest page of every play (the overview's, and a live refresh starting again),
    read off the ends of the plays kept in number order: a log of 5,000 plays lists its
    latest 20 without sorting the 5,000 on every view."""
    numbers = [record.number for record in state.games[-PLAYS_PER_PAGE:]] + list(state.deleted)
    shown = sorted(numbers, reverse=True)[:PLAYS_PER_PAGE]
    total = len(state.games) + len(state.deleted)
    oldest = min(([state.games.number_at(0)] if state.games else []) + list(state.deleted), default=0)
    older = None
    if shown and shown[-1] != oldest:
        count = len(shown)
        older = {"before": shown[-1], "page": count // PLAYS_PER_PAGE + 1, "shown": count, "total": total}
    return _listed(campaign, state, None, None, total, shown, older, None)


def _listed(campaign, state, player, page, total: int, shown: list[int], older, before) -> dict:
    return {
        "plays_page": page,
        "plays_total": total,
        # Read (a query) and worded only if the list is rendered: it is kept rendered per version.
        "play_items": SimpleLazyObject(lambda: play_items(campaign, state, shown)),
        "player": player,
        "older": older,
        "shown": {
            # Only the page that starts at the latest play takes new plays on top.
            "top": not before and (page is None or page.number == 1),
            "newest": shown[0] if shown else 0,
            "oldest": shown[-1] if shown else 0,
            "more": bool(before),  # the next plays of a list: only its oldest changes
        },
    }


def _shown_to_refresh(state, shown: list[int], new: int) -> list[int]:
    """The plays a refresh swaps in place, latest first: never more than a page with the new
    ones, whatever the poll says it shows (?oldest=1 on a log of 5,000 plays): those ever
    corrected or deleted first, then the latest shown (where another phone's change lands)."""
    room = max(PLAYS_PER_PAGE - new, 0)
    changed = [number for number in shown if state.is_deleted(number) or state.corrections_of(number)]
    chosen = set(changed[:room])
    chosen.update(number for number in shown[: room - len(chosen)])
    return sorted(chosen, reverse=True)


def live_plays(
    request,
    campaign: Campaign,
    state,
    player: str | None,
    changes: Callable[[], set[int] | None] = lambda: None,
) -> dict:
    """A refresh of a list of plays that keeps what the phone shows (?newest=, ?oldest=, ?top=,
    sent by the poll): the plays logged since, to go on top (only on a list that starts at
    the latest), then the shown plays a refresh may change, each morphed in place by its id (a
    correction or a deletion shows, an unchanged play is not touched): those the writes since
    named (`changes()`, store.changes_since) when known, else never more than a page with the
    new ones (`_shown_to_refresh`). A list that showed nothing, or a shown play undone, gets the
    plays from the latest down, a page at most, whole."""
    newest, oldest = whole_number(request.GET.get("newest")), whole_number(request.GET.get("oldest"))
    top = request.GET.get("top") == "1"
    numbers = numbers_of(state, player)
    everyone = numbers_of(state, None)
    if not newest or not oldest or newest > (everyone[0] if everyone else 0):
        if not oldest:
            return {**plays_context(None, campaign, state, player), "plays_whole": True}
        kept = [number for number in numbers if number >= oldest][:PLAYS_PER_PAGE]  # a page at most
        return {
            "player": player,
            "plays_total": len(numbers),
            "play_items": play_items(campaign, state, kept),
            "older": _older(numbers, kept),
            "shown": {
                "top": True,
                "newest": kept[0] if kept else 0,
                "oldest": kept[-1] if kept else 0,
                "more": False,
            },
            "plays_whole": True,
        }
    new = [number for number in numbers if number > newest] if top else []
    if len(new) > PLAYS_PER_PAGE:  # more than a page logged since: the list starts again
        return {**plays_context(None, campaign, state, player), "plays_whole": True}
    shown = [number for number in numbers if oldest <= number <= newest]
    changed = changes()
    if changed is None:
        in_place = _shown_to_refresh(state, shown, len(new))
    else:  # what the writes since changed, and nothing else
        in_place = [number for number in shown if number in changed][: max(PLAYS_PER_PAGE - len(new), 0)]
    items = play_items(campaign, state, new + in_place)
    return {
        "player": player,
        "plays_total": len(numbers),
        "new_items": items[: len(new)],  # on top, named in the poll's one line
        "play_items": items[len(new) :],  # each morphed in place by its id: a page at most
        "older": _older(numbers, new + shown),  # its count grows with the new plays
        "shown": {"top": top, "newest": new[0] if new else newest, "oldest": oldest, "more": False},
        "plays_whole": False,
    }
