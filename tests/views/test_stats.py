"""The stats page: the user's campaigns only, all of them or one, as a page or an htmx fragment."""

import re

import pytest
from django.urls import reverse

from campaigns import roster, store
from campaigns.models import Membership, Player

from tests.conftest import load_journal
from tests.factories import MembershipFactory, UserFactory

URL = reverse("stats")
# The page's per-request secrets (CSRF token, CSP nonce): random letters that may spell a name.
SECRETS = re.compile(r"[A-Za-z0-9_\-]{20,}")


def shown(client, *args) -> str:
    """The stats page's HTML with its random tokens taken out."""
    return SECRETS.sub("", client.get(URL, *args).content.decode())


@pytest.fixture
def group(owner):
    """The four demo campaigns, owned by `owner`."""
    return {
        name: store.import_journal(load_journal(f"{name}.json"), owner=owner)
        for name in ("risk_legacy_15_games", "risk_skyrim_plays", "captain_america_plays",
                     "dawnguard_campaign")
    }


def players_table(html):
    """{player: [games, wins, win rate, co-op]} read from the Players table."""
    table = html.split('id="players-heading"')[1].split("</table>")[0]
    rows = {}
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", table, re.S):
        name = re.search(r'class="player-label">([^<]+)<', row)
        if name:  # not the header, nor a player's notes
            rows[name.group(1)] = re.findall(r'<td class="num">([^<]*)</td>', row)
    return rows


def test_anonymous_visitors_are_sent_to_log_in(client, db):
    response = client.get(URL)
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))


def test_it_refuses_post(client, owner):
    client.force_login(owner)
    assert client.post(URL).status_code == 405


def test_the_page_counts_every_campaign_of_the_user(client, owner, group):
    client.force_login(owner)
    response = client.get(URL)
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" in html and 'id="stats-results"' in html
    assert players_table(html) == {
        "Ana": ["25", "10", "40%", "5"],
        "Ben": ["24", "9", "38%", "5"],
        "Cid": ["24", "5", "21%", "5"],
        "Dee": ["21", "4", "19%", "5"],
        "Eve": ["17", "3", "18%", "3"],
    }
    assert "Favourite: Khan Industries ×4" in html
    assert "3 signatures" in html and "5 cities founded" in html
    assert "Wins over time" in html and "<svg" in html and "Head to head" in html
    assert "Team Captain America" in html and "Enclave of the Bear" in html
    assert "Dawnguard is played together" in html
    assert html.count("<option") == 5  # all, and the four campaigns


def test_filtering_to_one_campaign(client, owner, group):
    client.force_login(owner)
    skyrim = group["risk_skyrim_plays"]
    html = client.get(URL, {"campaign": skyrim.slug}).content.decode()
    assert players_table(html)["Ana"] == ["6", "3", "50%"]
    assert f'<option value="{skyrim.slug}" selected>' in html
    assert "Dawnguard is played together" not in html and "signature" not in html
    assert reverse("plays_csv", args=[skyrim.slug]) in html  # its exports, on its stats


def test_htmx_gets_the_results_fragment_only(client, owner, group):
    client.force_login(owner)
    skyrim = group["risk_skyrim_plays"]
    response = client.get(URL, {"campaign": skyrim.slug}, headers={"HX-Request": "true"})
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<div id="stats-results"')
    assert "<html" not in html and "<form" not in html
    assert players_table(html)["Dee"] == ["5", "2", "40%"]


def test_htmx_history_restore_gets_the_whole_page(client, owner, group):
    client.force_login(owner)
    response = client.get(URL, headers={"HX-Request": "true", "HX-History-Restore-Request": "true"})
    assert "<html" in response.content.decode()


def test_the_filter_works_without_javascript(client, owner, group):
    client.force_login(owner)
    html = client.get(URL).content.decode()
    form = re.search(r'<form class="stats-filter"[^>]*>', html).group(0)
    assert 'method="get"' in form and f'action="{URL}"' in form and f'hx-get="{URL}"' in form
    assert '<select id="stats-campaign" name="campaign">' in html and "<button" in html


def test_a_strangers_campaigns_never_appear(client, owner, group):
    stranger = UserFactory(username="zora")
    theirs = load_journal("risk_skyrim_plays.json")
    theirs["name"] = "Zora's Secret Skyrim"
    theirs["players"] = ["Zed", "Yan", "Cid", "Dee", "Eve"]
    for game in theirs["games"]:
        for seat in game["seats"]:
            seat["player"] = {"Ana": "Zed", "Ben": "Yan"}.get(seat["player"], seat["player"])
    secret = store.import_journal(theirs, owner=stranger)
    client.force_login(owner)
    html = shown(client)
    assert "Zora" not in html and "Zed" not in html and "Yan" not in html
    assert players_table(html)["Cid"] == ["24", "5", "21%", "5"]  # not a game more
    # Asking for it by slug shows the user's own stats, and nothing of it.
    html = shown(client, {"campaign": secret.slug})
    assert "Zora" not in html and "Zed" not in html and players_table(html)["Cid"][0] == "24"


def test_a_viewer_sees_the_campaigns_they_view(client, owner, group):
    viewer = UserFactory(username="vera")
    MembershipFactory(campaign=group["captain_america_plays"], user=viewer, role=Membership.Role.VIEWER)
    client.force_login(viewer)
    html = client.get(URL).content.decode()
    assert players_table(html)["Ana"] == ["4", "3", "75%"]
    assert html.count("<option") == 2


def test_a_linked_account_is_one_player_across_names_and_marked_you(client, owner, group):
    Player.objects.filter(campaign=group["risk_legacy_15_games"], name="Ana").update(user=owner)
    roster.rename_player(
        group["risk_skyrim_plays"], group["risk_skyrim_plays"].players.get(name="Ana"), "Annie"
    )
    Player.objects.filter(campaign=group["risk_skyrim_plays"], name="Annie").update(user=owner)
    client.force_login(owner)
    rows = players_table(client.get(URL).content.decode())
    assert "Annie" not in rows
    assert rows["Ana"] == ["25", "10", "40%", "5"]
    assert re.search(r'class="player-row is-me[^"]*">.*?player-label">Ana<.*?badge">you<',
                     client.get(URL).content.decode(), re.S)


def test_the_kept_results_follow_a_name_linked_since(client, owner, group):
    """The results are kept per journal versions; linking a name bumps none, and is seen."""
    client.force_login(owner)
    assert "you<" not in client.get(URL).content.decode()
    roster.link_player(group["risk_legacy_15_games"], group["risk_legacy_15_games"].players.get(name="Ana"), owner)
    html = client.get(URL).content.decode()
    assert re.search(r'player-label">Ana<.*?badge">you<', html, re.S)


def test_no_campaign_yet(client, owner):
    client.force_login(owner)
    html = client.get(URL).content.decode()
    assert "No campaign yet" in html and "<select" not in html


def test_campaigns_without_a_finished_game(client, owner, campaign):
    client.force_login(owner)
    html = client.get(URL).content.decode()
    assert "No game logged yet" in html


def test_only_a_cooperative_campaign(client, owner, group):
    client.force_login(owner)
    dawnguard = group["dawnguard_campaign"]
    html = client.get(URL, {"campaign": dawnguard.slug}).content.decode()
    assert players_table(html)["Eve"] == ["3"]
    assert "Wins over time" not in html and "Head to head" not in html
    assert "Co-op sittings" in html


def test_charts_carry_their_numbers_and_classes_not_inline_styles(client, owner, group):
    client.force_login(owner)
    html = client.get(URL).content.decode()
    svgs = re.findall(r"<svg class=\"chart\".*?</svg>", html, re.S)
    assert len(svgs) == 2
    wins, rates = svgs
    assert "Ana 10 wins" in wins and 'class="line series-0"' in wins
    assert "40%" in rates and "10/25" in rates
    assert not re.search(r"\s(fill|stroke|style)=", wins + rates)


def test_a_player_keeps_their_colour_when_the_filter_changes(client, owner, group):
    client.force_login(owner)

    def colours(params):
        html = client.get(URL, params).content.decode()
        swatch_then_name = r'class="swatch (series-\d)"[^>]*></span>\s*<span class="player-label">([^<]+)<'
        pairs = re.findall(swatch_then_name, html)
        return {name: colour for colour, name in pairs}

    everything = colours({})
    assert everything == {"Ana": "series-0", "Ben": "series-1", "Cid": "series-2", "Dee": "series-3",
                          "Eve": "series-4"}
    assert colours({"campaign": group["risk_skyrim_plays"].slug}) == everything


def test_a_worker_that_never_read_the_campaigns_reads_their_kept_records(client, owner, group):
    """Each campaign's part of the stats is kept in the database for its journal version: a
    fresh worker (its memo and per-process cache empty) reads those rows, not the states, and
    only a campaign written since is read again."""
    from django.core.cache import cache

    from campaigns import contributions, states
    from campaigns.models import CampaignStatsRecord

    def results():  # what the page counted (each answer's head has its own nonce and token)
        return client.get(URL).content.decode().split('id="stats-results"')[1]

    client.force_login(owner)
    first = results()
    assert CampaignStatsRecord.objects.count() == len(group)

    states.forget_in_process()
    cache.clear()
    worked_out, applied, tail = (
        contributions.records_worked_out(), states.entries_applied(), states.tail_entries_applied()
    )
    assert results() == first
    assert contributions.records_worked_out() == worked_out  # no campaign's state read
    assert (states.entries_applied(), states.tail_entries_applied()) == (applied, tail)

    store.undo_last(group["risk_skyrim_plays"], owner)  # a write: that campaign's record is old
    states.forget_in_process()
    cache.clear()
    assert results() != first
    assert contributions.records_worked_out() == worked_out + 1
    kept = CampaignStatsRecord.objects.get(pk=group["risk_skyrim_plays"].pk)
    group["risk_skyrim_plays"].refresh_from_db()
    assert f":{group['risk_skyrim_plays'].journal_version}:" in kept.key
