"""A fifth game, and a sixth, through the system contract alone (campaigns/systems/base.py):
what "a game system is one folder and one line" asks of a newcomer (docs/writing-a-game-system.md).

A toy play log, two fields a seat (its player and a score; the highest score wins), is written
from nothing into a temporary package: its rules, its read side, its one page (log a play,
through the one write path), its one template and its GameSystem. It is registered by its one
line in settings.GAME_SYSTEMS and, with no edit anywhere else, a group creates a campaign of it,
logs a play through its page and opens its overview, its history, the play's page, the
standings and the stats page.

A toy tally, which is no play log (its GameSystem built directly, no page of the play-log kind),
has one page of its own, the game's winner, and takes every other page from the shared code:
its overview, the default history (its journal entry by entry), undo and the stats.
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

TOY_FILES = {
    "__init__.py": '''
        """Toy: a play log of two fields a seat, each seat's player and score."""
    ''',
    # Its rules: plain Python, the rules protocol (campaigns/rules/protocol.py), the play-log
    # kind's shared rules doing the rest (campaigns/rules/play_log/).
    "rules.py": '''
        from dataclasses import dataclass

        from campaigns.rules.base import Rule, RuleError, describe, refuse  # describe: the plain description
        from campaigns.rules.checks import check_game_basics, check_seat, is_whole, seat_place
        from campaigns.rules.play_log import (
            PlayLog, apply_to_play_log, play_log_entries, play_log_json, play_log_parts, state_as_of,
        )

        KEY = "toy"
        LABEL = "Toy"
        JOURNAL_KEYS = ("setup", "games", "play_corrections")
        # Every rule it checks (a ruling may set TWO_SEATS aside); its rules are its own, no book's.
        TWO_SEATS = Rule("toy/two-seats", "A play has two seats or more", "How to play")
        RULES, RULEBOOK = (TWO_SEATS,), None
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
            if not isinstance(data["seats"], list):
                raise RuleError("'seats' must be a list", place=place, field="seats")
            if len(data["seats"]) < 2:
                refuse(TWO_SEATS, "a play needs two seats", place=place, field="seats")
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
        from django.template.response import TemplateResponse
        from django.urls import path, reverse

        from campaigns import states
        from campaigns.access import campaign_for
        from campaigns.readside.base import LOST, WON, Play, ReadSide, Seat
        from campaigns.rules.base import Entry
        from campaigns.systems.play_log.system import play_log_system
        from campaigns.web.writes import Done, JournalForm, append_or_refuse

        from . import rules


        def plays(state, campaign_key, campaign_name):
            for play in state.games:
                seats = tuple(
                    Seat(player, order, None, WON if player in play.winners else LOST, player in play.winners,
                         score=score)
                    for order, (player, score) in enumerate(play.scores.items(), 1)
                )
                yield Play(campaign_key, campaign_name, rules.KEY, play.number, play.played_on, seats)


        class PlayForm(JournalForm, forms.Form):
            played_on = forms.DateField()
            first = forms.CharField()
            first_score = forms.IntegerField()
            second = forms.CharField()
            second_score = forms.IntegerField()

            def __init__(self, number, *args, **kwargs):
                super().__init__(*args, **kwargs)
                self.number = number

            def entry(self):
                seats = [
                    {"player": self.cleaned_data[seat], "score": self.cleaned_data[f"{seat}_score"]}
                    for seat in ("first", "second")
                ]
                played_on = self.cleaned_data["played_on"].isoformat()
                return Entry("game", {"number": self.number, "played_on": played_on, "seats": seats})


        @login_required
        def log_play(request, slug):
            """Log a play through the one write path: checked, appended, refused beside its field."""
            access = campaign_for(request, slug, record=True, system=rules.KEY)
            campaign = access.campaign
            number = states.state(campaign).next_number
            form = PlayForm(number, request.POST or None)

            def page():
                context = {"campaign": campaign, "access": access, "form": form, "number": number}
                return TemplateResponse(request, "toy_game/play_form.html", context)

            if request.method != "POST":
                return page()
            return append_or_refuse(
                request, campaign, form, page=page, done=Done(reverse("play_detail", args=[slug, number]))
            )


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


TALLY_PACKAGE = "toy_tally"
TALLY_FILES = {
    "__init__.py": '''
        """Toy tally: each game names its winner; nothing else is kept."""
    ''',
    # Its rules: the protocol, written out (no kind to build on): a state, a fold, the journal.
    "rules.py": '''
        from dataclasses import dataclass, field

        from campaigns.rules.base import Entry, Law, Rule, RuleError, describe  # describe: the plain description
        from campaigns.rules.checks import check_game_basics, check_journal_game, check_player, journal_games

        KEY = "tally"
        LABEL = "Tally"
        JOURNAL_KEYS = ("games",)
        # The winner is its "player": every system names a player so (rules/base.py), which
        # renaming a player and the history's filter rely on.
        GAME_KEYS = ("number", "played_on", "player")
        state_as_of = None  # the fold keeps nothing per game; "as of game n" folds again
        A_PLAYERS_WIN = Rule("tally/a-players-win", "A game is won by one of the campaign's players", "Tally sheet",
                             rulable=False)
        RULES, RULEBOOK = (A_PLAYERS_WIN,), None


        @dataclass
        class Tally:
            players: list
            games_finished: int = 0
            winners: list = field(default_factory=list)
            played_on: list = field(default_factory=list)
            law: Law = field(default_factory=Law)  # the house rules and rulings (rules/base.py)


        def new_state(players):
            return Tally(list(players))


        def apply(state, entry):
            if entry.kind != "game":
                raise RuleError(f"a tally has games only, not {entry.kind}")
            data = entry.data
            place = check_game_basics(data, GAME_KEYS, state.games_finished + 1)
            winner = check_player(state.players, data["player"], place)
            state.winners.append(winner)
            state.played_on.append(data["played_on"])
            state.games_finished += 1


        def journal_entries(journal):
            games = journal_games(journal)
            for index, game in enumerate(games, 1):
                check_journal_game(game, index, GAME_KEYS)
            return [Entry("game", dict(game)) for game in games]


        def journal_parts(entries):
            return {"games": [dict(entry.data) for entry in entries]}


        def state_json(state):
            wins = {player: state.winners.count(player) for player in state.players}
            return {"system": KEY, "games_played": state.games_finished, "wins": wins}
    ''',
    "system.py": '''
        from pathlib import Path

        from django import forms
        from django.contrib.auth.decorators import login_required
        from django.template.response import TemplateResponse
        from django.urls import reverse

        from campaigns import states
        from campaigns.access import campaign_for
        from campaigns.readside.base import LOST, WON, Play, ReadSide, Seat
        from campaigns.rules.base import Entry
        from campaigns.systems.base import GameSystem
        from campaigns.web.writes import Done, JournalForm, Step, append_or_refuse

        from . import rules


        def plays(state, campaign_key, campaign_name):
            for number, (winner, played_on) in enumerate(zip(state.winners, state.played_on), 1):
                seats = tuple(
                    Seat(player, order, None, WON if player == winner else LOST, player == winner)
                    for order, player in enumerate(state.players, 1)
                )
                yield Play(campaign_key, campaign_name, rules.KEY, number, played_on, seats)


        class GameForm(JournalForm, forms.Form):
            played_on = forms.DateField()
            player = forms.CharField(label="Who won")

            def __init__(self, number, *args, **kwargs):
                super().__init__(*args, **kwargs)
                self.number = number

            def entry(self):
                data = {"number": self.number, "played_on": self.cleaned_data["played_on"].isoformat()}
                return Entry("game", {**data, "player": self.cleaned_data["player"]})


        @login_required
        def game_start(request, slug):
            access = campaign_for(request, slug, record=True, system=rules.KEY)
            campaign = access.campaign
            number = states.state(campaign).games_finished + 1
            form = GameForm(number, request.POST or None)

            def page():
                context = {"campaign": campaign, "access": access, "form": form, "number": number}
                return TemplateResponse(request, "toy_tally/game_form.html", context)

            if request.method != "POST":
                return page()
            # Two phones saving game 3 at once: the second is told, not saved as game 4.
            logged_meanwhile = Step(lambda now: f"Game {number} was logged meanwhile." if now.games_finished >= number else None)
            return append_or_refuse(
                request, campaign, form, page=page,
                done=Done(reverse("history", args=[slug]), said=f"Game {number}: who won is in."),
                step=logged_meanwhile,
            )


        SYSTEM = GameSystem(
            rules=rules,
            read_side=ReadSide(plays=plays),
            templates=(Path(__file__).parent / "templates",),
            overview_template="toy_tally/overview.html",
            pages={"game_start": game_start},
        )
    ''',
    "templates/toy_tally/overview.html": '''
        <p>Games are tallied, nothing more.</p>
    ''',
    "templates/toy_tally/game_form.html": '''
        {% extends "base.html" %}
        {% block content %}
        <h1>Tally game {{ number }}</h1>
        <form method="post">{% csrf_token %}{{ form }}<button name="save">Save</button></form>
        {% endblock %}
    ''',
}


@contextlib.contextmanager
def registered(tmp_path, monkeypatch, settings, package: str, files: dict[str, str]):
    """A toy written into a temporary package and registered by its one line, while within."""
    for name, text in files.items():
        path = tmp_path / package / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
    monkeypatch.syspath_prepend(tmp_path)
    before = list(settings.GAME_SYSTEMS)
    settings.GAME_SYSTEMS = [*before, f"{package}.system.SYSTEM"]
    yield
    settings.GAME_SYSTEMS = before
    for module in [name for name in sys.modules if name == package or name.startswith(f"{package}.")]:
        monkeypatch.delitem(sys.modules, module)


def toy_game(tmp_path, monkeypatch, settings):
    return registered(tmp_path, monkeypatch, settings, TOY_PACKAGE, TOY_FILES)


@pytest.fixture
def toy_registered(tmp_path, monkeypatch, settings):
    with toy_game(tmp_path, monkeypatch, settings):
        yield


@pytest.fixture
def tally_registered(tmp_path, monkeypatch, settings):
    with registered(tmp_path, monkeypatch, settings, TALLY_PACKAGE, TALLY_FILES):
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


@pytest.mark.django_db
def test_a_game_that_is_no_play_log_takes_the_shared_pages_history_included(client, tally_registered):
    client.force_login(UserFactory(username="ana"))
    created = client.post(reverse("campaign_create"), {**NEW_CAMPAIGN, "name": "Tally nights", "system": "tally"})
    slug = created.url.rstrip("/").rsplit("/", 1)[-1]
    overview = client.get(reverse("campaign_detail", args=[slug])).content.decode()
    assert "Games are tallied, nothing more." in overview and "No game played yet" in overview

    for winner in ("Ana", "Ben"):
        logged = client.post(reverse("game_start", args=[slug]), {"played_on": "2026-09-03", "player": winner})
        assert logged.status_code == 302 and logged.url == reverse("history", args=[slug])
    refused = client.post(reverse("game_start", args=[slug]), {"played_on": "2026-09-10", "player": "Zed"})
    assert refused.status_code == 200 and "Zed is not a player of this campaign" in refused.content.decode()

    # The default history: the journal, entry by entry, newest game first; ?player= filters.
    history = client.get(reverse("history", args=[slug])).content.decode()
    assert history.index("Game 2") < history.index("Game 1")
    only_ben = client.get(reverse("history", args=[slug]), {"player": "Ben"}).content.decode()
    assert "Game 2" in only_ben and "Game 1" not in only_ben
    # Undo, the state and the stats are the shared code's too.
    last = Campaign.objects.get(slug=slug).entries.live().order_by("-position").first()
    assert client.post(reverse("undo", args=[slug]), {"entry": last.pk}).status_code == 302
    assert client.get(reverse("state_json", args=[slug])).json() == {
        "system": "tally", "games_played": 1, "wins": {"Ana": 1, "Ben": 0},
    }
    assert "Tally nights" in client.get(reverse("stats")).content.decode()
