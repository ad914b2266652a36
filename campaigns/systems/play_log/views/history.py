"""A play log's overview (its context: GameSystem.overview) and its History page: the plays,
the latest first, paged, with who logged each and its corrections and deletion."""

from django.contrib.auth.decorators import login_required
from django.views.decorators.http import require_safe

from .... import states
from ....access import Access, campaign_for
from ....web import live as live_refresh
from ....web.htmx import render_page
from .. import plays


def overview(access: Access, state) -> dict:
    """The overview's players' records (read from the fold, never from every play) and its
    latest plays: the history's first page (its next pages load in place)."""
    return {
        "records": list(state.records.items()),
        "live_query": live_refresh.query(on="overview"),
        **plays.plays_context(None, access.campaign, state),
    }


@login_required
@require_safe
def history(request, slug):
    """Every play, the latest first, paged (?page=N), with who logged it and its corrections
    and deletion; ?player=Name keeps that player's plays."""
    access = campaign_for(request, slug)
    campaign = access.campaign
    state = states.state(campaign)
    player = request.GET.get("player") if request.GET.get("player") in state.players else None
    context = {
        "campaign": campaign,
        "access": access,
        "players": state.players,
        **plays.plays_context(request, campaign, state, player),
    }
    context["live_query"] = live_refresh.query(on="history")
    # htmx's answer (the next plays, or another player's) tells the poll what the list shows now.
    context["shown_oob"] = bool(request.htmx)
    return render_page(request, "play_log/history.html", context, partial="plays-page")
