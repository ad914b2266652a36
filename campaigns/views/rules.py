"""The rules we play by: a campaign's house rules, every entry recorded by a ruling, and each
rule the tracker checks, under the rulebook heading it comes from (docs/playing.md, "Rulings
and house rules"). Members see it; those who record may set a rule aside from a game on (a
house rule, an entry of the journal like any other: the undo page takes it back).

It reads what the fold recorded (the state's `law`) and the system's list of rules; it never
checks a rule again."""

from django.contrib.auth.decorators import login_required
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from .. import states
from ..access import campaign_for
from ..forms import HouseRuleForm
from ..rules.base import house_rule_words, rule_named
from ..web.htmx import render_page
from ..web.writes import Done, append_or_refuse


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def rules_page(request, slug):
    access = campaign_for(request, slug, record=request.method == "POST")
    campaign = access.campaign
    state = states.state(campaign)
    first_game = campaign.games_played

    def blank():
        return HouseRuleForm(rules=campaign.rules.RULES, first_game=first_game)

    if request.method != "POST":
        return _page(request, access, state, blank() if access.can_record else None)
    form = HouseRuleForm(request.POST, rules=campaign.rules.RULES, first_game=first_game)
    return append_or_refuse(
        request,
        campaign,
        form,
        page=lambda: _page(request, access, states.state(campaign), form),
        done=Done(reverse("rules", args=[campaign.slug]) + "#house-rules"),
    )


def law_context(campaign, state) -> dict:
    """The house rules and the ruled entries as the fold recorded them (`state.law`), each with
    its rule in words, newest ruling first; also shown on the campaign's overview."""
    rules = campaign.rules.RULES
    law = state.law
    in_force = law.in_force(campaign.games_played)
    house_rules = [
        {**house, "words": house_rule_words(rules, house), "rule_obj": rule_named(rules, house["rule"]),
         "in_force": in_force.get(house["rule"]) == house["why"]}
        for house in law.house_rules
    ]
    rulings = [{**ruling, "rule_obj": rule_named(rules, ruling["rule"])} for ruling in reversed(law.rulings)]
    return {"house_rules": house_rules, "rulings": rulings, "set_aside": set(in_force)}


def _page(request, access, state, form):
    campaign = access.campaign
    headings: dict[str, list] = {}
    for rule in campaign.rules.RULES:
        headings.setdefault(rule.rulebook, []).append(rule)
    context = {
        "campaign": campaign,
        "access": access,
        "tab": "rules",
        **law_context(campaign, state),
        "headings": list(headings.items()),
        "form": form,
    }
    return render_page(request, "campaigns/rules_detail.html", context)
