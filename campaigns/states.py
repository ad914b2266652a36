"""The folded states of a campaign, kept: what every page reads, and the store writes into.

Pages read through `state(campaign, as_of)`, the state now or as of game n (or, for a page
that needs them all, `timeline(campaign)`, and `timelines(campaigns)` for a list of several;
`state_json` is the docs/journal.md `campaign_state`). What is kept, and where, is this module's
business alone: the store hands it each fold it saves (`remember`, inside the write's
transaction), and a state is folded from the journal (`Campaign.live_entries`) only when
nothing holds it.
"""

from __future__ import annotations

import pickle
import threading
from collections import OrderedDict

from django.core.cache import cache

from .models import Campaign, CampaignSnapshot, Entry, Player
from .rules import base
from .rules.base import Timeline

CACHE_SECONDS = 60 * 60 * 24


# A state is folded once per write, for every process and every app server:
# - the writer (campaigns/store.py, under the campaign's lock) hands its fold to `remember`,
#   which writes it as the campaign's snapshot (CampaignSnapshot: the pickled state and the
#   journal version it folds) in the same transaction, so the snapshot and the version it
#   names are committed together, on SQLite as on PostgreSQL, with no other service;
# - in each process, the last few timelines as Python objects, keyed by (campaign, journal
#   version), least recently used dropped first: a page view after the first costs no query,
#   no fold and no unpickling;
# - a process that does not hold the version a page asks for reads the snapshot (one query,
#   one unpickling) and applies no entry; only a campaign with no snapshot of that version
#   (written before snapshots were kept) is folded from its journal.
# A state as of an earlier game is worked out when first asked (`Timeline.as_of`: a play log
# derives it, any other campaign folds its entries up to that game) and kept in Django's cache
# on its own key (a shared cache when CACHE_URL names one: tracker/settings.py): no fold keeps
# a state per game, so a 500-game campaign is one state, not 501.
# States read from any of these are shared: callers must not change them (store.append copies first).
_memo: OrderedDict[tuple[int, int], Timeline] = OrderedDict()
MEMO_SIZE = 32
_memo_lock = threading.Lock()

# How many journal entries this process's reads have applied (folds from the journal), so a
# test or a debug header (campaigns/fold_count.py) can tell a fold from a snapshot read.
_applied = [0]


def entries_applied() -> int:
    """The journal entries this process has folded to answer reads, since it started."""
    return _applied[0]


def _state_key(campaign: Campaign, as_of: int) -> str:
    return f"state:{base.STATE_FORMAT}:{campaign.pk}:{campaign.journal_version}:{as_of}"


def _derives_states(campaign: Campaign) -> bool:
    """Whether the campaign's states as of each game are worked out from the state now."""
    return campaign.rules.state_as_of is not None


def _in_process(campaign_id: int, version: int) -> Timeline | None:
    """The timeline kept in this process for this version; a hit is the most recently used."""
    with _memo_lock:
        folded = _memo.get((campaign_id, version))
        if folded is not None:
            _memo.move_to_end((campaign_id, version))
        return folded


def _remember_in_process(campaign_id: int, version: int, folded: Timeline) -> None:
    with _memo_lock:
        _memo[(campaign_id, version)] = folded
        _memo.move_to_end((campaign_id, version))
        while len(_memo) > MEMO_SIZE:
            _memo.popitem(last=False)


def remember(campaign: Campaign, folded: Timeline) -> None:
    """Keep a campaign's timeline as of its journal version now: the store hands in each fold
    it saves, inside the write's transaction, and it becomes the campaign's snapshot, which
    every other process reads instead of folding."""
    _remember_in_process(campaign.pk, campaign.journal_version, folded)
    fields = {
        "journal_version": campaign.journal_version,
        "state_format": base.STATE_FORMAT,
        "last_game": folded.last_game,
        "state": pickle.dumps(folded.current, pickle.HIGHEST_PROTOCOL),
    }
    if not CampaignSnapshot.objects.filter(pk=campaign.pk).update(**fields):
        CampaignSnapshot.objects.create(campaign_id=campaign.pk, **fields)


def refold(campaign: Campaign) -> None:
    """After a write that changed the roster but not through the store (inside its transaction,
    the version already bumped): fold the journal again and keep it as the writer's fold."""
    campaign.refresh_from_db(fields=["journal_version"])
    remember(campaign, base.fold(campaign.rules, campaign.roster(), campaign.live_entries()))


def forget_in_process() -> None:
    """Drop the in-process timelines (as a fresh server process would start)."""
    with _memo_lock:
        _memo.clear()
        _journals.clear()


def timeline(campaign: Campaign) -> Timeline:
    """The folded journal: from this process, else the campaign's snapshot, else folded."""
    return timelines([campaign])[campaign.pk]


def _fold(campaign_system, roster: list[str], entries: list[base.Entry]) -> Timeline:
    _applied[0] += len(entries)
    return base.fold(campaign_system, roster, entries)


def _snapshots(campaigns: list[Campaign]) -> dict[int, Timeline]:
    """The snapshots of these campaigns at (or past) the version each was read at, one query."""
    by_pk = {campaign.pk: campaign for campaign in campaigns}
    rows = CampaignSnapshot.objects.filter(campaign_id__in=by_pk, state_format=base.STATE_FORMAT)
    found = {}
    for campaign_id, version, last_game, blob in rows.values_list(
        "campaign_id", "journal_version", "last_game", "state"
    ).iterator(chunk_size=100):
        campaign = by_pk[campaign_id]
        if version < campaign.journal_version:
            continue  # written before a roster change by a writer that kept none: fold
        folded = base.new_timeline(campaign.rules, pickle.loads(blob), last_game=last_game)
        # A write committed since the campaign was read: its snapshot is the newer state,
        # kept under the version it folds.
        _remember_in_process(campaign_id, version, folded)
        found[campaign_id] = folded
    return found


def timelines(campaigns: list[Campaign]) -> dict[int, Timeline]:
    """The folded journals of several campaigns (campaign pk -> Timeline): those kept in the
    process as they are, the others from their snapshots (one query in all), and only those
    without one folded from two queries in all, however many campaigns there are."""
    folded = {}
    for campaign in campaigns:
        kept = _in_process(campaign.pk, campaign.journal_version)
        if kept is not None:
            folded[campaign.pk] = kept
    missing = [campaign for campaign in campaigns if campaign.pk not in folded]
    if missing:
        folded.update(_snapshots(missing))
        missing = [campaign for campaign in missing if campaign.pk not in folded]
    if missing:
        rosters: dict[int, list[str]] = {campaign.pk: [] for campaign in missing}
        for campaign_id, name in Player.objects.filter(campaign__in=missing).values_list(
            "campaign_id", "name"
        ):
            rosters[campaign_id].append(name)
        entries: dict[int, list[base.Entry]] = {campaign.pk: [] for campaign in missing}
        rows = Entry.objects.live().filter(campaign__in=missing).order_by("campaign_id", "position")
        for campaign_id, kind, data in rows.values_list("campaign_id", "kind", "data"):
            entries[campaign_id].append(base.Entry(kind, data))
        for campaign in missing:
            folded[campaign.pk] = _fold(campaign.rules, rosters[campaign.pk], entries[campaign.pk])
            _remember_in_process(campaign.pk, campaign.journal_version, folded[campaign.pk])
    return folded


def each_state(campaigns: list[Campaign], chunk: int = 50):
    """(campaign, its state now) for each campaign, one at a time, for a page that reads many
    states once (the stats): those kept in the process, then the writers' snapshots read a
    chunk at a time and unpickled one by one (never all held at once, nor kept in the process
    to push out the campaigns being played), then the few without a snapshot, folded."""
    rest = []
    for campaign in campaigns:
        kept = _in_process(campaign.pk, campaign.journal_version)
        if kept is not None:
            yield campaign, kept.current
        else:
            rest.append(campaign)
    unread = {campaign.pk: campaign for campaign in rest}
    for start in range(0, len(rest), chunk):
        part = [campaign.pk for campaign in rest[start:start + chunk]]
        rows = list(
            CampaignSnapshot.objects.filter(campaign_id__in=part, state_format=base.STATE_FORMAT).values_list(
                "campaign_id", "journal_version", "state"
            )
        )
        while rows:
            campaign_id, version, blob = rows.pop()
            campaign = unread[campaign_id]
            if version >= campaign.journal_version:
                del unread[campaign_id]
                yield campaign, pickle.loads(blob)
    for campaign in unread.values():
        yield campaign, timeline(campaign).current


# The journals read to work out states as of earlier games (the board's slider asks for one
# after another), kept for the last few campaign versions.
_journals: OrderedDict[tuple[int, int], tuple[list[str], list[base.Entry]]] = OrderedDict()
JOURNALS_KEPT = 4


def _journal(campaign: Campaign) -> tuple[list[str], list[base.Entry]]:
    """The roster and live entries of the campaign at its version: those the writer's fold in
    this process kept, else read once (two queries) and kept."""
    key = (campaign.pk, campaign.journal_version)
    folded = _in_process(*key)
    if folded is not None and folded.entries is not None:
        return folded.players, folded.entries
    with _memo_lock:
        kept = _journals.get(key)
        if kept is not None:
            _journals.move_to_end(key)
            return kept
    kept = (campaign.roster(), campaign.live_entries())
    with _memo_lock:
        _journals[key] = kept
        while len(_journals) > JOURNALS_KEPT:
            _journals.popitem(last=False)
    return kept


def state(campaign: Campaign, as_of: int | None = None):
    """The state now, or right after game `as_of` (read-only: shared with other readers).

    The state now is the writer's fold (kept in the process, else its snapshot). A state as of
    an earlier game is worked out the first time it is asked (a play log derives it from the
    state now; any other campaign folds its entries up to that game, from the timeline in
    memory when it kept them, else from the database) and cached on its own key, so the next
    page view unpickles it, here or in another process sharing the cache."""
    if as_of is not None and as_of >= campaign.games_played:
        as_of = None
    if as_of is None or _derives_states(campaign):
        return timeline(campaign).as_of(as_of)
    key = _state_key(campaign, as_of)
    then = cache.get(key)
    if then is None:
        players, entries = _journal(campaign)
        then = _fold(campaign.rules, players, base.entries_until(entries, as_of)).current
        cache.set(key, then, CACHE_SECONDS)
    return then


def state_json(campaign: Campaign, as_of: int | None = None) -> dict:
    """The docs/journal.md `campaign_state` now, or as of game `as_of`."""
    return campaign.rules.state_json(state(campaign, as_of))
