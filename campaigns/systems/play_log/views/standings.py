"""A play log's Standings page (standings/): plays, wins, win rates, average scores, sides,
streaks and head-to-head of its players, with charts (their numbers beside them)."""

import operator
import threading
from collections import OrderedDict
from functools import partial

from django.contrib.auth.decorators import login_required
from django.utils.functional import SimpleLazyObject
from django.views.decorators.http import require_safe

from .... import charts, registry, states, stats, store
from ....access import campaign_for
from ....models import Campaign
from ....web.htmx import render_page
from .. import plays
from .. import standings as standings_module

# The wins-over-time chart draws this many players at most (its colours run out after).
CHART_PLAYERS = charts.SERIES_COLOURS


# Each log's standings as this process last worked them out (a few logs, the latest used kept):
# a version whose writes since only logged plays after every one counted extends them by those
# (store.changes_since), so the first view after a play is logged counts that play, not the log
# again (a 5,000-play log: 230 ms worked out whole). Anything else works them out again.
TALLIES_KEPT = 16
_tallies: OrderedDict[int, tuple[tuple, int, standings_module.StandingsTally]] = OrderedDict()
_tallies_lock = threading.Lock()


def _forget_tallies() -> None:
    with _tallies_lock:
        _tallies.clear()


states.forget_with(_forget_tallies)


def _standings(campaign: Campaign) -> standings_module.Standings:
    """The log's standings at its journal version, from this process's tally, extended, or a
    new one. The tally is taken out while it is extended and read: no two threads share one."""
    named, version = (campaign.slug, campaign.name), campaign.journal_version
    with _tallies_lock:
        named_then, seen, tally = _tallies.pop(campaign.pk, (None, None, None))
    state = states.state(campaign)
    kept = tally is not None and named_then == named and seen <= version
    if not (kept and _extended(campaign, state, seen, tally)):
        tally = None
    if tally is None:
        record = stats.campaign_record(campaign.slug, campaign.name, registry.system_of(campaign), state)
        tally = standings_module.StandingsTally(record)
    table = tally.standings()
    with _tallies_lock:
        _tallies[campaign.pk] = (named, version, tally)
        while len(_tallies) > TALLIES_KEPT:
            _tallies.popitem(last=False)
    return table


def _extended(campaign: Campaign, state, seen: int, tally) -> bool:
    """Whether the writes since version `seen` only logged plays after every one the tally
    counted (a play logged and deleted or undone since counts for nothing), which it then counts."""
    if seen == campaign.journal_version:
        return True
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
