"""Looking back: the board as of any game, a territory's history and the campaign's history.

Thin views: the states come from the store (cached, never refolded here) and everything
derived from them from campaigns.review.
"""

import datetime

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.utils.functional import SimpleLazyObject
from django.views.decorators.http import require_safe

from .. import review, store
from ..access import campaign_for
from ..rules import base
from ..rules import risk_legacy as rules
from .htmx import render_page
from .params import whole_number




def _as_of(request, campaign) -> int:
    """The game the page shows the world after (?game=N), 0 to the games played; the
    latest when missing or unreadable, so a mistyped shared link still shows something."""
    asked = whole_number(request.GET.get("game"))  # never int() of 5,000 digits (a 500)
    return min(asked, campaign.games_played) if asked is not None else campaign.games_played


def _game_context(campaign, game):
    state = store.state(campaign, as_of=game)
    played_on = datetime.date.fromisoformat(state.last_game.played_on) if state.last_game else None
    return state, {
        "game": game,
        "games_played": campaign.games_played,
        "played_on": played_on,
        "previous_game": game - 1 if game > 0 else None,
        "next_game": game + 1 if game < campaign.games_played else None,
        "is_latest": game == campaign.games_played,
    }


@login_required
@require_safe
def board(request, slug):
    """The Risk Legacy board after game N (?game=N, default the latest), stepped with htmx."""
    access = campaign_for(request, slug, system=rules.KEY)
    campaign = access.campaign
    state, context = _game_context(campaign, _as_of(request, campaign))
    # Derived only if the template renders the board: it keeps it rendered until the journal changes.
    context.update(
        campaign=campaign,
        access=access,
        board=SimpleLazyObject(lambda: review.board(state)),
        this_game=SimpleLazyObject(lambda: review.last_game_row(state)),
    )
    return render_page(request, "campaigns/board_detail.html", context, partial="board-view")


@login_required
@require_safe
def territory_history(request, slug, territory):
    """One territory: what is on it after game N, and every mark it got until then."""
    access = campaign_for(request, slug, system=rules.KEY)
    campaign = access.campaign
    name = review.TERRITORY_BY_SLUG.get(territory)
    if name is None:
        raise Http404("No such territory.")
    state, context = _game_context(campaign, _as_of(request, campaign))
    tile = review.tile(state, name)
    marks = state.territories[name]
    context.update(
        campaign=campaign,
        access=access,
        tile=tile,
        continent=state.continents[marks.continent],
        scar_type=state.scar_type(marks.scar) if marks.scar else None,
        history=review.territory_history(state, name),
        neighbours=[(other, review.territory_slug(other)) for other in sorted(rules.NEIGHBOURS[name])],
        # The fortification's boxes, ticked first (None when not fortified).
        boxes=None
        if tile.boxes_left is None
        else [n >= tile.boxes_left for n in range(rules.FORTIFICATION_BOXES - 1, -1, -1)],
    )
    return render_page(request, "campaigns/territory_detail.html", context)


@login_required
@require_safe
def history(request, slug):
    """The victor's section, the faction cards and every game, newest first (?player=Name filters)."""
    access = campaign_for(request, slug, system=rules.KEY)
    campaign = access.campaign
    context = {"campaign": campaign, "access": access}
    state = store.state(campaign)
    player = request.GET.get("player") if request.GET.get("player") in state.players else None
    context.update(
        players=state.players,
        player=player,
        world=state.world,
        victor_slots=review.victor_slots(state),
        factions=review.faction_cards(state),
        games=review.timeline(state, player),
        setup=review.setup_changes(state),
    )
    return render_page(request, "campaigns/history_detail.html", context, partial="timeline")


@login_required
@require_safe
def journal_history(request, slug):
    """The history of a game without a board: its journal, described entry by entry and
    grouped by game, newest first (?player=Name filters)."""
    access = campaign_for(request, slug)
    context = {"campaign": access.campaign, "access": access, **_journal_history(request, access.campaign)}
    return render_page(request, "campaigns/history_detail.html", context, partial="timeline")


def _journal_history(request, campaign):
    """The other games keep no board: their history is their journal, described entry by
    entry and grouped by game, newest first."""
    players = store.roster(campaign)
    player = request.GET.get("player") if request.GET.get("player") in players else None
    entries = store.live_entries(campaign)
    groups: dict[int | None, list[str]] = {}
    for entry, number in zip(entries, base.game_numbers(entries), strict=True):
        groups.setdefault(number, []).append(entry)
    journal_games = []
    for number, group in reversed(groups.items()):
        if player is not None and not any(base.mentions_player(entry.data, player) for entry in group):
            continue
        journal_games.append(
            {"number": number, "lines": [store.describe(campaign, entry.kind, entry.data) for entry in group]}
        )
    return {"generic_journal": True, "players": players, "player": player, "journal_games": journal_games}
