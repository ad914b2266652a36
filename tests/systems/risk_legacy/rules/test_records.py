"""What the fold records for the pages that look back (state.changes, state.setup_coins):
each entry's change in words, where it happened, and what a later entry ended."""

import pytest

from campaigns.rules import journal
from campaigns.rules import risk_legacy as rl
from campaigns.rules.base import Entry

from tests.journal_files import RULES
from tests.journals import JournalBuilder, every_kind_journal


@pytest.fixture(scope="module")
def folded():
    return journal.load(every_kind_journal(), RULES)[4]


def records(state, **about):
    return [c for c in state.changes if all(getattr(c, key) == value for key, value in about.items())]


def test_the_setup_keeps_its_coin_stickers_and_records_one_change_per_card(folded):
    journal_coins = every_kind_journal()["setup"]["coin_stickers"]
    for state in (folded.as_of(0), folded.current):
        assert state.setup_coins == journal_coins
    coins = records(folded.current, kind="coins")
    assert [(c.game, c.territory) for c in coins] == [(None, t) for t in rl.TERRITORIES if t in journal_coins]
    assert coins[0].text == "2 coin stickers at the setup: the card starts with 3 resources"


@pytest.mark.parametrize(
    ("kind", "player", "text"),
    [
        ("elimination", "Cid", "Cid was eliminated"),
        ("recruitment", "Ana", "Ana recruited 31 troops while holding a Missile"),
        ("missiles", None, "1 Missile fired in one combat"),
    ],
)
def test_events_without_a_territory_are_recorded_in_words(folded, kind, player, text):
    change = records(folded.current, kind=kind)[0]
    assert (change.player, change.territory, change.text) == (player, None, text)


def test_a_cancelled_scar_is_ended_by_the_white_sticker(folded):
    scar = records(folded.current, kind="scar", territory="Peru")[0]
    assert scar.ended == "cancelled in game 4 by Eve"
    cancel = records(folded.current, kind="cancel_scar")[0]
    assert cancel.text == "Eve cancelled the Bunker scar on Peru with a white sticker"
    # The state as of game 3 has its own records: the scar still stands there.
    assert records(folded.as_of(3), kind="scar", territory="Peru")[0].ended is None


def test_a_fortification_ends_after_its_10th_box_and_when_refortified(folded):
    first, second, third = records(folded.current, kind="fortify_city", territory="Japan")
    assert first.ended == "all 10 boxes ticked by game 4"
    assert second.ended == "replaced in game 7: its 7 boxes left were lost"
    assert third.ended is None
    assert third.text == "Ana fortified Neo Edo in Japan: 10 boxes (a fresh 10: the 7 boxes left were lost)"
    boxes = [c.text for c in records(folded.current, kind="boxes")]
    assert boxes[1] == (
        "6 fortification boxes ticked on Japan: the 10th is ticked, the city is no longer fortified"
    )


def test_every_reward_is_recorded_with_what_it_named(folded):
    texts = [c.text for c in folded.current.changes if c.game == 1]
    assert "Ana signed the victor's section: “First blood”" in texts
    assert "Ana named South America “Awesometonia”" in texts
    named = "Ben founded the Minor City Nova Cairo in Egypt, and named Enclave of the Bear “The Bearded”"
    assert named in texts
    game_2 = [(c.kind, c.text) for c in folded.current.changes if c.game == 2]
    assert ("add_resource", "Ben added a resource to Congo: the card holds 2") in game_2
    assert ("passed", "Cid passed") in game_2
    bonus = records(folded.current, kind="change_continent_bonus")[0]
    assert (bonus.continent, bonus.text) == ("Asia", "Cid changed Asia's bonus by −1: 7 becomes 6")


def test_the_records_are_not_in_campaign_state(folded):
    assert {"changes", "setup_coins"}.isdisjoint(rl.state_json(folded.current))


def test_a_refused_entry_records_nothing():
    built = JournalBuilder()
    built.add("setup", starting_powers={f: "power" for f in rl.FACTIONS},
              coin_stickers={t: 1 for t in rl.TERRITORIES[:12]})
    built.start(["Ana", "Ben", "Cid"], "2026-09-03")
    before = list(built.state.changes)
    with pytest.raises(rl.RuleError):
        rl.apply(built.state, Entry("event", {"type": "elimination", "player": "Dee"}))
    assert built.state.changes == before


def test_a_scar_or_city_a_card_lets_cover_another_ends_the_covered_one(folded):
    siam = records(folded.current, kind="scar", territory="Siam")
    assert siam[0].ended == "covered in game 5 by Cid's Ammo Shortage scar"
    assert siam[1].text == "Cid scarred Siam: Ammo Shortage, covering its Biohazard scar"
    brazil = records(folded.current, kind="city", territory="Brazil")
    assert brazil[0].ended == "covered in game 5 by the Major City Nova Rio"
    assert brazil[1].text == "Dee founded the Major City Nova Rio in Brazil, covering the Minor City Rio Nova"
