"""What each campaign contributes to its players' stats, worked out once per journal version.

The stats page (campaigns/views/stats.py) counts over every campaign of the user: each
campaign's plays and marks (campaigns/stats.py's `campaign_record`, read from its folded state)
change only when its journal does, so they are kept in the database (`CampaignStatsRecord`)
under the campaign's id, journal version and name (which the plays carry): every worker and
app server, a fresh one after a deploy or a restart too, reads 500 campaigns' records in one
query and combines them, folding or unpickling no state. Only the campaigns written since (or
never read) have their state read, one at a time (states.each_state), so a worker never holds
500 states at once; their records are then kept for every worker after. (The whole page is
kept in Django's cache too, campaigns/views/stats.py: a view that nothing changed since reads
no record.)
"""

from __future__ import annotations

import dataclasses
import hashlib
import pickle

from django.db import IntegrityError, transaction

from . import registry, states, stats
from .models import Campaign, CampaignStatsRecord
from .readside.base import Mark, Play, Seat
from .rules import base

# The shape of a kept record: part of its key, with the states' format and the fields of what a
# record holds (a deploy that changes what a read side makes of a state, or the plays' fields,
# never reads a record kept before it, here or in the database).
RECORD_FORMAT = 1
_SHAPE = [(kind.__name__, [f.name for f in dataclasses.fields(kind)]) for kind in (Play, Seat, Mark)]
_FIELDS = hashlib.blake2s(repr(_SHAPE).encode(), digest_size=4).hexdigest()
# Records worked out are written this many at a time (never 500 pickled at once).
KEPT_AT_ONCE = 50

# How many records this process has worked out from a state (for tests: a second page view
# over the same campaigns works out none).
_worked_out = [0]


def records_worked_out() -> int:
    return _worked_out[0]


def _key(campaign: Campaign) -> str:
    name = hashlib.blake2s(campaign.name.encode(), digest_size=8).hexdigest()
    version = f"{base.STATE_FORMAT}:{RECORD_FORMAT}:{_FIELDS}:{campaign.pk}:{campaign.journal_version}"
    return f"record:{version}:{campaign.slug}:{name}"


def _record(campaign: Campaign, plays, marks) -> stats.CampaignRecord:
    system = registry.system_of(campaign)
    return stats.CampaignRecord(
        campaign.slug, campaign.name, system.key, plays, system.label, system.read_side, marks=marks
    )


def _stored(campaigns: list[Campaign], keys: dict[int, str]) -> dict[int, tuple]:
    """The parts kept in the database for these campaigns under their keys now (one query)."""
    rows = CampaignStatsRecord.objects.filter(
        campaign_id__in=[campaign.pk for campaign in campaigns],
        key__in=[keys[campaign.pk] for campaign in campaigns],
    ).values_list("campaign_id", "parts")
    return {campaign_id: pickle.loads(blob) for campaign_id, blob in rows}


def _store(fresh: dict[int, tuple[str, tuple]]) -> None:
    """Keep freshly worked-out parts (campaign pk -> (key, parts)) in the database, one
    statement. A campaign deleted meanwhile keeps nothing (its row would have no campaign)."""
    rows = [
        CampaignStatsRecord(campaign_id=pk, key=key, parts=pickle.dumps(parts, pickle.HIGHEST_PROTOCOL))
        for pk, (key, parts) in fresh.items()
    ]
    try:
        with transaction.atomic():
            CampaignStatsRecord.objects.bulk_create(
                rows, update_conflicts=True, unique_fields=["campaign"], update_fields=["key", "parts"]
            )
    except IntegrityError:
        pass  # the next page that reads these campaigns works them out again


def records(campaigns: list[Campaign]) -> list[stats.CampaignRecord]:
    """Each campaign's record, in the order given: those kept read in one query, the others
    worked out from their states (one at a time) and kept."""
    keys = {campaign.pk: _key(campaign) for campaign in campaigns}
    parts_of = _stored(campaigns, keys)
    fresh: dict[int, tuple[str, tuple]] = {}
    for campaign, state in states.each_state([c for c in campaigns if c.pk not in parts_of]):
        record = stats.campaign_record(campaign.slug, campaign.name, registry.system_of(campaign), state)
        _worked_out[0] += 1
        parts_of[campaign.pk] = (record.plays, record.marks)
        fresh[campaign.pk] = (keys[campaign.pk], parts_of[campaign.pk])
        if len(fresh) >= KEPT_AT_ONCE:
            _store(fresh)
            fresh = {}
    if fresh:
        _store(fresh)
    return [_record(campaign, *parts_of[campaign.pk]) for campaign in campaigns]
