"""Correcting and deleting a logged play of a play log (rules/play_log/): a correction is
checked by the same rules as a play, a deletion keeps every other number, both are undone
like any entry, and the journal carries them in "play_corrections" (an extension of
docs/journal.md) so that export(import(j)) == j."""

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from campaigns.rules import base, captain_america, journal, play_log, risk_legacy, risk_skyrim
from campaigns.rules.base import Entry, RuleError

from tests.conftest import load_journal
from tests.journal_files import RULES
from tests.rules.helpers import PlayLog, round_trip
from tests.systems.risk_skyrim.rules.helpers import PLAYERS as SKYRIM_PLAYERS
from tests.systems.risk_skyrim.rules.helpers import legal_game

PLAYERS = ["Ana", "Ben", "Cid", "Dee", "Eve"]
SKYRIM = PlayLog(risk_skyrim, PLAYERS)
CIVIL_WAR = PlayLog(captain_america, PLAYERS)


def chaos(number, ana=20, ben=16, played_on="2026-09-06"):
    """A Chaos play that Ana wins with the default counts."""
    return {
        "number": number,
        "played_on": played_on,
        "mode": "chaos",
        "seats": [
            {"player": "Ana", "faction": "Thalmor", "territories": ana, "forts": 4, "portals": 3},
            {"player": "Ben", "faction": "Orcs", "territories": ben, "forts": 2, "portals": 3},
        ],
    }


def civil_war(number, winter_soldier="captain-america", quinjet="iron-man", rooms=(15, 14)):
    return {
        "number": number,
        "played_on": "2026-09-06",
        "seats": [
            {"player": "Ana", "heroes": ["Captain America"]},
            {"player": "Ben", "heroes": ["Falcon"]},
            {"player": "Cid", "heroes": ["Iron Man"]},
            {"player": "Dee", "heroes": ["War Machine"]},
        ],
        "winter_soldier": winter_soldier,
        "quinjet": quinjet,
        "rooms": {"captain-america": rooms[0], "iron-man": rooms[1]},
    }


def games(*plays):
    return [Entry("game", play) for play in plays]


def three_plays():
    return SKYRIM.logged(*games(chaos(1), chaos(2), chaos(3)))


# Corrections ------------------------------------------------------------------------------


def test_a_correction_replaces_the_play_and_the_standings_count_it():
    state = three_plays()
    assert state.records["Ana"].wins == 3
    risk_skyrim.apply(state, play_log.correction_entry(2, chaos(2, ana=10, ben=30)))
    assert [game.number for game in state.games] == [1, 2, 3]
    assert state.game(2).winners == ["Ben"]
    assert (state.records["Ana"].plays, state.records["Ana"].wins) == (3, 2)
    assert (state.records["Ben"].plays, state.records["Ben"].wins) == (3, 1)
    assert state.is_corrected(2) and not state.is_corrected(1)
    assert state.play_data(2)["seats"][0]["territories"] == 10
    assert risk_skyrim.state_json(state)["games"][1]["winners"] == ["Ben"]


def test_a_correction_is_checked_by_the_same_rules_as_the_play():
    state = three_plays()
    wrong = chaos(2)
    wrong["seats"][0]["forts"] = 25  # more forts than territories
    refused = SKYRIM.refused(play_log.correction_entry(2, wrong), state)
    assert refused.message == "Ana holds 25 forts but only 20 territories: forts are in territories"
    assert refused.field == "forts"
    assert refused.place == "game 2, seat 1 (Ana)"


def test_a_correction_may_change_the_mode_the_seats_and_the_date():
    state = three_plays()
    dovahkiin = {
        "number": 2,
        "played_on": "2026-09-07",
        "mode": "dovahkiin",
        "seats": [
            {"player": "Cid", "faction": "Imperial", "victory_points": 10, "hero_alive": True},
            {"player": "Dee", "faction": "Forsworn", "victory_points": 4, "hero_alive": True},
        ],
    }
    risk_skyrim.apply(state, play_log.correction_entry(2, dovahkiin))
    assert state.game(2).mode == "dovahkiin" and state.game(2).played_on == "2026-09-07"
    assert state.records["Ben"].plays == 2 and state.records["Cid"].wins == 1


def test_a_correction_names_a_logged_play():
    refused = SKYRIM.refused(play_log.correction_entry(4, chaos(4)), three_plays())
    assert refused.message == "there is no play 4: the log has plays 1 to 3"
    assert refused.field == "number"
    refused = SKYRIM.refused(play_log.correction_entry(1, chaos(1)), SKYRIM.logged())
    assert refused.message == "there is no play 1: the log has no play yet"
    refused = SKYRIM.refused(Entry("correction", {**chaos(1), "number": "one"}), three_plays())
    assert refused.message == "the correction needs the number of the play it concerns"


def test_a_correction_that_changes_nothing_is_refused():
    refused = SKYRIM.refused(play_log.correction_entry(2, chaos(2)), three_plays())
    assert refused.message == "play 2 already reads exactly so: there is nothing to correct"


def test_a_play_may_be_corrected_again():
    state = three_plays()
    risk_skyrim.apply(state, play_log.correction_entry(2, chaos(2, ana=10, ben=30)))
    risk_skyrim.apply(state, play_log.correction_entry(2, chaos(2, ana=12, ben=30)))
    assert state.corrections_of(2) == 2
    assert state.game(2).scores["Ana"] == 19


def test_a_captain_america_correction_can_turn_a_win_into_a_draw():
    state = CIVIL_WAR.logged(*games(civil_war(1), civil_war(2)))
    assert captain_america.state_json(state)["games"][0]["result"] == "captain-america"
    captain_america.apply(state, play_log.correction_entry(1, civil_war(1, rooms=(14, 14))))
    first = captain_america.state_json(state)["games"][0]
    assert (first["points"], first["result"], first["winners"]) == (
        {"captain-america": 3, "iron-man": 3}, "draw", [])
    assert state.records["Ana"].wins == 1  # game 2 only


def test_a_captain_america_correction_is_checked_by_its_rules():
    state = CIVIL_WAR.logged(*games(civil_war(1)))
    refused = CIVIL_WAR.refused(play_log.correction_entry(1, civil_war(1, quinjet=None, rooms=(20, 15))), state)
    assert refused.message == "nobody holds the Quinjet, so the teams hold at most 34 rooms, not 35"
    assert refused.field == "rooms"


# Deletions --------------------------------------------------------------------------------


def test_a_deletion_takes_the_play_out_and_the_others_keep_their_numbers():
    state = three_plays()
    risk_skyrim.apply(state, play_log.deletion_entry(2))
    assert [game.number for game in state.games] == [1, 3]
    assert state.game(2) is None and state.is_deleted(2)
    assert state.records["Ana"].plays == 2 and state.records["Ana"].wins == 2
    as_json = risk_skyrim.state_json(state)
    assert (as_json["as_of_game"], as_json["games_played"]) == (3, 2)
    assert [game["number"] for game in as_json["games"]] == [1, 3]


def test_the_next_play_after_a_deletion_takes_a_new_number():
    state = three_plays()
    risk_skyrim.apply(state, play_log.deletion_entry(3))
    refused = SKYRIM.refused(Entry("game", chaos(3)), state)
    assert refused.message == "games are numbered 1, 2, 3 … in order: this one should be 4"
    risk_skyrim.apply(state, Entry("game", chaos(4)))
    assert [game.number for game in state.games] == [1, 2, 4]


def test_a_deleted_play_is_neither_deleted_again_nor_corrected():
    state = three_plays()
    risk_skyrim.apply(state, play_log.deletion_entry(2))
    refused = SKYRIM.refused(play_log.deletion_entry(2), state)
    assert refused.message == "play 2 was deleted already"
    refused = SKYRIM.refused(play_log.correction_entry(2, chaos(2, ana=10)), state)
    assert refused.message == "play 2 was deleted, so it cannot be corrected"
    assert refused.place == "correction of game 2"


def test_a_deletion_names_a_logged_play_and_nothing_else():
    refused = SKYRIM.refused(play_log.deletion_entry(9), three_plays())
    assert refused.message == "there is no play 9: the log has plays 1 to 3"
    refused = SKYRIM.refused(Entry("deletion", {"number": 1, "why": "typo"}), three_plays())
    assert refused.message == "unknown key 'why' in a deletion (its key: number)"
    refused = SKYRIM.refused(Entry("deletion", {}), three_plays())
    assert refused.message == "the deletion needs the number of the play it deletes"


def test_a_captain_america_deletion_takes_the_team_win_off_each_member():
    state = CIVIL_WAR.logged(*games(civil_war(1), civil_war(2)))
    captain_america.apply(state, play_log.deletion_entry(1))
    assert [(state.records[p].plays, state.records[p].wins) for p in ("Ana", "Ben", "Cid")] == [
        (1, 1), (1, 1), (1, 0)]


def test_a_setup_still_comes_before_the_first_play_only():
    state = three_plays()
    for number in (1, 2, 3):
        risk_skyrim.apply(state, play_log.deletion_entry(number))
    refused = SKYRIM.refused(Entry("setup", {}), state)
    assert refused.message == "the setup comes once, before game 1"


# Restorations -----------------------------------------------------------------------------


def test_a_restoration_puts_a_deleted_play_back_as_it_stood_in_its_place():
    state = three_plays()
    risk_skyrim.apply(state, play_log.deletion_entry(2))
    risk_skyrim.apply(state, Entry("game", chaos(4)))  # another play logged since: undo cannot reach it
    risk_skyrim.apply(state, play_log.restoration_entry(2))
    assert [game.number for game in state.games] == [1, 2, 3, 4]
    assert not state.is_deleted(2) and state.game(2).winners == ["Ana"]
    assert state.records["Ana"].plays == 4 and state.records["Ana"].wins == 4
    assert state.next_number == 5


def test_a_restored_play_may_be_deleted_and_corrected_again():
    state = three_plays()
    risk_skyrim.apply(state, play_log.deletion_entry(2))
    risk_skyrim.apply(state, play_log.restoration_entry(2))
    risk_skyrim.apply(state, play_log.correction_entry(2, chaos(2, ana=10, ben=30)))
    assert state.game(2).winners == ["Ben"]
    risk_skyrim.apply(state, play_log.deletion_entry(2))
    assert state.is_deleted(2) and state.records["Ben"].wins == 0


def test_only_a_deleted_play_is_restored():
    state = three_plays()
    refused = SKYRIM.refused(play_log.restoration_entry(2), state)
    assert refused.message == "play 2 is not deleted: there is nothing to restore"
    assert refused.place == "restoration of game 2" and refused.field == "number"
    refused = SKYRIM.refused(play_log.restoration_entry(9), state)
    assert refused.message == "there is no play 9: the log has plays 1 to 3"
    refused = SKYRIM.refused(Entry("restoration", {"number": 1, "why": "oops"}), state)
    assert refused.message == "unknown key 'why' in a restoration (its key: number)"
    refused = SKYRIM.refused(Entry("restoration", {}), state)
    assert refused.message == "the restoration needs the number of the play it restores"


def test_a_play_restored_twice_is_refused_the_second_time():
    state = three_plays()
    risk_skyrim.apply(state, play_log.deletion_entry(1))
    risk_skyrim.apply(state, play_log.restoration_entry(1))
    refused = SKYRIM.refused(play_log.restoration_entry(1), state)
    assert refused.message == "play 1 is not deleted: there is nothing to restore"


def test_a_captain_america_restoration_gives_the_team_win_back_to_each_member():
    state = CIVIL_WAR.logged(*games(civil_war(1), civil_war(2)))
    captain_america.apply(state, play_log.deletion_entry(1))
    captain_america.apply(state, play_log.restoration_entry(1))
    assert [(state.records[p].plays, state.records[p].wins) for p in ("Ana", "Ben", "Cid")] == [
        (2, 2), (2, 2), (2, 0)]


def test_a_restoration_is_described_for_the_history():
    assert risk_skyrim.describe(play_log.restoration_entry(2)) == "restoration of play 2"
    assert captain_america.describe(play_log.restoration_entry(2)) == "restoration of play 2"


def test_restorations_round_trip_in_the_journal():
    data = a_journal(play_corrections=[
        {"after_game": 2, "deleted": 2},
        {"after_game": 3, "restored": 2},
    ])
    assert round_trip(data) == data
    _, _, _, entries, folded = journal.load(data, RULES)
    assert [entry.kind for entry in entries] == ["game", "game", "deletion", "game", "restoration"]
    assert [game["number"] for game in risk_skyrim.state_json(folded.current)["games"]] == [1, 2, 3]


def test_a_journal_restoring_a_play_that_is_not_deleted_is_refused():
    data = a_journal(play_corrections=[{"after_game": 2, "restored": 2}])
    with pytest.raises(RuleError, match="play 2 is not deleted: there is nothing to restore"):
        journal.load(data, RULES)


# Undo, "as of game n" and the fold ---------------------------------------------------------


def test_undoing_a_correction_or_deletion_gives_the_log_before_it():
    before = games(chaos(1), chaos(2), chaos(3))
    for change in (play_log.correction_entry(2, chaos(2, ana=10, ben=30)), play_log.deletion_entry(2)):
        undone = base.fold(risk_skyrim, PLAYERS, before)  # undo refolds the journal without its last entry
        assert base.fold(risk_skyrim, PLAYERS, [*before, change]).current != undone.current
        assert undone.current == SKYRIM.logged(*before)


def test_a_play_log_keeps_no_state_per_game_and_works_out_the_state_as_of_a_play():
    entries = games(chaos(1), chaos(2, ana=10, ben=30), chaos(3))
    folded = base.fold(risk_skyrim, PLAYERS, entries)
    assert folded.entries is None and folded.games_played == 3  # nothing kept to go back: derived
    for number in range(4):
        prefix = base.fold(risk_skyrim, PLAYERS, entries[:number]).current
        assert folded.as_of(number) == prefix
        assert risk_skyrim.state_json(folded.as_of(number)) == risk_skyrim.state_json(prefix)
    with pytest.raises(KeyError):
        folded.as_of(-1)


def test_the_state_as_of_a_play_counts_the_plays_up_to_it_as_they_stand_now():
    folded = base.fold(risk_skyrim, PLAYERS, games(chaos(1), chaos(2), chaos(3)))
    base.extend(risk_skyrim, folded, [play_log.correction_entry(1, chaos(1, ana=10, ben=30)),
                                      play_log.deletion_entry(2)])
    as_of_2 = folded.as_of(2)
    assert [game.number for game in as_of_2.games] == [1]
    assert as_of_2.game(1).winners == ["Ben"] and as_of_2.is_deleted(2)
    assert risk_skyrim.state_json(as_of_2)["as_of_game"] == 2
    assert as_of_2.records["Ben"].wins == 1 and folded.current.records["Ana"].wins == 1
    assert folded.as_of(3) is folded.current


def test_a_campaign_still_gives_its_state_as_of_each_game():
    data = load_journal("risk_legacy_15_games.json")
    _, _, _, _, folded = journal.load(data, RULES)
    assert folded.derive is None and [len(folded.as_of(n).games) for n in range(16)] == list(range(16))


def test_corrections_and_deletions_are_described_for_the_history():
    assert risk_skyrim.describe(play_log.correction_entry(2, chaos(2))) == "correction of play 2, Chaos: Ana, Ben"
    assert risk_skyrim.describe(play_log.deletion_entry(2)) == "deletion of play 2"
    assert captain_america.describe(play_log.deletion_entry(5)) == "deletion of play 5"
    assert captain_america.describe(play_log.correction_entry(1, civil_war(1))).startswith("correction of play 1")


# The journal ------------------------------------------------------------------------------


def a_journal(system="risk-skyrim", plays=None, **extra):
    plays = [chaos(1), chaos(2), chaos(3)] if plays is None else plays
    return {"format": "campaign-journal/1", "system": system, "name": "Fixed", "players": PLAYERS,
            "games": plays, **extra}


def test_corrections_and_deletions_round_trip_in_the_journal():
    data = a_journal(play_corrections=[
        {"after_game": 2, "corrected": chaos(1, ana=10, ben=30)},
        {"after_game": 3, "deleted": 2},
        {"after_game": 3, "corrected": chaos(1, ana=11, ben=30)},
    ])
    assert round_trip(data) == data
    _, _, _, entries, folded = journal.load(data, RULES)
    assert [entry.kind for entry in entries] == ["game", "game", "correction", "game", "deletion", "correction"]
    state = risk_skyrim.state_json(folded.current)
    assert [game["number"] for game in state["games"]] == [1, 3]
    assert state["games"][0]["scores"]["Ana"] == 18


def test_a_journal_written_from_the_forms_entries_carries_them_in_order():
    entries = [*games(chaos(1), chaos(2)), play_log.deletion_entry(1), Entry("game", chaos(3)),
               play_log.correction_entry(2, chaos(2, ana=10, ben=30))]
    written = journal.write(risk_skyrim, "Fixed", PLAYERS, entries)
    assert written["play_corrections"] == [
        {"after_game": 2, "deleted": 1}, {"after_game": 3, "corrected": chaos(2, ana=10, ben=30)}]
    assert [game["number"] for game in written["games"]] == [1, 2, 3]
    assert journal.read(written, RULES)[3] == entries


def test_a_journal_without_corrections_has_no_such_key():
    data = load_journal("captain_america_plays.json")
    assert "play_corrections" not in round_trip(data)
    assert round_trip(data) == data


def test_a_captain_america_journal_round_trips_with_them_too():
    data = a_journal("captain-america", [civil_war(1), civil_war(2)], play_corrections=[
        {"after_game": 2, "corrected": civil_war(1, rooms=(14, 14))}, {"after_game": 2, "deleted": 2}])
    assert round_trip(data) == data
    assert captain_america.state_json(journal.load(data, RULES)[4].current)["games_played"] == 1


@pytest.mark.parametrize(
    ("corrections", "message"),
    [
        ({"after_game": 1, "deleted": 1}, "'play_corrections' must be a list"),
        ([], "'play_corrections' lists at least one change: leave it out when there is none"),
        (["delete 1"], "play correction 1: a play correction must be a JSON object"),
        ([{"after_game": 1}], "play correction 1: a play correction holds one of 'corrected', 'deleted' or 'restored'"),
        ([{"after_game": 1, "deleted": 1, "corrected": chaos(1)}],
         "play correction 1: a play correction holds one of 'corrected', 'deleted' or 'restored'"),
        ([{"after_game": 1, "deleted": 1, "why": "typo"}],
         "play correction 1: unknown key 'why' in a play correction (its keys: after_game, deleted)"),
        ([{"after_game": 4, "deleted": 1}],
         "play correction 1: 'after_game' must be the number of plays logged when it was made, from 0 to 3, in order"),
        ([{"after_game": 2, "deleted": 1}, {"after_game": 1, "deleted": 2}],
         "play correction 2: 'after_game' must be the number of plays logged when it was made, from 2 to 3, in order"),
        ([{"after_game": 1, "corrected": "game 1"}],
         "play correction 1: 'corrected' must be the play as it should read"),
        ([{"after_game": 1, "deleted": 2}], "deletion of game 2: there is no play 2: the log has plays 1 to 1"),
        ([{"after_game": 3, "deleted": 1}, {"after_game": 3, "corrected": chaos(1, ana=10)}],
         "correction of game 1: play 1 was deleted, so it cannot be corrected"),
        ([{"after_game": 3, "corrected": {**chaos(2), "mode": "chaotic"}}],
         "game 2: 'mode' must be one of chaos, dovahkiin, civil_war (did you mean chaos?)"),
    ],
)
def test_a_journal_with_a_wrong_correction_is_refused_with_its_place(corrections, message):
    with pytest.raises(RuleError) as refused:
        journal.load(a_journal(play_corrections=copy.deepcopy(corrections)), RULES)
    assert str(refused.value) == message


def test_only_play_logs_have_play_corrections():
    data = load_journal("risk_legacy_15_games.json")
    data["play_corrections"] = []
    with pytest.raises(RuleError, match="unknown key 'play_corrections' in the journal"):
        journal.load(data, RULES)
    assert "play_corrections" not in risk_legacy.JOURNAL_KEYS


def test_the_every_kind_play_logs_hold_every_entry_kind_and_ending():
    """The crawl walks these logs: when a play log learns an entry kind, mode or optional seat
    key, this fails until tests/journals.py holds it."""
    from tests.journals import play_log_journals

    journals = play_log_journals()
    for data in journals.values():
        assert round_trip(data) == data
        entries = journal.read(data, RULES)[3]
        assert {entry.kind for entry in entries} == set(play_log.ENTRY_KINDS)
        # Combinations a group makes: a play corrected, then deleted; a play corrected twice.
        corrected = [entry.data["number"] for entry in entries if entry.kind == play_log.CORRECTION]
        deleted = [entry.data["number"] for entry in entries if entry.kind == play_log.DELETION]
        assert set(corrected) & set(deleted) and len(corrected) > len(set(corrected))
    skyrim = journals["Every kind of Skyrim play"]["games"]
    assert {game["mode"] for game in skyrim} == set(risk_skyrim.MODES)
    seat_keys = {key for game in skyrim for seat in game["seats"] for key in seat}
    assert seat_keys == {"player", "faction", "score"} | {  # score: a play brought in from BG Stats
        key for required, optional in risk_skyrim.SEAT_FIELDS.values() for key in (*required, *optional)
    }
    assert any("bg_stats" in game for game in skyrim)
    civil_war = journal.load(journals["Every kind of Civil War play"], RULES)[4].current
    assert {len(game.players) for game in civil_war.games} == {2, 4}
    still_counted = [number for number in civil_war.corrections if not civil_war.is_deleted(number)]
    assert {len(civil_war.game(number).players) for number in still_counted} == {2}  # a 2-player play corrected
    as_first_logged = {**journals["Every kind of Civil War play"]}
    del as_first_logged["play_corrections"]
    results = {game["result"] for game in captain_america.state_json(journal.load(as_first_logged, RULES)[4].current)["games"]}
    assert results == {"captain-america", "iron-man", "draw"}


# Any legal log of plays, corrections and deletions ----------------------------------------


@st.composite
def log_with_changes(draw):
    """A random Risk: Skyrim journal: 1 to 6 legal plays, and after each play 0 to 2 changes
    (a correction by another legal play, or a deletion) of the plays logged so far and not deleted."""
    plays, changes, standing = [], [], {}
    for number in range(1, draw(st.integers(1, 6)) + 1):
        play = draw(legal_game(number))
        plays.append(play)
        standing[number] = play
        for _ in range(draw(st.integers(0, 2))):
            if not standing:
                break
            target = draw(st.sampled_from(sorted(standing)))
            if draw(st.booleans()):
                fixed = draw(legal_game(target))
                if fixed != standing[target]:
                    changes.append({"after_game": number, "corrected": fixed})
                    standing[target] = fixed
            else:
                changes.append({"after_game": number, "deleted": target})
                del standing[target]
    data = {"format": "campaign-journal/1", "system": "risk-skyrim", "name": "Random",
            "players": SKYRIM_PLAYERS, "games": plays}
    if changes:
        data["play_corrections"] = changes
    return data, standing


def concerns(entry, number):
    """Whether an entry logs, corrects or deletes a play numbered `number` or less."""
    return entry.kind == "setup" or entry.data["number"] <= number


@settings(max_examples=40, deadline=None)
@given(log_with_changes())
def test_any_log_with_changes_round_trips_and_counts_the_plays_as_they_stand(drawn):
    data, standing = drawn
    assert round_trip(data) == data
    system, _, players, entries, folded = journal.load(data, RULES)
    state = folded.current
    assert [game.number for game in state.games] == sorted(standing)
    assert all(state.play_data(number) == play for number, play in standing.items())
    as_json = risk_skyrim.state_json(state)
    assert sum(p["plays"] for p in as_json["players"].values()) == sum(
        len(play["seats"]) for play in standing.values())
    # The state as of play n is the log of what concerns plays 1 to n, folded alone.
    for number in range(folded.games_played + 1):
        alone = base.fold(system, players, [entry for entry in entries if concerns(entry, number)])
        assert folded.as_of(number) == alone.current


def test_folding_a_play_log_copies_no_state(monkeypatch):
    # The linear cost of a long log, without timing anything: no copy of the state per play.
    monkeypatch.setattr(base, "snapshot", lambda state: pytest.fail("copied a play log's state"))
    folded = base.fold(risk_skyrim, PLAYERS, games(*(chaos(number) for number in range(1, 51))))
    assert folded.games_played == 50 and folded.entries is None
    assert len(folded.as_of(20).games) == 20


def test_a_journal_and_its_entries_share_no_data():
    data = a_journal(play_corrections=[{"after_game": 3, "corrected": chaos(1, ana=10, ben=30)}])
    entries = journal.read(data, RULES)[3]
    data["games"][0]["seats"][0]["territories"] = 0
    data["play_corrections"][0]["corrected"]["seats"][0]["territories"] = 0
    assert entries[0].data == chaos(1) and entries[-1].data == chaos(1, ana=10, ben=30)
    written = journal.write(risk_skyrim, "Fixed", PLAYERS, entries)
    written["games"][0]["seats"][0]["territories"] = 1
    assert entries[0].data == chaos(1)
