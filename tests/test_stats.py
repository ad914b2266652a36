"""The stats computed from the four demo journals (the exports: tests/test_exports.py), against numbers counted by hand.

No database: the journals are folded by the rules layer alone, as campaigns.stats expects.

Hand counts (the journals as tests/journal_files.py finds them):
- Risk Legacy, 15 games. Winners: Ben 1, 4, 8, 12; Ana 2, 6, 9, 15; Cid 3, 10, 13; Dee 5, 11;
  Eve 7, 14. Ana sat every game; Ben missed game 10, Cid game 7, Dee 6, 9 and 13, Eve 2, 4 and
  12. Cities founded: Ana 3 (Minor in game 1, Major in 2 and 9), Ben 2, Cid 5 (3 rewards, the
  World Capital and the Major City placed by events), Dee 2, Eve 2 (one placed by an event).
- Risk: Skyrim, 8 games. Chaos 1 Ana 27–21; Chaos 2 Ana 19; Chaos 3 Ben and Cid tie on 23
  (both win); Dovahkiin 4 Dee (Eve has 11 points but her hero is dead); Dovahkiin 5 Ben;
  Civil War 6 Cid, 7 Dee; Chaos 8 Ana and Eve tie on 14.
- Captain America, 5 games. 1 Team Captain America 5–3 (Ana, Ben); 2 Ana alone for Team Iron
  Man 8–0; 3 a draw 3–3; 4 Ben (Team Captain America) 5–0; 5 Team Iron Man 3–2 (Ana, Ben).
- Dawnguard, 5 sittings: Ana, Ben, Cid and Dee at all five, Eve from sitting 3 (she joins in it).
"""

import dataclasses
import json
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from campaigns import charts, registry, stats
from campaigns.rules.journal import load
from campaigns.systems.risk_legacy.readside import CITIES, SIGNATURES

from tests.helpers import FILES, record
from tests.journal_files import RULES, journal_path


def roster(system, key=None, linked=None):
    journal = json.loads(journal_path(FILES[system]).read_text())
    linked = linked or {}
    return [
        stats.RosterName(key or system, name, *linked.get(name, (None, None))) for name in journal["players"]
    ]


@pytest.fixture(scope="module")
def everything():
    records = [record(system) for system in FILES]
    persons = stats.people(entry for system in FILES for entry in roster(system))
    return stats.summarize(records, persons)


def by_label(summary):
    return {player.label: player for player in summary.players}


class TestPlaysOfEachSystem:
    def test_risk_legacy_seats_keep_faction_start_and_result(self):
        first = record("risk-legacy").plays[0]
        assert (first.number, first.played_on, first.winners) == (1, "2026-09-03", ["Ben"])
        ana = first.seats[0]
        assert (ana.player, ana.side, ana.start, ana.order, ana.result, ana.winner) == (
            "Ana", "Khan Industries", ana.start, 1, "held on", False,
        )
        assert ana.start  # her HQ
        assert [seat.result for seat in record("risk-legacy").plays[1].seats].count("eliminated") == 1

    def test_risk_legacy_marks(self):
        legacy = record("risk-legacy")
        assert dict(legacy.marks[SIGNATURES]) == {"Ben": 4, "Ana": 4, "Cid": 3, "Dee": 2, "Eve": 2}
        assert dict(legacy.marks[CITIES]) == {"Ana": 3, "Ben": 2, "Cid": 5, "Dee": 2, "Eve": 2}

    def test_a_city_a_card_covered_still_counts_as_founded(self):
        from tests.journals import every_kind_journal

        _, name, _, _, folded = load(every_kind_journal(), RULES)
        legacy = stats.campaign_record("rl", name, registry.get("risk-legacy"), folded.current)
        # Ana's Rio Nova was covered by Dee's Nova Rio in game 5: both were founded.
        assert dict(legacy.marks[CITIES]) == {"Ana": 2, "Ben": 1, "Dee": 2}

    def test_a_risk_legacy_game_in_progress_is_not_counted(self):
        journal = json.loads(journal_path(FILES["risk-legacy"]).read_text())
        _, name, players, entries, _ = load(journal, RULES)
        game_starts = [i for i, entry in enumerate(entries) if entry.kind == "game"]
        # Stop right after game 2 has started: its seats are known, its result is not.
        from campaigns.rules import base, risk_legacy

        folded = base.fold(risk_legacy, players, entries[: game_starts[1] + 1])
        plays = stats.campaign_record("rl", name, registry.get("risk-legacy"), folded.current).plays
        assert [play.number for play in plays] == [1]

    def test_skyrim_ties_share_the_win_and_a_dead_hero_does_not_win(self):
        plays = {play.number: play for play in record("risk-skyrim").plays}
        assert plays[3].winners == ["Ben", "Cid"]
        assert plays[4].winners == ["Dee"]
        assert plays[4].mode == "Dovahkiin"
        assert [seat.score for seat in plays[1].seats] == [27, 21]
        assert plays[8].winners == ["Ana", "Eve"]

    def test_a_chaos_play_with_dovahkiin_rules_counts_as_chaos_with_the_rules_noted(self):
        """docs/rules.md, 2026-12-01: stats unchanged by the note; the play reads "Dovahkiin rules"."""
        journal = json.loads(journal_path(FILES["risk-skyrim"]).read_text())
        noted = json.loads(json.dumps(journal))
        noted["games"][0]["dovahkiin_rules"] = True
        records = {}
        for key, data in (("plain", journal), ("noted", noted)):
            _, name, _, _, folded = load(data, RULES)
            records[key] = stats.campaign_record(key, name, registry.get("risk-skyrim"), folded.current)
        plain, with_note = records["plain"].plays, records["noted"].plays
        assert (with_note[0].mode, with_note[0].note) == ("Chaos", "Dovahkiin rules")
        assert plain[0].note is None
        assert [(p.mode, p.seats, p.winners) for p in with_note] == [(p.mode, p.seats, p.winners) for p in plain]

    def test_captain_america_seats_keep_the_journal_order_and_their_heroes(self):
        plays = {play.number: play for play in record("captain-america").plays}
        assert [(s.player, s.side, s.hero, s.score) for s in plays[1].seats] == [
            ("Ana", "Team Captain America", "Captain America", 5),
            ("Ben", "Team Captain America", "Falcon", 5),
            ("Cid", "Team Iron Man", "Iron Man", 3),
            ("Dee", "Team Iron Man", "War Machine", 3),
        ]
        assert plays[2].seats[0].hero == "Iron Man & War Machine"
        assert plays[3].winners == [] and {s.result for s in plays[3].seats} == {"draw"}

    def test_captain_america_seats_and_heroes_come_from_the_state_alone(self):
        journal = json.loads(journal_path(FILES["captain-america"]).read_text())
        _, name, _, _, folded = load(journal, RULES)
        play = stats.campaign_record("ca", name, registry.get("captain-america"), folded.current).plays[2]
        # The journal's order, not team by team (which would be Dee, Cid, Ben, Ana).
        assert [(s.player, s.hero) for s in play.seats] == [
            ("Ben", "Iron Man"), ("Dee", "Captain America"), ("Ana", "War Machine"), ("Cid", "Falcon"),
        ]

    def test_dawnguard_sittings_are_cooperative_and_count_who_was_there(self):
        plays = record("dawnguard").plays
        assert all(play.cooperative and play.winners == [] for play in plays)
        assert [len(play.seats) for play in plays] == [4, 4, 5, 5, 5]
        assert [play.mode for play in plays] == [f"Chapter {n}" for n in (1, 1, 2, 2, 3)]
        assert [play.note for play in plays] == [None, "chapter completed", None, "chapter completed",
                                                 "chapter completed"]
        ana_then_eve = (plays[0].seats[0], plays[2].seats[4])
        assert [(s.player, s.side, s.hero) for s in ana_then_eve] == [
            ("Ana", "Clan Volkihar", "Sigrid"), ("Eve", "Dawnguard", "Talen-Jei"),
        ]
        assert plays[0].seats[1].side == "Vigilants of Stendarr"


class TestOnePlacePerSystem:
    SHARED = ("campaigns/stats.py", "campaigns/views/stats.py")
    SYSTEM_NAMES = re.compile(
        r"risk_legacy|risk_skyrim|captain_america|dawnguard|risk-legacy|risk-skyrim|captain-america|[.]KEY\b"
    )

    @pytest.mark.parametrize("path", SHARED)
    def test_shared_stats_code_never_names_a_system(self, path):
        source = (Path(__file__).parent.parent / path).read_text()
        # Prose may name a game ("Dawnguard is played together"); code never names a system.
        assert self.SYSTEM_NAMES.findall(source) == []

    def test_every_system_has_a_read_side(self):
        from campaigns.readside.base import ReadSide

        for system in registry.systems():
            read_side = system.read_side
            assert isinstance(read_side, ReadSide)
            assert read_side.side_word in ("Faction", "Team", None)
            # A co-operative system's sides are never counted as factions.
            assert not (read_side.cooperative and read_side.side_word)


class TestSummary:
    def test_games_wins_and_win_rates_across_the_four_campaigns(self, everything):
        counts = {p.label: (p.games, p.wins, p.coop_sittings) for p in everything.players}
        # Games: Risk Legacy + Skyrim + Captain America; co-op: Dawnguard sittings.
        assert counts == {
            "Ana": (15 + 6 + 4, 4 + 3 + 3, 5),
            "Ben": (14 + 6 + 4, 4 + 2 + 3, 5),
            "Cid": (14 + 6 + 4, 3 + 2 + 0, 5),
            "Dee": (12 + 5 + 4, 2 + 2 + 0, 5),
            "Eve": (12 + 5 + 0, 2 + 1 + 0, 3),
        }
        assert [p.label for p in everything.players] == ["Ana", "Ben", "Cid", "Dee", "Eve"]
        assert by_label(everything)["Ana"].win_rate == pytest.approx(10 / 25)
        assert (everything.competitive_games, everything.coop_sittings, everything.campaigns) == (28, 5, 4)

    def test_signatures_cities_and_favourite_faction(self, everything):
        players = by_label(everything)
        assert (players["Cid"].mark_counts[SIGNATURES], players["Cid"].mark_counts[CITIES]) == (3, 5)
        assert players["Cid"].marks == ["3 signatures", "5 cities founded"]
        # Ana: Khan Industries in Risk Legacy games 1, 4, 11 and 15.
        assert players["Ana"].favourite_side == ("Khan Industries", 4)

    def test_factions_count_once_a_game(self, everything):
        groups = {group.system: group for group in everything.factions}
        assert list(groups) == ["risk-legacy", "risk-skyrim", "captain-america"]
        teams = {f.name: (f.games, f.wins) for f in groups["captain-america"].factions}
        assert teams == {"Team Captain America": (5, 2), "Team Iron Man": (5, 2)}
        assert groups["captain-america"].word == "Team"
        legacy = {f.name: (f.games, f.wins) for f in groups["risk-legacy"].factions}
        assert sum(games for games, _ in legacy.values()) == 67  # 15 games of 3 to 5 seats
        assert sum(wins for _, wins in legacy.values()) == 15
        skyrim = {f.name: (f.games, f.wins) for f in groups["risk-skyrim"].factions}
        assert skyrim["Stormcloak"] == (5, 3)  # won by Ana (Chaos 2), Dee (Dovahkiin 4), Cid (Civil War 6)

    def test_head_to_head_counts_games_one_won_and_the_other_did_not(self, everything):
        rows = {row.player: row for row in everything.head_to_head}
        columns = [row.player for row in everything.head_to_head]
        assert [cell.opponent for cell in rows["Ana"].cells] == columns
        ana_vs_ben = rows["Ana"].cells[columns.index("Ben")].duel
        # 14 Risk Legacy + 4 Skyrim (1, 2, 6, 8) + 3 Captain America (1, 3, 5) shared games;
        # Ana won 4 + 3 of them without Ben, Ben 4 without Ana (their team wins don't count).
        assert (ana_vs_ben.games, ana_vs_ben.wins, ana_vs_ben.losses) == (21, 7, 4)
        assert ana_vs_ben.standing == "ahead"
        ben_vs_ana = rows["Ben"].cells[columns.index("Ana")].duel
        assert (ben_vs_ana.wins, ben_vs_ana.losses, ben_vs_ana.standing) == (4, 7, "behind")
        ana_vs_ana = rows["Ana"].cells[columns.index("Ana")]
        assert ana_vs_ana.duel is None and ana_vs_ana.is_self

    def test_wins_over_time_in_date_order(self, everything):
        assert len(everything.timeline) == 28
        dates = [point.play.played_on for point in everything.timeline]
        assert dates == sorted(dates)
        assert everything.cumulative_wins["name:ana"][-1] == 10
        assert all(len(wins) == 29 for wins in everything.cumulative_wins.values())
        # The first game of all: Risk Legacy game 1 (3 Sep), won by Ben.
        assert everything.timeline[0].winners == ("Ben",)

    def test_only_dawnguard_gives_co_op_sittings_and_no_game(self):
        summary = stats.summarize([record("dawnguard")], stats.people(roster("dawnguard")))
        assert summary.competitive_games == 0 and summary.coop_sittings == 5
        assert summary.head_to_head == [] and summary.factions == []
        assert by_label(summary)["Eve"].coop_sittings == 3


class TestPeople:
    def test_names_match_across_campaigns_ignoring_case_and_spacing(self):
        persons = stats.people([stats.RosterName("a", "Ana"), stats.RosterName("b", " ana ")])
        assert persons[("a", "Ana")] == persons[("b", " ana ")]

    def test_a_linked_account_groups_its_names_and_takes_the_unlinked_same_name(self):
        persons = stats.people([
            stats.RosterName("a", "Ana", 7, "olive"),
            stats.RosterName("b", "Anna", 7, "olive"),
            stats.RosterName("c", "Ana"),  # not linked here: still Ana's account
            stats.RosterName("c", "Ben"),
        ])
        keys = {persons[("a", "Ana")].key, persons[("b", "Anna")].key, persons[("c", "Ana")].key}
        assert keys == {"account:7"}
        assert persons[("a", "Ana")].label == "Ana"  # the name used most
        assert persons[("c", "Ben")].key == "name:ben"

    def test_a_name_two_accounts_use_stays_apart_when_unlinked(self):
        persons = stats.people([
            stats.RosterName("a", "Sam", 1, "sam1"),
            stats.RosterName("b", "Sam", 2, "sam2"),
            stats.RosterName("c", "Sam"),
        ])
        keys = {persons[("a", "Sam")].key, persons[("b", "Sam")].key, persons[("c", "Sam")].key}
        assert len(keys) == 3
        assert persons[("a", "Sam")].label == "Sam (sam1)"

    def test_me_is_marked_through_the_account(self):
        legacy = record("risk-legacy")
        persons = stats.people(roster("risk-legacy", linked={"Cid": (3, "cid")}))
        summary = stats.summarize([legacy], persons, me=3)
        assert [p.label for p in summary.players if p.is_me] == ["Cid"]


class TestCharts:
    def test_wins_over_time_steps_up_at_each_win(self):
        chart = charts.wins_over_time(
            [("Ana", [0, 1, 1, 2], "series-0"), ("Ben", [0, 0, 1, 1], "series-1")], ["g1", "g2", "g3"]
        )
        ana, ben = chart.series
        start_x, start_y = map(float, re.match(r"M([\d.]+) ([\d.]+)", ana.path).groups())
        # Both start at 0 wins, nudged apart so that neither line hides the other.
        assert start_x == pytest.approx(chart.left, abs=charts.DODGE) and start_y == pytest.approx(
            chart.bottom, abs=charts.DODGE
        )
        assert ana.path.split("H")[0] != ben.path.split("H")[0]
        assert ana.path.count("V") == 2 and ben.path.count("V") == 1
        assert (ana.total, ben.total) == (2, 1)
        assert [tick.label for tick in chart.y_ticks] == ["0", "1", "2"]
        assert [tick.label for tick in chart.x_ticks] == ["g1", "g2", "g3"]
        assert ana.css_class == "series-0" and ben.css_class == "series-1"

    def test_end_labels_never_overlap(self):
        chart = charts.wins_over_time([(name, [0, 1], "series-0") for name in "ABCDE"], ["g1"])
        positions = sorted(series.label_y for series in chart.series)
        assert all(b - a >= 13 for a, b in zip(positions, positions[1:]))
        assert positions[-1] <= chart.bottom

    def test_many_games_label_four_of_them(self):
        chart = charts.wins_over_time([("Ana", list(range(29)), "series-0")], [f"d{n}" for n in range(1, 29)])
        assert [tick.label for tick in chart.x_ticks] == ["d1", "d10", "d19", "d28"]
        assert [tick.label for tick in chart.y_ticks] == ["0", "10", "20", "30"]

    def test_win_rate_bars_are_proportional_with_numbers_beside(self):
        chart = charts.win_rate_bars([("Ana", 10, 25, "series-3"), ("Bartholomew", 0, 3, "series-none")])
        ana, bart = chart.bars
        assert ana.width == pytest.approx(chart.bar_span * 0.4)
        assert (ana.rate_text, ana.detail_text) == ("40%", "10/25")
        assert bart.label == "Bartholo…" and bart.width > 0 and bart.rate_text == "0%"
        assert (ana.css_class, bart.css_class) == ("series-3", "series-none")


def test_whole_dates_label_three_games_so_they_never_overlap():
    dates = [f"{day} Sep 2026" for day in range(1, 29)]
    chart = charts.wins_over_time([("Ana", list(range(29)), "series-0")], dates)
    assert [tick.label for tick in chart.x_ticks] == ["1 Sep 2026", "14 Sep 2026", "28 Sep 2026"]
    gaps = [b.position - a.position for a, b in zip(chart.x_ticks, chart.x_ticks[1:])]
    assert min(gaps) > len("15 Sep 2026") * charts.CHARACTER_WIDTH


@pytest.mark.parametrize("first", list(FILES))
def test_a_tally_read_then_counting_more_campaigns_is_the_summary_of_them_all(first):
    """`stats.Tally` keeps what it worked out over the plays in order for its next summary: a
    campaign counted after a summary, whatever its plays' days (before or after those counted),
    gives what summarize gives of all of them at once."""
    records = [record(first), *(record(system) for system in FILES if system != first)]
    persons = stats.people(entry for system in FILES for entry in roster(system))
    tally = stats.Tally(persons)
    for each in records:
        tally.add_record(each)
        assert tally.summary() == stats.summarize(records[: records.index(each) + 1], persons)


@pytest.mark.parametrize("first", list(FILES))
def test_a_tally_without_a_timeline_counts_the_same_and_refuses_a_play_played_before_those_counted(first):
    """`Tally(timeline=False)` lets the plays go once in order (a log's standings, stored): the
    same counts but the timeline, and a later play played before them is refused, not guessed."""
    records = [record(first), *(record(system) for system in FILES if system != first)]
    persons = stats.people(entry for system in FILES for entry in roster(system))
    tally = stats.Tally(persons, timeline=False)
    for upto, each in enumerate(records, 1):
        try:
            tally.add_record(each)
        except ValueError:
            earliest = min(play.sort_key for play in each.plays if not play.cooperative)
            assert earliest < max(p.sort_key for r in records[: upto - 1] for p in r.plays if not p.cooperative)
            return
        whole = stats.summarize(records[:upto], persons)
        assert tally.summary() == dataclasses.replace(whole, timeline=[])
        assert not tally._competitive  # the plays let go


def _naive_step_path(values, x, y):
    """Every change drawn where it is: the step line as it reads, for short series."""
    path = [f"M{x(0):.1f} {y(values[0]):.1f}"]
    for index in range(1, len(values)):
        if values[index] != values[index - 1]:
            path.append(f"H{x(index):.1f}V{y(values[index]):.1f}")
    return "".join(path) + f"H{x(len(values) - 1):.1f}"


def _vertices(path):
    """The points a path d of M, H and V moves visits."""
    points, cx, cy = [], 0.0, 0.0
    for command, a, b in re.findall(r"([MHV])(-?[\d.]+)(?: (-?[\d.]+))?", path):
        if command == "M":
            cx, cy = float(a), float(b)
        elif command == "H":
            cx = float(a)
        else:
            cy = float(a)
        points.append((cx, cy))
    return points


@given(st.lists(st.integers(0, 9), min_size=1, max_size=40))
def test_a_step_line_with_room_between_its_steps_is_every_step(values):
    x, y = charts.along(len(values) - 1, 26.0, 262.0), charts.along(9, 200.0, 12.0)
    if len(values) > 1 and x(1) - x(0) < 4 * charts.STEP_GRAIN:
        return
    # Each change where it is, its x on the grain (within half of it).
    drawn, naive = _vertices(charts.step_path(values, x, y)), _vertices(_naive_step_path(values, x, y))
    assert len(drawn) == len(naive)
    assert all(abs(a[0] - b[0]) <= charts.STEP_GRAIN / 2 + 0.05 and a[1] == b[1] for a, b in zip(drawn, naive))


@given(st.lists(st.integers(-3, 3), min_size=1, max_size=3000))
def test_a_long_step_line_is_drawn_a_grain_at_a_time_through_every_value_it_turns_at(moves):
    values = [0]
    for move in moves:
        values.append(values[-1] + move)
    x, y = charts.along(len(values) - 1, 26.0, 262.0), charts.along(1, 0.0, 1.0)
    points = _vertices(charts.step_path(values, x, y))
    xs = [point[0] for point in points]
    assert xs == sorted(xs) and xs[0] == 26.0 and xs[-1] == 262.0  # never back, end to end
    assert len(set(xs)) <= (262 - 26) / charts.STEP_GRAIN + 2
    assert points[-1][1] == pytest.approx(values[-1], abs=0.05)
    # The line reaches the highest and the lowest value, where it turns.
    assert max(p[1] for p in points) == pytest.approx(max(values), abs=0.05)
    assert min(p[1] for p in points) == pytest.approx(min(values), abs=0.05)


def test_a_5000_play_wins_line_is_a_few_hundred_steps():
    wins = [0]
    for play in range(5000):
        wins.append(wins[-1] + (play % 4 == 0))
    chart = charts.wins_over_time([("Ana", wins, "series-0")], [f"Play {n}" for n in range(1, 5001)])
    (ana,) = chart.series
    assert ana.path.count("V") <= (chart.right - chart.left) / charts.STEP_GRAIN + 1
    assert ana.total == 1250 and _vertices(ana.path)[-1] == (ana.end_x, ana.end_y)
