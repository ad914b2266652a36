"""A play log's Standings page (standings/): plays, wins, win rates, average scores, sides,
streaks and head-to-head of its players, with charts (their numbers beside them)."""

import hashlib
import operator
from functools import partial

from django.contrib.auth.decorators import login_required
from django.db import IntegrityError, transaction
from django.utils.functional import SimpleLazyObject
from django.views.decorators.http import require_safe

from .... import charts, registry, states, stats, store
from ....access import campaign_for
from ....models import Campaign, StandingsTallyRecord
from ....rules.base import STATE_FORMAT
from ....web.htmx import render_page
from .. import plays
from .. import standings as standings_module

# The wins-over-time chart draws this many players at most (its colours run out after).
CHART_PLAYERS = charts.SERIES_COLOURS


# Each log's standings as last counted, kept in the database (StandingsTallyRecord) with the
# journal version they were counted at: on any worker, a version whose writes since only logged
# plays after every one counted extends them by those (store.changes_since), so the first view
# after a play is logged counts that play, not the log again (a 5,000-play log: 110 ms worked
# out whole, a 73 KB row read and extended in under 2). Anything else works them out again.


def _tally_key(campaign: Campaign) -> str:
    name = hashlib.blake2s(campaign.name.encode(), digest_size=8).hexdigest()
    return f"{STATE_FORMAT}:{standings_module.TALLY_FORMAT}:{campaign.slug}:{name}"


def _standings(campaign: Campaign) -> standings_module.Standings:
    """The log's standings at its journal version: the stored tally, extended, or a new one
    (then stored, one statement)."""
    version, key = campaign.journal_version, _tally_key(campaign)
    state = states.state(campaign)
    system = registry.system_of(campaign)
    kept = StandingsTallyRecord.objects.filter(campaign=campaign, key=key)
    row = kept.values_list("version", "tally").first()
    tally = None
    if row is not None and row[0] <= version:
        seen = row[0]
        heading = stats.campaign_heading(campaign.slug, campaign.name, system, state)
        tally = standings_module.StandingsTally.resumed(bytes(row[1]), heading)
        if seen < version and not _extended(campaign, state, seen, tally):
            tally = None
    if tally is None:
        record = stats.campaign_record(campaign.slug, campaign.name, system, state)
        tally = standings_module.StandingsTally(record)
    table = tally.standings()
    if row is None or row[0] != version:
        _store(campaign, key, tally)
    return table


def _store(campaign: Campaign, key: str, tally: standings_module.StandingsTally) -> None:
    """Keep the tally for the campaign's version (written over whatever row it had: any row
    is the tally of its own version, which is all a later view needs)."""
    record = StandingsTallyRecord(
        campaign=campaign, key=key, version=campaign.journal_version, tally=tally.stored()
    )
    try:
        with transaction.atomic():
            StandingsTallyRecord.objects.bulk_create(
                [record], update_conflicts=True, unique_fields=["campaign"],
                update_fields=["key", "version", "tally"],
            )
    except IntegrityError:
        pass  # the campaign was deleted meanwhile: nothing to keep


def _extended(campaign: Campaign, state, seen: int, tally) -> bool:
    """Whether the writes since version `seen` only logged plays after every one the tally
    counted (a play logged and deleted or undone since counts for nothing), which it then counts."""
    changed = store.changes_since(campaign, seen)
    if changed is None or any(number <= tally.last_number for number in changed):
        return False
    logged = [record for number in sorted(changed) if (record := state.game(number)) is not None]
    return tally.extend(plays.play_rows(campaign, logged))


def _standings_figures(campaign: Campaign) -> dict:
    """The standings page's table and charts, worked out over every play of the log (or the
    plays logged since they last were)."""
    table = _standings(campaign)
    colours = charts.series_classes((player.name, player.name) for player in table.players)
    return {
        "standings": table,
        "player_rows": [(player, colours.get(player.name)) for player in table.players],
        "charted_players": len(colours),
        "wins_chart": charts.wins_over_time(
            [
                (player.name, table.cumulative_wins[player.name], colours[player.name])
                for player in table.players[:CHART_PLAYERS]
            ],
            [f"Play {number}" for number in table.numbers],
        ),
        "rate_chart": charts.win_rate_bars(
            [
                (player.name, player.wins, player.plays, colours.get(player.name, "series-none"))
                for player in table.players
            ]
        ),
    }


STANDINGS_FIGURES = ("standings", "player_rows", "charted_players", "wins_chart", "rate_chart")


@login_required
@require_safe
def standings(request, slug):
    """Plays, wins, win rates, average scores, sides, streaks and head-to-head of the log's
    players, with charts (their numbers beside them)."""
    access = campaign_for(request, slug)
    campaign = access.campaign
    # Worked out only if the template renders them: it keeps them rendered until the journal
    # changes (as the Risk Legacy board does), so a long log is not counted over per view.
    figures = SimpleLazyObject(lambda: _standings_figures(campaign))
    context = {
        "campaign": campaign,
        "access": access,
        **{name: SimpleLazyObject(partial(operator.getitem, figures, name)) for name in STANDINGS_FIGURES},
    }
    return render_page(request, "play_log/standings.html", context)
