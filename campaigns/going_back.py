"""Back to before game N: the campaign as it was before a game (a sitting, a play) opened, what
went kept aside, restorable whole, or downloadable as the journal it was.

Going back undoes, in one write under the campaign's lock, every live entry from the one that
opened game N on (each marked `set_aside`, with who and when); the journal then ends before game
N, every phone follows at its next refresh (the version moves on, as for any entry), and a tap
made against the old state meets the rules of the state now (another phone moved it on).
Restoring takes the last set-aside entries back whole, while nothing was recorded after going
back (the entries would no longer follow); else they are still there to download.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from . import registry, store
from .models import Campaign, Entry
from .rules import base, journal
from .rules.base import RuleError

#: How many of the entries that would go the preview names one by one (the rest are counted).
PREVIEW_NAMED = 60


@dataclass(frozen=True)
class Going:
    """What going back to before game `game` would take out: its first entries (kind, data,
    game number; PREVIEW_NAMED at most, in the journal's order), how many entries in all, and
    the games they hold. Read in two bounded queries, whatever the journal's length."""

    game: int
    entries: list[tuple[str, dict, int | None]]
    count: int
    games: list[int]


def _first_of(locked: Campaign, game: int) -> Entry | None:
    """The live entry that opened game `game`."""
    return (
        locked.entries.live().filter(kind=base.GAME_KIND, game_number=game).order_by("position").first()
    )


def _game_word(campaign: Campaign) -> str:
    return registry.system_of(campaign).count_words.one


def preview(campaign: Campaign, game: int) -> Going:
    """What going back to before game `game` would take out (refused when there is no such game)."""
    first = _first_of(campaign, game)
    if first is None:
        raise RuleError(f"There is no {_game_word(campaign)} {game} to go back before.", field="before")
    rows = campaign.entries.live().filter(position__gte=first.position)
    named = list(rows.order_by("position").values_list("kind", "data", "game_number")[:PREVIEW_NAMED])
    games = sorted(
        rows.filter(kind=base.GAME_KIND, game_number__isnull=False)
        .values_list("game_number", flat=True)
        .distinct()
    )
    return Going(game, named, rows.count(), games)


def go_back(campaign: Campaign, user, game: int, seen_version: int | None = None) -> Going:
    """Go back to before game `game`: every live entry from its opening one on is set aside, in
    one write. `seen_version`: the journal version the preview was made from; the campaign moved
    on since (another phone recorded) is refused, so nobody sets aside what they did not see."""
    with transaction.atomic():
        locked = Campaign.objects.locked(campaign)
        if seen_version is not None and locked.journal_version != seen_version:
            raise RuleError(
                "Another phone recorded meanwhile: look at what would go again before going back."
            )
        going = preview(locked, game)
        first = _first_of(locked, game)
        locked.entries.live().filter(position__gte=first.position).update(
            undone_at=timezone.now(), undone_by=user, set_aside=True
        )
        store.refold_after(locked)
    store.copy_progress(locked, campaign)
    return going


def _last_set_aside(campaign: Campaign) -> list[Entry]:
    """The entries the last going back set aside, in order (none: nothing set aside)."""
    last = (
        campaign.entries.filter(set_aside=True)
        .order_by("-undone_at")
        .values_list("undone_at", flat=True)
        .first()
    )
    if last is None:
        return []
    return list(campaign.entries.filter(set_aside=True, undone_at=last).order_by("position"))


@dataclass(frozen=True)
class SetAside:
    """What the last going back set aside, and whether it can be restored whole now."""

    entries: list[Entry]
    restorable: bool

    @property
    def at(self):
        return self.entries[0].undone_at

    @property
    def by(self):
        return self.entries[0].undone_by

    @property
    def games(self) -> list[int]:
        return sorted({e.game_number for e in self.entries if e.kind == base.GAME_KIND and e.game_number})


def set_aside(campaign: Campaign) -> SetAside | None:
    entries = _last_set_aside(campaign)
    if not entries:
        return None
    recorded_since = campaign.entries.live().filter(position__gte=entries[0].position).exists()
    return SetAside(entries, restorable=not recorded_since)


def restore(campaign: Campaign, user) -> SetAside:
    """Take the last set-aside entries back whole (refused once something was recorded after
    going back: they no longer follow the journal, and stay there to download)."""
    with transaction.atomic():
        locked = Campaign.objects.locked(campaign)
        kept = set_aside(locked)
        if kept is None:
            raise RuleError("Nothing was set aside by going back.")
        if not kept.restorable:
            raise RuleError(
                "Something was recorded since going back, so what was set aside no longer follows the"
                " journal: download it as a journal instead."
            )
        Entry.objects.filter(pk__in=[entry.pk for entry in kept.entries]).update(
            undone_at=None, undone_by=None, set_aside=False
        )
        store.refold_after(locked)
    store.copy_progress(locked, campaign)
    return kept


def journal_before_going_back(campaign: Campaign) -> dict:
    """The campaign's journal as it was before the last going back: the entries before the set-
    aside ones, then those (importable as a campaign of its own)."""
    kept = _last_set_aside(campaign)
    if not kept:
        raise RuleError("Nothing was set aside by going back.")
    before = [
        base.Entry(row.kind, row.data)
        for row in campaign.entries.live().filter(position__lt=kept[0].position).order_by("position")
    ]
    entries = before + [base.Entry(row.kind, row.data) for row in kept]
    return journal.write(campaign.rules, campaign.name, campaign.roster(), entries)

