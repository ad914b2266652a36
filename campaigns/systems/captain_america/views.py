"""Captain America at the table: log a play (games/new/), correct one (games/<n>/correct/) and
the setup helpers (turn order, deployment).

The points and the result are never typed: the rules layer works them out from the missions
and the rooms, for the preview as the form is filled (htmx on change, or the "Check" button
without JavaScript) and again when the play is saved through the store, which refuses a
broken rule (shown beside its field, nothing saved).
"""

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_http_methods, require_safe

from ... import states
from ...access import campaign_for
from ...rules import captain_america as rules
from ...rules import play_log
from ...rules.base import RuleError
from ...web.htmx import render_page, saves
from ...web.params import whole_number
from ...web.refusals import focus_first_error, sentence
from ...web.writes import Done, append_or_refuse
from ..play_log.correcting import Correcting, new_play
from ..play_log.forms import blank_form_shows
from ..play_log.views.live import form_query
from .forms import (
    DeploymentForm,
    PlayForm,
    TurnOrderForm,
    in_written_order,
    initial_for,
    results_initial,
)

PLAY_TEMPLATE = "captain_america/play_form.html"
SETUP_HELP_TEMPLATE = "captain_america/setup_help.html"


def teams_line() -> str:
    """The two teams and their heroes, as the rules name them: "Team Captain America (Captain
    America, Falcon) against Team Iron Man (Iron Man, War Machine)"."""
    return " against ".join(
        f"{rules.TEAM_NAMES[team]} ({', '.join(rules.TEAM_HEROES[team])})" for team in rules.TEAMS
    )


def _access(request, slug, *, record=False):
    return campaign_for(request, slug, record=record, system=rules.KEY)


# The preview ----------------------------------------------------------------------------


def _preview(form: PlayForm, check) -> dict:
    """What the form says so far, scored by the rules: `check(data)` returns the play's record
    or raises RuleError. Never saves."""
    if not form.is_bound:
        return {}
    if form.refusal is not None:  # a save the rules refused: the preview says why, as the form does
        return {"problem": sentence(form.refusal.message)}
    if not form.is_valid():
        # What is still missing, as the fields' own messages say it (in the fields' order).
        return {"missing": form.every_error()}
    try:
        record = check(form.game())
    except RuleError as error:
        return {"problem": sentence(error.message)}
    return {"record": record, **scored(record)}


def scored(record) -> dict:
    """A play's missions, points and result in players' words (the preview and the saved play)."""
    names = rules.TEAM_NAMES
    return {
        # (A play brought in from BG Stats has no missions, rooms or points it did not know.)
        "missions": [
            {"mission": mission, "team": names[team] if team else None, "points": worth}
            for mission, team, worth in (record.missions if record.rooms is not None else [])
        ],
        "totals": [
            {
                "team": names[team],
                "points": record.points[team],
                "players": record.teams[team],
                "won": record.result == team,
            }
            for team in rules.TEAMS
        ],
        "draw": record.result == rules.DRAW,
        # The winner's points first ("5–3"), as a table says a result.
        "score": "–".join(
            "?" if n is None else str(n)
            for n in sorted(record.points.values(), key=lambda n: -1 if n is None else n, reverse=True)
        ),
        "winner": names.get(record.result),
        "rooms": [(names[team], (record.rooms or {}).get(team)) for team in rules.TEAMS],
    }


# Logging a play -------------------------------------------------------------------------


def _play_page(request, access, form, *, preview, correcting=None, errors=(), offered_last=False):
    campaign = access.campaign
    state = states.state(campaign)
    focus_first_error(form)
    context = {
        "campaign": campaign,
        "access": access,
        "form": form,
        # Kept across plays (its number filled in), what it shows named here; a correction per version.
        "form_shows": blank_form_shows(
            access, form, state.players, errors, offered_last, correcting=correcting
        ),
        "preview": preview,
        "correcting": correcting,
        "number": form["number"].value(),
        "roster_size": len(state.players),
        "seat_groups": [
            (count, [row["player"] for row in rows.forms]) for count, rows in form.seat_rows.items()
        ],
        "fewest_players": min(rules.PLAYER_COUNTS),
        "rooms_on_the_board": rules.ROOMS_ON_THE_BOARD,
        "rooms_with_the_quinjet": rules.ROOMS_WITH_THE_QUINJET,
        "teams_line": teams_line(),
        "typed_count": form.typed_count(),
        "page_errors": list(errors),
        "offered_last": offered_last,
        # A new play's form polls for plays logged on another phone meanwhile.
        "live_query": None if correcting else form_query(form["number"].value()),
        "action": (
            reverse("play_correct", args=[campaign.slug, correcting])
            if correcting
            else reverse("game_start", args=[campaign.slug])
        ),
    }
    return render_page(request, PLAY_TEMPLATE, context, partial="preview")


def _after_saving(campaign, number: int) -> str:
    """The saved play's own page."""
    return reverse("play_detail", args=[campaign.slug, number])


def _last_play(state) -> dict | None:
    last = state.games[-1] if state.games else None
    if last is None:
        return None
    return {"seats": [{"player": seat.player, "heroes": list(seat.heroes)} for seat in last.seats]}


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def play_new(request, slug):
    """Log a play: the last play's seats offered first, the score worked out as it is filled."""
    access = _access(request, slug, record=True)  # viewers read the plays, never this form
    campaign = access.campaign
    state = states.state(campaign)
    number = state.next_number
    if request.method != "POST":
        last = _last_play(state)
        initial = initial_for(last, number, timezone.localdate())
        if last is None:  # no play yet: the roster says how many usually sit down
            seatable = [count for count in rules.PLAYER_COUNTS if count <= len(state.players)]
            initial["players"] = str(max(seatable, default=min(rules.PLAYER_COUNTS)))
        form = PlayForm(roster=state.players, initial=initial)
        return _play_page(request, access, form, preview={}, offered_last=last is not None)

    form = PlayForm(request.POST, roster=state.players)
    if not saves(request, request.POST.get("action") == "save"):  # htmx on change, or "Check": score it
        # The play as the log stands now (another phone may have logged one since the form opened).
        return _play_page(request, access, form, preview=_preview_new(form, state))

    number = (
        whole_number(request.POST.get("number"), max_digits=6) or number
    )  # the play the form was loaded for

    def renumbered_page(now, why):
        renumbered = _renumbered(form, now.next_number, now)
        return _play_page(request, access, renumbered, preview=_preview_new(renumbered, now), errors=[why])

    return append_or_refuse(
        request,
        campaign,
        form,
        page=lambda: _play_page(request, access, form, preview=_preview_new(form, states.state(campaign))),
        done=Done(
            lambda saved: _after_saving(campaign, _number(saved)),
            said=lambda saved: f"Play {_number(saved)} is logged: {_said(saved.state.game(_number(saved)))}.",
        ),
        # Another phone logged this play first: this one becomes the next.
        step=new_play(
            number,
            logged_meanwhile=lambda now: _stale_message(now, number, now.next_number),
            page_now=renumbered_page,
        ),
    )


def _number(saved) -> int:
    return saved.entries[0].data["number"]


def _preview_new(form, state):
    def check(game):
        return rules.check_game(state, {**game, "number": state.next_number})

    return _preview(form, check)


def _stale_message(state, typed: int, now: int) -> str:
    logged = ", ".join(f"play {n}" for n in range(typed, now) if state.game(n) is not None) or f"play {typed}"
    return (
        f"Meanwhile {logged} was logged on another phone, so nothing was saved. "
        f"Check it isn’t this one (History), then save this as play {now}."
    )


def _renumbered(form, number: int, state) -> PlayForm:
    """The same form as typed, now for play `number`."""
    data = form.data.copy()
    data["number"] = str(number)
    fresh = PlayForm(data, roster=state.players)
    fresh.is_valid()
    return fresh


def _said(record) -> str:
    """A play's result in one line: "Team Captain America won 5–3" or "a draw, 3–3"."""
    cap, iron = (record.points[team] for team in rules.TEAMS)
    if record.result == rules.DRAW:
        return f"a draw, {cap}–{iron}"
    return f"{rules.TEAM_NAMES[record.result]} won {max(cap, iron)}–{min(cap, iron)}"


# Correcting a play ----------------------------------------------------------------------


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def play_correct(request, slug, number):
    """The play form filled with play `number` as it stands; saving records a correction of
    it (a new journal entry, checked by the same rules, undoable), never a rewrite."""
    access = _access(request, slug, record=True)
    campaign = access.campaign
    state = states.state(campaign)
    written = state.play_data(number)
    if written is None or state.is_deleted(number):
        raise Http404("No such play to correct.")

    if request.method != "POST":
        return _correction_page(request, access, state, number)

    data = request.POST.copy()
    data["number"] = str(number)  # the play of the address, whatever the form says
    form = PlayForm(data, roster=state.players)

    def check(game):
        return play_log.check_correction(state, in_written_order(game, written), rules.check_game)

    if not saves(request, request.POST.get("action") == "save"):
        return _play_page(request, access, form, preview=_preview(form, check), correcting=number)
    correcting = Correcting.loaded(number, form, state)
    form.corrects, form.written = number, written

    return append_or_refuse(
        request,
        campaign,
        form,
        page=lambda: _play_page(request, access, form, preview=_preview(form, check), correcting=number),
        done=Done(
            _after_saving(campaign, number),
            said=lambda saved: f"Play {number} is corrected: {_said(saved.state.game(number))}.",
        ),
        step=correcting.step(
            request, campaign, lambda now, why: _correction_page(request, access, now, number, errors=[why])
        ),
    )


def _correction_page(request, access, state, number: int, *, errors=()):
    """The correction form filled with play `number` as it stands in `state`."""
    written = state.play_data(number)
    initial = {**initial_for(written, number, None), **results_initial(written)}
    initial["seen"] = state.corrections_of(number)  # what this form was loaded from (Correcting)
    record = state.game(number)  # the play as it stands, scored as the fold scored it
    return _play_page(
        request, access, PlayForm(roster=state.players, initial=initial),
        preview={"record": record, **scored(record)}, correcting=number, errors=errors,
    )


# Setup helpers --------------------------------------------------------------------------


def _names_by_hero(state, players: int) -> dict[str, str]:
    """Who played each hero last time, when the last play had this many players."""
    last = state.games[-1] if state.games else None
    if last is None or len(last.seats) != players:
        return {}
    return {hero: seat.player for seat in last.seats for hero in seat.heroes}


def _order_rows(order, names):
    return [
        {"position": position, "team": rules.TEAM_NAMES[team], "hero": hero, "player": names.get(hero)}
        for position, team, hero in order
    ]


def _turn_order(state, form: TurnOrderForm) -> dict:
    if not form.is_valid():
        return {}
    try:
        players = form.cleaned_data["players"]
        rules.seats_for(players)
        leads = form.leads()
        picking = form.cleaned_data["picking_team"]
        names = _names_by_hero(state, players)
        return {
            "players": players,
            "breach": _order_rows(rules.breach_order(form.cleaned_data["breach_team"], leads), names),
            "breaching": rules.TEAM_NAMES[form.cleaned_data["breach_team"]],
            "turns": _order_rows(rules.turn_order(picking, form.marker_pair(), leads), names),
            "picking": rules.TEAM_NAMES[picking],
            "names_from": state.games[-1].number if names else None,
        }
    except RuleError as error:
        form.add_refusal(error)
        return {}


def _deployment(form: DeploymentForm) -> dict:
    if not form.is_valid():
        return {}
    rooms, buildings = form.cleaned_data["rooms"], form.cleaned_data["buildings"]
    try:
        total = rules.troops_to_deploy(rooms, buildings)
    except RuleError as error:
        form.add_refusal(error)
        return {}
    return {
        "total": total,
        "chart": rules.deployment(rooms),
        "rooms": rooms,
        "bonuses": [(name, rules.BUILDING_BONUS[name]) for name in buildings],
    }


@login_required
@require_safe
def setup_help(request, slug):
    """Team and turn order for 2 or 4 players, and the troops to deploy (saves nothing)."""
    access = _access(request, slug)
    state = states.state(access.campaign)
    order_form = TurnOrderForm(request.GET if "players" in request.GET else None)
    deploy_form = DeploymentForm(request.GET if "rooms" in request.GET else None)
    if not order_form.is_bound:  # a first visit shows the order for the form's first choices
        order_form = TurnOrderForm({name: field.initial for name, field in TurnOrderForm.base_fields.items()})
    context = {
        "campaign": access.campaign,
        "access": access,
        "order_form": order_form,
        "order": _turn_order(state, order_form),
        "deploy_form": deploy_form,
        "deployment": _deployment(deploy_form),
        "chart": [
            (f"{fewest}" if most == fewest else f"{fewest}+" if most is None else f"{fewest}–{most}", troops)
            for fewest, most, troops in rules.DEPLOYMENT_CHART
        ],
        "bonuses": list(rules.BUILDING_BONUS.items()),
        "hero_health": rules.HERO_HEALTH,
        "health_on_return": rules.HEALTH_ON_RETURN,
        "rounds": rules.ROUNDS,
        "teams_line": teams_line(),
    }
    part = request.GET.get("part")
    partial = part if part in ("turn-order", "deployment") else None
    return render_page(request, SETUP_HELP_TEMPLATE, context, partial=partial)
