"""The Play page: what to do next in a Risk Legacy campaign, the events of a game, its end,
the rewards, and naming the world. Every write is one entry through store.append."""

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_safe

from .... import states
from ....forms import lazy_form
from ....rules import risk_legacy as rl
from ....web import kept
from ....web.htmx import render_page
from ....web.live import live_view
from ....web.refusals import sentence
from ....web.writes import Done, Step, append_or_refuse, moved_on_redirect, page_url_on_get
from ..forms.game_end import GameEndForm
from ..forms.play import EVENT_FORMS, PacketForm, RewardForm, WorldForm
from .campaign import page_constants, risk_legacy_campaign

PLAY_TEMPLATE = "risk_legacy/play.html"
GAME_END_TEMPLATE = "risk_legacy/game_end.html"
RECENT_ENTRIES = 6


def _from_state(access, forms: dict) -> dict:
    """What the page's kept part shows from the state: where the game stands, and a blank form
    for each step the viewer may record now (a bound one, refused, in its place)."""
    state = states.state(access.campaign)
    context = {"state": state, "prompts": rl.packets_to_open(state), **page_constants(state)}
    phase = state.phase
    if phase == rl.PHASE_PLAYING and access.can_record:
        context["event_forms"] = [
            forms.get(kind) or lazy_form(form_class, state) for kind, form_class in EVENT_FORMS.items()
        ]
    if rl.why_not_open_packet(state) is None and access.can_record:
        # A packet is opened whenever its condition is met, rewards and between games included:
        # its form is wherever its prompt shows.
        context["packet_form"] = forms.get("packet") or lazy_form(PacketForm, state)
    if phase == rl.PHASE_REWARDS:
        queue = state.reward_queue
        current = queue[0] if queue and access.can_record else None
        context["reward_form"] = forms.get("reward") or (
            lazy_form(RewardForm, state, current) if current else None
        )
        context["waiting"] = queue[1:]
        context["eliminated"] = [s.player for s in state.last_game.seats if s.result == "eliminated"]
    if rl.why_not_name_world(state) is None and access.can_record:
        context["world_form"] = forms.get("world") or lazy_form(WorldForm, state)
    context["next_game_rewarded"] = rl.gives_rewards(state.next_game_number)
    context["supplies"] = rl.supplies(state)
    return context


def _page(request, access, *, forms=None, open_form=None, changed=False):
    """The Play page, with any bound form (refused, with its message) in place of a blank one;
    `changed`: the live refresh's answer (another phone recorded), which says so. The page's
    live refresh morphs the whole page, forms included (`live`)."""
    campaign = access.campaign
    forms = forms or {}
    context = {
        "campaign": campaign,
        "access": access,
        "changed": changed,
        "recent": kept.recent_entries(campaign, RECENT_ENTRIES),
        "open_form": open_form,
        # A refused form renders fresh with what its player sent; otherwise the page is the same
        # for everyone at this journal version who records, or who only reads, and is rendered
        # once for each ({% kept %}): only then is the state read.
        "forms_bound": bool(forms) or open_form is not None,
        **kept.when_rendered(lambda: _from_state(access, forms)),
    }
    response = render_page(request, PLAY_TEMPLATE, context)
    if request.method == "POST" and request.htmx:
        # A refused form comes back from its POST-only URL: keep the page's own URL in the
        # address bar, so that a reload shows the page (the POST URL only takes POSTs).
        response["HX-Replace-Url"] = reverse("play", args=[access.campaign.slug])
    return response


def _submit(request, access, form, open_form, step: Step):
    """Append the form's entry (the one write path); a refused form comes back in the page.
    `step` is the form's step of the game: when another phone moved the campaign past it in
    the same instant, the player sees the step as it is now, not their stale form."""
    return append_or_refuse(
        request,
        access.campaign,
        form,
        page=lambda: _page(request, access, forms={open_form: form}, open_form=open_form),
        done=Done(_play_url(access) + _anchor(open_form)),
        step=step,
    )


def _anchor(open_form) -> str:
    """Where the Play page opens after a tap without JavaScript (the browser scrolls to the
    redirect's #anchor): back at the event's form, at the packets, at the next reward; a
    refusal and a step moved on open at the top, where their message takes the focus."""
    if open_form in EVENT_FORMS:
        return f"#event-{open_form}"
    return {"packet": "#packet-form", "reward": "#rewards"}.get(open_form, "")


def _play_url(access) -> str:
    return reverse("play", args=[access.campaign.slug])


def step_while(why_not_now) -> Step:
    """The step the rules' "why not now" ("No game is in progress") keeps open while it says
    nothing; once it says something, that is why the step is over, as a sentence."""

    def over(state):
        reason = why_not_now(state)
        return f"{reason}." if reason else None

    return Step(over)


def _submit_while_open(request, slug, step: Step, form_for, open_form):
    """`_submit` the form `form_for(state)` builds while its step is open; once the campaign
    has moved past the step, say so instead (the form is built only for an open step)."""
    access = risk_legacy_campaign(request, slug, record=True)
    state = states.state(access.campaign)
    over = step.answer_if_over(request, state, _play_url(access))
    if over is not None:
        return over
    return _submit(request, access, form_for(state), open_form, step)


GAME_IN_PROGRESS = Step(lambda state: None if state.phase == rl.PHASE_PLAYING else "No game is in progress.")


def _reward_turn(player) -> Step:
    """`player`'s turn to choose a reward: over once they chose (or passed), or it is no longer theirs."""

    def why_not(state):
        if state.phase == rl.PHASE_REWARDS and player in state.reward_queue:
            return None
        if player not in state.players:
            return "That is not a player here"
        return rl.why_not_reward_turn(state, player) or f"{player}'s reward is no longer to choose"

    return step_while(why_not)


@login_required
@require_safe
def play_page(request, slug):
    """The game night page: what to record next, live on every phone. A tap on a packet's
    prompt (?packet=<its condition>) opens the page with the packet form filled in for it."""
    access = risk_legacy_campaign(request, slug)
    asked = request.GET.get("packet")
    if asked:
        state = states.state(access.campaign)
        prompted = next((p for p in rl.packets_to_open(state) if p["condition"] == asked), None)
        if prompted is not None and rl.why_not_open_packet(state) is None and access.can_record:
            form = PacketForm(state, initial={"name": sentence(prompted["label"])})
            return _page(request, access, forms={"packet": form}, open_form="packet")
    return _page(request, access)


# Polled every 2 seconds by the Play page: 204 while nothing changed, else the fresh page, whose
# #main (the count, the status, every form) is morphed into the phone's.
live = live_view(access_for=risk_legacy_campaign, page=_page)


@login_required
@page_url_on_get("play")
def event_add(request, slug):
    """Log one event of the game in progress."""
    form_class = EVENT_FORMS.get(request.POST.get("event_type"))

    def event_form(state):
        if form_class is None:  # asked only while a game is in progress: else that is the answer
            raise Http404("No such event.")
        return form_class(state, request.POST)

    return _submit_while_open(
        request, slug, GAME_IN_PROGRESS, event_form, getattr(form_class, "event_type", None)
    )


@login_required
@page_url_on_get("play")
def packet_add(request, slug):
    """Record a sealed packet opened during or after a game, and what it unlocked."""
    return _submit_while_open(
        request,
        slug,
        step_while(rl.why_not_open_packet),
        lambda state: PacketForm(state, request.POST),
        "packet",
    )


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def game_end(request, slug):
    """The results of the game in progress, and who controls what."""
    access = risk_legacy_campaign(request, slug, record=True)
    state = states.state(access.campaign)
    if state.phase != rl.PHASE_PLAYING:
        return moved_on_redirect(request, "There is no game in progress to end.", _play_url(access))
    number = state.last_game.number
    # Another phone ended it first.
    game_on = Step(
        lambda now: None if now.phase == rl.PHASE_PLAYING else f"Game {number} was ended on another phone."
    )
    form = GameEndForm(state, request.POST or None)

    def page():
        context = {"campaign": access.campaign, "access": access, "state": state, "form": form}
        return render_page(request, GAME_END_TEMPLATE, context | page_constants(state))

    if request.method != "POST":
        return page()
    return append_or_refuse(
        request,
        access.campaign,
        form,
        page=page,
        done=Done(_play_url(access), said=f"Game {number} is over. Now the rewards."),
        step=game_on,
    )


@login_required
@page_url_on_get("play")
def reward_add(request, slug):
    """One player's reward (or pass) after the game."""
    player = request.POST.get("player", "")
    return _submit_while_open(
        request, slug, _reward_turn(player), lambda state: RewardForm(state, player, request.POST), "reward"
    )


@login_required
@page_url_on_get("play")
def world_name(request, slug):
    """After game 15: name the world (with the roll-off when signatures tie)."""
    return _submit_while_open(
        request,
        slug,
        step_while(rl.why_not_name_world),
        lambda state: WorldForm(state, request.POST),
        "world",
    )
