"""A campaign's plays as CSV and as a BG Stats import file (who may download them: test_access)."""

import csv
import io
import json

import pytest
from django.urls import reverse

from campaigns import roster, store
from campaigns.models import Player

from tests.conftest import load_journal


@pytest.fixture
def captain_america(owner):
    return store.import_journal(load_journal("captain_america_plays.json"), owner=owner)


def csv_of(response):
    # utf-8-sig: the file starts with a byte-order mark (for Excel), as a spreadsheet reads it.
    return list(csv.DictReader(io.StringIO(response.content.decode("utf-8-sig"))))


def test_plays_csv_is_a_download_with_one_row_per_seat(client, owner, risk_campaign):
    client.force_login(owner)
    response = client.get(reverse("plays_csv", args=[risk_campaign.slug]))
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == f'attachment; filename="{risk_campaign.slug}-plays.csv"'
    rows = csv_of(response)
    assert len(rows) == 67  # the 15 games' seats
    assert list(rows[0]) == [
        "Campaign", "System", "Game", "Date", "Mode", "Player", "Faction or team", "Hero", "Start",
        "Seat", "Result", "Score", "Winner",
    ]
    winners = [(row["Game"], row["Player"]) for row in rows if row["Winner"] == "yes"]
    assert winners[:3] == [("1", "Ben"), ("2", "Ana"), ("3", "Cid")] and len(winners) == 15
    assert {row["Result"] for row in rows} == {"won", "held on", "eliminated"}
    assert all(row["Start"] for row in rows)


def test_plays_csv_of_captain_america_names_heroes_in_seat_order(client, owner, captain_america):
    client.force_login(owner)
    rows = csv_of(client.get(reverse("plays_csv", args=[captain_america.slug])))
    third = [(row["Seat"], row["Player"], row["Faction or team"], row["Hero"], row["Result"], row["Score"])
             for row in rows if row["Play"] == "3"]
    assert third == [
        ("1", "Ben", "Team Iron Man", "Iron Man", "draw", "3"),
        ("2", "Dee", "Team Captain America", "Captain America", "draw", "3"),
        ("3", "Ana", "Team Iron Man", "War Machine", "draw", "3"),
        ("4", "Cid", "Team Captain America", "Falcon", "draw", "3"),
    ]


def test_a_campaign_without_games_exports_just_the_header(client, owner, campaign):
    client.force_login(owner)
    assert client.get(reverse("plays_csv", args=[campaign.slug])).content.decode().splitlines() == [
        "\ufeffCampaign,System,Game,Date,Mode,Player,Faction or team,Hero,Start,Seat,Result,Score,Winner"
    ]
    data = json.loads(client.get(reverse("plays_bgstats", args=[campaign.slug])).content)
    assert data["plays"] == [] and data["players"] == []


def test_bg_stats_file_is_a_download_the_app_reads(client, owner, risk_campaign):
    Player.objects.filter(campaign=risk_campaign, name="Cid").update(user=owner)
    client.force_login(owner)
    response = client.get(reverse("plays_bgstats", args=[risk_campaign.slug]))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json; charset=utf-8"
    assert response["Content-Disposition"] == f'attachment; filename="{risk_campaign.slug}-bgstats.json"'
    data = json.loads(response.content)
    assert list(data) == [
        "userInfo", "games", "players", "locations", "plays", "tags", "groups", "challenges", "deletedObjects",
    ]
    assert data["games"][0]["bggId"] == 105134
    assert data["games"][0]["name"] == "Risk Legacy" and data["games"][0]["noPoints"] is True
    names = {player["id"]: player["name"] for player in data["players"]}
    assert data["userInfo"]["meRefId"] == next(i for i, name in names.items() if name == "Cid")
    assert len(data["plays"]) == 15
    first = data["plays"][0]
    assert first["playDate"] == "2026-09-03 12:00:00" and first["gameRefId"] == 1
    seats = [(names[s["playerRefId"]], s["winner"], s["seatOrder"], s["role"]) for s in first["playerScores"]]
    assert seats == [
        ("Ana", False, 1, "Khan Industries"),
        ("Ben", True, 2, "Enclave of the Bear"),
        ("Cid", False, 3, "Die Mechaniker"),
        ("Dee", False, 4, "Imperial Balkania"),
        ("Eve", False, 5, "Saharan Republic"),
    ]
    assert all(s["score"] == "" for s in first["playerScores"])
    assert {s["playerRefId"] for play in data["plays"] for s in play["playerScores"]} == set(names)


def test_bg_stats_file_without_a_linked_name_has_no_me(client, owner, captain_america):
    client.force_login(owner)
    data = json.loads(client.get(reverse("plays_bgstats", args=[captain_america.slug])).content)
    assert data["userInfo"]["meRefId"] == 0
    second = data["plays"][1]["playerScores"][0]
    assert (second["role"], second["team"], second["score"]) == ("Iron Man & War Machine", "1", "8")


def test_bg_stats_players_are_people_not_names(client, owner, risk_campaign):
    """Two roster players named alike in two campaigns stay two people; a name linked to an
    account is that account's player in every campaign's file."""
    other = store.import_journal(load_journal("risk_legacy_15_games.json"), owner=owner)
    client.force_login(owner)

    def uuids(campaign):
        data = json.loads(client.get(reverse("plays_bgstats", args=[campaign.slug])).content)
        return {player["name"]: player["uuid"] for player in data["players"]}

    first, second = uuids(risk_campaign), uuids(other)
    assert first["Ana"] != second["Ana"]
    assert uuids(risk_campaign) == first  # stable from one download to the next
    Player.objects.filter(campaign__in=[risk_campaign, other], name="Ana").update(user=owner)
    assert uuids(risk_campaign)["Ana"] == uuids(other)["Ana"]
    roster.rename_player(risk_campaign, Player.objects.get(campaign=risk_campaign, name="Ana"), "Ana B.")
    assert uuids(risk_campaign)["Ana B."] == uuids(other)["Ana"]


def test_the_exports_card_links_both_files(owner, risk_campaign):
    from django.template.loader import render_to_string

    html = render_to_string("campaigns/_exports.html", {"campaign": risk_campaign})
    assert f'href="{reverse("plays_csv", args=[risk_campaign.slug])}"' in html
    assert f'href="{reverse("plays_bgstats", args=[risk_campaign.slug])}"' in html
