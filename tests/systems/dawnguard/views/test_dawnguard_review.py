"""Looking back at a Dawnguard campaign: its overview, its history (chapter by chapter, with the
fort and chapter 1 balance charts and their numbers), how its co-operative sittings count in the
stats, and its exports ("Looking back")."""

import csv
import dataclasses
import io
import json
import re

import pytest
from django.urls import reverse

from campaigns import registry, states, store
from campaigns.systems.dawnguard import charts, history

from tests.conftest import load_journal

HTMX = {"HX-Request": "true"}


def dawnguard_journal(games=None, name="Dawnguard Fridays"):
    """The shared five-sitting campaign (tests/data/dawnguard_campaign.json), cut to `games`."""
    data = load_journal("dawnguard_campaign.json")
    if games is not None:
        data["games"] = data["games"][:games]
    data["name"] = name
    return data


@pytest.fixture
def fridays(owner):
    """The whole campaign: chapter 1 in sittings 1-2, chapter 2 in 3-4, chapter 3 in 5 (complete)."""
    return store.import_journal(dawnguard_journal(), owner=owner)


@pytest.fixture
def mid_chapter_2(owner):
    """After sitting 3: chapter 2 under way, Eve has joined, the Hall is Fort Dawnguard."""
    return store.import_journal(dawnguard_journal(3, name="Mid chapter two"), owner=owner)


def text_of(html):
    """The page's words, tags removed and spaces squeezed (to read sentences across markup)."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def history_url(campaign, player=None):
    url = reverse("history", args=[campaign.slug])
    return url if player is None else f"{url}?player={player}"


# -- the overview -----------------------------------------------------------------------------


def test_the_overview_shows_chapter_sitting_day_night_and_the_threat(as_owner, mid_chapter_2):
    html = as_owner.get(mid_chapter_2.get_absolute_url()).content.decode()
    words = text_of(html)
    assert "Chapter 2" in words and "Sitting 1 of this chapter · game 3" in words
    assert "Day / Night Day" in words
    # Sitting 3 ends with 2 tokens on the Threat Event deck (Dee fed one there, then 2 came).
    assert re.search(r"Threat Event deck 3 tokens", words)
    assert "Left in the box" in words


def test_the_overview_lists_every_hero_with_side_level_and_hunger(as_owner, mid_chapter_2):
    words = text_of(as_owner.get(mid_chapter_2.get_absolute_url()).content.decode())
    assert "Sigrid Ana · Redguard Clan Volkihar Level 2" in words
    assert "Faendal Ben · Bosmer The Dawnguard Level 2" in words
    # Eve joined in chapter 2: levelled up twice on joining, once more in the sitting.
    assert "Talen-Jei Eve · Argonian The Dawnguard Level 4" in words
    html = as_owner.get(mid_chapter_2.get_absolute_url()).content.decode()
    assert 'aria-label="Hunger 1 of 3"' in html  # Ana's hunger grew once after her feeding
    assert 'aria-label="Hunger 0 of 3"' in html  # Dee fed: her card is empty


def test_the_overview_shows_both_forts_with_level_stars_and_threshold(as_owner, mid_chapter_2):
    words = text_of(as_owner.get(mid_chapter_2.get_absolute_url()).content.decode())
    # Fort Dawnguard (3, 5, 7): Eve's 3 stars made level 1; 0 of 5 to level 2.
    assert "Fort Dawnguard Level 1 of 3" in words
    assert "0 of 5 purple stars to level 2" in words and "Card: 3, 5, 7 stars a level" in words
    assert "Castle Volkihar" in words


def test_the_overview_shows_the_chapter_1_markers_and_their_totals(as_owner, mid_chapter_2):
    words = text_of(as_owner.get(mid_chapter_2.get_absolute_url()).content.decode())
    assert "Hall of the Vigilant 2 Castle Volkihar 4" in words
    assert "Chapter 1 ended with 2 on the Hall and 4 on the Castle" in words


def test_the_overview_lists_the_fort_cards_drawn_and_the_followers_held(as_owner, mid_chapter_2):
    from campaigns.rules.base import Entry

    drawn = {"type": "fort_card", "player": "Cid", "card": "Isran", "follower": True}
    store.append(mid_chapter_2, [Entry("event", drawn)])
    words = text_of(as_owner.get(mid_chapter_2.get_absolute_url()).content.decode())
    assert "Followers and items drawn" in words
    assert "Cid Isran (Follower)" in words and "Eve Crossbow Ana" not in words
    assert "Ben Crossbow Cid" in words  # an item, not a Follower


def test_the_overview_points_to_the_next_step_at_the_table(as_owner, owner, mid_chapter_2):
    html = as_owner.get(mid_chapter_2.get_absolute_url()).content.decode()
    assert re.search(r'<a class="card next-step" href="/campaigns/mid-chapter-two/play/">', html)
    assert "Chapter 2, sitting 3 in progress" in text_of(html)
    done = store.import_journal(dawnguard_journal(4, name="Two done"), owner=owner)
    assert "Start chapter 3" in text_of(as_owner.get(done.get_absolute_url()).content.decode())
    over = store.import_journal(dawnguard_journal(name="All done"), owner=owner)
    assert "The campaign is complete" in text_of(as_owner.get(over.get_absolute_url()).content.decode())


def test_the_public_link_shows_the_overview_without_the_table(client, mid_chapter_2):
    mid_chapter_2.public_token = "public-dawnguard"
    mid_chapter_2.save(update_fields=["public_token"])
    html = client.get(reverse("campaign_public", args=["public-dawnguard"])).content.decode()
    assert "Fort Dawnguard" in html and "Talen-Jei" in html
    assert "next-step" not in html and "/play/" not in html


def test_a_campaign_before_its_setup_has_an_overview(as_owner, owner):
    data = dawnguard_journal(0, name="Not set up")
    data.pop("setup")
    campaign = store.import_journal(data, owner=owner)
    response = as_owner.get(campaign.get_absolute_url())
    assert response.status_code == 200
    words = text_of(response.content.decode())
    assert "No heroes yet" in words and "entered at the setup" in words and "No sitting yet." in words


# -- the history --------------------------------------------------------------------------------


def test_the_history_goes_chapter_by_chapter_and_sitting_by_sitting(as_owner, fridays):
    response = as_owner.get(history_url(fridays))
    assert response.status_code == 200
    html = response.content.decode()
    assert re.search(r'href="[^"]*/history/"\s+aria-current="page">History<', html)
    chapters = re.findall(r'<h3 id="dawn-chapter-(\d)"', html)
    assert chapters == ["1", "2", "3"]
    assert re.findall(r'<li class="game" id="sitting-(\d+)">', html) == ["1", "2", "3", "4", "5"]
    words = text_of(html)
    assert "Sitting 2 4 Sep 2026" not in words and "Sitting 2 11 Sep 2026" in words
    assert words.count("chapter complete") == 3
    assert "Ended with 2 markers on the Hall and 4 on the Castle." in words
    assert "At the table: Ana, Ben, Cid, Dee, Eve" in words  # sitting 3 onwards: Eve joined


def sitting_words(html, number):
    start = html.index(f'id="sitting-{number}"')
    end = html.find('<li class="game"', start + 1)
    return text_of(html[start:end if end > 0 else len(html)])


def test_each_sitting_says_what_happened_in_peoples_words(as_owner, fridays):
    html = as_owner.get(history_url(fridays)).content.decode()
    first, second, third = (sitting_words(html, n) for n in (1, 2, 3))
    assert "Ana pledges to Clan Volkihar and draws a Vampirism card" in first
    assert "Ben levels up to 2" in first and "4 pledges · 1 level-up" in first
    assert "The Hall of the Vigilant reaches level 1 (stars cleared, a gold token added)" in second
    assert "Ana feeds (a quest, the current space, the Threat Event deck): hunger back to 0" in second
    assert "Chapter 1 is complete" in second
    assert "Eve joins as Talen-Jei (Argonian, level 3), the Dawnguard" in third
    assert "Chapter 2 begins: the Hall of the Vigilant (level 1, 1 star) flips to Fort Dawnguard" in third
    assert "1 join · 1 level-up · 1 fort level · 1 feeding · 1 fort card" in third
    setup = text_of(html[html.index("Before the first sitting"):html.index('id="sitting-1"')])
    assert "The campaign is set up: Ana plays Sigrid (Redguard, level 1)" in setup


def test_a_sitting_just_opened_says_nothing_is_logged_yet(as_owner, mid_chapter_2):
    from campaigns.rules.base import Entry

    store.append(mid_chapter_2, [Entry("game", {"number": 4, "played_on": "2026-10-02", "chapter": 2})])
    html = as_owner.get(history_url(mid_chapter_2)).content.decode()
    words = sitting_words(html, 4)
    assert "nothing logged yet" in words and "Sitting 4 goes on with chapter 2" in words
    opened = r'<details class="game-details" open>\s*<summary class="game-summary">\s*<h4 class="game-title">'
    assert re.search(opened + r'<span class="game-number">Sitting 4', html)


def test_the_filtered_players_own_happenings_stand_out(as_owner, fridays):
    html = as_owner.get(history_url(fridays, "Eve")).content.decode()
    assert re.search(r'<li class="change dawn-join mine">Eve joins as Talen-Jei', html)
    assert re.search(r'<li class="change dawn-feed">Dee feeds', html)  # not hers: not marked


def test_the_fort_chart_has_its_numbers_beside_it(as_owner, fridays):
    html = as_owner.get(history_url(fridays)).content.decode()
    rows = re.findall(
        r'<tr><td class="num">(\d+)</td><td class="num">(\d)</td><td>([^<]+)</td>'
        r'<td class="num">(\d+)</td><td class="num">(\d+)</td></tr>',
        html,
    )
    assert rows == [
        ("1", "1", "Hall of the Vigilant", "0", "2"),
        ("2", "1", "Hall of the Vigilant", "1", "1"),
        ("3", "2", "Fort Dawnguard", "1", "0"),
        ("4", "2", "Fort Dawnguard", "1", "4"),
        ("5", "3", "Fort Dawnguard", "2", "0"),
    ]
    # The levels reached are written on the line, and each chapter's start is marked.
    assert re.findall(r'<text class="dawn-step-value"[^>]*>(\d+)</text>', html) == ["1", "2"]
    chapter_marks = re.findall(r'<text class="dawn-chapter-label"[^>]*>([^<]+)</text>', html)
    assert chapter_marks == ["Chapter 2", "Chapter 3"]
    assert "Now: Fort Dawnguard, level 2, 0 stars." in text_of(html)


def test_the_balance_chart_shows_both_cards_counts_after_each_chapter_1_sitting(as_owner, fridays):
    html = as_owner.get(history_url(fridays)).content.decode()
    halls = re.findall(r'<text class="dawn-bar-value hall"[^>]*>(\d)</text>', html)
    castles = re.findall(r'<text class="dawn-bar-value castle"[^>]*>(\d)</text>', html)
    labels = re.findall(r'<text class="bar-label"[^>]*>([^<]+)</text>', html)
    # Sittings 1 and 2 left the markers alike: one bar shows both.
    assert list(zip(labels, halls, castles)) == [("Set up", "3", "3"), ("Sittings 1–2", "2", "4")]


def test_runs_of_alike_sittings_share_a_bar_and_a_table_row():
    rows = [charts.BalanceRow(0, 3, 3), charts.BalanceRow(1, 3, 3), charts.BalanceRow(2, 2, 4),
            charts.BalanceRow(3, 2, 4), charts.BalanceRow(4, 2, 4), charts.BalanceRow(5, 3, 3)]
    chart = charts.balance_bars(rows)
    assert [bar.label for bar in chart.bars] == ["Set up", "Sitting 1", "Sittings 2–4", "Sitting 5"]
    assert chart.height == int(8 + 4 * 28.0)
    long = charts.balance_bars([charts.BalanceRow(0, 3, 3), *(charts.BalanceRow(n, 2, 4) for n in range(100, 105))])
    assert [bar.label for bar in long.bars] == ["Set up", "Sittings 100–104"]
    assert long.label_x - 7.4 * len("Sittings 100–104") >= 0  # the label fits left of its bar
    assert [(first.sitting, last.sitting) for first, last in charts.runs(rows, lambda row: row.hall)] == [
        (0, 1), (2, 4), (5, 5)
    ]


def test_a_standalone_chapter_2_has_no_balance_chart(as_owner, owner):
    data = dawnguard_journal(0, name="Straight to two")
    data["games"] = [{
        "number": 1, "played_on": "2026-11-06", "chapter": 2,
        "sides": [{"player": "Ana", "side": "volkihar"}, {"player": "Ben", "side": "dawnguard"},
                  {"player": "Cid", "side": "dawnguard"}, {"player": "Dee", "side": "volkihar"}],
        "events": [{"type": "fort_stars", "player": "Ben", "count": 3}],
    }]
    campaign = store.import_journal(data, owner=owner)
    html = as_owner.get(history_url(campaign)).content.decode()
    assert "The chapter 1 balance" not in html and "dawn-bar-value" not in html
    assert "standalone" in html
    assert re.findall(r'<text class="dawn-step-value"[^>]*>(\d+)</text>', html) == ["1"]


def test_the_player_filter_keeps_the_sittings_they_played(as_owner, fridays):
    html = as_owner.get(history_url(fridays, "Eve")).content.decode()
    assert re.findall(r'<li class="game" id="sitting-(\d+)">', html) == ["3", "4", "5"]
    assert '<option value="Eve" selected>' in html
    assert "Before the first sitting" not in html
    # htmx asks for the timeline alone.
    fragment = as_owner.get(history_url(fridays, "Eve"), headers=HTMX).content.decode()
    assert fragment.lstrip().startswith('<div id="timeline"') and "<nav" not in fragment
    assert re.findall(r'<li class="game" id="sitting-(\d+)">', fragment) == ["3", "4", "5"]


def test_an_unknown_player_in_the_filter_shows_everyone(as_owner, fridays):
    html = as_owner.get(history_url(fridays, "Nobody")).content.decode()
    assert len(re.findall(r'<li class="game" id="sitting-', html)) == 5


def test_the_history_of_a_campaign_without_sittings(as_owner, owner):
    campaign = store.import_journal(dawnguard_journal(0, name="Fresh start"), owner=owner)
    html = as_owner.get(history_url(campaign)).content.decode()
    assert "No sitting logged yet." in text_of(html)
    assert "dawn-fort-chart-title" not in html and "dawn-balance-chart-title" not in html


def test_another_systems_campaign_is_not_dawnguards_history(client, owner, risk_campaign):
    """The shared address dispatches by system: a Risk Legacy campaign keeps its own history."""
    client.force_login(owner)
    html = client.get(history_url(risk_campaign)).content.decode()
    assert "Chapter by chapter" not in html


# -- the pure parts -----------------------------------------------------------------------------


def test_fort_points_and_balance_rows_read_the_states_after_each_sitting():
    from campaigns.rules import base
    from campaigns.rules import dawnguard as rules

    data = dawnguard_journal()
    timeline = base.fold(rules, data["players"], rules.journal_entries(data))
    points = history.fort_points(timeline.current)
    assert [(p.sitting, p.chapter, p.level, p.stars) for p in points] == [
        (0, 1, 0, 0), (1, 1, 0, 2), (2, 1, 1, 1), (3, 2, 1, 0), (4, 2, 1, 4), (5, 3, 2, 0),
    ]
    assert [(r.sitting, r.hall, r.castle) for r in history.balance_rows(timeline.current)] == [
        (0, 3, 3), (1, 2, 4), (2, 2, 4),
    ]


def test_the_fort_chart_steps_where_the_level_changes():
    points = [
        charts.FortPoint(n, 1 if n < 3 else 2, "Hall", level, 0) for n, level in enumerate([0, 0, 1, 0, 2])
    ]
    chart = charts.fort_levels(points)
    assert [step.level for step in chart.steps] == [1, 0, 2]
    assert chart.path.startswith(f"M{chart.left} {chart.bottom}") and chart.path.count("V") == 3
    assert [tick.label for tick in chart.y_ticks] == ["0", "1", "2"]
    # A card of 3 levels: the scale goes up to its top.
    tall = charts.fort_levels([
        charts.FortPoint(0, 1, "Hall", 0, 0, 3), charts.FortPoint(1, 1, "Hall", 1, 0, 3)
    ])
    assert [tick.label for tick in tall.y_ticks] == ["0", "1", "2", "3"]
    assert [mark.label for mark in chart.chapters] == ["Chapter 2"]
    assert chart.end == points[-1]


def test_the_balance_bars_split_each_row_between_hall_and_castle():
    chart = charts.balance_bars([charts.BalanceRow(0, 3, 3), charts.BalanceRow(1, 0, 6)])
    even, castle_only = chart.bars
    assert even.hall_width == pytest.approx(chart.bar_span / 2, abs=0.1)
    assert castle_only.hall_width == 0 and castle_only.castle_width == pytest.approx(chart.bar_span, abs=0.1)
    assert (even.label, castle_only.label) == ("Set up", "Sitting 1")


# -- stats and exports --------------------------------------------------------------------------


def test_the_stats_page_says_how_co_op_sittings_count(as_owner, fridays):
    html = as_owner.get(reverse("stats") + f"?campaign={fridays.slug}").content.decode()
    words = text_of(html)
    assert "Co-op sittings 5" in words
    assert "never as a win or a loss" in words and "won together when it completed a chapter" in words
    assert "Win rate" not in words
    # Everyone at a sitting that completed a chapter completed it.
    assert "Co-op, completed: Chapter 1, Chapter 2, Chapter 3" in words  # Ana, at all three
    assert words.count("Co-op, completed: Chapter 2, Chapter 3") == 1  # Eve joined in chapter 2


def test_the_csv_says_played_and_names_no_winner(as_owner, fridays):
    body = as_owner.get(reverse("plays_csv", args=[fridays.slug])).content.decode()
    rows = list(csv.DictReader(io.StringIO(body)))
    assert len(rows) == 4 + 4 + 5 + 5 + 5
    assert {row["Winner"] for row in rows} == {""}
    assert {row["Result"] for row in rows} == {"played", "played (chapter completed)"}
    assert "lost" not in body
    first = rows[0]
    assert (first["Mode"], first["Player"], first["Faction or team"], first["Hero"]) == (
        "Chapter 1", "Ana", "Clan Volkihar", "Sigrid",
    )


def test_bg_stats_gets_co_operative_plays_not_losses(as_owner, fridays):
    data = json.loads(as_owner.get(reverse("plays_bgstats", args=[fridays.slug])).content)
    game, expansion = data["games"]
    assert game["cooperative"] is True and game["noPoints"] is True and expansion["name"] == "Dawnguard"
    assert len(data["plays"]) == 5
    for play in data["plays"]:
        assert play["manualWinner"] is True
        completed = play["comments"].endswith("(chapter completed)")
        # A chapter completed is won together; a sitting that carries the chapter on is left
        # out of BG Stats' wins and losses (ignored), never a co-operative loss.
        assert {score["winner"] for score in play["playerScores"]} == {completed}
        assert play["ignored"] is not completed
    second = data["plays"][1]
    assert second["board"] == "Chapter 1" and second["comments"].endswith("(chapter completed)")
    names = {player["id"]: player["name"] for player in data["players"]}
    third = data["plays"][2]
    assert [(names[s["playerRefId"]], s["role"], s["newPlayer"]) for s in third["playerScores"]][-1] == (
        "Eve", "Dawnguard – Talen-Jei", True,
    )


# -- query counts: flat in the number of sittings -------------------------------------------------


def sittings_journal(sittings):
    """A chapter 1 campaign of `sittings` sittings, each moving markers, flipping the Day/Night
    token, levelling a hero and (now and then) adding stars to the Hall."""
    data = dawnguard_journal(0, name=f"{sittings} sittings")
    side = "night"
    games = []
    for number in range(1, sittings + 1):
        events = [{"type": "pledge", "player": p, "side": s} for p, s in
                  (("Ana", "volkihar"), ("Ben", "vigilants"), ("Cid", "vigilants"), ("Dee", "vigilants"))
                  ] if number == 1 else []
        side = "day" if side == "night" else "night"
        events += [
            {"type": "day_night", "side": side},
            {"type": "marker", "icon": "threat" if number % 2 else "winged"},
            {"type": "level_up", "player": "Ben"},
        ]
        if number % 4 == 2:
            events.append({"type": "fort_stars", "player": "Cid", "count": 2})
        games.append({"number": number, "played_on": f"2026-09-{number:02d}", "chapter": 1, "events": events})
    data["games"] = games
    return data


@pytest.mark.parametrize("cold", [False, True], ids=["cached", "cold-cache"])
@pytest.mark.parametrize("name", ["campaign_detail", "history"])
def test_the_overview_and_history_query_the_same_for_1_and_12_sittings(client, owner, name, cold):
    from django.core.cache import cache
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    one, twelve = (store.import_journal(sittings_journal(n), owner=owner) for n in (1, 12))
    client.force_login(owner)
    counts = []
    for campaign in (one, twelve):
        if cold:
            cache.clear()
            states.forget_in_process()
        with CaptureQueriesContext(connection) as captured:
            assert client.get(reverse(name, args=[campaign.slug])).status_code == 200
        counts.append(len(captured))
    # Flat, and within the bounds of the other campaign pages (tests/views/test_query_counts.py).
    assert counts[0] == counts[1] <= {"campaign_detail": 7, "history": 5}[name]
    html = client.get(history_url(twelve)).content.decode()
    assert len(re.findall(r'<li class="game" id="sitting-', html)) == 12
    assert len(re.findall(r'<text class="bar-label"', html)) == 13  # as set up, then 12 sittings


def test_co_op_sittings_count_with_what_they_completed_and_say_how():
    from campaigns import stats
    from campaigns.rules import base
    from campaigns.rules import dawnguard as rules

    data = dawnguard_journal()
    timeline = base.fold(rules, data["players"], rules.journal_entries(data))
    record = stats.campaign_record("fridays", "Dawnguard Fridays", registry.get("dawnguard"), timeline.current)
    assert [play.completed for play in record.plays] == [None, "Chapter 1", None, "Chapter 2", "Chapter 3"]
    summary = stats.summarize([record], {})
    eve = next(player for player in summary.players if player.label == "Eve")
    assert (eve.coop_sittings, eve.games, eve.completions) == (3, 0, ["Chapter 2", "Chapter 3"])
    assert len(summary.coop_notes) == 1 and "never as a win or a loss" in summary.coop_notes[0]
    # Twice the same campaign: a chapter completed twice says so.
    twice = stats.summarize([record, dataclasses.replace(record, key="again", name="Again")], {})
    assert next(p for p in twice.players if p.label == "Eve").completions == ["Chapter 2 ×2", "Chapter 3 ×2"]


def test_every_co_operative_read_side_says_how_its_plays_count():
    """The stats page prints it: a co-operative game added later must say it too."""
    cooperative = [system.read_side for system in registry.systems() if system.read_side.cooperative]
    assert cooperative and all(read_side.counting.strip() for read_side in cooperative)
