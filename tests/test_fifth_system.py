"""A fifth game through the system contract alone (campaigns/systems/base.py).

A toy play log, two fields a seat (its player and a score; the highest score wins), is written
from nothing into a temporary package: its rules, its read side, its one page (log a play), its
one template and its GameSystem. It is registered by its one line in settings.GAME_SYSTEMS and,
with no edit anywhere else, a group creates a campaign of it, logs a play through its page and
opens its overview, its history, the play's page, the standings and the stats page.
"""

import contextlib
import sys
import textwrap

import pytest
from django.urls import NoReverseMatch, reverse

from campaigns import registry
from campaigns.models import Campaign

from tests.factories import UserFactory

TOY_PACKAGE = "toy_game"
TOY_LINE = f"{TOY_PACKAGE}.system.SYSTEM"

TOY_FILES = {
    "__init__.py": '''
        """Toy: a play log of two fields a seat, each seat's player and score."""
    ''',
    # Its rules: plain Python, the rules protocol (campaigns/rules/protocol.py), the play-log
    # kind's shared rules doing the rest (campaigns/rules/play_log/).
    "rules.py": '''
        from dataclasses import dataclass

        from campaigns.rules.base import RuleError, describe  # the plain description
        from campaigns.rules.checks import check_game_basics, check_seat, is_whole, seat_place
        from campaigns.rules.play_log import (
            PlayLog, apply_to_play_log, play_log_entries, play_log_json, play_log_parts, state_as_of,
        )

        KEY = "toy"
        LABEL = "Toy"
        JOURNAL_KEYS = ("setup", "games", "play_corrections")
        GAME_KEYS = ("number", "played_on", "seats")


        @dataclass
        class Play:
            number: int
            played_on: str
            scores: dict

            @property
            def players(self):
                return list(self.scores)

            @property
            def winners(self):
                best = max(self.scores.values())
                return [player for player, score in self.scores.items() if score == best]


        def new_state(players):
            return PlayLog.for_roster(players)


        def check_game(state, data):
            place = check_game_basics(data, GAME_KEYS, state.next_number)
            if not isinstance(data["seats"], list) or len(data["seats"]) < 2:
                raise RuleError("a play needs two seats", place=place, field="seats")
            scores = {}
            for index, seat in enumerate(data["seats"], 1):
                where = seat_place(place, index, seat)
                player = check_seat(seat, where, ("player", "score"), (), "a seat", state.players, scores)
                if not is_whole(seat["score"]):
                    raise RuleError("'score' must be a whole number", place=where, field="score")
                scores[player] = seat["score"]
            return Play(data["number"], data["played_on"], scores)


        def apply(state, entry):
            apply_to_play_log(state, entry, check_game, "a toy log")


        def journal_entries(journal):
            return play_log_entries(journal, GAME_KEYS)


        def journal_parts(entries):
            return play_log_parts(entries)


        def state_json(state):
            return play_log_json(KEY, state, lambda play: {"scores": play.scores})
    ''',
    # Its Django side: the read side, the page that logs a play, and its GameSystem.
    "system.py": '''
        from pathlib import Path

        from django import forms
        from django.contrib.auth.decorators import login_required
        from django.shortcuts import redirect
        from django.template.response import TemplateResponse
        from django.urls import path

        from campaigns import states, store
        from campaigns.access import campaign_for
        from campaigns.readside.base import LOST, WON, Play, ReadSide, Seat
        from campaigns.rules.base import Entry, RuleError
        from campaigns.systems.play_log.system import play_log_system

        from . import rules


        def plays(state, campaign_key, campaign_name):
            for play in state.games:
                seats = tuple(
                    Seat(player, order, None, WON if player in play.winners else LOST, player in play.winners,
                         score=score)
                    for order, (player, score) in enumerate(play.scores.items(), 1)
                )
                yield Play(campaign_key, campaign_name, rules.KEY, play.number, play.played_on, seats)


        class PlayForm(forms.Form):
            played_on = forms.DateField()
            first = forms.CharField()
            first_score = forms.IntegerField()
            second = forms.CharField()
            second_score = forms.IntegerField()


        @login_required
        def log_play(request, slug):
            access = campaign_for(request, slug, record=True, system=rules.KEY)
            campaign = access.campaign
            number = states.state(campaign).next_number
            form = PlayForm(request.POST or None)
            if form.is_valid():
                seats = [
                    {"player": form.cleaned_data[seat], "score": form.cleaned_data[f"{seat}_score"]}
                    for seat in ("first", "second")
                ]
                played_on = form.cleaned_data["played_on"].isoformat()
                data = {"number": number, "played_on": played_on, "seats": seats}
                try:
                    store.append(campaign, [Entry("game", data)], request.user)
                except RuleError as error:
                    form.add_error(None, error.message)
                else:
                    return redirect("play_detail", slug=slug, number=number)
            context = {"campaign": campaign, "access": access, "form": form, "number": number}
            return TemplateResponse(request, "toy_game/play_form.html", context)


        @login_required
        def how_to_play(request, slug):
            access = campaign_for(request, slug, system=rules.KEY)
            context = {"campaign": access.campaign, "access": access}
            return TemplateResponse(request, "toy_game/how_to_play.html", context)


        SYSTEM = play_log_system(
            rules=rules,
            read_side=ReadSide(plays=plays, scored=True),
            templates=Path(__file__).parent / "templates",
            log_play=log_play,
            setup_help=path("toy/how-to-play/", how_to_play, name="toy_how_to_play"),
        )
    ''',
    "templates/toy_game/play_form.html": '''
        {% extends "base.html" %}
        {% block content %}
        <h1>Log toy play {{ number }}</h1>
        {% include "campaigns/_campaign_nav.html" with tab="log_play" %}
        <form method="post">{% csrf_token %}{{ form }}<button name="save">Save</button></form>
        {% endblock %}
    ''',
    "templates/toy_game/how_to_play.html": '''
        {% extends "base.html" %}
        {% block content %}
        <h1>How to play</h1>
        {% include "campaigns/_campaign_nav.html" with tab="setup_help" %}
        <p>The highest score wins.</p>
        {% endblock %}
    ''',
}


NEW_CAMPAIGN = {"create": "1", "name": "Toy nights", "system": "toy", "players": "Ana, Ben"}
A_PLAY = {"played_on": "2026-09-03", "first": "Ana", "first_score": "12", "second_score": "9"}


@contextlib.contextmanager
def toy_game(tmp_path, monkeypatch, settings):
    """The toy written into a temporary package and registered by its one line, while within."""
    for name, text in TOY_FILES.items():
        path = tmp_path / TOY_PACKAGE / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
    monkeypatch.syspath_prepend(tmp_path)
    registered = list(settings.GAME_SYSTEMS)
    settings.GAME_SYSTEMS = [*registered, TOY_LINE]
    yield
    settings.GAME_SYSTEMS = registered
    for module in [name for name in sys.modules if name == TOY_PACKAGE or name.startswith(f"{TOY_PACKAGE}.")]:
        monkeypatch.delitem(sys.modules, module)


@pytest.fixture
def toy_registered(tmp_path, monkeypatch, settings):
    with toy_game(tmp_path, monkeypatch, settings):
        yield


@pytest.mark.django_db
def test_a_fifth_game_is_played_through_the_contract_alone(client, toy_registered):
    client.force_login(UserFactory(username="ana"))
    created = client.post(reverse("campaign_create"), NEW_CAMPAIGN)
    assert created.status_code == 302
    slug = created.url.rstrip("/").rsplit("/", 1)[-1]

    overview = client.get(reverse("campaign_detail", args=[slug])).content.decode()
    assert "Toy" in overview and "No play logged yet" in overview
    assert client.get(reverse("game_start", args=[slug])).status_code == 200
    # Its own page, at its own URL, behind its own tab.
    how_to_play = client.get(reverse("toy_how_to_play", args=[slug])).content.decode()
    assert "The highest score wins." in how_to_play and 'aria-current="page">Setup help<' in how_to_play

    logged = client.post(
        reverse("game_start", args=[slug]),
        {**A_PLAY, "second": "Ben"},
    )
    assert logged.status_code == 302 and logged.url == reverse("play_detail", args=[slug, 1])

    play = client.get(reverse("play_detail", args=[slug, 1])).content.decode()
    assert "Ana won" in play and ">12<" in play
    overview = client.get(reverse("campaign_detail", args=[slug])).content.decode()
    assert "1 play logged" in overview
    history = client.get(reverse("history", args=[slug])).content.decode()
    assert reverse("play_detail", args=[slug, 1]) in history
    assert "Ana" in client.get(reverse("standings", args=[slug])).content.decode()
    stats = client.get(reverse("stats")).content.decode()
    assert "Toy nights" in stats and "Ana" in stats


@pytest.mark.django_db
def test_a_refused_toy_play_shows_the_rule_and_saves_nothing(client, toy_registered):
    client.force_login(UserFactory(username="ana"))
    created = client.post(reverse("campaign_create"), NEW_CAMPAIGN)
    slug = created.url.rstrip("/").rsplit("/", 1)[-1]
    refused = client.post(
        reverse("game_start", args=[slug]),
        {**A_PLAY, "second": "Ana"},
    )
    assert refused.status_code == 200 and "Ana has two seats" in refused.content.decode()
    assert not Campaign.objects.get(slug=slug).entries.exists()


def test_the_app_is_as_it_was_once_the_toy_is_unregistered(tmp_path, monkeypatch, settings):
    with toy_game(tmp_path, monkeypatch, settings):
        assert registry.get("toy").label == "Toy" and reverse("toy_how_to_play", args=["x"])
    assert "toy" not in [system.key for system in registry.systems()]
    with pytest.raises(NoReverseMatch):
        reverse("toy_how_to_play", args=["x"])
