"""The journal in the database: appending through the rules, undo, the cached fold, and
two phones writing at once."""

import copy

import pytest

from campaigns import states, store
from campaigns.models import Campaign, CampaignSnapshot, Entry
from campaigns.rules import journal, play_log
from campaigns.rules.base import RuleError

from tests.conftest import load_journal
from tests.factories import CampaignFactory, UserFactory
from tests.journal_files import RULES
from tests.phones import at_once

NAME = "risk_legacy_15_games.json"


def empty_copy_of(name, owner):
    """A campaign with the journal's roster and no entries, and the journal's entries."""
    system, title, players, entries = journal.read(load_journal(name), RULES)
    campaign = CampaignFactory(name=title, system=system.KEY, owner=owner, players=players)
    return campaign, entries


def test_appending_entries_one_by_one_equals_importing_them(owner):
    campaign, entries = empty_copy_of(NAME, owner)
    for entry in entries:
        store.append(campaign, [entry], owner)
    imported = store.import_journal(load_journal(NAME))
    assert states.state_json(campaign) == states.state_json(imported)
    assert store.export_journal(campaign) == store.export_journal(imported)
    assert campaign.games_played == 15


def test_a_refused_entry_saves_nothing(owner):
    campaign, entries = empty_copy_of(NAME, owner)
    store.append(campaign, entries[:1], owner)
    version = Campaign.objects.get(pk=campaign.pk).journal_version
    with pytest.raises(RuleError):
        store.append(campaign, entries[:1], owner)  # a second setup
    assert campaign.entries.count() == 1
    assert Campaign.objects.get(pk=campaign.pk).journal_version == version


def test_undo_gives_exactly_the_state_before_the_entry(owner):
    campaign, entries = empty_copy_of(NAME, owner)
    store.append(campaign, entries[:-1], owner)
    before = states.state_json(campaign)
    store.append(campaign, entries[-1:], owner)
    assert states.state_json(campaign) != before
    undone = store.undo_last(campaign, owner)
    assert undone.kind == entries[-1].kind
    assert states.state_json(campaign) == before
    assert campaign.entries.filter(undone_by=owner).count() == 1


def test_an_entry_can_be_recorded_again_after_being_undone(owner):
    campaign, entries = empty_copy_of(NAME, owner)
    store.append(campaign, entries[:3], owner)
    store.undo_last(campaign, owner)
    store.append(campaign, entries[2:3], owner)
    assert campaign.entries.live().count() == 3


def test_the_state_as_of_each_game_matches_a_journal_cut_after_that_game(owner):
    data = load_journal(NAME)
    campaign = store.import_journal(data)
    for n in (1, 7, 14):
        cut = {**data, "games": data["games"][:n]}
        cut.pop("world", None)
        assert states.state_json(campaign, as_of=n) == states.state_json(store.import_journal(cut))


def test_a_page_view_reads_the_cached_fold(owner, django_assert_num_queries, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):  # the import's fold, once committed
        campaign = store.import_journal(load_journal(NAME))
    campaign = Campaign.objects.get(pk=campaign.pk)
    with django_assert_num_queries(0):
        states.state(campaign)
        states.state(campaign, as_of=3)


def test_another_process_reads_one_cached_state_without_folding(owner, django_assert_num_queries):
    campaign = store.import_journal(load_journal(NAME))
    expected = states.state_json(campaign, as_of=4)
    states.forget_in_process()
    campaign = Campaign.objects.get(pk=campaign.pk)
    with django_assert_num_queries(0):
        assert campaign.rules.state_json(states.state(campaign, as_of=4)) == expected


def test_the_cache_is_invalidated_by_a_write(owner):
    campaign = store.import_journal(load_journal(NAME))
    before = states.state_json(campaign)
    store.undo_last(campaign, owner)
    assert states.state_json(Campaign.objects.get(pk=campaign.pk)) != before


def test_a_guard_is_asked_with_the_state_under_the_lock_and_its_refusal_saves_nothing(owner):
    campaign = store.import_journal(load_journal("risk_skyrim_plays.json"), owner=owner)
    stale = Campaign.objects.get(pk=campaign.pk)  # a page loaded before the next write
    store.append(campaign, [play_log.correction_entry(8, corrected(campaign, 8))], owner)
    asked = []

    def guard(state):
        asked.append(state.corrections_of(8))
        play_log.as_seen(8, 0)(state)

    version = Campaign.objects.get(pk=campaign.pk).journal_version
    with pytest.raises(RuleError, match="play 8 was corrected on another phone since this form was loaded"):
        store.append(stale, [play_log.correction_entry(8, corrected(campaign, 8, 1))], owner, guard=guard)
    assert asked == [1]  # the state as it is now, not as the stale object last saw it
    assert Campaign.objects.get(pk=campaign.pk).journal_version == version
    assert states.state(Campaign.objects.get(pk=campaign.pk)).corrections_of(8) == 1


def test_a_guard_that_passes_lets_the_entries_through(owner):
    campaign = store.import_journal(load_journal("risk_skyrim_plays.json"), owner=owner)
    correction = play_log.correction_entry(8, corrected(campaign, 8))
    store.append(campaign, [correction], owner, guard=play_log.as_seen(8, 0))
    assert states.state(campaign).corrections_of(8) == 1


def corrected(campaign, number, more=0):
    """Play `number` as it reads now with its first seat's territories changed."""
    data = copy.deepcopy(states.state(campaign).play_data(number))
    data["seats"][0]["territories"] -= 1 + more
    return data


@pytest.mark.django_db(transaction=True)
def test_two_phones_recording_the_same_step_at_once_save_it_once():
    owner = UserFactory()
    campaign, entries = empty_copy_of(NAME, owner)
    first_game = next(i for i, entry in enumerate(entries) if entry.kind == "game")
    store.append(campaign, entries[:first_game], owner)

    def phone():
        store.append(Campaign.objects.get(pk=campaign.pk), [entries[first_game]], owner)
        return "saved"

    outcomes = at_once(phone, phone)
    assert outcomes.count("saved") == 1
    assert all(isinstance(outcome, RuleError) for outcome in outcomes if outcome != "saved")
    assert campaign.entries.live().filter(kind="game").count() == 1


def test_several_campaigns_fold_from_two_queries_and_match_their_own_folds(owner, django_assert_num_queries):
    names = ["risk_legacy_15_games.json", "dawnguard_campaign.json", "risk_skyrim_plays.json", "captain_america_plays.json"]
    campaigns = [store.import_journal(load_journal(name)) for name in names]
    expected = {c.pk: states.state_json(c) for c in campaigns}
    states.forget_in_process()
    from django.core.cache import cache

    cache.clear()
    campaigns = list(Campaign.objects.filter(pk__in=expected))
    with django_assert_num_queries(1):  # the writers' snapshots
        folded = states.timelines(campaigns)
    assert {c.pk: c.rules.state_json(folded[c.pk].current) for c in campaigns} == expected
    # Campaigns with no snapshot (kept before snapshots were): folded from two queries in all.
    CampaignSnapshot.objects.all().delete()
    states.forget_in_process()
    applied = states.entries_applied()
    with django_assert_num_queries(3):
        folded = states.timelines(campaigns)
    assert {c.pk: c.rules.state_json(folded[c.pk].current) for c in campaigns} == expected
    assert states.entries_applied() - applied == Entry.objects.filter(campaign__in=campaigns).count()


@pytest.mark.django_db(transaction=True)
def test_five_phones_confirming_the_same_undo_at_once_undo_exactly_one_entry():
    owner = UserFactory()
    campaign = store.import_journal(load_journal(NAME), owner=owner)
    shown = campaign.entries.live().order_by("-position").first()
    live_before = campaign.entries.live().count()

    def phone():
        store.undo_last(Campaign.objects.get(pk=campaign.pk), owner, entry_id=shown.pk)
        return "undone"

    outcomes = at_once(*[phone] * 5)
    assert outcomes.count("undone") == 1
    assert all(isinstance(o, store.NotTheLastEntry) for o in outcomes if o != "undone")
    assert all(o.asked.pk == shown.pk and o.asked.undone_at is not None for o in outcomes if o != "undone")
    assert campaign.entries.live().count() == live_before - 1


def test_an_undo_tied_to_an_entry_that_is_not_last_undoes_nothing(owner):
    campaign, entries = empty_copy_of(NAME, owner)
    store.append(campaign, entries[:3], owner)
    shown = campaign.entries.live().order_by("-position").first()
    store.append(campaign, entries[3:4], owner)  # another phone recorded after it
    with pytest.raises(store.NotTheLastEntry) as refused:
        store.undo_last(campaign, owner, entry_id=shown.pk)
    assert refused.value.asked == shown and refused.value.last.position == 3
    assert campaign.entries.live().count() == 4


def test_an_entry_with_a_text_the_database_refuses_is_refused_before_saving(owner):
    campaign, entries = empty_copy_of(NAME, owner)
    setup = entries[0]
    bad = type(setup)(setup.kind, {**setup.data, "note": "x\x00y"})
    with pytest.raises(RuleError, match="NUL"):
        store.append(campaign, [bad], owner)
    assert not campaign.entries.exists()


# A play log's corrections, deletions and its cheap fold ---------------

SKYRIM = "risk_skyrim_plays.json"


def test_a_play_log_keeps_only_its_state_now(owner):
    from django.core.cache import cache

    campaign = store.import_journal(load_journal(SKYRIM), owner)
    assert campaign.games_played >= 2
    assert CampaignSnapshot.objects.get(pk=campaign.pk).journal_version == campaign.journal_version
    assert all(cache.get(states._state_key(campaign, n)) is None for n in range(campaign.games_played + 1))
    assert states.timeline(campaign).entries is None  # nothing kept to go back: derived when asked


def test_a_play_log_as_of_each_play_matches_a_journal_cut_after_it(owner):
    data = load_journal(SKYRIM)
    campaign = store.import_journal(data, owner)
    for n in range(campaign.games_played):
        cut = {**data, "games": data["games"][:n]}
        assert states.state_json(campaign, as_of=n) == states.state_json(store.import_journal(cut))


def test_another_process_works_out_a_play_log_as_of_a_play_from_one_kept_state(owner, django_assert_num_queries):
    campaign = store.import_journal(load_journal(SKYRIM), owner)
    expected = states.state_json(campaign, as_of=1)
    states.forget_in_process()
    campaign = Campaign.objects.get(pk=campaign.pk)
    with django_assert_num_queries(1):  # the writer's snapshot
        assert campaign.rules.state_json(states.state(campaign, as_of=1)) == expected
        states.state(campaign)


def test_a_correction_and_a_deletion_are_saved_exported_and_undone(owner):
    from campaigns.rules import play_log

    data = load_journal(SKYRIM)
    campaign = store.import_journal(data, owner)
    plays = campaign.games_played
    before = states.state_json(campaign)
    corrected = {**data["games"][0], "played_on": "2026-01-02"}
    store.append(campaign, [play_log.correction_entry(1, corrected)], owner)
    store.append(campaign, [play_log.deletion_entry(plays)], owner)
    state = states.state_json(campaign)
    assert state["games"][0]["played_on"] == "2026-01-02"
    assert [game["number"] for game in state["games"]] == list(range(1, plays))
    # The last play's number stays taken (the as-of bound); the count shown drops the deleted play.
    assert (campaign.games_played, campaign.games_finished) == (plays, plays - 1)
    exported = store.export_journal(campaign)
    assert exported["play_corrections"] == [
        {"after_game": plays, "corrected": corrected}, {"after_game": plays, "deleted": plays}]
    assert store.export_journal(store.import_journal(exported)) == exported
    assert store.undo_last(campaign, owner).kind == "deletion"
    assert store.undo_last(campaign, owner).kind == "correction"
    assert states.state_json(campaign) == before
    assert "play_corrections" not in store.export_journal(campaign)


def test_a_refused_correction_saves_nothing(owner):
    from campaigns.rules import play_log

    data = load_journal(SKYRIM)
    campaign = store.import_journal(data, owner)
    version = Campaign.objects.get(pk=campaign.pk).journal_version
    with pytest.raises(RuleError, match="there is no play 99"):
        store.append(campaign, [play_log.correction_entry(99, data["games"][0])], owner)
    assert not campaign.entries.filter(kind="correction").exists()
    assert Campaign.objects.get(pk=campaign.pk).journal_version == version


def test_the_states_kept_in_the_process_drop_the_least_recently_used_first():
    from campaigns.rules.base import Timeline

    states.forget_in_process()
    for pk in range(states.MEMO_SIZE):
        states._remember_in_process(pk, 1, Timeline(current=pk))
    assert states._in_process(0, 1).current == 0  # a hit: now the most recently used
    states._remember_in_process(states.MEMO_SIZE, 1, Timeline(current="new"))
    assert states._in_process(0, 1) is not None  # kept: it was just read
    assert states._in_process(1, 1) is None  # the least recently used went
    states.forget_in_process()


def test_a_roster_change_keeps_the_snapshot_at_the_new_version(owner):
    from campaigns import roster

    campaign = store.import_journal(load_journal(NAME), owner=owner)
    roster.add_player(campaign, "Zed")
    campaign.refresh_from_db()
    snapshot = CampaignSnapshot.objects.get(pk=campaign.pk)
    assert snapshot.journal_version == campaign.journal_version
    states.forget_in_process()
    applied = states.entries_applied()
    assert "Zed" in states.state(campaign).players
    assert states.entries_applied() == applied  # read from the snapshot, nothing folded


def test_the_day_last_played_follows_the_journal_through_every_kind_of_write(owner):
    """An append takes it from its own last game (no query); a write without one leaves it; an
    undo reads it from the journal. Each time it is the journal's last live game's day, a date."""
    from campaigns.rules import play_log
    from campaigns.rules.base import GAME_KIND
    from campaigns.rules.base import Entry as RulesEntry

    data = load_journal(SKYRIM)
    campaign = store.import_journal(data, owner)

    def journal_says():
        last = campaign.entries.live().filter(kind=GAME_KIND).order_by("-position").first()
        return last.data["played_on"] if last else None

    def agrees():
        saved = Campaign.objects.get(pk=campaign.pk)
        assert saved.last_played_on == campaign.last_played_on
        assert str(campaign.last_played_on) == journal_says()
        assert saved.journal_version == campaign.journal_version

    agrees()
    later = {**data["games"][-1], "number": campaign.games_played + 1, "played_on": "2027-03-04"}
    store.append(campaign, [RulesEntry("game", later)], owner)
    agrees()
    store.append(campaign, [play_log.deletion_entry(1)], owner)  # no game: the day stands
    agrees()
    store.undo_last(campaign, owner)
    store.undo_last(campaign, owner)  # the journal's last game is the one before again
    agrees()
