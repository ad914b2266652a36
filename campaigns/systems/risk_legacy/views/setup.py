"""The Risk Legacy setup page: each faction's starting power, the 12 coin stickers (placed
with − / + buttons or at random) and the trade-in chart, which a member may correct later.

Every rule is the rules layer's: these views ask it what is legal and append through the
store, which refuses what is not.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.urls import reverse
from django.views.decorators.http import require_http_methods
from django_htmx.http import HttpResponseClientRefresh

from .... import states
from ....rules import risk_legacy as rules
from ....web import outcome
from ....web.htmx import render_page, wants_fragment
from ....web.writes import Done, Step, append_or_refuse, page_url_on_get
from ..forms.setup import (
    COIN_FIELD,
    TERRITORY_OF_SLUG,
    SetupForms,
    StartingPowersForm,
    TradeInChartForm,
    coin_placement,
)
from .campaign import risk_legacy_campaign

SETUP_TEMPLATE = "risk_legacy/setup_edit.html"
#: The trade-in chart's lines, as the setup and the calculator say them ("2 to 10").
ICONS_RANGE = f"{rules.TRADE_IN_ICONS[0]} to {rules.TRADE_IN_ICONS[-1]}"
ALREADY_SET_UP = (
    "Someone already saved the setup (on another phone?): here it is. Nothing you entered was saved."
)


def _moved(placement: dict[str, int], action: str) -> dict[str, int]:
    """The placement after a − / + / random / clear button."""
    kind, _, slug = action.partition(":")
    territory = TERRITORY_OF_SLUG.get(slug)
    moved = dict(placement)
    if kind == "add" and territory:
        moved[territory] += 1
    elif kind == "remove" and territory and moved[territory] > 0:
        moved[territory] -= 1
    elif kind == "random":
        moved = rules.random_placement(placement)
    elif kind == "clear":
        moved = dict.fromkeys(placement, 0)
    return moved


def _coin_context(state, placement: dict[str, int], errors=()) -> dict:
    placed = sum(placement.values())
    continents = []
    for continent, territories in rules.CONTINENT_TERRITORIES.items():
        rows = []
        for territory in territories:
            coins = placement[territory]
            printed = state.territories[territory].resources  # the coin printed on the card
            rows.append(
                {
                    "territory": territory,
                    "slug": rules.territory_slug(territory),
                    "field": COIN_FIELD[territory],
                    "coins": coins,
                    "resources": printed + coins,
                    # The buttons stop where the rules would refuse; saving checks it again.
                    "can_add": rules.may_add_coin(placement, territory),
                    "can_remove": coins > 0,
                }
            )
        continents.append({"name": continent, "rows": rows, "coins": sum(r["coins"] for r in rows)})
    return {
        "coin_continents": continents,
        "coins_placed": placed,
        "coins_total": rules.COIN_STICKERS,
        "coins_left": rules.COIN_STICKERS - placed,
        "most_resources": rules.MAX_RESOURCES_BEFORE_FIRST_GAME,
        "coin_errors": list(errors),
    }


def _as_typed(form_class, data, **kwargs):
    """The form showing what was typed, without errors: a − / + tap is not a save."""
    form = form_class(**kwargs)
    form.initial = {name: data.get(form.add_prefix(name), "") for name in form.fields}
    return form


def _setup_form_page(
    request, access, state, powers_form, chart_form, placement, *, coin_errors=(), errors=(), partial=None,
    setup_forms=None,
):
    # A refused save comes back at the top of a long page: say where to look.
    at_fault = [
        (anchor, title)
        for anchor, title, has_errors in (
            ("powers-title", "Starting powers", powers_form.is_bound and powers_form.errors),
            ("coins", "Coin stickers", coin_errors),
            ("chart-title", "Trade-in chart", chart_form.is_bound and chart_form.errors),
        )
        if has_errors
    ]
    context = {
        "at_fault": at_fault,
        "campaign": access.campaign,
        "access": access,
        "editing": True,
        "powers_form": powers_form,
        "chart_form": chart_form,
        "page_errors": list(errors),
        "setup_forms": setup_forms,  # what a refusal of the whole setup says its rule by
        "icons_range": ICONS_RANGE,
        **_coin_context(state, placement, coin_errors),
    }
    return render_page(request, SETUP_TEMPLATE, context, partial=partial)


def _setup_done_page(request, access, errors=(), chart_form=None):
    """The setup as it was saved (powers, and the coins as the fold recorded them), read-only,
    but for the trade-in chart: the one in use now, which a member may correct."""
    campaign = access.campaign
    now = states.state(campaign)
    if chart_form is None and access.can_record and now.set_up:
        chart_form = TradeInChartForm(prefix="chart", initial_chart=now.trade_in_chart)
    # The coin stickers as the fold recorded them at the setup; a card shows its printed coin too.
    coins = [
        {
            "name": continent,
            "territories": [
                (territory, rules.PRINTED_COINS + now.setup_coins[territory])
                for territory in territories
                if territory in now.setup_coins
            ],
        }
        for continent, territories in rules.CONTINENT_TERRITORIES.items()
    ]
    context = {
        "campaign": campaign,
        "access": access,
        "editing": False,
        "set_up": now.set_up,
        "powers": [(faction, now.factions[faction].power) for faction in rules.FACTIONS],
        "coin_continents_done": [c for c in coins if c["territories"]],
        "chart": sorted((now.trade_in_chart or {}).items()),
        "chart_form": chart_form,
        "page_errors": list(errors),
        "icons_range": ICONS_RANGE,
        "can_start": access.can_record and rules.why_not_next_game(now) is None,
    }
    return render_page(request, SETUP_TEMPLATE, context)


@login_required
@page_url_on_get("setup_edit")  # a GET (a reload, an old link) goes to the setup page, never a 405
def trade_in_chart_edit(request, slug):
    """Correct the trade-in chart after the setup (a group that skipped it or mistyped it)."""
    access = risk_legacy_campaign(request, slug, record=True)
    campaign = access.campaign
    chart_form = TradeInChartForm(request.POST, prefix="chart")
    return append_or_refuse(
        request,
        campaign,
        chart_form,
        page=lambda: _setup_done_page(request, access, chart_form=chart_form),
        done=Done(
            reverse("setup_edit", args=[campaign.slug]) + "#chart", said="The trade-in chart is corrected."
        ),
    )


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def setup_edit(request, slug):
    """Before game 1: each faction's starting power, the 12 coin stickers, the trade-in chart."""
    access = risk_legacy_campaign(request, slug, record=request.method == "POST")
    campaign = access.campaign
    state = states.state(campaign)
    if state.phase != rules.PHASE_SETUP or not access.can_record:
        if wants_fragment(request):  # a tap after another phone saved: reload the page, not a section
            messages.error(request, ALREADY_SET_UP)
            return outcome.named(HttpResponseClientRefresh(), outcome.MOVED_ON, ALREADY_SET_UP)
        if request.method != "POST":
            return _setup_done_page(request, access)
        return outcome.named(
            _setup_done_page(request, access, [ALREADY_SET_UP]), outcome.MOVED_ON, ALREADY_SET_UP
        )
    if request.method in ("GET", "HEAD"):
        return _setup_form_page(
            request, access, state, StartingPowersForm(), TradeInChartForm(prefix="chart"),
            dict.fromkeys(rules.TERRITORIES, 0),
        )

    placement = coin_placement(request.POST)
    action = request.POST.get("coin")
    if action is not None:  # a − / + / random / clear button: count again, save nothing
        placement = _moved(placement, action)
        return _setup_form_page(  # htmx gets only the coins
            request, access, state, _as_typed(StartingPowersForm, request.POST),
            _as_typed(TradeInChartForm, request.POST, prefix="chart"), placement, partial="coins",
        )

    forms = SetupForms(request.POST)
    return append_or_refuse(
        request,
        campaign,
        forms,
        page=lambda: _setup_form_page(
            request,
            access,
            state,
            forms.powers,
            forms.chart,
            forms.placement,
            coin_errors=forms.coin_errors,
            errors=forms.page_errors,
            setup_forms=forms,
        ),
        done=Done(
            reverse("game_start", args=[campaign.slug]),
            said="The campaign is set up. Seat the players and start game 1.",
        ),
        # Another phone saved it first.
        step=Step(
            lambda now: None if now.phase == rules.PHASE_SETUP else ALREADY_SET_UP,
            page_now=lambda now, why: _setup_done_page(request, access, [why]),
        ),
    )
