"""Where the journal meets the database: every write to a campaign goes through here.

Each write runs in one transaction that first locks the campaign (a row lock on PostgreSQL;
on SQLite the IMMEDIATE transaction already holds the database's write lock), folds the
journal as it is now, applies the new entries through the rules layer and only then saves.
So two phones submitting at once are checked one after the other, and the second sees the
first's entry.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, replace

from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from .models import Campaign, Entry, Membership, Player
from .rules import base, journal, limits
from .rules.base import RuleError, Timeline

CACHE_SECONDS = 60 * 60 * 24


class ConcurrentWrite(Exception):
    """Someone else changed the campaign first (only reachable if locking is bypassed)."""


# Folded states are cached twice, both keyed by the campaign's journal version (bumped by
# every write), so neither can ever serve a stale state:
# - in this process, the last few timelines as Python objects (with the entries they were
#   folded from): a page view after the first costs no query, no fold and no unpickling;
# - in Django's cache, the state now on its own key, so another process (or this one after
#   the memo dropped it) unpickles just that state. A state as of an earlier game is worked
#   out when first asked (`Timeline.as_of`: a play log derives it, any other campaign folds
#   its entries up to that game) and then cached on its own key too: no fold keeps a state
#   per game, so a 500-game campaign is one state, not 501.
# States read from either are shared: callers must not change them (append copies first).
_memo: OrderedDict[tuple[int, int], Timeline] = OrderedDict()
MEMO_SIZE = 32


def _state_key(campaign: Campaign, as_of: int | None) -> str:
    when = "now" if as_of is None else as_of
    return f"state:{base.STATE_FORMAT}:{campaign.pk}:{campaign.journal_version}:{when}"


_memo_lock = threading.Lock()


def _derives_states(campaign: Campaign) -> bool:
    """Whether the campaign's states as of each game are worked out from the state now."""
    return getattr(campaign.rules, "state_as_of", None) is not None


def _remember_in_process(campaign: Campaign, folded: Timeline) -> None:
    with _memo_lock:
        _memo[(campaign.pk, campaign.journal_version)] = folded
        _memo.move_to_end((campaign.pk, campaign.journal_version))
        while len(_memo) > MEMO_SIZE:
            _memo.popitem(last=False)


def _remember(campaign: Campaign, folded: Timeline) -> None:
    _remember_in_process(campaign, folded)
    cache.set(_state_key(campaign, None), folded.current, CACHE_SECONDS)


def forget_in_process_states() -> None:
    """Drop the in-process timelines (as a fresh server process would start)."""
    with _memo_lock:
        _memo.clear()


def roster(campaign: Campaign) -> list[str]:
    return list(campaign.players.values_list("name", flat=True))


def live_entries(campaign: Campaign) -> list[base.Entry]:
    return [
        base.Entry(kind, data)
        for kind, data in campaign.entries.live().order_by("position").values_list("kind", "data")
    ]


def timeline(campaign: Campaign) -> Timeline:
    """The folded journal: from memory, else from the cache, else folded from the database."""
    folded = _cached_timeline(campaign)
    if folded is None:
        folded = _fold(campaign)
    return folded


def _fold(campaign: Campaign) -> Timeline:
    """The journal read from the database (two queries) and folded, then remembered."""
    folded = base.fold(campaign.rules, roster(campaign), live_entries(campaign))
    _remember(campaign, folded)
    return folded


def _cached_timeline(campaign: Campaign) -> Timeline | None:
    folded = _memo.get((campaign.pk, campaign.journal_version))
    if folded is not None:
        return folded
    current = cache.get(_state_key(campaign, None))
    if current is None:
        return None
    folded = base.new_timeline(campaign.rules, current, last_game=campaign.games_played)
    _remember_in_process(campaign, folded)
    return folded


def timelines(campaigns: list[Campaign]) -> dict[int, Timeline]:
    """The folded journals of several campaigns (campaign pk -> Timeline): the cached ones as
    they are, the others folded from two queries in all, however many campaigns there are."""
    folded = {campaign.pk: _cached_timeline(campaign) for campaign in campaigns}
    missing = [campaign for campaign in campaigns if folded[campaign.pk] is None]
    if missing:
        rosters: dict[int, list[str]] = {campaign.pk: [] for campaign in missing}
        for campaign_id, name in Player.objects.filter(campaign__in=missing).values_list("campaign_id", "name"):
            rosters[campaign_id].append(name)
        entries: dict[int, list[base.Entry]] = {campaign.pk: [] for campaign in missing}
        rows = Entry.objects.live().filter(campaign__in=missing).order_by("campaign_id", "position")
        for campaign_id, kind, data in rows.values_list("campaign_id", "kind", "data"):
            entries[campaign_id].append(base.Entry(kind, data))
        for campaign in missing:
            folded[campaign.pk] = base.fold(campaign.rules, rosters[campaign.pk], entries[campaign.pk])
            _remember(campaign, folded[campaign.pk])
    return folded


def state(campaign: Campaign, as_of: int | None = None):
    """The state now, or right after game `as_of` (read-only: shared with other readers).

    The state now is the cached fold. A state as of an earlier game is worked out the first
    time it is asked (a play log derives it from the state now; any other campaign folds its
    entries up to that game, from the timeline in memory, else from the database) and cached
    on its own key, so the next page view unpickles it, here or in another process."""
    if as_of is not None and as_of >= campaign.games_played:
        as_of = None
    if as_of is None or _derives_states(campaign):
        # The state now (a play log's as of a play is derived from it), kept in the process
        # once read from the cache: the next page view neither unpickles it again nor folds.
        return timeline(campaign).as_of(as_of)
    key = _state_key(campaign, as_of)
    then = cache.get(key)
    if then is None:
        folded = _memo.get((campaign.pk, campaign.journal_version))
        if folded is None or folded.entries is None:
            folded = _fold(campaign)
        then = folded.as_of(as_of)
        cache.set(key, then, CACHE_SECONDS)
    return then


def _locked(campaign: Campaign) -> Campaign:
    return Campaign.objects.select_for_update().get(pk=campaign.pk)


def _record_progress(campaign: Campaign, folded: Timeline) -> None:
    """Bump the version (so cached states are not reused), cache the new fold and refresh
    the two figures the campaign list shows without folding every campaign."""
    campaign.games_played = folded.games_played
    campaign.games_finished = getattr(folded.current, "games_finished", folded.games_played)
    last_game = (
        campaign.entries.live().filter(kind=base.GAME_KIND).order_by("-position").values_list("data", flat=True).first()
    )
    campaign.last_played_on = last_game.get("played_on") if last_game else None
    campaign.journal_version = F("journal_version") + 1
    campaign.save(update_fields=["games_played", "games_finished", "last_played_on", "journal_version"])
    campaign.refresh_from_db(fields=["journal_version", "last_played_on"])
    _remember(campaign, folded)


def _copy(folded: Timeline) -> Timeline:
    """A timeline whose current state and entries may be changed (the memo's stay as they are)."""
    return replace(
        folded,
        current=base.snapshot(folded.current),
        entries=None if folded.entries is None else list(folded.entries),
    )


def append(campaign: Campaign, entries: list[base.Entry], user=None) -> Timeline:
    """Check the entries against the campaign's rules and add them to its journal.

    Raises RuleError, and saves nothing, when one breaks a rule (or holds a text or number
    the limits refuse: a form that forgot a max_length still cannot reach the database with it).
    """
    for entry in entries:
        limits.check_values(entry.data)
    with transaction.atomic():
        locked = _locked(campaign)
        folded = base.extend(locked.rules, _copy(timeline(locked)), entries)
        last = locked.entries.live().order_by("-position").values_list("position", "game_number").first()
        position, game_number = (last[0] + 1, last[1]) if last else (0, None)
        recorder = user if user is not None and user.is_authenticated else None
        try:
            Entry.objects.bulk_create(
                _rows(locked, entries, recorder, first_position=position, game_number=game_number)
            )
        except IntegrityError as error:  # pragma: no cover - the lock makes this unreachable
            raise ConcurrentWrite(str(error)) from error
        _record_progress(locked, folded)
    _copy_progress(locked, campaign)
    return folded


def _copy_progress(locked: Campaign, campaign: Campaign) -> None:
    """The caller's campaign object learns what the write changed."""
    for name in ("journal_version", "games_played", "games_finished", "last_played_on"):
        setattr(campaign, name, getattr(locked, name))


@dataclass
class Undone:
    kind: str
    data: dict
    game_number: int | None


class NotTheLastEntry(Exception):
    """The entry a player asked to undo is no longer the journal's last live one (another
    phone undid it, or recorded after it): nothing was undone."""

    def __init__(self, asked: Entry | None, last: Entry | None):
        super().__init__("not the last entry")
        self.asked = asked  # the entry the player saw (None if it no longer exists)
        self.last = last  # the journal's last live entry now (None if the journal is empty)


def undo_last(campaign: Campaign, user, entry_id: int | None = None) -> Undone | None:
    """Take back the journal's last entry; it is kept, marked with who undid it and when.

    With `entry_id` (the entry the player was shown), only that entry is taken back, and only
    if it is still the last live one when the campaign's lock is held: five phones confirming
    the same undo at once take back one entry, and the other four get NotTheLastEntry.
    """
    with transaction.atomic():
        locked = _locked(campaign)
        last = locked.entries.live().select_related("recorded_by").order_by("-position").first()
        if entry_id is not None and (last is None or last.pk != entry_id):
            asked = locked.entries.select_related("undone_by").filter(pk=entry_id).first()
            raise NotTheLastEntry(asked, last)
        if last is None:
            return None
        last.undone_at = timezone.now()
        last.undone_by = user
        last.save(update_fields=["undone_at", "undone_by"])
        folded = base.fold(locked.rules, roster(locked), live_entries(locked))
        _record_progress(locked, folded)
    _copy_progress(locked, campaign)
    return Undone(last.kind, last.data, last.game_number)


def create_campaign(*, name: str, system: str, owner, players: list[str] = ()) -> Campaign:
    limits.check_campaign_name(name)
    for player in players:
        limits.check_player_name(player, field="players")
    with transaction.atomic():
        campaign = Campaign.objects.create(
            name=name, system=system, slug=Campaign.unique_slug(name), games_finished=0
        )
        Membership.objects.create(campaign=campaign, user=owner, role=Membership.Role.OWNER)
        Player.objects.bulk_create(
            Player(campaign=campaign, name=player, position=i) for i, player in enumerate(players)
        )
    return campaign


def import_journal(data, owner=None) -> Campaign:
    """Create a campaign from a journal (a parsed JSON value): all of it or, on a RuleError, nothing."""
    system, name, players, entries, folded = journal.load(data)
    with transaction.atomic():
        campaign = Campaign.objects.create(name=name, system=system.KEY, slug=Campaign.unique_slug(name))
        if owner is not None:
            Membership.objects.create(campaign=campaign, user=owner, role=Membership.Role.OWNER)
        Player.objects.bulk_create(
            Player(campaign=campaign, name=player, position=i) for i, player in enumerate(players)
        )
        Entry.objects.bulk_create(_rows(campaign, entries, owner))
        _record_progress(campaign, folded)
    return campaign


def _rows(campaign, entries, user, *, first_position=0, game_number=None):
    numbers = base.game_numbers(entries, game_number)
    return [
        Entry(
            campaign=campaign,
            position=first_position + offset,
            kind=entry.kind,
            game_number=number,
            data=entry.data,
            recorded_by=user,
        )
        for offset, (entry, number) in enumerate(zip(entries, numbers))
    ]


def export_journal(campaign: Campaign) -> dict:
    return journal.write(campaign.rules, campaign.name, roster(campaign), live_entries(campaign))


def state_json(campaign: Campaign, as_of: int | None = None) -> dict:
    return campaign.rules.state_json(state(campaign, as_of))


# The roster -----------------------------------------------------------------------------


def add_player(campaign: Campaign, name: str) -> Player:
    name = name.strip()
    if not name:
        raise RuleError("A player needs a name.", field="name")
    limits.check_player_name(name)
    with transaction.atomic():
        locked = _locked(campaign)
        if locked.players.filter(name__iexact=name).exists():
            raise RuleError(f"{name} is already on the roster.", field="name")
        position = locked.players.count()
        player = Player.objects.create(campaign=locked, name=name, position=position)
        Campaign.objects.filter(pk=locked.pk).update(journal_version=F("journal_version") + 1)
    return player


def rename_player(campaign: Campaign, player: Player, new_name: str) -> None:
    """Rename a roster name everywhere the journal mentions it."""
    new_name = new_name.strip()
    if not new_name:
        raise RuleError("A player needs a name.", field="name")
    limits.check_player_name(new_name)
    with transaction.atomic():
        locked = _locked(campaign)
        if locked.players.filter(name__iexact=new_name).exclude(pk=player.pk).exists():
            raise RuleError(f"{new_name} is already on the roster.", field="name")
        old_name = player.name
        renamed_entries = []
        for entry in locked.entries.only("data"):
            renamed = base.rename_player(entry.data, old_name, new_name)
            if renamed != entry.data:
                entry.data = renamed
                renamed_entries.append(entry)
        # One UPDATE for the lot, not one per entry that names the player.
        Entry.objects.bulk_update(renamed_entries, ["data"], batch_size=500)
        player.name = new_name
        player.save(update_fields=["name"])
        # Check the renamed journal still folds (it always should: names are opaque to rules).
        base.fold(locked.rules, roster(locked), live_entries(locked))
        Campaign.objects.filter(pk=locked.pk).update(journal_version=F("journal_version") + 1)


def link_player(campaign: Campaign, player: Player, user) -> None:
    """Link a roster name to an account (None: unlink it). An account plays under one name
    per campaign, so its other name is unlinked; under the campaign's lock, so two phones
    linking at once cannot both hold the account."""
    with transaction.atomic():
        locked = _locked(campaign)
        if user is not None:
            locked.players.filter(user=user).exclude(pk=player.pk).update(user=None)
        player.user = user
        player.save(update_fields=["user"])


def matching_player(campaign: Campaign, user) -> Player | None:
    """The unlinked roster name that is this account's name (its username, first name or
    full name, ignoring case), to offer when the account joins."""
    names = {name.casefold() for name in (user.get_username(), user.first_name, user.get_full_name()) if name}
    for player in campaign.players.filter(user__isnull=True):
        if player.name.casefold() in names:
            return player
    return None


def player_in_journal(campaign: Campaign, name: str) -> bool:
    return any(
        base.mentions_player(data, name) for data in campaign.entries.values_list("data", flat=True)
    )


def delete_player(campaign: Campaign, player: Player) -> None:
    with transaction.atomic():
        locked = _locked(campaign)
        if player_in_journal(locked, player.name):
            raise RuleError(f"{player.name} has played in this campaign, so the name stays on the roster.")
        player.delete()
        Campaign.objects.filter(pk=locked.pk).update(journal_version=F("journal_version") + 1)


def describe(campaign: Campaign, kind: str, data: dict) -> str:
    """A short sentence for one journal entry, as the history and undo pages show it."""
    entry = base.Entry(kind, data)
    describer = getattr(campaign.rules, "describe", None)
    return describer(entry) if describer else base.describe(entry)


def recent_entries(campaign: Campaign, count: int) -> list[dict]:
    """The journal's last entries, newest first, worded for people (one query)."""
    rows = campaign.entries.live().select_related("recorded_by").order_by("-position")[:count]
    return [
        {
            "text": describe(campaign, row.kind, row.data),
            "kind": row.kind,
            "game": row.game_number,
            "recorded_by": row.recorded_by,
            "recorded_at": row.recorded_at,
        }
        for row in rows
    ]
