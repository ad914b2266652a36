"""One logged play's page (games/<n>/): its seats, sides and numbers, the score, the result,
who logged it and each correction with what it changed."""

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.utils.functional import SimpleLazyObject
from django.views.decorators.http import require_safe

from .... import registry, states
from ....access import campaign_for
from ....rules.play_log import CORRECTION
from ....web.htmx import render_page
from .. import plays
from ..standings import play_differences


def _journal_lines(campaign, state, number: int) -> dict:
    """The play as the page shows it, with who logged it and each correction against the
    version it replaced (one query: read only when the page is not kept)."""
    (item,) = plays.play_items(campaign, state, [number])
    changes, version = [], item.logged.data if item.logged else None
    for entry in item.changes:  # each correction against the version it replaced
        differences = play_differences(version, entry.data) if entry.kind == CORRECTION and version else []
        version = entry.data if entry.kind == CORRECTION else version
        changes.append((entry, differences))
    return {"item": item, "changes": changes}


@login_required
@require_safe
def play_detail(request, slug, number):
    """One play: its seats, sides and numbers, the score, the result, who logged it and when,
    its corrections (and its deletion), with links to correct or delete it. The page is the
    same for everyone who records (or only reads) at one journal version: kept ({% kept %})."""
    access = campaign_for(request, slug)
    campaign = access.campaign
    state = states.state(campaign)
    data = state.play_data(number)
    if data is None or plays.record_of(state, number) is None:
        raise Http404("No such play.")
    lines = SimpleLazyObject(lambda: _journal_lines(campaign, state, number))
    games = state.games  # in number order: its neighbours found by halving, not by a walk
    before, after = games.bisect_left(number), games.bisect_right(number)
    context = {
        "campaign": campaign,
        "access": access,
        "system": registry.system_of(campaign),
        "number": number,
        "item": SimpleLazyObject(lambda: lines["item"]),
        "changes": SimpleLazyObject(
            lambda: lines["changes"]
        ),  # (its correction or deletion, what it changed)
        "game": plays.record_of(state, number),
        "data": data,
        "previous_number": games.number_at(before - 1) if before else None,
        "next_number": games.number_at(after) if after < len(games) else None,
        "history_page": plays.history_page_of(state, number),  # the page that lists it
    }
    return render_page(request, "play_log/play_detail.html", context)
