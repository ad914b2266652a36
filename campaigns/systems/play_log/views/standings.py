"""A play log's Standings page (standings/): plays, wins, win rates, average scores, sides,
streaks and head-to-head of its players, with charts (their numbers beside them)."""

import operator
from functools import partial

from django.contrib.auth.decorators import login_required
from django.utils.functional import SimpleLazyObject
from django.views.decorators.http import require_safe

from .... import charts, registry, states, stats
from ....access import campaign_for
from ....models import Campaign
from ....web.htmx import render_page
from .. import standings as standings_module

# The wins-over-time chart draws this many players at most (its colours run out after).
CHART_PLAYERS = charts.SERIES_COLOURS


def _standings_figures(campaign: Campaign) -> dict:
    """The standings page's table and charts, worked out over every play of the log."""
    record = stats.campaign_record(
        campaign.slug, campaign.name, registry.system_of(campaign), states.state(campaign)
    )
    table = standings_module.standings(record)
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
