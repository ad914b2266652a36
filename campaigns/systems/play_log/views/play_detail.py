"""One logged play's page (games/<n>/): its seats, sides and numbers, the score, the result,
who logged it and each correction with what it changed."""

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.views.decorators.http import require_safe

from .... import registry, states
from ....access import campaign_for
from ....rules.play_log import CORRECTION
from ....web.htmx import render_page
from .. import plays
from ..standings import play_differences


@login_required
@require_safe
def play_detail(request, slug, number):
    """One play: its seats, sides and numbers, the score, the result, who logged it and when,
    its corrections (and its deletion), with links to correct or delete it."""
    access = campaign_for(request, slug)
    campaign = access.campaign
    state = states.state(campaign)
    data = state.play_data(number)
    if data is None or plays.record_of(state, number) is None:
        raise Http404("No such play.")
    (item,) = plays.play_items(campaign, state, [number])
    changes, version = [], item.logged.data if item.logged else None
    for entry in item.changes:  # each correction against the version it replaced
        differences = play_differences(version, entry.data) if entry.kind == CORRECTION and version else []
        version = entry.data if entry.kind == CORRECTION else version
        changes.append((entry, differences))
    live = [game.number for game in state.games]
    latest_first = plays.numbers_of(state, None)
    context = {
        "campaign": campaign,
        "access": access,
        "system": registry.system_of(campaign),
        "item": item,
        "changes": changes,  # (its correction or deletion, what it changed)
        "game": plays.record_of(state, number),
        "data": data,
        "previous_number": max((n for n in live if n < number), default=None),
        "next_number": min((n for n in live if n > number), default=None),
        "history_page": latest_first.index(number) // plays.PLAYS_PER_PAGE + 1,  # the page that lists it
    }
    return render_page(request, "play_log/play_detail.html", context)
