"""The folded states of a campaign, cached: what every page reads, and the store writes into.

Pages read through `state(campaign, as_of)`, the state now or as of game n (or, for a page
that needs them all, `timeline(campaign)`, and `timelines(campaigns)` for a list of several;
`state_json` is the JOURNAL.md `campaign_state`). What is kept, and where, is this module's
business alone: the store hands it each fold it saves (`remember`), and a state is folded
from the journal (`Campaign.live_entries`) only when no cache holds it.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from django.core.cache import cache

from .models import Campaign, Entry, Player
from .rules import base
from .rules.base import Timeline

CACHE_SECONDS = 60 * 60 * 24


# Folded states are cached twice, both keyed by the campaign's journal version (bumped by
# every write), so neither can ever serve a stale state:
# - in this process, the last few timelines as Python objects (with the entries they were
#   folded from): a page view after the first costs no query, no fold and no unpickling;
# - in Django's cache, the state now on its own key, so another process (or this one after
#   the memo dropped it) unpickles just that state. A state as of an earlier game is worked
#   out when first asked (`Timeline.as_of`: a play log derives it, any other campaign folds
#   its entries up to that game) and then cached on its own key too: no fold keeps a state
#   per game, so a 500-game campaign is one state, not 501.
# States read from either are shared: callers must not change them (store.append copies first).
_memo: OrderedDict[tuple[int, int], Timeline] = OrderedDict()
MEMO_SIZE = 32


def _state_key(campaign: Campaign, as_of: int | None) -> str:
    when = "now" if as_of is None else as_of
    return f"state:{base.STATE_FORMAT}:{campaign.pk}:{campaign.journal_version}:{when}"


_memo_lock = threading.Lock()


def _derives_states(campaign: Campaign) -> bool:
    """Whether the campaign's states as of each game are worked out from the state now."""
    return campaign.rules.state_as_of is not None


def _remember_in_process(campaign: Campaign, folded: Timeline) -> None:
    with _memo_lock:
        _memo[(campaign.pk, campaign.journal_version)] = folded
        _memo.move_to_end((campaign.pk, campaign.journal_version))
        while len(_memo) > MEMO_SIZE:
            _memo.popitem(last=False)


def remember(campaign: Campaign, folded: Timeline) -> None:
    """Keep a campaign's timeline as of its journal version now (the store hands in each
    fold it saves)."""
    _remember_in_process(campaign, folded)
    cache.set(_state_key(campaign, None), folded.current, CACHE_SECONDS)


def forget_in_process() -> None:
    """Drop the in-process timelines (as a fresh server process would start)."""
    with _memo_lock:
        _memo.clear()


def timeline(campaign: Campaign) -> Timeline:
    """The folded journal: from memory, else from the cache, else folded from the database."""
    folded = _cached_timeline(campaign)
    if folded is None:
        folded = _fold(campaign)
    return folded


def _fold(campaign: Campaign) -> Timeline:
    """The journal read from the database (two queries) and folded, then remembered."""
    folded = base.fold(campaign.rules, campaign.roster(), campaign.live_entries())
    remember(campaign, folded)
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
            remember(campaign, folded[campaign.pk])
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


def state_json(campaign: Campaign, as_of: int | None = None) -> dict:
    """The JOURNAL.md `campaign_state` now, or as of game `as_of`."""
    return campaign.rules.state_json(state(campaign, as_of))
