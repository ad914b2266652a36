"""The Risk Legacy game-start page: the game's date and its seats clockwise, each with a legal
HQ start, offered from the last game's seating; a newcomer joins the roster from here.

Every rule is the rules layer's: these views ask it what is legal and append through the
store, which refuses what is not.
"""

from django.contrib.auth.decorators import login_required
from django.urls import reverse
from django.views.decorators.http import require_http_methods
from django_htmx.http import HttpResponseClientRefresh

from .... import roster, states
from ....rules import risk_legacy as rules
from ....rules.base import RuleError
from ....web.htmx import render_page, wants_fragment
from ....web.params import whole_number
from ....web.rows import sent
from ....web.writes import Done, Step, append_or_refuse, refreshed_state
from ..forms.game_start import (
    SEAT_PARTS,
    SEAT_ROWS,
    SEATS_BOX,
    GameStartForm,
    NewPlayerForm,
    seat_rows,
    typed_seats,
)
from ..forms.territories import territories_by_continent
from .campaign import risk_legacy_campaign

START_TEMPLATE = "risk_legacy/game_start.html"


def _one_of(value, options):
    return value if isinstance(value, str) and value in options else ""


def _seat_rows(state, data, checked=None) -> list[dict]:
    """Each seat as the page shows it, clockwise, as `data` has it: its row of the form (the
    saved form's, `checked`, with its errors; else `data` read, not checked), its legal starts
    after the earlier seats' starts, why a start chosen before is no longer legal, its "Why
    not…?" answer, its tokens."""
    chosen: list[str] = []
    rows = []
    seats = (
        checked.seats_rows if checked is not None else typed_seats(data, state.players, list(state.factions))
    )
    for index, seat in enumerate(seats.forms, 1):
        errors = seat.errors  # none while choosing: the typed seats are not checked
        player = _one_of(seat["player"].value(), state.players)
        faction = _one_of(seat["faction"].value(), list(state.factions))
        start = _one_of(seat["start"].value(), rules.TERRITORIES)
        why = _one_of(seat["why"].value(), rules.TERRITORIES)
        legal = rules.legal_starts(state, player, chosen)
        start_problem = None
        if start and start not in legal:
            start_problem = rules.why_not_start(state, player, start, chosen)
            start = ""
        why_answer = None
        if why:
            why_answer = rules.why_not_start(state, player, why, chosen) or (
                f"{why} is a legal start" + (f" for {player}." if player else ".")
            )
        rows.append(
            {
                "index": index,
                "form": seat,
                "player": player,
                "faction": faction,
                "start": start,
                "why": why,
                "legal": territories_by_continent(legal),
                "legal_count": len(legal),
                "not_legal": territories_by_continent(t for t in rules.TERRITORIES if t not in legal),
                "start_problem": start_problem,
                "why_answer": why_answer,
                "tokens": rules.setup_tokens(state, player) if player else None,
                "errors": {part: errors.get(part, "") for part in SEAT_PARTS},
                "field": {part: seat.add_prefix(part) for part in ("player", "faction", "start", "why")},
            }
        )
        if start:
            chosen.append(start)
    return rows


def _scar_deck(data) -> int | None:
    value = data.get("scar_cards", "")
    return whole_number(value, max_digits=3) if isinstance(value, str) else None


def _start_context(
    access, state, form, data, *, new_player_form=None, errors=(), seat_errors=(), checked=False
):
    """`checked`: the form was saved, so the seats show its errors."""
    rows = _seat_rows(state, data, form if checked else None)
    seated = sum(1 for row in rows if row["player"])
    deck = _scar_deck(data)
    dealt = rules.scar_cards_dealt(deck, seated)
    # One seat's list of starts is open at a time: the first seated player without a start
    # (seats place their HQs in order), and any whose start was refused.
    choosing = next((row for row in rows if row["player"] and not row["start"]), None)
    for row in rows:
        row["scar_dealt"] = dealt if row["player"] else None
        row["choosing"] = row is choosing or bool(row["errors"]["start"] or row["start_problem"])
    last = state.last_game
    return {
        "campaign": access.campaign,
        "access": access,
        "number": state.next_game_number,
        "why_not": rules.why_not_next_game(state),
        "set_up": state.set_up,
        "last_game": last,
        "game_in_progress": last is not None and last.in_progress,
        "passing": state.reward_queue if state.phase == rules.PHASE_REWARDS else [],
        "form": form,
        "new_player_form": new_player_form or NewPlayerForm(),
        "rows": rows,
        "roster": state.players,
        "factions": list(state.factions),
        "scar_deck": deck,
        "scar_dealt": dealt,
        "seated": seated,
        "page_errors": list(errors),
        "seat_errors": list(seat_errors),
    }


def _typed_start_form(state, data) -> GameStartForm:
    """The form as typed, without errors: choosing is not saving."""
    form = GameStartForm(
        roster=state.players, factions=list(state.factions), initial={"number": state.next_game_number}
    )
    for name in ("played_on", "scar_cards"):
        if name in data:
            form.initial[name] = data.get(name)
    return form


START_RECHECK_TEMPLATE = "risk_legacy/game_start_recheck.html"
GAME_FACTS = ("played_on", "scar_cards")


def _start_page(request, access, state, context):
    # A change re-checks the form: the seats, and what sits above them (out of band).
    return render_page(request, START_TEMPLATE, context, fragment=START_RECHECK_TEMPLATE)


def _facts_rechecked(state, data) -> GameStartForm | None:
    """The form with the date and Scar deck as typed and checked again (an error under one
    goes once it is fixed), the seats' errors left for the save; None on a first visit."""
    if not any(name in data for name in GAME_FACTS):
        return None
    data = data.copy()
    data["number"] = state.next_game_number  # as the typed form has it: the game to start now
    form = GameStartForm(data, roster=state.players, factions=list(state.factions))
    for name in [name for name in form.errors if name not in GAME_FACTS]:
        del form.errors[name]
    return form  # the seats' errors are not shown (_start_context)


OUT_OF_DATE = "This form was out of date, so nothing from it was saved: here is where the campaign stands."


def _started_meanwhile(number: int) -> str:
    return (
        f"Game {number} was started on another phone just now, so nothing from this form was saved. "
        "Here is where the campaign stands."
    )


def _stale_page(request, access, message: str, state=None):
    """Another phone started this game first: say so (`message`) and show the campaign as it is now."""
    state = state if state is not None else refreshed_state(access.campaign)
    context = _start_context(access, state, _typed_start_form(state, {}), {}, errors=[message])
    return render_page(request, START_TEMPLATE, context)


def _offer_suggested_seats(state, data) -> str | None:
    """Put the rules layer's suggested seats (last game's players and factions) in `data`, as
    if chosen, and say where they come from; None when there is nothing to suggest."""
    suggested = rules.suggested_seats(state)
    for seat, (player, faction) in zip(
        seat_rows(None, state.players, factions=list(state.factions)).forms, suggested
    ):
        data[seat.add_prefix("player")] = player
        data[seat.add_prefix("faction")] = faction or ""
    if not suggested:
        return None
    last = state.last_game
    if last is None:
        return "The roster is seated in its order: change a seat if someone sits elsewhere or is away."
    winner = last.winner
    first = f", {winner}, who won it, in seat 1" if winner and winner == suggested[0][0] else ""
    return (
        f"Seated as in game {last.number}{first}, each with the same faction: "
        "change whatever is different tonight, then choose each HQ."
    )


def _choose_again(request, access, state):
    """Re-show the choices after a change (a player, a start, "Why not…?", a new name)."""
    if wants_fragment(request) and rules.why_not_next_game(state):  # another phone started it: show that
        return HttpResponseClientRefresh()
    data = request.POST.copy() if request.method == "POST" else request.GET.copy()
    suggested = None
    if not sent(data, SEAT_ROWS):  # a first visit: nothing chosen yet
        suggested = _offer_suggested_seats(state, data)
    new_player_form, added = None, None
    name = data.get("new_player", "").strip() if request.method == "POST" else ""
    if name:
        try:
            player = roster.add_player(access.campaign, name)
        except RuleError as error:
            new_player_form = NewPlayerForm({"new_player": name})
            new_player_form.add_refusal(error)
        else:
            state = refreshed_state(access.campaign)
            data["new_player"] = ""
            seats = seat_rows(data, state.players, factions=list(state.factions)).forms
            empty_seat = next((i for i, seat in enumerate(seats, 1) if not seat["player"].value()), None)
            # Said inside the seats (not a django message): an htmx answer holds only them.
            added = f"{player.name} joined the roster."
            if empty_seat is not None:  # seat the newcomer at once
                data[seats[empty_seat - 1].add_prefix("player")] = player.name
                added = f"{player.name} joined the roster and takes seat {empty_seat}."
    if new_player_form is None:
        new_player_form = NewPlayerForm(initial={"new_player": data.get("new_player", "")})
    form = _facts_rechecked(state, data) or _typed_start_form(state, data)
    context = _start_context(access, state, form, data, new_player_form=new_player_form)
    context["added"] = added
    context["suggested"] = suggested
    return _start_page(request, access, state, context)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def game_start(request, slug):
    """Start the next game: its date and its seats clockwise, each with a legal HQ start."""
    access = risk_legacy_campaign(request, slug, record=True)
    campaign = access.campaign
    state = states.state(campaign)
    if request.method == "GET" or "save" not in request.POST:
        return _choose_again(request, access, state)

    form = GameStartForm(request.POST, roster=state.players, factions=list(state.factions))
    loaded = whole_number(request.POST.get("number"), max_digits=3)  # the game the page was loaded to start
    if loaded is None:
        return _stale_page(request, access, OUT_OF_DATE)
    # Another phone started this game first.
    step = Step(
        lambda now: _started_meanwhile(loaded) if now.next_game_number != loaded else None,
        page_now=lambda now, why: _stale_page(request, access, why, now),
    )

    def page():
        seat_errors = form.refused_above(SEATS_BOX)
        context = _start_context(access, state, form, request.POST, seat_errors=seat_errors, checked=True)
        return render_page(request, START_TEMPLATE, context)

    if form.is_valid() and loaded == state.next_game_number:
        rows = _seat_rows(state, request.POST)
        if rules.why_not_next_game(state) is not None or any(row["start_problem"] for row in rows):
            return page()  # the page says why: nothing to save yet

    def started(saved) -> str:
        players = [seat["player"] for seat in saved.entries[0].data["seats"]]
        everyone = f"{', '.join(players[:-1])} and {players[-1]}"
        return f"Game {loaded} is on: {everyone}. Good luck!"

    return append_or_refuse(
        request,
        campaign,
        form,
        page=page,
        done=Done(reverse("play", args=[campaign.slug]), said=started),  # the game is on: its Play page
        step=step,
    )
