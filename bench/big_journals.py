"""Valid journals as long as the upload limits allow, and a tenth of them, for measuring the
folds (bench/fold_bench.py) and for the tests that bound them (tests/rules/test_fold_linear.py).

    risk_legacy_journal(games)    a Risk Legacy campaign of `games` games (500: JOURNAL_MAX_GAMES)
    dawnguard_journal(sittings)   a Dawnguard campaign of `sittings` sittings (480: three chapters
                                  of 160)
    play_log_journal(plays)       a Risk: Skyrim play log of `plays` plays (5,000: PLAY_LOG_MAX_GAMES)

Each entry is drawn at random (seeded: the same journal every time) and applied by the rules
layer as it is drawn; a draw the rules refuse is left out, so every journal passes the rules.
They are as a group writes them: 3 to 5 seats, scars, cities, fortifications, Missiles,
eliminations and rewards (games 1 to 15), packets, a named world; pledges, markers, day and
night, hunger, feeding, day turns, fort stars and cards, level-ups, threat tokens, a player
joining, every chapter completed but the last. About 800 bytes a game as the export writes
them (indent=2), as the journals at the upload limits (500 Risk Legacy games: 404 KB).

No Django: `python bench/big_journals.py risk-legacy 500 > out.json` writes one.
"""

from __future__ import annotations

import datetime
import json
import random
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def demo_journal(name: str) -> Path:
    """A demo journal, in the folder of the system that shows it (GameSystem.demo_journals)."""
    return next(ROOT.glob(f"campaigns/systems/*/journals/{name}"))

from campaigns.rules import dawnguard as dg  # noqa: E402
from campaigns.rules import journal as journal_module  # noqa: E402
from campaigns.rules import risk_legacy as rl  # noqa: E402
from campaigns.rules.base import Entry, RuleError  # noqa: E402

PLAYERS = ["Ana", "Ben", "Cid", "Dee", "Eve"]
FIRST_DAY = datetime.date(2006, 1, 6)

# The upload limits (campaigns/rules/limits.py) and the journals measured against them.
RISK_LEGACY_GAMES = 500
DAWNGUARD_SITTINGS = 480
PLAY_LOG_PLAYS = 5_000


def _played_on(number: int) -> str:
    return (FIRST_DAY + datetime.timedelta(days=7 * number)).isoformat()


class _Builder:
    """Entries added one at a time, each applied by the rules first: `add` keeps an entry
    the rules accept, `tried` says whether they did (a refused draw changes nothing)."""

    def __init__(self, rules, players: list[str]):
        self.rules, self.players = rules, list(players)
        self.state = rules.new_state(self.players)
        self.entries: list[Entry] = []

    def add(self, kind: str, data: dict) -> None:
        entry = Entry(kind, data)
        self.rules.apply(self.state, entry)  # a step the rules refuse fails here, with its message
        self.entries.append(entry)

    def tried(self, kind: str, data: dict) -> bool:
        try:
            self.add(kind, data)
        except RuleError:
            return False
        return True

    def journal(self, name: str) -> dict:
        return journal_module.write(self.rules, name, self.players, self.entries)


# Risk Legacy -----------------------------------------------------------------------------

SCARRED_AT_MOST = 10  # past that, a scar covers a scar (a card allows it): starts stay open


def risk_legacy_journal(games: int = RISK_LEGACY_GAMES, seed: int = 17) -> dict:
    rng = random.Random(seed)
    b = _Builder(rl, PLAYERS)
    coins = dict.fromkeys(rl.TERRITORIES[:12], 1)
    b.add("setup", {"starting_powers": {f: f"{f}'s power" for f in rl.FACTIONS}, "coin_stickers": coins})
    for number in range(1, games + 1):
        _rl_start(b, rng, number)
        if number % 10 == 1:
            unlocks: dict = {"notes": f"Packet {number}: a new rule for every game from now on."}
            if number % 50 == 1:
                unlocks["scar_types"] = [{"name": f"Scar {number}", "effect": "Lose a troop here each turn."}]
            b.add("packet", {"name": f"Packet opened in game {number}", "unlocks": unlocks})
        _rl_events(b, rng)
        _rl_end(b, rng)
        if number <= rl.LAST_REWARD_GAME:
            _rl_rewards(b, rng, number)
        if number == rl.LAST_REWARD_GAME:
            _rl_world(b, rng)
    return b.journal(f"Risk Legacy, {games} games")


def _rl_start(b: _Builder, rng: random.Random, number: int) -> None:
    while True:  # a table whose HQs all find a legal start
        players = rng.sample(PLAYERS, rng.randint(rl.MIN_SEATS, rl.MAX_SEATS))
        starts: list[str] = []
        for player in players:
            legal = rl.legal_starts(b.state, player, starts)
            if not legal:
                break
            starts.append(rng.choice(legal))
        else:
            break
    factions = rng.sample(rl.FACTIONS, len(players))
    seats = [{"player": p, "faction": f, "start": s} for p, f, s in zip(players, factions, starts)]
    b.add("game", {"number": number, "played_on": _played_on(number), "seats": seats})


def _rl_events(b: _Builder, rng: random.Random) -> None:
    state, game = b.state, b.state.last_game
    seated = [seat.player for seat in game.seats]
    scarred = [t for t in rl.TERRITORIES if state.territories[t].scar]
    scar = {"type": "scar", "player": rng.choice(seated), "scar": rng.choice(state.scar_types).name}
    if len(scarred) < SCARRED_AT_MOST:
        b.add("event", {**scar, "territory": rng.choice(rl.scar_targets(state))})
    else:
        b.add("event", {**scar, "territory": rng.choice(scarred), "allowed_by_card": True})
    fortified = rl.fortification_box_targets(state)
    if fortified:
        territory = rng.choice(fortified)
        boxes = state.territories[territory].fortification.boxes_left
        b.add(
            "event",
            {"type": "fortification_box", "territory": territory, "count": rng.randint(1, min(3, boxes))},
        )
    if rl.missiles_left(state, game) and rng.random() < 0.5:
        b.add("event", {"type": "missiles", "count": rng.randint(1, min(3, rl.missiles_left(state, game)))})
    holders = rl.missile_holders(state, game)
    if holders and rng.random() < 0.5:
        b.add("event", {"type": "recruitment", "player": rng.choice(holders), "troops": rng.randint(5, 35)})
    if rng.random() < 0.6:
        b.add("event", {"type": "elimination", "player": rng.choice(rl.eliminable(game))})


def _rl_end(b: _Builder, rng: random.Random) -> None:
    game = b.state.last_game
    out = rl.eliminated_during(game)
    standing = [seat.player for seat in game.seats if seat.player not in out]
    winner = rng.choice(standing)
    results = {seat.player: "eliminated" for seat in game.seats}
    results.update(
        {p: "won" if p == winner else rng.choice(("held_on", "held_on", "eliminated")) for p in standing}
    )
    held = {seat.player: [seat.start] for seat in game.seats if results[seat.player] != "eliminated"}
    free = [t for t in rl.TERRITORIES if t not in {seat.start for seat in game.seats}]
    rng.shuffle(free)
    for player in held:
        held[player] += [free.pop() for _ in range(rng.randint(0, 1))]
    b.add("game_end", {"results": results, "end_control": held})


def _rl_rewards(b: _Builder, rng: random.Random, number: int) -> None:
    names = iter(f"{kind} {number}-{n}" for n in range(100) for kind in ("Nova", "Port", "Fort"))
    while b.state.reward_queue:
        player = b.state.reward_queue[0]
        winner = player == b.state.last_game.winner
        targets = {kind: found for kind, found in rl.reward_targets(b.state, player).items() if found}
        choices = []
        for kind, found in targets.items():
            choice = {
                "type": kind,
                (
                    "continent" if kind in ("name_continent", "change_continent_bonus") else "territory"
                ): rng.choice(found),
            }
            if kind in ("name_continent", "found_major_city", "found_minor_city"):
                choice["name"] = next(names)
            if kind == "change_continent_bonus":
                choice["delta"] = rng.choice(rl.bonus_deltas(b.state))
            choices.append(choice)
        if not winner:
            choices.append(None)  # a held-on player may pass
        reward: dict = {"player": player, "choice": rng.choice(choices)}
        if winner:
            reward["sign"] = {"comment": f"Game {number}, won by {player}"}
        b.add("reward", reward)


def _rl_world(b: _Builder, rng: random.Random) -> None:
    namers = rl.world_namers(b.state)
    if len(namers) == 1:
        b.add("world", {"name": "Awesometonia", "named_by": namers[0]})
        return
    while True:
        rolls = {player: rng.randint(1, rl.DIE_FACES) for player in namers}
        totals = rl.roll_off_totals(b.state, rolls)
        best = [player for player, total in totals.items() if total == max(totals.values())]
        if len(best) == 1:
            b.add("world", {"name": "Awesometonia", "named_by": best[0], "roll_off": rolls})
            return


# Dawnguard -------------------------------------------------------------------------------

HEROES = [("Ana", "Sigrid", "Redguard"), ("Ben", "Faendal", "Bosmer"), ("Cid", "Lucien", "Breton"),
          ("Dee", "Hrolfdir", "Nord")]
EVENTS_PER_SITTING = 7


def dawnguard_journal(sittings: int = DAWNGUARD_SITTINGS, seed: int = 17) -> dict:
    """Three chapters of a third of the sittings each; Eve joins in chapter 2; chapters 1
    and 2 are completed at the end of their last sitting, chapter 3 stays open."""
    rng = random.Random(seed)
    b = _Builder(dg, PLAYERS)
    b.add("setup", {
        "heroes": [{"player": p, "hero": h, "race": r} for p, h, r in HEROES],
        "fort_thresholds": {"hall_of_the_vigilant": [3, 5], "fort_dawnguard": [3, 5, 7]},
    })
    per_chapter = max(1, sittings // 3)
    cards = iter(range(1, 10 * sittings))
    for number in range(1, sittings + 1):
        chapter = min(3, 1 + (number - 1) // per_chapter)
        b.add("game", {"number": number, "played_on": _played_on(number), "chapter": chapter})
        if number == 1:
            for player, side in zip(
                ("Ana", "Ben", "Cid", "Dee"), ("volkihar", "vigilants", "vigilants", "volkihar")
            ):
                b.add("event", {"type": "pledge", "player": player, "side": side})
        if chapter == 2 and "Eve" not in b.state.heroes:
            b.add("event", {"type": "join", "player": "Eve", "hero": "Talen-Jei", "race": "Argonian",
                            "side": "dawnguard"})
        logged = 0
        while logged < EVENTS_PER_SITTING:
            logged += b.tried("event", _dg_event(b.state, rng, cards))
        last_of_chapter = number % per_chapter == 0 and chapter < 3
        if last_of_chapter and number < sittings:
            b.add("event", {"type": "chapter_complete"})
    return b.journal(f"Dawnguard, {sittings} sittings")


def _dg_event(state, rng: random.Random, cards) -> dict:
    """A random event; the rules refuse those that do not fit the state (drawn again)."""
    heroes = list(state.heroes.values())
    hero = rng.choice(heroes).player
    vampires = [h for h in heroes if h.is_vampire]
    kind = rng.choice(("marker", "marker", "day_night", "hunger", "hunger", "feed", "day_turn", "fort_stars",
                       "level_up", "fort_card", "threat_deck", "board_threat"))
    if kind == "marker":
        return {"type": "marker", "icon": rng.choice((dg.THREAT_ICON, dg.WINGED_ICON))}
    if kind == "day_night":
        return {"type": "day_night", "side": dg.NIGHT if state.day_night == dg.DAY else dg.DAY}
    if kind == "hunger":
        return {"type": "hunger", "player": hero}
    if kind == "feed" and vampires:
        vampire = rng.choice(vampires)
        return {
            "type": "feed",
            "player": vampire.player,
            "to": rng.sample(dg.FEED_PLACES, vampire.hunger or 1),
        }
    if kind == "day_turn":
        feeds = [{"player": h.player, "to": rng.sample(dg.FEED_PLACES, dg.MAX_HUNGER)}
                 for h in vampires if h.hunger >= dg.MAX_HUNGER]
        return {"type": "day_turn", "feeds": feeds} if feeds else {"type": "day_turn"}
    if kind == "fort_stars":
        return {"type": "fort_stars", "player": hero, "count": rng.randint(1, 2)}
    if kind == "fort_card":
        event = {"type": "fort_card", "player": hero, "card": f"Card {next(cards)}"}
        if rng.random() < 0.2:
            event["follower"] = True
        return event
    if kind in ("threat_deck", "board_threat"):
        return {"type": kind, "count": rng.choice((-2, -1, 1, 2))}
    return {"type": "level_up", "player": hero}


# A play log --------------------------------------------------------------------------------


def play_log_journal(plays: int = PLAY_LOG_PLAYS, seed: int = 7) -> dict:
    """Random Risk: Skyrim plays in all three modes with 2 to 5 seats (as `make bench` draws them)."""
    from bench.journal_bench import skyrim_log

    return skyrim_log(plays, seed)


JOURNALS: dict[str, tuple[Callable[..., dict], int]] = {
    "risk-legacy": (risk_legacy_journal, RISK_LEGACY_GAMES),
    "dawnguard": (dawnguard_journal, DAWNGUARD_SITTINGS),
    "play-log": (play_log_journal, PLAY_LOG_PLAYS),
}


if __name__ == "__main__":
    system = sys.argv[1] if len(sys.argv) > 1 else "risk-legacy"
    make, size = JOURNALS[system]
    print(json.dumps(make(int(sys.argv[2]) if len(sys.argv) > 2 else size), indent=2, ensure_ascii=False))
