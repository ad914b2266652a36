"""The Risk Legacy board as of any game, and one territory's history.

Thin views: the states come from the store (cached, never refolded here) and everything
derived from them from the board and history modules (campaigns/systems/risk_legacy/).
"""

import datetime

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.utils.functional import SimpleLazyObject
from django.views.decorators.http import require_safe

from .... import states
from ....rules import risk_legacy as rules
from ....web.htmx import render_page
from ....web.params import whole_number
from .. import board as board_map
from .. import history as read_history
from .campaign import risk_legacy_campaign


def _as_of(request, campaign) -> int:
    """The game the page shows the world after (?game=N), 0 to the games played; the
    latest when missing or unreadable, so a mistyped shared link still shows something."""
    asked = whole_number(request.GET.get("game"))  # never int() of 5,000 digits (a 500)
    return min(asked, campaign.games_played) if asked is not None else campaign.games_played


def _game_context(campaign, game):
    state = states.state(campaign, as_of=game)
    played_on = datetime.date.fromisoformat(state.last_game.played_on) if state.last_game else None
    return state, {
        "game": game,
        "games_played": campaign.games_played,
        "played_on": played_on,
        "previous_game": game - 1 if game > 0 else None,
        "next_game": game + 1 if game < campaign.games_played else None,
        "is_latest": game == campaign.games_played,
        # The last game opened and not ended yet: the board is as it stands during it, not after.
        "under_way": game == campaign.games_played > (campaign.games_finished or 0),
    }


@login_required
@require_safe
def board(request, slug):
    """The Risk Legacy board after game N (?game=N, default the latest), stepped with htmx."""
    access = risk_legacy_campaign(request, slug)
    campaign = access.campaign
    state, context = _game_context(campaign, _as_of(request, campaign))
    # Derived only if the template renders the board: it keeps it rendered until the journal changes.
    context.update(
        campaign=campaign,
        access=access,
        board=SimpleLazyObject(lambda: board_map.board(state)),
        this_game=SimpleLazyObject(lambda: read_history.last_game_row(state)),
    )
    return render_page(request, "risk_legacy/board_detail.html", context, partial="board-view")


@login_required
@require_safe
def territory_history(request, slug, territory):
    """One territory: what is on it after game N, and every mark it got until then."""
    access = risk_legacy_campaign(request, slug)
    campaign = access.campaign
    name = board_map.TERRITORY_BY_SLUG.get(territory)
    if name is None:
        raise Http404("No such territory.")
    state, context = _game_context(campaign, _as_of(request, campaign))
    tile = board_map.tile(state, name)
    marks = state.territories[name]
    context.update(
        campaign=campaign,
        access=access,
        tile=tile,
        continent=state.continents[marks.continent],
        # Every scar on it, the top one first: two when the group ruled that scars stack.
        scar_types=[(scar, state.scar_type(scar)) for scar in tile.scars],
        history=read_history.territory_history(state, name),
        neighbours=[(other, rules.territory_slug(other)) for other in sorted(rules.NEIGHBOURS[name])],
        # The fortification's boxes, ticked first (None when not fortified).
        boxes=None
        if tile.boxes_left is None
        else [n >= tile.boxes_left for n in range(rules.FORTIFICATION_BOXES - 1, -1, -1)],
    )
    return render_page(request, "risk_legacy/territory_detail.html", context)
