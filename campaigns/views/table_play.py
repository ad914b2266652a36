"""At the table: what to do next in a Risk Legacy campaign, the events of a game, its end,
the rewards, and naming the world. Every write is one entry through store.append."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from .. import store
from ..access import campaign_for
from ..forms import add_rule_error
from ..forms_play import EVENT_FORMS, GameEndForm, PacketForm, RewardForm, WorldForm
from ..rules import risk_legacy as rl
from ..rules.base import RuleError

RECENT_ENTRIES = 6


def _risk_legacy(request, slug, *, record=False):
    access = campaign_for(request, slug, record=record)
    if access.campaign.system != rl.KEY:
        raise Http404("The table flow is for Risk Legacy campaigns.")
    return access


def live_context(access):
    """What every phone at the table sees update: where the game stands and what was just logged."""
    campaign = access.campaign
    state = store.state(campaign)
    return {
        "campaign": campaign,
        "access": access,
        "state": state,
        "prompts": rl.packets_to_open(state),
        "recent": store.recent_entries(campaign, RECENT_ENTRIES),
    }


def _page(request, access, *, forms=None, open_form=None):
    """The table page, with any bound form (refused, with its message) in place of a blank one."""
    context = live_context(access)
    state = context["state"]
    forms = forms or {}
    phase = state.phase
    if phase == rl.PHASE_PLAYING and access.can_record:
        context["event_forms"] = [
            forms.get(kind) or form_class(state) for kind, form_class in EVENT_FORMS.items()
        ]
        context["packet_form"] = forms.get("packet") or PacketForm(state)
    if phase == rl.PHASE_REWARDS:
        queue = state.reward_queue
        current = queue[0] if queue and access.can_record else None
        context["reward_form"] = forms.get("reward") or (RewardForm(state, current) if current else None)
        context["waiting"] = queue[1:]
        context["eliminated"] = [s.player for s in state.last_game.seats if s.result == "eliminated"]
    if rl.why_not_name_world(state) is None and access.can_record:
        context["world_form"] = forms.get("world") or WorldForm(state)
    context["open_form"] = open_form
    context["supplies"] = rl.supplies(state)
    return TemplateResponse(request, "campaigns/table_detail.html", context)


def _submit(request, access, form, open_form):
    """Append the form's entry; or show the page again with the form's errors, or with the
    rule it broke beside the field (nothing saved)."""
    if not form.is_valid():
        return _page(request, access, forms={open_form: form}, open_form=open_form)
    entry = form.entry()
    try:
        store.append(access.campaign, [entry], request.user)
    except RuleError as error:
        add_rule_error(form, error)
        return _page(request, access, forms={open_form: form}, open_form=open_form)
    messages.success(request, f"Recorded: {store.describe(access.campaign, entry.kind, entry.data)}.")
    return redirect("table", slug=access.campaign.slug)


def _moved_on(request, access, what):
    """Another phone changed the campaign first: say so and show where it stands now."""
    messages.error(request, f"{what} The campaign has moved on since your page was loaded; here it is now.")
    return redirect("table", slug=access.campaign.slug)


@login_required
@require_GET
def table(request, slug):
    """The game night page: what to record next, live on every phone."""
    return _page(request, _risk_legacy(request, slug))


@login_required
@require_GET
def live(request, slug):
    """Polled every few seconds: 204 while nothing changed, else the fresh status fragment."""
    access = _risk_legacy(request, slug)
    if request.GET.get("v") == str(access.campaign.journal_version):
        return HttpResponse(status=204)
    context = live_context(access)
    context["changed"] = True
    return TemplateResponse(request, "campaigns/table_live.html", context)


@login_required
@require_POST
def event_add(request, slug):
    """Log one event of the game in progress."""
    access = _risk_legacy(request, slug, record=True)
    state = store.state(access.campaign)
    if state.phase != rl.PHASE_PLAYING:
        return _moved_on(request, access, "No game is in progress.")
    form_class = EVENT_FORMS.get(request.POST.get("event_type"))
    if form_class is None:
        raise Http404("No such event.")
    return _submit(request, access, form_class(state, request.POST), form_class.event_type)


@login_required
@require_POST
def packet_add(request, slug):
    """Record a sealed packet opened during the game, and what it unlocked."""
    access = _risk_legacy(request, slug, record=True)
    state = store.state(access.campaign)
    if state.phase != rl.PHASE_PLAYING:
        return _moved_on(request, access, "Packets are recorded during a game.")
    return _submit(request, access, PacketForm(state, request.POST), "packet")


@login_required
@require_http_methods(["GET", "POST"])
def game_end(request, slug):
    """The results of the game in progress, and who controls what."""
    access = _risk_legacy(request, slug, record=True)
    state = store.state(access.campaign)
    if state.phase != rl.PHASE_PLAYING:
        return _moved_on(request, access, "There is no game in progress to end.")
    form = GameEndForm(state, request.POST or None)
    if form.is_valid():
        try:
            store.append(access.campaign, [form.entry()], request.user)
        except RuleError as error:
            add_rule_error(form, error)
        else:
            messages.success(request, f"Game {state.last_game.number} is over. Now the rewards.")
            return redirect("table", slug=slug)
    return TemplateResponse(
        request, "campaigns/game_end.html", {"campaign": access.campaign, "access": access, "state": state, "form": form}
    )


@login_required
@require_POST
def reward_add(request, slug):
    """One player's reward (or pass) after the game."""
    access = _risk_legacy(request, slug, record=True)
    state = store.state(access.campaign)
    player = request.POST.get("player", "")
    if state.phase != rl.PHASE_REWARDS or player not in state.reward_queue:
        reason = rl.why_not_reward_turn(state, player) if player in state.players else "That is not a player here."
        return _moved_on(request, access, f"{reason}.")
    return _submit(request, access, RewardForm(state, player, request.POST), "reward")


@login_required
@require_POST
def world_name(request, slug):
    """After game 15: name the world (with the roll-off when signatures tie)."""
    access = _risk_legacy(request, slug, record=True)
    state = store.state(access.campaign)
    reason = rl.why_not_name_world(state)
    if reason:
        return _moved_on(request, access, f"{reason}.")
    return _submit(request, access, WorldForm(state, request.POST), "world")
