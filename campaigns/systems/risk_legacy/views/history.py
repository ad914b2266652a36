"""The Risk Legacy history page: the victor's section, the faction cards and every game,
newest first (?player=Name filters).

A thin view: the state comes from the store and what the page shows from the history module
(campaigns/systems/risk_legacy/history.py), which reads what the fold recorded.
"""

from django.contrib.auth.decorators import login_required
from django.utils.functional import SimpleLazyObject
from django.views.decorators.http import require_safe

from .... import states
from ....web.htmx import render_page
from ....web.pages import asked_page, page_of
from .. import history as read_history
from .campaign import page_constants, risk_legacy_campaign

HISTORY_TEMPLATE = "risk_legacy/history_detail.html"
GAMES_A_PAGE = 20



@login_required
@require_safe
def history(request, slug):
    """The victor's section, the faction cards and every game, newest first, a page at a time
    (?page=N; ?player=Name filters)."""
    access = risk_legacy_campaign(request, slug)
    campaign = access.campaign
    context = {"campaign": campaign, "access": access}
    state = states.state(campaign)
    player = request.GET.get("player") if request.GET.get("player") in state.players else None
    asked = asked_page(request)
    # Derived only if the template renders them: it keeps them rendered until the journal
    # changes (as the board does), so a warm page is mostly the cached HTML.
    context.update(
        players=state.players,
        player=player,
        world=state.world,
        victor_slots=SimpleLazyObject(lambda: read_history.victor_slots(state)),
        factions=SimpleLazyObject(lambda: read_history.faction_cards(state)),
        # A page of games, newest first (?page=N): a 500-game campaign renders 20 at a time.
        games=SimpleLazyObject(lambda: page_of(read_history.timeline(state, player), GAMES_A_PAGE, asked)),
        page_asked=asked,
        setup=SimpleLazyObject(lambda: read_history.setup_changes(state)),
        **page_constants(state),
    )
    return render_page(request, HISTORY_TEMPLATE, context, partial="timeline")
