"""BG Stats plays brought into a play log (plays/bg-stats/): the file read, the plays of the
game listed as new or in the log, the players mapped, the new plays appended through the
rules, all or nothing (campaigns/rules/play_log/bg_stats.py, the play-log kind's page)."""

import copy
import html
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


def hostile(change) -> bytes:
    """The demo log's BG Stats file with `change(data)` made to it."""
    data = bg_stats_file_of(SKYRIM)
    change(data)
    return json.dumps(data).encode()  # ensure_ascii: a lone surrogate travels as "\ud800"


def set_first_score(data, score):
    data["plays"][0]["playerScores"][0]["score"] = score


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda data: data["players"][0].update(name="Ana\ud800"),
         "BG Stats player 1's name contains a broken character"),
        (lambda data: data["plays"][0].update(gameRefId=[1]),
         "This file is not a BG Stats export: play 1 has no game or no players."),
        (lambda data: data["plays"][0]["playerScores"].extend(
            {"playerRefId": data["players"][0]["id"]} for _ in range(3_000)),
         "BG Stats play 1 has 3,002 players; no game a log keeps seats more than 12."),
        (lambda data: data["plays"][0]["playerScores"][0].update(role="Orcs\x00"), "BG Stats play 1: a player's role contains a NUL character."),
    ],
)
def test_a_file_no_log_could_keep_is_refused_with_a_sentence_never_a_500(
    client, owner, skyrim_log, change, message
):
    client.force_login(owner)
    before = saved(skyrim_log)
    response = upload(client, skyrim_log, hostile(change))
    assert response.status_code == 200
    assert message in html.unescape(response.content.decode())
    assert saved(skyrim_log) == before


def test_a_score_that_is_no_whole_number_of_digits_is_left_unknown(client, owner, skyrim_log):
    """"²" is a digit to Python's isdigit, not to int(): BG Stats' score is then unknown."""
    client.force_login(owner)
    for score in ("²", "٣", "1e3", "-4", None, [1]):
        review = upload(client, skyrim_log, hostile(lambda data, score=score: set_first_score(data, score)))
        assert review.status_code == 200
        first = review.context["rows"][0]["play"].seats[0]
        assert first.score is None, score


def test_more_plays_of_the_game_than_a_log_holds_are_refused(client, owner, skyrim_log, monkeypatch):
    monkeypatch.setattr(bg_stats, "MOST_PLAYS", 7)
    client.force_login(owner)
    response = upload(client, skyrim_log, bg_stats_file_of(SKYRIM))
    assert "The file holds 8 plays of Risk: The Elder Scrolls V: Skyrim; a play log holds 7 at most." in (
        response.content.decode()
    )


def test_bringing_in_never_takes_a_log_past_the_plays_a_journal_holds(client, owner, skyrim_log, monkeypatch):
    """The log holds 3 plays; the file brings 5 new: with room for 7, nothing is brought in
    and the page says why, so the log's own journal.json always imports again."""
    client.force_login(owner)
    review = upload(client, skyrim_log, bg_stats_file_of(SKYRIM))
    before = saved(skyrim_log)
    monkeypatch.setattr(bg_stats, "MOST_PLAYS", 7)
    response = confirm(client, skyrim_log, review)
    assert "Bringing in 5 new plays would make the log 8 plays long; a play log holds 7 at most." in (
        response.content.decode()
    )
    assert saved(skyrim_log) == before


def test_matching_a_file_against_a_long_log_reads_each_play_once(owner, monkeypatch):
    """A file's plays are matched through one index of the log (bg_stats.Logged): the log's
    plays are read once per page, not once per play of the file."""
    from tests.systems.play_log.views.helpers import skyrim_log as long_log

    campaign = store.import_journal(long_log(300), owner=owner)
    state = states.state(campaign)
    reads = []
    real = type(state).play_data
    monkeypatch.setattr(type(state), "play_data", lambda self, number: reads.append(number) or real(self, number))
    logged = bg_stats.Logged(state)
    plays = [
        bg_stats.BgPlay(f"u{n}", game.played_on, tuple(
            bg_stats.BgSeat(name, i, name in game.winners, None, "", None) for i, name in enumerate(game.players)
        ), "")
        for n, game in enumerate(state.games)
    ]
    plays.append(bg_stats.BgPlay("new", "2027-01-01", plays[0].seats, ""))
    names = {name: name for name in ("Ana", "Ben", "Cid")}
    found = [logged.find(play, names) for play in plays]
    assert len(reads) == 300  # once each, for 301 plays matched
    assert found == [*range(1, 301), None]


def test_no_write_takes_a_log_past_the_plays_its_journal_holds(owner, skyrim_log, monkeypatch):
    """The store's own bound, under every path (a play logged, a journal appended, BG Stats)."""
    from campaigns.rules import limits
    from campaigns.rules.base import Entry as JournalEntry
    from campaigns.rules.base import RuleError

    monkeypatch.setattr(limits, "PLAY_LOG_MAX_GAMES", 3)
    before = saved(skyrim_log)
    fourth = store.export_journal(skyrim_log)["games"][-1] | {"number": 4, "played_on": "2026-12-31"}
    fourth.pop("bg_stats", None)
    with pytest.raises(RuleError, match="this would make 4 games; a campaign holds 3 at most"):
        store.append(skyrim_log, [JournalEntry("game", fourth)], owner)
    assert saved(skyrim_log) == before
