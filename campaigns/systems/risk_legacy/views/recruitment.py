"""The Risk Legacy recruitment calculator: the troops a player recruits from what they hold
and the cards they trade in, as the rules count them (it saves nothing)."""

from django.contrib.auth.decorators import login_required
from django.views.decorators.http import require_safe

from .... import states
from ....rules import risk_legacy as rules
from ....rules.base import RuleError
from ....web.htmx import render_page
from ..forms.recruitment import RecruitmentCalculatorForm
from .campaign import risk_legacy_campaign
from .setup import ICONS_RANGE

RECRUITMENT_TEMPLATE = "risk_legacy/recruitment_calculator.html"


@login_required
@require_safe
def recruitment(request, slug):
    """The troops a player recruits: territories, population, continents and cards (saves nothing)."""
    access = risk_legacy_campaign(request, slug)
    campaign = access.campaign
    state = states.state(campaign)
    if request.GET:
        form = RecruitmentCalculatorForm(request.GET, roster=state.players)
    else:  # first visit: the player linked to this account, if any
        mine = campaign.players.filter(user=request.user).values_list("name", flat=True).first()
        form = RecruitmentCalculatorForm(roster=state.players, initial={"player": mine or ""})

    result = None
    if not form.is_bound:
        player, held, icons = form.initial["player"], [], 0
        result = rules.recruitment(state, player, held, icons)
    elif form.is_valid():
        player, held = form.cleaned_data["player"], form.cleaned_data["territories"]
        icons, cards = form.cleaned_data["icons"] or 0, form.cleaned_data["cards"] or 0
        try:
            result = rules.recruitment(state, player, held, icons, cards)
        except RuleError as error:
            form.add_refusal(error)
    else:
        player, held, icons = "", [], 0

    held_set = set(held) if form.is_bound and form.is_valid() else set(form["territories"].value() or [])
    continents = []
    for key, continent in state.continents.items():
        territories = [
            {
                "name": territory,
                "id": f"t-{rules.territory_slug(territory)}",
                "checked": territory in held_set,
                "city": state.territories[territory].city,
            }
            for territory in rules.CONTINENT_TERRITORIES[key]
        ]
        continents.append(
            {
                "key": key,
                "name": continent.name,
                "bonus": continent.bonus,
                "territories": territories,
            }
        )
    bonuses = []
    if result is not None:
        for key, troops in result.continent_bonuses.items():
            name = state.continents[key].name
            namer = key in result.named_by_player
            bonuses.append({"key": key, "name": name, "troops": troops, "namer": namer})
    chart = sorted((state.trade_in_chart or {}).items())
    context = {
        "campaign": campaign,
        "access": access,
        "form": form,
        "continents": continents,
        "chart": chart,
        "icons_range": ICONS_RANGE,
        "icons_value": str(form["icons"].value() or "0"),
        "player_value": form["player"].value() or "",
        "result": result,
        "bonuses": bonuses,
        "problems": [error for errors in form.errors.values() for error in errors] if form.is_bound else [],
    }
    return render_page(request, RECRUITMENT_TEMPLATE, context, partial="recruitment-result")
