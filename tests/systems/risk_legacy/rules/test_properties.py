"""Properties of the Risk Legacy fold over random legal campaigns (hypothesis).

A campaign is generated entry by entry against the live state: starts come from
`legal_starts`, rewards from `reward_targets`, events from what the board allows, so every
generated entry must be accepted. Plain Python, no Django.
"""

from __future__ import annotations

import copy
import json
import pickle
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from campaigns.rules import journal
from campaigns.rules import risk_legacy as rl
from campaigns.rules.base import Entry, RuleError, fold

from tests.journal_files import RULES

PLAYERS = ["Ana", "Ben", "Cid", "Dee", "Eve"]
FAST = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


class Generated:
    """A random legal campaign: its entries, and the state before the last entry."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.state = rl.new_state(PLAYERS)
        self.entries: list[Entry] = []
        self._before_last = pickle.dumps(self.state)  # a pickle is a cheap snapshot
        self.counter = 0

    @property
    def before_last(self) -> rl.RiskLegacyState:
        return pickle.loads(self._before_last)

    def add(self, kind: str, data: dict) -> None:
        entry = Entry(kind, data)
        self._before_last = pickle.dumps(self.state)
        rl.apply(self.state, entry)  # every generated entry is legal: a RuleError fails the test
        self.entries.append(entry)

    def name(self, what: str) -> str:
        self.counter += 1
        return f"{what} {self.counter}"


def random_setup(rng: random.Random) -> dict:
    coins: dict[str, int] = {}
    for territory in rng.sample(rl.TERRITORIES, 12):  # 12 distinct draws, one coin each
        coins[territory] = 1
    while rng.random() < 0.5:  # move some coins together, never past 3 resources on a card
        giver, taker = rng.sample(sorted(coins), 2)
        if coins[giver] == 1 and coins[taker] == 1:
            del coins[giver]
            coins[taker] = 2
    data = {"starting_powers": {f: f"{f} power" for f in rl.FACTIONS}, "coin_stickers": coins}
    if rng.random() < 0.5:
        data["trade_in_chart"] = {str(n): 2 * n for n in range(2, rng.randint(3, 10))}
    return data


def random_seats(gen: Generated) -> list[dict]:
    rng, state = gen.rng, gen.state
    count = rng.randint(rl.MIN_SEATS, rl.MAX_SEATS)
    players, factions = rng.sample(PLAYERS, count), rng.sample(rl.FACTIONS, count)
    seats, starts = [], []
    for player, faction in zip(players, factions, strict=True):
        start = rng.choice(rl.legal_starts(state, player, starts))
        starts.append(start)
        seats.append({"player": player, "faction": faction, "start": start})
    return seats


def random_event(gen: Generated) -> dict | None:
    rng, state = gen.rng, gen.state
    seated = [s.player for s in state.last_game.seats]
    kind = rng.choice(["scar", "fortification_box", "city"])
    covers = rng.random() < 0.2  # a card lets this scar or city cover another
    if kind == "scar":
        placers = rl.scar_placers(state.last_game, covers)  # one Scar card a player a game
        if not placers:
            return None
        event = {
            "type": "scar",
            "player": rng.choice(placers),
            "territory": rng.choice(rl.scar_targets(state, covers)),
            "scar": rng.choice(state.scar_types).name,
        }
        return {**event, "allowed_by_card": True} if covers else event
    if kind == "fortification_box":
        fortified = [t for t in rl.TERRITORIES if state.territories[t].fortification]
        if not fortified:
            return None
        territory = rng.choice(fortified)
        left = state.territories[territory].fortification.boxes_left
        return {"type": "fortification_box", "territory": territory, "count": rng.randint(1, left)}
    supply = rl.supplies(state)
    kinds = [
        k
        for k, key in (
            ("minor", "minor_cities"),
            ("major", "major_cities"),
            ("world_capital", "world_capitals"),
        )
        if supply[key]
    ]
    free = rl.city_targets(state, covers)
    if not kinds or not free:
        return None
    event = {
        "type": "city",
        "territory": rng.choice(free),
        "kind": rng.choice(kinds),
        "name": gen.name("Town"),
        "player": rng.choice(seated),
    }
    return {**event, "allowed_by_card": True} if covers else event


def random_packet(gen: Generated) -> dict:
    rng, state = gen.rng, gen.state
    unlocks: dict = {}
    if rng.random() < 0.5:
        unlocks["scar_types"] = [{"name": gen.name("Scar"), "effect": "Something happens."}]
    if rng.random() < 0.5:
        unlocks["world_capital"] = state.world_capital_unlocked_in is None and rng.random() < 0.7
    if rng.random() < 0.5:
        unlocks["notes"] = "New rules."
    return {"name": gen.name("Packet"), "unlocks": unlocks}


def random_end(gen: Generated) -> dict:
    rng, seats = gen.rng, gen.state.last_game.seats
    winner = rng.choice(seats).player
    favourites = [s.player for s in seats if s.player in ("Ana", "Ben")]
    if favourites and rng.random() < 0.6:  # two frequent winners: signature ties, roll-offs
        winner = rng.choice(favourites)
    results = {
        s.player: "won" if s.player == winner else rng.choice(["held_on", "eliminated"]) for s in seats
    }
    data = {"results": results}
    if rng.random() < 0.6:
        land = list(rl.TERRITORIES)
        rng.shuffle(land)
        control = {}
        for player, result in results.items():
            if result == "eliminated":
                if rng.random() < 0.3:
                    control[player] = []
                continue
            # a held-on player still has troops on the board: at least one territory
            least = 1 if result == "held_on" else 0
            control[player], land = land[: rng.randint(least, 6)], land[6:]
        data["end_control"] = control
    return data


def choice_for(gen: Generated, player: str, kind: str, target: str) -> dict:
    """A choice of `kind` on a target from reward_targets, with fresh names."""
    state, rng = gen.state, gen.rng
    field = "continent" if kind in ("name_continent", "change_continent_bonus") else "territory"
    chosen = {"type": kind, field: target}
    if kind == "name_continent":
        chosen["name"] = gen.name("Land")
    if kind in ("found_major_city", "found_minor_city"):
        chosen["name"] = gen.name("City")
    if kind == "change_continent_bonus":
        chosen["delta"] = rng.choice(rl.bonus_deltas(state))
    if kind == "found_minor_city":
        faction = state.factions[state.last_game.seat_of(player).faction]
        if faction.name is None and rng.random() < 0.5:
            chosen["faction_name"] = gen.name("Faction")
    return chosen


def random_choice(gen: Generated, player: str) -> dict | None:
    options = [(kind, t) for kind, targets in rl.reward_targets(gen.state, player).items() for t in targets]
    if not options:
        return None
    kind, target = gen.rng.choice(options)
    return choice_for(gen, player, kind, target)


def random_rewards(gen: Generated, stop_early: bool) -> None:
    rng, game = gen.rng, gen.state.last_game
    sign = {"comment": "gg"} if rng.random() < 0.5 else {}
    gen.add("reward", {"player": game.winner, "sign": sign, "choice": random_choice(gen, game.winner)})
    for player in list(game.reward_queue):
        if stop_early and rng.random() < 0.3:
            return
        roll = rng.random()
        if roll < 0.25:
            continue  # skipped: passed without a word
        chosen = None if roll < 0.45 else random_choice(gen, player)
        gen.add("reward", {"player": player, "choice": chosen})


def random_world(gen: Generated) -> None:
    state, rng = gen.state, gen.rng
    namers = rl.world_namers(state)
    data = {"name": gen.name("World")}
    if len(namers) == 1:
        data["named_by"] = namers[0]
    else:
        while True:
            rolls = {player: rng.randint(1, 6) for player in namers}
            totals = rl.roll_off_totals(state, rolls)
            best = max(totals.values())
            leaders = [p for p, total in totals.items() if total == best]
            if len(leaders) == 1:
                break
        data["named_by"], data["roll_off"] = leaders[0], rolls
    gen.add("world", data)


def maybe_correct_the_chart(gen: Generated) -> None:
    if gen.rng.random() < 0.15:
        gen.add("trade_in_chart", {"chart": {str(n): n + gen.rng.randint(0, 9) for n in range(2, 11)}})


def random_campaign(games: int, seed: int) -> Generated:
    rng = random.Random(seed)
    gen = Generated(rng)
    gen.add("setup", random_setup(rng))
    maybe_correct_the_chart(gen)
    for number in range(1, games + 1):
        last = number == games
        keys = [key for key in rl.GAME_KEYS if rng.random() < 0.5 and key != "end_control"]
        gen.add(
            "game",
            {
                "number": number,
                "played_on": f"2027-{1 + number // 28:02d}-{1 + number % 28:02d}",
                "seats": random_seats(gen),
                "keys": keys,
            },
        )
        if rng.random() < 0.3:
            gen.add("packet", random_packet(gen))
        for _ in range(rng.randint(0, 3)):
            event = random_event(gen)
            if event:
                gen.add("event", event)
            maybe_correct_the_chart(gen)
        if last and rng.random() < 0.2:
            break  # the last game is still in progress
        gen.add("game_end", random_end(gen))
        if number <= rl.LAST_REWARD_GAME:
            random_rewards(gen, stop_early=last)
        if rng.random() < 0.15:  # a packet whose condition was met during the rewards
            gen.add("packet", random_packet(gen))
        maybe_correct_the_chart(gen)
    if (
        gen.state.phase != rl.PHASE_PLAYING
        and rl.why_not_name_world(gen.state) is None
        and rng.random() < 0.7
    ):
        random_world(gen)
    return gen


def game_prefix(entries: list[Entry], games: int) -> list[Entry]:
    """The entries up to the opening of game `games` + 1."""
    openings = [i for i, entry in enumerate(entries) if entry.kind == "game"]
    return entries if games >= len(openings) else entries[: openings[games]]


# Hypothesis draws the length and a seed (so a failure shrinks to a short campaign); the
# seeded generator makes every choice from what the rules allow at that point.
campaigns = st.builds(random_campaign, st.integers(0, 17), st.integers(0, 2**32 - 1))
seeds = st.integers(0, 2**32 - 1)


@FAST
@given(campaigns, st.integers(0, 17))
def test_the_state_as_of_game_n_is_the_fold_of_the_first_n_games(gen, games):
    games = min(games, len(gen.state.games))
    timeline = fold(rl, PLAYERS, gen.entries)
    assert rl.state_json(timeline.current) == rl.state_json(gen.state)
    prefix = fold(rl, PLAYERS, game_prefix(gen.entries, games))
    assert rl.state_json(prefix.current) == rl.state_json(timeline.as_of(games))


@FAST
@given(campaigns)
def test_export_after_import_gives_back_the_same_journal(gen):
    exported = journal.write(rl, "Random Earth", PLAYERS, gen.entries)
    assert json.loads(json.dumps(exported)) == exported
    system, name, players, entries, timeline = journal.load(exported, RULES)
    assert journal.write(system, name, players, entries) == exported
    assert rl.state_json(timeline.current) == rl.state_json(gen.state)


@FAST
@given(campaigns)
def test_folding_all_entries_but_the_last_undoes_it(gen):
    assert fold(rl, PLAYERS, gen.entries[:-1]).current == gen.before_last


@FAST
@given(campaigns, seeds)
def test_reward_targets_list_exactly_what_apply_accepts(gen, seed):
    rng = random.Random(seed)
    state = gen.state
    queue = state.reward_queue
    if not queue:
        return
    player = queue[0]
    kinds = rl.WINNER_CHOICES if player == state.last_game.winner else rl.HELD_ON_CHOICES
    targets = rl.reward_targets(state, player)
    assert list(targets) == list(kinds)
    for _ in range(10):
        kind = rng.choice(kinds)
        pool = rl.CONTINENTS if kind in ("name_continent", "change_continent_bonus") else rl.TERRITORIES
        target = rng.choice(pool)
        probe = Generated(rng)
        probe.state, probe.counter = copy.deepcopy(state), 1000
        if kind == "change_continent_bonus" and not rl.bonus_deltas(state):
            chosen = {"type": kind, "continent": target, "delta": 1}
        else:
            chosen = choice_for(probe, player, kind, target)
        data = {"player": player, "choice": chosen}
        if player == state.last_game.winner:
            data["sign"] = {}
        before = copy.deepcopy(probe.state)
        try:
            rl.apply(probe.state, Entry("reward", data))
        except RuleError:
            assert target not in targets[kind]
            assert probe.state == before, "a refused reward changed the state"
        else:
            assert target in targets[kind]
