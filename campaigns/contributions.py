"""What each campaign contributes to its players' stats, worked out once per journal version.

The stats page (campaigns/views/stats.py) counts over every campaign of the user: each
campaign's plays and marks (campaigns/stats.py's `campaign_record`, read from its folded state)
change only when its journal does, so they are kept in Django's cache under the campaign's id
and journal version (and its name, which the plays carry): a page over 500 campaigns reads 500
small records and combines them, folding or unpickling no state it has already read. Only the
campaigns written since (or never read) have their state read, one at a time (states.each_state),
so a worker never holds 500 states at once. With a shared cache (CACHE_URL) every worker and app
server reads a record worked out once; with the default per-process cache, once per process.
"""

from __future__ import annotations

import hashlib

from django.core.cache import cache

from . import registry, states, stats
from .models import Campaign
from .rules import base

# The shape of a kept record: part of its key, with the states' format (a deploy that changes
# what a read side makes of a state never reads an older record).
RECORD_FORMAT = 1
CACHE_SECONDS = 60 * 60 * 24 * 7

# How many records this process has worked out from a state (for tests: a second page view
# over the same campaigns works out none).
_worked_out = [0]


def records_worked_out() -> int:
    return _worked_out[0]


def _key(campaign: Campaign) -> str:
    name = hashlib.blake2s(campaign.name.encode(), digest_size=8).hexdigest()
    version = f"{base.STATE_FORMAT}:{RECORD_FORMAT}:{campaign.pk}:{campaign.journal_version}"
    return f"record:{version}:{campaign.slug}:{name}"


def _record(campaign: Campaign, plays, marks) -> stats.CampaignRecord:
    system = registry.system_of(campaign)
    return stats.CampaignRecord(
        campaign.slug, campaign.name, system.key, plays, system.label, system.read_side, marks=marks
    )


def records(campaigns: list[Campaign]) -> list[stats.CampaignRecord]:
    """Each campaign's record, in the order given: kept ones read in one cache call, the others
    worked out from their states (one at a time) and kept."""
    keys = {campaign.pk: _key(campaign) for campaign in campaigns}
    kept = cache.get_many(list(keys.values()))
    found: dict[int, stats.CampaignRecord] = {}
    missing = []
    for campaign in campaigns:
        parts = kept.get(keys[campaign.pk])
        if parts is None:
            missing.append(campaign)
        else:
            found[campaign.pk] = _record(campaign, *parts)
    fresh = {}
    for campaign, state in states.each_state(missing):
        record = stats.campaign_record(campaign.slug, campaign.name, registry.system_of(campaign), state)
        _worked_out[0] += 1
        found[campaign.pk] = record
        fresh[keys[campaign.pk]] = (record.plays, record.marks)
        if len(fresh) >= 50:
            cache.set_many(fresh, CACHE_SECONDS)
            fresh = {}
    if fresh:
        cache.set_many(fresh, CACHE_SECONDS)
    return [found[campaign.pk] for campaign in campaigns]
