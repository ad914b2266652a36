"""Starting a game: the seats clockwise, each offered only its legal HQ starts."""

import datetime
import re

import pytest
from django.urls import reverse
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from campaigns import states, store
from campaigns.models import Entry
from campaigns.rules import risk_legacy as rules
from campaigns.rules.base import Entry as RuleEntry

from tests.factories import CampaignFactory, PlayerFactory, held_on_to_choose
from tests.journals import PLAYERS, SETUP
from tests.rows import row_name, rows_post


@pytest.fixture
def ready(campaign, owner):
    """A campaign set up, with five players on its roster and no game yet."""
    for i, name in enumerate(PLAYERS):
        PlayerFactory(campaign=campaign, name=name, position=i)
    store.append(campaign, [RuleEntry("setup", SETUP)], owner)
    return campaign


def url(campaign):
    return reverse("game_start", args=[campaign.slug])


def state_of(campaign):
    campaign.refresh_from_db()
    return states.state(campaign)


def game_entries(campaign):
    return Entry.objects.filter(campaign=campaign, kind="game").count()


def seats(*seats, number=1, played_on="2026-09-03", **extra):
    """The form's POST for these (player, faction, start) seats, clockwise."""
    data = {"number": str(number), "played_on": played_on}
    data |= rows_post("seats", [{"player": p, "faction": f, "start": s} for p, f, s in seats])
    return data | extra


def seat(number, part):
    """Seat `number`'s field `part` (from 1)."""
    return row_name("seats", number, part)


FOUR = [
    ("Ana", "Khan Industries", "Egypt"),
    ("Ben", "Enclave of the Bear", "Peru"),
    ("Cid", "Die Mechaniker", "Ural"),
    ("Dee", "Imperial Balkania", "Western Europe"),
]


def options(html, name):
    """The choices `html` offers for the field `name` (a <select>'s options, or the radio chips
    of an HQ start), blank left out."""
    select = re.search(rf'<select name="{name}".*?</select>', html, re.S)
    if select is None:
        return [value for value in re.findall(rf'<input type="radio" name="{name}" value="([^"]*)"', html) if value]
    return [value for value in re.findall(r'<option value="([^"]*)"', select.group(0)) if value]


def test_the_form_starts_game_1_today_with_five_empty_seats(as_owner, ready):
    response = as_owner.get(url(ready))
    html = response.content.decode()
    assert response.status_code == 200
    assert "Start game 1" in html
    assert f'value="{timezone.localdate().isoformat()}"' in html
    assert len(response.context["rows"]) == 5
    assert options(html, seat(1, "player")) == PLAYERS
    assert options(html, seat(1, "faction")) == list(rules.FACTIONS)
    assert options(html, seat(1, "start")) == sorted(rules.TERRITORIES, key=rules.TERRITORIES.index)


def test_saving_appends_one_game_entry_and_goes_to_the_play_page(as_owner, ready):
    response = as_owner.post(url(ready), seats(*FOUR, save="1"))
    assert response.status_code == 302
    assert response["Location"] == reverse("play", args=[ready.slug])
    entry = Entry.objects.get(campaign=ready, kind="game")
    assert entry.data == {
        "number": 1,
        "played_on": "2026-09-03",
        "seats": [{"player": p, "faction": f, "start": s} for p, f, s in FOUR],
        "keys": ["packets_opened", "events", "rewards"],
    }
    assert state_of(ready).phase == rules.PHASE_PLAYING
    play = as_owner.get(response["Location"]).content.decode()
    assert "Game 1 is on" in play and "Game 1 in progress" in play


def test_the_seats_fragment_offers_exactly_the_legal_starts_after_the_earlier_seats(as_owner, ready):
    state = state_of(ready)
    data = seats(("Ana", "Khan Industries", "Egypt"), ("Ben", "Enclave of the Bear", "Peru"), ("Cid", "", ""))
    response = as_owner.get(url(ready), data, headers={"HX-Request": "true"})
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="seats"') and "<html" not in html
    in_board_order = sorted(rules.legal_starts(state, "Ana", []), key=rules.TERRITORIES.index)
    assert options(html, seat(1, "start")) == in_board_order
    assert set(options(html, seat(2, "start"))) == set(rules.legal_starts(state, "Ben", ["Egypt"]))
    assert set(options(html, seat(3, "start"))) == set(rules.legal_starts(state, "Cid", ["Egypt", "Peru"]))
    assert "Brazil" not in options(html, seat(3, "start")) and "Egypt" not in options(html, seat(3, "start"))
    assert response["Vary"].count("HX-Request") == 1


def test_the_same_url_without_htmx_is_the_whole_page(as_owner, ready):
    html = as_owner.get(url(ready), seats(("Ana", "Khan Industries", "Egypt"))).content.decode()
    assert "<html" in html and "Egypt" not in options(html, seat(2, "start"))


def test_a_start_made_illegal_by_an_earlier_seat_is_cleared_with_the_reason(as_owner, ready):
    data = seats(("Ana", "Khan Industries", "Brazil"), ("Ben", "Enclave of the Bear", "Argentina"))
    html = as_owner.post(url(ready), data | {"update": "1"}).content.decode()
    assert "Argentina borders Brazil, an earlier seat&#x27;s start: HQs may not be adjacent" in html
    assert not re.search(r'value="Argentina" checked', html)


def test_why_not_explains_a_territory_that_is_not_offered(as_owner, ready):
    data = seats(("Ana", "Khan Industries", "Egypt")) | {seat(2, "player"): "Ben", seat(2, "why"): "North Africa"}
    html = as_owner.get(url(ready), data, headers={"HX-Request": "true"}).content.decode()
    assert "North Africa borders Egypt, an earlier seat&#x27;s start: HQs may not be adjacent" in html
    assert "North Africa" in options(html, seat(2, "why")) and "Peru" not in options(html, seat(2, "why"))


def test_why_not_says_so_for_a_legal_start(as_owner, ready):
    data = seats(("Ana", "Khan Industries", "Egypt")) | {seat(2, "player"): "Ben", seat(2, "why"): "Peru"}
    html = as_owner.get(url(ready), data).content.decode()
    assert "Peru is a legal start for Ben." in html


def test_why_not_is_not_offered_while_every_territory_is_legal(as_owner, ready):
    html = as_owner.get(url(ready), seats(("Ana", "Khan Industries", "Egypt"))).content.decode()
    assert f'name="{seat(1, "why")}"' not in html and f'name="{seat(2, "why")}"' in html


def test_setup_tokens_and_scar_cards_are_shown_per_seat(as_owner, ready):
    data = seats(*FOUR, scar_cards="3")
    html = as_owner.get(url(ready), data).content.decode()
    assert html.count("★ 1 Red Star") == 4
    assert "Scar cards: not dealt, only 3 for 4 players." in html
    assert html.count("No Scar card") == 4
    html = as_owner.get(url(ready), seats(*FOUR, scar_cards="4")).content.decode()
    assert "Scar cards: dealt, one to each player (4 in the deck for 4)." in html


def test_a_signed_player_starts_with_a_missile_per_signature(as_owner, risk_campaign):
    state = states.state(risk_campaign)
    signed = max(state.players, key=state.signatures)
    html = as_owner.get(url(risk_campaign), {seat(1, "player"): signed}).content.decode()
    missiles = state.signatures(signed)
    assert f"{missiles} Missile{'s' if missiles > 1 else ''}" in html
    assert "Start game 16" in html


# --- Refusals: the message beside the right seat, nothing saved -------------------------


def refused(client, campaign, data):
    before = Entry.objects.filter(campaign=campaign).count()
    response = client.post(url(campaign), data | {"save": "1"})
    assert response.status_code == 200
    assert Entry.objects.filter(campaign=campaign).count() == before
    return response


def test_an_adjacent_start_is_refused_beside_that_seat(as_owner, ready):
    data = seats(*FOUR[:2], ("Cid", "Die Mechaniker", "Brazil"))
    response = refused(as_owner, ready, data)
    row = response.context["rows"][2]
    assert row["start_problem"] == "Brazil borders Peru, an earlier seat's start: HQs may not be adjacent"
    assert 'id="problem-3"' in response.content.decode()


def test_a_half_filled_seat_says_what_it_misses(as_owner, ready):
    data = seats(*FOUR[:3]) | {seat(4, "player"): "Dee"}
    response = refused(as_owner, ready, data)
    errors = response.context["rows"][3]["errors"]
    assert errors["faction"] == ["Choose a faction for seat 4, or clear the seat."]
    assert errors["start"] == ["Choose an HQ start for seat 4, or clear the seat."]


def test_two_players_are_refused_by_the_rules_beside_the_seats(as_owner, ready):
    response = refused(as_owner, ready, seats(*FOUR[:2]))
    assert response.context["seat_errors"] == ["game 1: A game has 3 to 5 players, not 2"]


def test_a_player_seated_twice_is_refused_naming_the_seat(as_owner, ready):
    data = seats(*FOUR[:2], ("Ana", "Die Mechaniker", "Ural"))
    response = refused(as_owner, ready, data)
    assert response.context["seat_errors"] == ["game 1, seat 3 (Ana): Ana already has a seat in this game"]


def test_a_faction_played_twice_is_refused_naming_the_seat(as_owner, ready):
    data = seats(*FOUR[:2], ("Cid", "Khan Industries", "Ural"))
    response = refused(as_owner, ready, data)
    assert response.context["seat_errors"] == [
        "game 1, seat 3 (Cid): Khan Industries is already played by Ana in this game"
    ]


def test_a_date_that_is_not_a_date_is_refused_beside_it(as_owner, ready):
    response = refused(as_owner, ready, seats(*FOUR, played_on="someday"))
    assert response.context["form"].errors["played_on"] == ["Enter a valid date."]


def test_the_game_cannot_start_before_the_setup(as_owner, campaign):
    html = as_owner.get(url(campaign)).content.decode()
    assert "The campaign must be set up before game 1." in html
    assert reverse("setup_edit", args=[campaign.slug]) in html
    refused(as_owner, campaign, seats(*FOUR))


def test_while_a_game_is_on_the_page_shows_it_instead_of_a_form(as_owner, ready, owner):
    store.append(ready, [RuleEntry("game", seats_entry(FOUR))], owner)
    response = as_owner.get(url(ready))
    html = response.content.decode()
    assert "Game 2 cannot start before game 1 has ended." in html
    assert "Game 1 is on" in html and "HQ in Western Europe" in html
    assert 'name="save"' not in html


def seats_entry(four, number=1):
    return {
        "number": number,
        "played_on": "2026-09-03",
        "seats": [{"player": p, "faction": f, "start": s} for p, f, s in four],
    }


def test_two_phones_starting_the_same_game_save_it_once(as_owner, ready, owner):
    as_owner.get(url(ready))  # both phones have the form for game 1 open
    other = [("Eve", "Saharan Republic", "Japan"), *FOUR[1:]]
    store.append(ready, [RuleEntry("game", seats_entry(other))], owner)  # the other phone saves first
    response = refused(as_owner, ready, seats(*FOUR))
    html = response.content.decode()
    assert "Game 1 was started on another phone just now, so nothing from this form was saved." in html
    assert "Game 1 is on" in html and "HQ in Japan" in html
    assert game_entries(ready) == 1


def test_two_phones_in_the_same_instant_are_shown_clearly_too(as_owner, ready, owner, monkeypatch):
    real_append = store.append
    other = [("Eve", "Saharan Republic", "Japan"), *FOUR[1:]]

    def other_phone_first(target, new_entries, user=None, **options):
        other_phone = target.__class__.objects.get(pk=target.pk)
        real_append(other_phone, [RuleEntry("game", seats_entry(other))], owner)
        return real_append(target, new_entries, user, **options)

    monkeypatch.setattr(store, "append", other_phone_first)
    response = as_owner.post(url(ready), seats(*FOUR, save="1"))
    assert response.status_code == 200
    assert "Game 1 was started on another phone just now" in response.content.decode()
    assert game_entries(ready) == 1


def test_a_form_for_another_game_number_is_not_saved_as_the_next_one(as_owner, ready):
    refused(as_owner, ready, seats(*FOUR, number=7))
    html = refused(as_owner, ready, seats(*FOUR, number="x")).content.decode()
    assert "This form was out of date, so nothing from it was saved" in html
    assert game_entries(ready) == 0


def test_a_choice_made_after_another_phone_started_the_game_reloads_the_page(as_owner, ready, owner):
    store.append(ready, [RuleEntry("game", seats_entry(FOUR))], owner)
    response = as_owner.get(url(ready), seats(*FOUR[:1]), headers={"HX-Request": "true"})
    assert response.status_code == 200 and response["HX-Refresh"] == "true"


def test_the_next_game_may_start_while_held_on_players_still_may_choose(as_owner, owner):
    campaign = CampaignFactory(after=1, until=held_on_to_choose, owner=owner, name='Two games')
    state = states.state(campaign)
    html = as_owner.get(url(campaign)).content.decode()
    assert state.phase == rules.PHASE_REWARDS
    assert f"{', '.join(state.reward_queue)} may still choose a reward for game 2" in html


# --- Adding a player while seating ------------------------------------------------------


def test_a_new_name_joins_the_roster_and_takes_the_first_empty_seat(as_owner, ready):
    data = seats(*FOUR[:2]) | {"new_player": "Fay", "add_player": "1"}
    response = as_owner.post(url(ready), data, headers={"HX-Request": "true"})
    html = response.content.decode()
    assert response.status_code == 200 and html.lstrip().startswith('<section id="seats"')
    assert list(ready.players.values_list("name", flat=True)) == [*PLAYERS, "Fay"]
    assert re.search(rf'<select name="{seat(3, "player")}".*?<option value="Fay" selected>', html, re.S)
    assert options(html, seat(1, "player")) == [*PLAYERS, "Fay"]
    assert game_entries(ready) == 0


def test_a_name_already_on_the_roster_is_refused_beside_the_field(as_owner, ready):
    response = as_owner.post(url(ready), seats(*FOUR[:2]) | {"new_player": "ana", "add_player": "1"})
    assert response.context["new_player_form"].errors == {"new_player": ["ana is already on the roster."]}
    assert ready.players.count() == 5


def test_add_with_no_name_just_updates_the_choices(as_owner, ready):
    response = as_owner.post(url(ready), seats(*FOUR[:1]) | {"new_player": " ", "add_player": "1"})
    assert response.status_code == 200 and ready.players.count() == 5
    assert "Egypt" not in options(response.content.decode(), seat(2, "start"))


def test_a_viewer_may_not_start_a_game(client, ready, viewer):
    client.force_login(viewer)
    assert client.get(url(ready)).status_code == 403
    assert client.post(url(ready), seats(*FOUR, save="1")).status_code == 403
    assert game_entries(ready) == 0


# --- Random input never answers 500 ------------------------------------------------------

FIELDS = ["number", "played_on", "scar_cards", "new_player", "add_player", "save", "update"] + [
    seat(i, part) for i in (1, 2, 3) for part in ("player", "faction", "start", "why")
]
VALUES = st.one_of(
    st.text(max_size=10),
    st.sampled_from([*PLAYERS, *rules.FACTIONS, "Peru", "Brazil", "Egypt", "Ural", "1", "2026-09-03", ""]),
    st.integers(-3, 30).map(str),
)


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    data=st.dictionaries(st.sampled_from(FIELDS), VALUES, max_size=16), htmx=st.booleans(), post=st.booleans()
)
def test_random_input_never_answers_500(as_owner, ready, data, htmx, post):
    headers = {"HX-Request": "true"} if htmx else {}
    send = as_owner.post if post else as_owner.get
    response = send(url(ready), data, headers=headers)
    assert response.status_code in (200, 302)


def test_the_date_defaults_to_today(as_owner, ready):
    form = as_owner.get(url(ready)).context["form"]
    assert form["played_on"].value() == timezone.localdate()
    assert isinstance(form["played_on"].value(), datetime.date)
