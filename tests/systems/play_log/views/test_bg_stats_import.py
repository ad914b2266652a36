"""BG Stats plays brought into a play log (plays/bg-stats/): the file read, the plays of the
game listed as new or in the log, the players mapped, the new plays appended through the
rules, all or nothing (campaigns/rules/play_log/bg_stats.py, the play-log kind's page)."""

import copy
import json

import pytest
from django.core import signing
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from campaigns import registry, states, store
from campaigns.models import Campaign, Entry, Player
from campaigns.rules.play_log import bg_stats

from tests.conftest import load_journal
from tests.query_counts import count_queries
from tests.systems.play_log.views.helpers import bg_stats_file_of, cut

SKYRIM = "risk_skyrim_plays.json"
CAPTAIN = "captain_america_plays.json"






def saved(campaign):
    return (
        list(Entry.objects.filter(campaign=campaign).order_by("position").values_list("kind", "data")),
        list(Player.objects.filter(campaign=campaign).values_list("name", flat=True)),
        Campaign.objects.get(pk=campaign.pk).journal_version,
    )


def upload(client, campaign, data):
    body = data if isinstance(data, bytes) else json.dumps(data).encode()
    return client.post(
        reverse("bg_stats_import", args=[campaign.slug]),
        {"upload": "1", "file": SimpleUploadedFile("BGStatsExport.json", body, content_type="application/json")},
    )


def confirm(client, campaign, review, **choices):
    """Post the review page's form as shown, with `choices` changed."""
    form = review.context["form"]
    data = {"append": "1", "plays": form["plays"].value()}
    for name in form.fields:
        if name != "plays":
            data[name] = form[name].value() or ""
    data.update(choices)
    return client.post(reverse("bg_stats_import", args=[campaign.slug]), data, follow=True)


@pytest.fixture
def skyrim_log(owner):
    return store.import_journal(cut(SKYRIM, 3), owner=owner)


def test_the_new_plays_are_listed_and_appended_through_the_rules(client, owner, skyrim_log):
    client.force_login(owner)
    overview = client.get(reverse("campaign_detail", args=[skyrim_log.slug])).content.decode()
    assert reverse("bg_stats_import", args=[skyrim_log.slug]) in overview
    review = upload(client, skyrim_log, bg_stats_file_of(SKYRIM))
    assert review.status_code == 200
    rows = review.context["rows"]
    assert [row["logged"] for row in rows] == [1, 2, 3, None, None, None, None, None]
    assert review.context["new_count"] == 5
    html = review.content.decode()
    assert "8 plays of Risk: The Elder Scrolls V: Skyrim: 5 new" in html and "In the log: play 2" in html
    done = confirm(client, skyrim_log, review)
    assert done.redirect_chain[-1][0] == reverse("history", args=[skyrim_log.slug])
    assert "Brought in from BG Stats: 5 plays." in [str(m) for m in done.context["messages"]][0]
    state = states.state(Campaign.objects.get(pk=skyrim_log.pk))
    demo = store.import_journal(load_journal(SKYRIM))
    expected = states.state(demo)
    # BG Stats' winners, scores and modes, the factions from its roles; numbers unknown.
    for mine, theirs in zip(state.games, expected.games, strict=True):
        assert (mine.number, mine.played_on, mine.mode, mine.winners) == (
            theirs.number, theirs.played_on, theirs.mode, theirs.winners,
        )
        assert mine.factions == theirs.factions and mine.scores == theirs.scores
    fourth = state.play_data(4)
    assert set(fourth["seats"][0]) == {"player", "faction", "score"} and fourth["bg_stats"]["uuid"]
    assert state.records == expected.records


def test_the_same_file_again_adds_nothing_and_says_so(client, owner, skyrim_log):
    client.force_login(owner)
    confirm(client, skyrim_log, upload(client, skyrim_log, bg_stats_file_of(SKYRIM)))
    before = saved(skyrim_log)
    again = upload(client, skyrim_log, bg_stats_file_of(SKYRIM))
    assert again.context["new_count"] == 0
    assert "Every play in the file is in the log already" in again.content.decode()
    done = confirm(client, skyrim_log, again)
    assert "nothing was changed" in [str(m) for m in done.context["messages"]][0]
    assert saved(skyrim_log) == before


def test_players_are_suggested_added_and_never_two_for_one(client, owner, skyrim_log):
    data = bg_stats_file_of(SKYRIM)
    for player in data["players"]:
        if player["name"] == "Eve":
            player["name"] = "Evelyn"
        if player["name"] == "Ana":
            player["name"] = "ana"  # suggested: the roster's Ana
    client.force_login(owner)
    review = upload(client, skyrim_log, data)
    form = review.context["form"]
    suggested = {form.fields[key].label: form.fields[key].initial for key in form.player_fields}
    assert suggested["ana"] == "Ana" and suggested["Evelyn"] == "+"
    before = saved(skyrim_log)
    evelyn = next(key for key in form.player_fields if form.fields[key].label == "Evelyn")
    twice = confirm(client, skyrim_log, review, **{evelyn: "Ana"})
    assert "each roster player is one BG Stats player" in twice.content.decode()
    assert saved(skyrim_log) == before
    done = confirm(client, skyrim_log, review)
    assert "new on the roster: Evelyn" in [str(m) for m in done.context["messages"]][0]
    assert "Evelyn" in Campaign.objects.get(pk=skyrim_log.pk).roster()


def test_a_play_the_rules_refuse_saves_nothing_not_even_new_players(client, owner, skyrim_log):
    data = bg_stats_file_of(SKYRIM)
    data["players"].append({"id": 99, "uuid": "Z", "name": "Zed", "isAnonymous": False, "modificationDate": "",
                            "bggUsername": ""})
    play = data["plays"][-1]
    extra = copy.deepcopy(play["playerScores"][0])
    extra["playerRefId"] = 99
    play["playerScores"].append(extra)  # a sixth seat: Skyrim is played by 2 to 5
    client.force_login(owner)
    before = saved(skyrim_log)
    review = upload(client, skyrim_log, data)
    refused = confirm(client, skyrim_log, review)
    assert refused.status_code == 200
    assert len(data["plays"][-1]["playerScores"]) == 6
    assert "game 8: Chaos is played by 2 to 5 players, not 6" in refused.content.decode()
    assert saved(skyrim_log) == before


def test_a_mode_bg_stats_did_not_note_is_asked_for(client, owner, skyrim_log):
    data = bg_stats_file_of(SKYRIM)
    for play in data["plays"]:
        play.pop("board")
        for score in play["playerScores"]:
            score["role"] = ""
    client.force_login(owner)
    review = upload(client, skyrim_log, data)
    questions = [field for row in review.context["rows"] for field in row["questions"]]
    assert len(questions) == 5  # the new plays only
    before = saved(skyrim_log)
    unanswered = confirm(client, skyrim_log, review)
    assert "BG Stats did not say: choose one." in unanswered.content.decode()
    assert saved(skyrim_log) == before
    answers = {field.html_name: "dovahkiin" for field in questions}
    confirm(client, skyrim_log, review, **answers)
    state = states.state(Campaign.objects.get(pk=skyrim_log.pk))
    assert [game.mode for game in state.games[3:]] == ["dovahkiin"] * 5
    assert state.games[3].factions == dict.fromkeys(state.games[3].factions)  # unknown


@pytest.mark.parametrize(
    "body, message",
    [
        (b"{not json", "This file is not a BG Stats export: it is not valid JSON"),
        (b"[1, 2]", "This file is not a BG Stats export: it is not a JSON object."),
        (json.dumps({"format": "campaign-journal/1"}).encode(), "This file is not a BG Stats export: it has no"),
        (json.dumps({"games": [{"id": 1, "name": "Azul"}], "players": [], "plays": []}).encode(),
         "The file holds no play of Risk: The Elder Scrolls V: Skyrim"),
    ],
)
def test_a_file_that_is_not_an_export_of_this_game_is_refused(client, owner, skyrim_log, body, message):
    client.force_login(owner)
    before = saved(skyrim_log)
    response = upload(client, skyrim_log, body)
    assert response.status_code == 200 and message in response.content.decode()
    assert saved(skyrim_log) == before


def test_plays_changed_on_the_way_are_refused(client, owner, skyrim_log):
    client.force_login(owner)
    review = upload(client, skyrim_log, bg_stats_file_of(SKYRIM))
    before = saved(skyrim_log)
    plays = review.context["form"]["plays"].value()
    forged = signing.dumps([], salt="other")
    for value in (plays[:-3] + "abc", forged):
        response = client.post(reverse("bg_stats_import", args=[skyrim_log.slug]), {"append": "1", "plays": value})
        assert "lost or changed on the way" in response.content.decode()
    assert saved(skyrim_log) == before


def test_captain_america_team_plays_come_in_with_their_teams(client, owner):
    log = store.import_journal(cut(CAPTAIN, 1), owner=owner)
    data = bg_stats_file_of(CAPTAIN)
    for score in data["plays"][2]["playerScores"]:
        score["role"] = ""  # heroes unknown: the team stands
    client.force_login(owner)
    review = upload(client, log, data)
    assert [row["logged"] for row in review.context["rows"]] == [1, None, None, None, None]
    confirm(client, log, review)
    state = states.state(Campaign.objects.get(pk=log.pk))
    expected = states.state(store.import_journal(load_journal(CAPTAIN)))
    for mine, theirs in zip(state.games, expected.games, strict=True):
        assert (mine.teams, mine.result, mine.winners, mine.points) == (
            theirs.teams, theirs.result, theirs.winners, theirs.points,
        )
    assert state.games[2].rooms is None and state.games[2].seats[0].heroes == ()
    for number in (2, 3):  # the pages of a play brought in, heroes known or not
        assert client.get(reverse("play_detail", args=[log.slug, number])).status_code == 200
        assert client.get(reverse("play_correct", args=[log.slug, number])).status_code == 200
    assert client.get(reverse("standings", args=[log.slug])).status_code == 200
    assert client.get(reverse("history", args=[log.slug])).status_code == 200


def test_a_skyrim_play_brought_in_shows_and_can_be_corrected(client, owner, skyrim_log):
    client.force_login(owner)
    confirm(client, skyrim_log, upload(client, skyrim_log, bg_stats_file_of(SKYRIM)))
    for name in ("play_detail", "play_correct"):
        assert client.get(reverse(name, args=[skyrim_log.slug, 5])).status_code == 200
    for name in ("standings", "history", "campaign_detail", "plays_csv", "plays_bgstats", "journal_download"):
        assert client.get(reverse(name, args=[skyrim_log.slug])).status_code == 200
    exported = json.loads(client.get(reverse("journal_download", args=[skyrim_log.slug])).content)
    assert store.export_journal(store.import_journal(exported)) == exported | {"name": exported["name"]}


def test_the_pages_are_members_only_and_bounded(client, owner, viewer, campaign, skyrim_log):
    client.force_login(owner)
    assert count_queries(client, reverse("bg_stats_import", args=[skyrim_log.slug])) <= 4
    Campaign.objects.filter(pk=campaign.pk).update(system="risk-skyrim")
    client.force_login(viewer)
    html = client.get(reverse("bg_stats_import", args=[campaign.slug])).content.decode()
    assert "Viewers can look but not record" in html
    assert upload(client, campaign, b"{}").status_code == 403


def test_no_bg_stats_page_for_a_campaign_game(client, owner, risk_campaign):
    client.force_login(owner)
    assert client.get(reverse("bg_stats_import", args=[risk_campaign.slug])).status_code == 404


def test_reading_a_real_exports_shape():
    """A BG Stats 6.8 export's play (its keys and types) is read; unknown keys are ignored."""
    data = {
        "userInfo": {"meRefId": 1}, "tags": [], "groups": [], "challenges": [], "deletedObjects": [],
        "locations": [{"id": 1, "name": "Home"}],
        "games": [{"id": 7, "name": "Risk: Skyrim", "bggId": 0, "cooperative": False}],
        "players": [{"id": 1, "name": "Ana"}, {"id": 2, "name": "Ben"}],
        "plays": [{
            "uuid": "A1", "gameRefId": 7, "playDate": "2026-09-03 20:00:00", "playDateYmd": 20260903,
            "usesTeams": False, "ignored": False, "board": "Chaos", "locationRefId": 1,
            "playerScores": [
                {"playerRefId": 1, "winner": True, "score": "20", "role": "Orcs", "seatOrder": 0},
                {"playerRefId": 2, "winner": False, "score": "x", "seatOrder": 0},
            ],
        }],
    }
    skyrim = registry.get("risk-skyrim")
    (play,) = bg_stats.read_plays(data, skyrim.rules.BG_STATS, skyrim.label)
    assert (play.played_on, play.board, play.winners) == ("2026-09-03", "Chaos", ["Ana"])
    assert [(s.name, s.score, s.role) for s in play.seats] == [("Ana", 20, "Orcs"), ("Ben", None, "")]


@pytest.mark.django_db(transaction=True)
def test_two_phones_bringing_in_the_same_plays_at_once_add_them_once():
    """The plays to add are worked out under the campaign's lock (store.append_with_players):
    the second phone finds them in the log already."""
    from campaigns.systems.play_log.views.bg_stats import _entries

    from tests.factories import UserFactory
    from tests.phones import at_once

    owner = UserFactory()
    log = store.import_journal(cut(SKYRIM, 3), owner=owner)
    skyrim = registry.get("risk-skyrim")
    plays = bg_stats.read_plays(bg_stats_file_of(SKYRIM), skyrim.rules.BG_STATS, skyrim.label)
    mapping = {name: name for name in bg_stats.bg_players(plays)}

    class Answers:  # what the page's form hands in: no question asked
        question_fields = {}
        cleaned_data = {}

        @staticmethod
        def answers(index):
            return {}

    def phone():
        campaign = Campaign.objects.get(pk=log.pk)
        return store.append_with_players(
            campaign, ["Newcomer"], lambda state: _entries(skyrim.rules.BG_STATS, state, plays, mapping, Answers), owner
        )

    outcomes = at_once(phone, phone)
    assert sorted(outcome.games for outcome in outcomes) == [0, 5]
    assert Entry.objects.filter(campaign=log, kind="game").count() == 8
    assert list(Player.objects.filter(campaign=log, name="Newcomer").values_list("name", flat=True)) == ["Newcomer"]


def test_the_history_says_which_plays_came_from_bg_stats(client, owner, skyrim_log):
    client.force_login(owner)
    confirm(client, skyrim_log, upload(client, skyrim_log, bg_stats_file_of(SKYRIM)))
    html = client.get(reverse("history", args=[skyrim_log.slug])).content.decode()
    assert html.count("Brought in from BG Stats by olive") == 5 and html.count("Logged by olive") == 3
