"""Looking back at a play log (Risk: Skyrim, Captain America): a play's page, the history and
the overview's plays (paged, the latest first), the standings; their query counts stay flat
as the log grows (5 plays against 60).

Hand counts of the demo journals are in tests/test_stats.py's docstring.
"""

import re

import pytest
from django.urls import reverse

from campaigns import roster, store
from campaigns.models import Membership
from campaigns.rules import play_log
from campaigns.rules.base import Entry
from campaigns.systems.play_log.plays import PLAYS_PER_PAGE

from tests.conftest import load_journal
from tests.query_counts import count_queries
from tests.systems.play_log.views.helpers import import_log, skyrim_log

HTMX = {"HX-Request": "true"}






@pytest.fixture
def skyrim(owner):
    return import_log(load_journal("risk_skyrim_plays.json"), owner)


@pytest.fixture
def civil_war(owner):
    return import_log(load_journal("captain_america_plays.json"), owner)


def page(client, name, campaign, *args, **params):
    response = client.get(reverse(name, args=[campaign.slug, *args]), params)
    assert response.status_code == 200
    return response.content.decode()


def play_numbers(html: str) -> list[int]:
    return [int(n) for n in re.findall(r'id="play-(\d+)"', html)]


# A play's page --------------------------------------------------------------------------


def test_a_skyrim_play_shows_its_seats_numbers_score_winner_and_who_logged_it(as_owner, skyrim):
    html = page(as_owner, "play_detail", skyrim, 1)
    assert "Play 1" in html and "Chaos" in html
    assert "Ana won" in html
    for text in ("Thalmor", "Orcs", "Territories", ">20<", ">27<", ">21<", "Logged by olive"):
        assert text in html, text
    assert reverse("play_correct", args=[skyrim.slug, 1]) in html
    assert reverse("play_delete", args=[skyrim.slug, 1]) in html


def test_a_dovahkiin_play_shows_victory_points_and_heroes(as_owner, skyrim):
    html = page(as_owner, "play_detail", skyrim, 4)
    assert "Victory points" in html and "dead" in html and "alive" in html
    assert "Dee won" in html


def test_a_captain_america_play_shows_teams_missions_rooms_points_and_a_draw(as_owner, civil_war):
    html = page(as_owner, "play_detail", civil_war, 1)
    for text in ("Team Captain America", "Team Iron Man", "Winter Soldier", "Quinjet", ">15<", ">14<", ">5<", ">3<"):
        assert text in html, text
    assert "Ana and Ben won" in html
    assert "A draw" in page(as_owner, "play_detail", civil_war, 3)


def test_a_viewer_sees_no_link_to_correct_or_delete(client, skyrim):
    viewer = skyrim.memberships.get(role=Membership.Role.VIEWER).user
    client.force_login(viewer)
    html = page(client, "play_detail", skyrim, 1)
    assert reverse("play_correct", args=[skyrim.slug, 1]) not in html
    assert reverse("play_delete", args=[skyrim.slug, 1]) not in html


def test_a_play_never_logged_is_a_404(as_owner, skyrim):
    assert as_owner.get(reverse("play_detail", args=[skyrim.slug, 99])).status_code == 404


def test_corrections_and_deletions_show_on_the_play_and_in_the_history(as_owner, owner, skyrim):
    corrected = {**load_journal("risk_skyrim_plays.json")["games"][0]}
    corrected["seats"] = [dict(seat) for seat in corrected["seats"]]
    corrected["seats"][1]["territories"] = 22  # Ben now 22 + 2 + 3 = 27: a shared win
    store.append(skyrim, [play_log.correction_entry(1, corrected)], owner)
    store.append(skyrim, [play_log.deletion_entry(2)], owner)

    html = page(as_owner, "play_detail", skyrim, 1)
    assert "Corrected by olive" in html and "Ana and Ben won" in html
    assert "<strong>Ben</strong>, territories: <del>16</del> → <ins>22</ins>" in html  # what it changed
    deleted = page(as_owner, "play_detail", skyrim, 2)
    assert "This play was deleted" in deleted and "Deleted by olive" in deleted
    assert reverse("play_delete", args=[skyrim.slug, 2]) not in deleted

    history = page(as_owner, "history", skyrim)
    assert "Corrected" in history and "Deleted" in history
    assert play_numbers(history) == [8, 7, 6, 5, 4, 3, 2, 1]  # a deleted play keeps its place


# The history and the overview: paged, the latest first ------------------------------------


def test_the_history_is_paged_latest_first(as_owner, owner):
    campaign = import_log(skyrim_log(45), owner)
    first = page(as_owner, "history", campaign)
    assert play_numbers(first) == list(range(45, 25, -1))
    assert "?page=2" in first and "Older plays" in first
    assert play_numbers(page(as_owner, "history", campaign, page=3)) == [5, 4, 3, 2, 1]
    assert "Newer plays" in page(as_owner, "history", campaign, page=3)


@pytest.mark.parametrize("asked", ["bad", "0", "-1", "²", "1e3", "9" * 40])
def test_an_unreadable_page_number_shows_the_first_page(as_owner, owner, asked):
    campaign = import_log(skyrim_log(25), owner)
    assert play_numbers(page(as_owner, "history", campaign, page=asked))[0] == 25


def test_a_page_past_the_end_shows_the_last(as_owner, owner):
    campaign = import_log(skyrim_log(25), owner)
    assert play_numbers(page(as_owner, "history", campaign, page=7)) == [5, 4, 3, 2, 1]


def test_htmx_asks_for_the_plays_before_the_oldest_shown_alone(as_owner, owner):
    campaign = import_log(skyrim_log(45), owner)
    first = page(as_owner, "history", campaign)
    history_url = reverse("history", args=[campaign.slug])
    # The link: a plain one to page 2, htmx's to the plays before the oldest shown.
    assert f'href="{history_url}?page=2"' in first and f'hx-get="{history_url}?before=26"' in first
    response = as_owner.get(history_url, {"before": 26}, headers=HTMX)
    html = response.content.decode()
    assert "<html" not in html and "<nav" not in html
    assert play_numbers(html) == list(range(25, 5, -1))
    assert f'href="{history_url}?page=3"' in html and f'hx-get="{history_url}?before=6"' in html
    assert "40 of 45 shown" in html
    # It tells the live poll the list's new oldest play, and only that.
    assert '<input type="hidden" id="plays-oldest" name="oldest" value="6" hx-swap-oob="true">' in html
    assert "plays-newest" not in html and "plays-top" not in html
    assert response["Vary"] and "HX-Request" in response["Vary"]


def test_plays_logged_meanwhile_never_repeat_a_shown_play_in_the_older_ones(as_owner, owner):
    campaign = import_log(skyrim_log(45), owner)
    games = store.export_journal(campaign)["games"]
    store.append(campaign, [Entry("game", {**games[-1], "number": 46})], owner)
    html = as_owner.get(reverse("history", args=[campaign.slug]), {"before": 26}, headers=HTMX).content.decode()
    assert play_numbers(html) == list(range(25, 5, -1))


def test_a_filter_chosen_by_htmx_tells_the_poll_what_the_list_shows_now(as_owner, owner):
    campaign = import_log(skyrim_log(45), owner)
    html = as_owner.get(reverse("history", args=[campaign.slug]), {"player": "Ana", "page": 2}, headers=HTMX).content.decode()
    assert '<input type="hidden" id="plays-newest" name="newest" value="25" hx-swap-oob="true">' in html
    assert '<input type="hidden" id="plays-top" name="top" value="" hx-swap-oob="true">' in html
    html = as_owner.get(reverse("history", args=[campaign.slug]), {"player": "Ana"}, headers=HTMX).content.decode()
    assert '<input type="hidden" id="plays-newest" name="newest" value="45" hx-swap-oob="true">' in html
    assert '<input type="hidden" id="plays-top" name="top" value="1" hx-swap-oob="true">' in html
    assert '<input type="hidden" id="plays-oldest" name="oldest" value="26" hx-swap-oob="true">' in html


def test_the_history_filters_by_player(as_owner, owner):
    campaign = import_log(skyrim_log(3), owner)
    roster.add_player(campaign, "Dee")
    assert play_numbers(page(as_owner, "history", campaign, player="Ana")) == [3, 2, 1]
    assert "Dee has not played yet" in page(as_owner, "history", campaign, player="Dee")
    assert play_numbers(page(as_owner, "history", campaign, player="Nobody")) == [3, 2, 1]


def test_captain_americas_history_shows_teams_points_and_results(as_owner, civil_war):
    html = page(as_owner, "history", civil_war)
    for text in ("Team Captain America", "Team Iron Man", "Captain America", "War Machine", "Draw", "Ana and Ben won"):
        assert text in html, text
    assert re.search(r'class="seat-score">5<', html)


def test_the_overview_shows_the_first_page_of_plays_and_links_to_the_next(as_owner, owner):
    campaign = import_log(skyrim_log(45), owner)
    html = page(as_owner, "campaign_detail", campaign)
    assert play_numbers(html) == list(range(45, 45 - PLAYS_PER_PAGE, -1))
    assert reverse("history", args=[campaign.slug]) + "?page=2" in html
    assert reverse("standings", args=[campaign.slug]) in html


def test_the_public_page_shows_the_latest_plays_without_member_links(client, owner):
    campaign = import_log(skyrim_log(25), owner)
    campaign.public_token = "open-sesame"
    campaign.save()
    html = client.get(reverse("campaign_public", args=["open-sesame"])).content.decode()
    assert play_numbers(html)[0] == 25
    assert reverse("play_detail", args=[campaign.slug, 25]) not in html
    assert "?page=2" not in html


# The standings ----------------------------------------------------------------------------


def test_skyrim_standings(as_owner, skyrim):
    html = page(as_owner, "standings", skyrim)
    # Ana: 6 plays, 3 wins (1, 2 and 8, a shared win); her scores averaged within each mode.
    row = re.search(r"Ana</span></span></th>\s*<td class=\"num\">(\d+)</td>\s*<td class=\"num\">(\d+)</td>\s*<td class=\"num\">(\d+)%</td>\s*</tr>", html)
    assert row.groups() == ("6", "3", "50")
    assert "Average score: Chaos 20.0 · Dovahkiin 7.0 · Civil War 0.0" in html
    assert "Most played: Thalmor ×3" in html
    assert "Current streak: 1 win" in html and "Current streak: 2 losses" in html
    assert "Head to head" in html and "<svg" in html
    assert "Avg score" not in html  # points, victory points and territories are not averaged together


def test_team_wins_count_for_each_member_and_draws_are_counted(as_owner, civil_war):
    html = page(as_owner, "standings", civil_war)
    for name in ("Ana", "Ben"):
        assert re.search(name + r"</span></span></th>\s*<td class=\"num\">4</td>\s*<td class=\"num\">3</td>", html), name
    assert "<dt>Draws</dt><dd>1</dd>" in html


def test_standings_of_an_empty_log(as_owner, owner):
    campaign = import_log(skyrim_log(0), owner)
    assert "No play logged yet" in page(as_owner, "standings", campaign)


# People's words, escaped ------------------------------------------------------------------


def test_player_names_are_escaped_everywhere(as_owner, owner):
    campaign = import_log(skyrim_log(3, players=("<b>Zed</b>", "Ben")), owner)
    for name, args in (("play_detail", [1]), ("history", []), ("standings", []), ("campaign_detail", [])):
        html = page(as_owner, name, campaign, *args)
        assert "<b>Zed</b>" not in html, name
        assert "&lt;b&gt;Zed&lt;/b&gt;" in html, name


# Query counts: flat in the number of plays -------------------------------------------------


PAGES = {
    # url name: (extra args, bound)
    "play_detail": ([3], 6),
    "history": ([], 6),
    # Rendered: its tally read, and stored for this version (an upsert in its own savepoint).
    "standings": ([], 8),
    "campaign_detail": ([], 8),
}


@pytest.mark.parametrize("cold", [False, True], ids=["cached", "cold-cache"])
@pytest.mark.parametrize("name", PAGES)
def test_play_log_pages_query_the_same_for_5_and_60_plays(client, owner, name, cold):
    client.force_login(owner)
    args, bound = PAGES[name]
    few, many = import_log(skyrim_log(5, name="Few"), owner), import_log(skyrim_log(60, name="Many"), owner)
    counts = [count_queries(client, reverse(name, args=[c.slug, *args]), cold=cold) for c in (few, many)]
    assert counts[0] == counts[1] <= bound, counts


def test_the_next_page_by_htmx_is_flat_too(client, owner):
    client.force_login(owner)
    few, many = import_log(skyrim_log(25, name="Few"), owner), import_log(skyrim_log(60, name="Many"), owner)
    counts = [
        count_queries(client, reverse("history", args=[c.slug]) + "?before=21", cold=False, headers=HTMX)
        for c in (few, many)
    ]
    assert counts[0] == counts[1] <= 6, counts
