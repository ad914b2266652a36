"""Risk: Skyrim at the table: log a play (games/new/), correct one (games/<n>/correct/), and
the setup helpers (starting units, the Chaos deal, reinforcements).

One form serves a new play and a correction: the same fields, checked by the same rules
(campaigns/rules/risk_skyrim.py); a new play appends a "game" entry, a correction the
play log's "correction" entry (campaigns/rules/play_log/). The score and the winners are
worked out by the rules as the form is filled (htmx posts it on every change and gets the
preview back; without JavaScript the "Check" button shows the same preview).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_safe

from ... import states
from ...access import campaign_for
from ...rules import risk_skyrim as rules
from ...rules.base import RuleError
from ...rules.checks import join_names
from ...web import outcome
from ...web.htmx import render_page, saves, wants_fragment
from ...web.params import whole_number
from ...web.rows import as_sent
from ...web.writes import Done, append_or_refuse
from ..play_log.correcting import Correcting, new_play
from ..play_log.forms import blank_form_shows
from ..play_log.views.live import form_query
from .forms import PlayForm, ReinforcementForm, StartForm, initial_after, initial_from_game

PLAY_TEMPLATE = "risk_skyrim/play_form.html"
SETUP_HELP_TEMPLATE = "risk_skyrim/setup_help.html"
SCORE_WORDS = {rules.CHAOS: "Points", rules.DOVAHKIIN: "Victory points", rules.CIVIL_WAR: "Territories"}


# Logging and correcting a play -------------------------------------------------------------


def preview(form: PlayForm, roster: list[str]) -> dict:
    """The scores and winners the rules give for the form as filled, or what stops them.

    A play stands alone (nothing carries over), so it is checked as the first play of a
    fresh log of the roster: the same check a save makes, but for its number."""
    if not form.is_bound:
        return {"ready": False, "problems": []}
    valid = form.is_valid()
    contenders = form.contenders()  # asked even when something else is wrong
    asked = {"contenders": contenders, "contenders_text": join_names(contenders) if contenders else ""}
    if not valid:
        problems = form.every_error()
        return {"ready": False, "problems": problems, **asked}
    data = form.game_data()
    try:
        record = rules.check_game(rules.new_state(roster), {**data, "number": 1})
    except RuleError as error:
        return {"ready": False, "problems": [error.message], **asked}
    rows = [
        {
            "player": player,
            "faction": record.factions[player],
            "score": score,
            "won": player in record.winners,
        }
        for player, score in record.scores.items()
    ]
    return {
        "ready": True,
        "rows": rows,
        "winners": record.winners,
        "winners_text": join_names(record.winners),
        "shared": len(record.winners) > 1,
        "score_word": SCORE_WORDS[record.mode],
        **asked,
    }


def _context(access, form: PlayForm, *, number: int, correcting: bool, errors=()) -> dict:
    campaign = access.campaign
    return {
        "campaign": campaign,
        "access": access,
        "form": form,
        # Kept across plays (its number filled in), what it shows named here; a correction per version.
        "form_shows": blank_form_shows(access, form, form.roster, errors, correcting=correcting and number),
        "slots": form.slot_rows(),
        "number": number,
        "correcting": correcting,
        "preview": preview(form, form.roster),
        "page_errors": list(errors),
        "modes": rules.MODES,
        "action": (
            reverse("play_correct", args=[campaign.slug, number])
            if correcting
            else reverse("game_start", args=[campaign.slug])
        ),
        "territories": rules.TERRITORIES,
        "least_points": rules.VICTORY_POINTS_TO_WIN,
        "fewest_players": rules.FEWEST_PLAYERS,
        "most_players": rules.MOST_PLAYERS,
        "civil_war_players": rules.PLAYER_COUNTS[rules.CIVIL_WAR],
        # A new play's form polls for plays logged on another phone meanwhile.
        "live_query": None if correcting else form_query(number),
    }


def _page(request, access, form, *, number, correcting, errors=()):
    context = _context(access, form, number=number, correcting=correcting, errors=errors)
    return render_page(request, PLAY_TEMPLATE, context, partial="preview")


def _save(request, access, form: PlayForm, *, number: int, correcting: Correcting | None):
    """Append the play (or its correction: `correcting`) through the one write path; a refusal
    goes beside its field, nothing saved."""
    campaign = access.campaign
    form.corrects = number if correcting else None

    def saved_message(saved) -> str:
        record = saved.state.game(number)
        won = join_names(record.winners) if record else ""
        verb = "corrected" if correcting else "logged"
        return f"Play {number} is {verb}: {won} won." if won else f"Play {number} is {verb}."

    if correcting:

        def as_it_stands(now, why):
            fresh = PlayForm(_as_it_stands(now, number), roster=now.players)
            return _page(request, access, fresh, number=number, correcting=True, errors=[why])

        step = correcting.step(request, campaign, as_it_stands)
    else:

        def renumbered(now, why):
            form.data = form.data.copy()
            form.data["number"] = now.next_number
            return _page(request, access, form, number=now.next_number, correcting=False, errors=[why])

        # Another phone logged a play first: this one becomes the next.
        step = new_play(
            number,
            logged_meanwhile=lambda now: (
                f"Play {number} was logged on another phone just now, so nothing was saved. "
                f"Check the numbers and save again to log this as play {now.next_number}."
            ),
            page_now=renumbered,
        )

    return append_or_refuse(
        request,
        campaign,
        form,
        page=lambda: _page(request, access, form, number=number, correcting=bool(correcting)),
        done=Done(reverse("play_detail", args=[campaign.slug, number]), said=saved_message),
        step=step,
    )


def _answer(request, access, form, *, number, correcting: Correcting | None = None):
    """A POST: save with the Save button, otherwise show the preview (htmx or Check)."""
    if not saves(request, "save" in request.POST):
        if wants_fragment(request):
            form.is_valid()
        return _page(request, access, form, number=number, correcting=bool(correcting))
    return _save(request, access, form, number=number, correcting=correcting)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def play_new(request, slug):
    """Log a play: mode, date, seats, what decided it; the score and winners worked out."""
    access = campaign_for(request, slug, record=True, system=rules.KEY)
    state = states.state(access.campaign)
    number = state.next_number
    if request.method == "POST":
        form = PlayForm(request.POST, roster=state.players)
        return _answer(request, access, form, number=whole_number(request.POST.get("number"), 6) or number)
    last = state.play_data(state.games[-1].number) if state.games else None
    form = PlayForm(roster=state.players, initial=initial_after(last, number))
    return _page(request, access, form, number=number, correcting=False)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def play_correct(request, slug, number):
    """Correct play `number`: the same form, filled with the play as it stands now."""
    access = campaign_for(request, slug, record=True, system=rules.KEY)
    state = states.state(access.campaign)
    data = state.play_data(number)
    if data is None:
        raise Http404("No such play.")
    if state.is_deleted(number):  # deleted, perhaps on another phone while this one corrected it
        why = f"Play {number} was deleted, so there is nothing to correct."
        messages.error(request, why)
        return outcome.named(redirect("history", slug=access.campaign.slug), outcome.MOVED_ON, why)
    if request.method == "POST":
        posted = request.POST.copy()
        posted["number"] = str(number)  # the play this address corrects, whatever was posted
        form = PlayForm(posted, roster=state.players)
        correcting = Correcting.loaded(number, form, state)
        return _answer(request, access, form, number=number, correcting=correcting)
    # Bound to the play as it stands, so its score shows at once.
    form = PlayForm(_as_it_stands(state, number), roster=state.players)
    return _page(request, access, form, number=number, correcting=True)


def _as_it_stands(state, number: int) -> dict:
    """Play `number` as it reads now, with how many times it was corrected (`seen`), as the
    correction form sends it (to bind the form, so its score shows at once)."""
    initial = {**initial_from_game(state.play_data(number)), "seen": state.corrections_of(number)}
    return as_sent(PlayForm(roster=state.players, initial=initial))


# The setup helpers -------------------------------------------------------------------------


def _start_result(form: StartForm) -> dict:
    if not form.is_valid():
        return {"problems": [e for errors in form.errors.values() for e in errors]}
    mode, players = form.cleaned_data["mode"], form.cleaned_data["players"]
    try:
        units = rules.starting_units(mode, players)
        cards = rules.starting_territory_cards(mode, players) if mode == rules.CHAOS else None
        neutral = rules.neutral_territories(mode, players)
        dragons = rules.dragons(mode)
    except RuleError as error:
        return {"problems": [error.message]}
    seats = [
        {"seat": seat, "units": units[seat - 1], "cards": cards[seat - 1] if cards else None}
        for seat in range(1, players + 1)
    ]
    return {
        "mode": rules.MODES[mode],
        "chaos": mode == rules.CHAOS,
        "players": players,
        "seats": seats,
        "neutral": neutral,
        "dragons": dragons,
        "same_units": len(set(units)) == 1,
    }


def _reinforcement_result(form: ReinforcementForm) -> dict:
    if not form.is_valid():
        return {"problems": [e for errors in form.errors.values() for e in errors]}
    data = form.cleaned_data
    try:
        total = rules.reinforcements(
            data["territories"],
            data["forts"],
            data["region_bonus"],
            data["card_set"] or None,
            data["traded_cards_held"],
        )
    except RuleError as error:
        return {"problems": [error.message]}
    base = rules.reinforcements(data["territories"], data["forts"])
    cards = rules.CARD_SET_UNITS.get(data["card_set"], 0)
    held = rules.UNITS_PER_TRADED_TERRITORY_HELD * data["traded_cards_held"]
    return {
        "total": total,
        "base": base,
        "held_count": data["territories"] + data["forts"],
        "least": base == rules.MIN_REINFORCEMENTS,
        "regions": data["region_bonus"],
        "cards": cards,
        "held": held,
    }


@login_required
@require_safe
def setup_help(request, slug):
    """At the table: starting units and the Chaos deal, and the reinforcement calculator."""
    access = campaign_for(request, slug, system=rules.KEY)
    asked = request.GET
    # First visit: Chaos for the roster's size (within the players the rules seat), worked out at once.
    seated = min(max(len(states.state(access.campaign).players), rules.FEWEST_PLAYERS), rules.MOST_PLAYERS)
    start_form = StartForm(asked if "mode" in asked else {"mode": rules.CHAOS, "players": str(seated)})
    reinforcement_form = ReinforcementForm(
        asked
        if "territories" in asked
        else {"territories": 0, "forts": 0, "region_bonus": 0, "traded_cards_held": 0}
    )
    context = {
        "campaign": access.campaign,
        "access": access,
        "start_form": start_form,
        "reinforcement_form": reinforcement_form,
        "start": _start_result(start_form),
        "reinforcement": _reinforcement_result(reinforcement_form),
        "player_counts": {rules.MODES[m]: f"{c.start}–{c.stop - 1}" for m, c in rules.PLAYER_COUNTS.items()},
    }
    part = asked.get("part")
    partial = part if part in ("start-result", "reinforcement-result") else "start-result"
    return render_page(request, SETUP_HELP_TEMPLATE, context, partial=partial)

