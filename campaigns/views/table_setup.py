"""At the table before play (Risk Legacy): the campaign's setup, a game's start, recruitment.

Every rule is the rules layer's (the campaigns/rules/risk_legacy/ package): these views call its
helpers to show what is legal and append through the store, which refuses what is not.
"""

import random

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.views.decorators.http import require_http_methods, require_safe
from django_htmx.http import HttpResponseClientRefresh

from .. import store
from ..forms import add_rule_error
from ..forms_play import territories_by_continent
from ..forms_setup import (
    COIN_FIELD,
    SEAT_PARTS,
    SEATS,
    TERRITORY_OF_SLUG,
    GameStartForm,
    NewPlayerForm,
    RecruitmentForm,
    StartingPowersForm,
    TradeInChartForm,
    coin_placement,
    seat_field,
)
from ..rules import risk_legacy as rules
from ..rules.base import Entry, RuleError
from .htmx import render_page, wants_fragment
from .refusals import focus_first_error
from .table_play import _refreshed, _risk_legacy


# --------------------------------------------------------------------------------------
# The setup
# --------------------------------------------------------------------------------------

SETUP_TEMPLATE = "campaigns/setup_edit.html"
#: The trade-in chart's lines, as the setup and the calculator say them ("2 to 10").
ICONS_RANGE = f"{rules.TRADE_IN_ICONS[0]} to {rules.TRADE_IN_ICONS[-1]}"
ALREADY_SET_UP = (
    "Someone already saved the setup (on another phone?): here it is. Nothing you entered was saved."
)


def random_placement(placement: dict[str, int], rng=random) -> dict[str, int]:
    """The coins still to place, put at random, keeping those placed by hand: the rulebook's
    suggestion when a group cannot decide (one coin on each card drawn from the shuffled
    territory deck), skipping a drawn card that already holds the most a card may hold
    before game 1. The rules check the result like any placement."""
    placed = dict(placement)
    for territory in rng.sample(rules.TERRITORIES, len(rules.TERRITORIES)):
        if rules.may_add_coin(placed, territory):
            placed[territory] += 1
    return placed


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
        moved = random_placement(placement)
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
    request, access, state, powers_form, chart_form, placement, *, coin_errors=(), errors=(), partial=None
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
        "icons_range": ICONS_RANGE,
        **_coin_context(state, placement, coin_errors),
    }
    return render_page(request, SETUP_TEMPLATE, context, partial=partial)


def _setup_done_page(request, access, errors=(), chart_form=None):
    """The setup as it was saved (powers, and the coins as the fold recorded them), read-only,
    but for the trade-in chart: the one in use now, which a member may correct."""
    campaign = access.campaign
    now = store.state(campaign)
    if chart_form is None and access.can_record and now.set_up:
        chart_form = TradeInChartForm(prefix="chart", initial_chart=now.trade_in_chart)
    # The coin stickers as the fold recorded them at the setup; a card shows its printed coin too.
    coins = [
        {
            "name": continent,
            "territories": [
                (territory, 1 + now.setup_coins[territory])
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
@require_http_methods(["POST"])
def trade_in_chart_edit(request, slug):
    """Correct the trade-in chart after the setup (a group that skipped it or mistyped it)."""
    access = _risk_legacy(request, slug, record=True)
    campaign = access.campaign
    chart_form = TradeInChartForm(request.POST, prefix="chart")
    if chart_form.is_valid():
        try:
            correction = Entry("trade_in_chart", {"chart": chart_form.chart() or {}})
            store.append(campaign, [correction], request.user)
        except RuleError as error:
            chart_form.add_error(None, error.message)
        else:
            messages.success(request, "The trade-in chart is corrected.")
            return redirect("setup_edit", slug=campaign.slug)
    return _setup_done_page(request, access, chart_form=chart_form)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def setup_edit(request, slug):
    """Before game 1: each faction's starting power, the 12 coin stickers, the trade-in chart."""
    access = _risk_legacy(request, slug, record=request.method == "POST")
    campaign = access.campaign
    state = store.state(campaign)
    if state.phase != rules.PHASE_SETUP or not access.can_record:
        if wants_fragment(request):  # a tap after another phone saved: reload the page, not a section
            messages.error(request, ALREADY_SET_UP)
            return HttpResponseClientRefresh()
        refused = [ALREADY_SET_UP] if request.method == "POST" else []
        return _setup_done_page(request, access, refused)
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

    powers_form = StartingPowersForm(request.POST)
    chart_form = TradeInChartForm(request.POST, prefix="chart")
    coin_errors, page_errors = [], []
    if all([powers_form.is_valid(), chart_form.is_valid()]):
        data = {
            "starting_powers": powers_form.powers(),
            "coin_stickers": {territory: n for territory, n in placement.items() if n},
        }
        if chart_form.chart():
            data["trade_in_chart"] = chart_form.chart()
        try:
            store.append(campaign, [Entry("setup", data)], request.user)
        except RuleError as error:
            if _refreshed(campaign).phase != rules.PHASE_SETUP:  # another phone saved it first
                return _setup_done_page(request, access, [ALREADY_SET_UP])
            if error.field == "starting_powers":
                powers_form.add_error(None, error.message)
            elif error.field == "trade_in_chart":
                chart_form.add_error(None, error.message)
            elif error.field == "coin_stickers":
                coin_errors.append(error.message)
            else:
                page_errors.append(str(error))
        else:
            messages.success(request, "The campaign is set up. Seat the players and start game 1.")
            return redirect("game_start", slug=campaign.slug)
    return _setup_form_page(
        request, access, state, powers_form, chart_form, placement,
        coin_errors=coin_errors, errors=page_errors,
    )


# --------------------------------------------------------------------------------------
# A game's start
# --------------------------------------------------------------------------------------

START_TEMPLATE = "campaigns/game_start.html"


def _one_of(value, options):
    return value if isinstance(value, str) and value in options else ""


def _seat_rows(state, data, errors) -> list[dict]:
    """Each seat as the page shows it, clockwise: its legal starts after the earlier seats'
    starts, why a start chosen before is no longer legal, its "Why not…?" answer, its tokens."""
    chosen: list[str] = []
    rows = []
    for index in SEATS:
        player = _one_of(data.get(seat_field(index, "player")), state.players)
        faction = _one_of(data.get(seat_field(index, "faction")), rules.FACTIONS)
        start = _one_of(data.get(seat_field(index, "start")), rules.TERRITORIES)
        why = _one_of(data.get(seat_field(index, "why")), rules.TERRITORIES)
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
                "errors": {part: errors.get(seat_field(index, part), "") for part in SEAT_PARTS},
                "field": {part: seat_field(index, part) for part in ("player", "faction", "start", "why")},
            }
        )
        if start:
            chosen.append(start)
    return rows


def _scar_deck(data) -> int | None:
    value = data.get("scar_cards", "")
    is_count = isinstance(value, str) and value.isascii() and value.isdigit() and len(value) < 4
    return int(value) if is_count else None


def _start_context(access, state, form, data, *, new_player_form=None, errors=(), seat_errors=()):
    seat_form_errors = form.errors if form.is_bound else {}
    rows = _seat_rows(state, data, seat_form_errors)
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
        "factions": rules.FACTIONS,
        "scar_deck": deck,
        "scar_dealt": dealt,
        "seated": seated,
        "page_errors": list(errors),
        "seat_errors": list(seat_errors),
    }


def _typed_start_form(state, data) -> GameStartForm:
    """The form as typed, without errors: choosing is not saving."""
    form = GameStartForm(roster=state.players, initial={"number": state.next_game_number})
    for name in ("played_on", "scar_cards"):
        if name in data:
            form.initial[name] = data.get(name)
    return form


START_RECHECK_TEMPLATE = "campaigns/game_start_recheck.html"
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
    form = GameStartForm(data, roster=state.players)
    for name in [name for name in form.errors if name not in GAME_FACTS]:
        del form.errors[name]
    return form


def _stale_page(request, access, number=None):
    """Another phone started this game first: say so and show the campaign as it is now."""
    state = _refreshed(access.campaign)
    if number is None:
        message = (
            "This form was out of date, so nothing from it was saved: "
            "here is where the campaign stands."
        )
    else:
        message = (
            f"Game {number} was started on another phone just now, so nothing from this form was saved. "
            "Here is where the campaign stands."
        )
    context = _start_context(access, state, _typed_start_form(state, {}), {}, errors=[message])
    return render_page(request, START_TEMPLATE, context)


def _offer_suggested_seats(state, data) -> str | None:
    """Put the rules layer's suggested seats (last game's players and factions) in `data`, as
    if chosen, and say where they come from; None when there is nothing to suggest."""
    suggested = rules.suggested_seats(state)
    for index, (player, faction) in zip(SEATS, suggested):
        data[seat_field(index, "player")] = player
        data[seat_field(index, "faction")] = faction or ""
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
    if seat_field(1, "player") not in data:  # a first visit: nothing chosen yet
        suggested = _offer_suggested_seats(state, data)
    new_player_form, added = None, None
    name = data.get("new_player", "").strip() if request.method == "POST" else ""
    if name:
        try:
            player = store.add_player(access.campaign, name)
        except RuleError as error:
            new_player_form = NewPlayerForm({"new_player": name})
            new_player_form.add_error("new_player", error.message)  # the roster's "name"
        else:
            state = _refreshed(access.campaign)
            data["new_player"] = ""
            empty_seat = next((i for i in SEATS if not data.get(seat_field(i, "player"))), None)
            # Said inside the seats (not a django message): an htmx answer holds only them.
            added = f"{player.name} joined the roster."
            if empty_seat is not None:  # seat the newcomer at once
                data[seat_field(empty_seat, "player")] = player.name
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
    access = _risk_legacy(request, slug, record=True)
    campaign = access.campaign
    state = store.state(campaign)
    if request.method == "GET" or "save" not in request.POST:
        return _choose_again(request, access, state)

    form = GameStartForm(request.POST, roster=state.players)
    if not form.is_valid() and "number" in form.errors:
        return _stale_page(request, access)
    page_errors, seat_errors = [], []
    if form.is_valid():
        number = form.cleaned_data["number"]
        if number != state.next_game_number:
            return _stale_page(request, access, number)
        rows = _seat_rows(state, request.POST, {})
        if rules.why_not_next_game(state) is None and not any(row["start_problem"] for row in rows):
            data = {
                "number": number,
                "played_on": form.cleaned_data["played_on"].isoformat(),
                "seats": form.seats(),
                "keys": list(rules.WEB_GAME_KEYS),
            }
            try:
                store.append(campaign, [Entry("game", data)], request.user)
            except RuleError as error:
                if _refreshed(campaign).next_game_number != number:
                    return _stale_page(request, access, number)
                if error.field in ("player", "faction", "start", "seats"):
                    seat_errors.append(str(error))  # which seat: its place says it
                elif error.field == "played_on":
                    form.add_error("played_on", error.message)
                else:
                    page_errors.append(str(error))
            else:
                players = [seat["player"] for seat in data["seats"]]
                everyone = f"{', '.join(players[:-1])} and {players[-1]}"
                messages.success(request, f"Game {number} is on: {everyone}. Good luck!")
                return redirect("table", slug=campaign.slug)  # the game is on: its Play page
    focus_first_error(form)
    context = _start_context(access, state, form, request.POST, errors=page_errors, seat_errors=seat_errors)
    return render_page(request, START_TEMPLATE, context)


# --------------------------------------------------------------------------------------
# Recruitment
# --------------------------------------------------------------------------------------

RECRUITMENT_TEMPLATE = "campaigns/recruitment_calculator.html"


@login_required
@require_safe
def recruitment(request, slug):
    """The troops a player recruits: territories, population, continents and cards (saves nothing)."""
    access = _risk_legacy(request, slug)
    campaign = access.campaign
    state = store.state(campaign)
    if request.GET:
        form = RecruitmentForm(request.GET, roster=state.players)
    else:  # first visit: the player linked to this account, if any
        mine = campaign.players.filter(user=request.user).values_list("name", flat=True).first()
        form = RecruitmentForm(roster=state.players, initial={"player": mine or ""})

    result = None
    if not form.is_bound:
        player, held, icons = form.initial["player"], [], 0
        result = rules.recruitment(state, player, held, icons)
    elif form.is_valid():
        player, held = form.cleaned_data["player"], form.cleaned_data["territories"]
        icons = form.cleaned_data["icons"] or 0
        try:
            result = rules.recruitment(state, player, held, icons)
        except RuleError as error:
            add_rule_error(form, error)
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
