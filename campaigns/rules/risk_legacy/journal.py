"""The journal in and out (docs/journal.md): `journal_entries` reads a journal's Risk Legacy
parts into entries, `journal_parts` writes them back, and `state_json` is the
`campaign_state` a journal export carries."""

from __future__ import annotations

import copy
import json
from typing import Any

from ..base import RULING, Entry, RuleError
from ..checks import check_after_game, is_whole, journal_games, part_entries
from .box import GAME_KEYS, KEY, LAST_REWARD_GAME, WEB_GAME_KEYS
from .game import _seat_place, legal_starts
from .state import RiskLegacyState, Territory, _check_shape, supplies
from .table import faction_history, setup_tokens


def _territory_json(marks: Territory) -> dict[str, Any]:
    city, fortification = marks.city, marks.fortification
    return {
        "continent": marks.continent,
        "scar": marks.scar,
        "city": None
        if city is None
        else {
            "kind": city.kind,
            "name": city.name,
            "population": city.population,
            "founder": city.founder,
            "game": city.game,
        },
        "fortification": None if fortification is None else {"boxes_left": fortification.boxes_left},
        "resources": marks.resources,
        "card_destroyed": marks.card_destroyed,
        # Scars the group ruled may stack, under the top one (docs/journal.md): only when there are.
        **({"scars_under": list(marks.scars_under)} if marks.scars_under else {}),
    }


def _faction_json(state: RiskLegacyState, key: str) -> dict[str, Any]:
    faction = state.factions[key]
    found = {"power": faction.power, "name": faction.name, "history": faction_history(state, key)}
    if faction.packet_powers:  # what packets added (docs/journal.md): only when they did
        found["powers"] = faction.powers
    return found


def state_json(state: RiskLegacyState) -> dict[str, Any]:
    """The `campaign_state` of docs/journal.md for risk-legacy, exactly its keys."""
    world = None
    if state.world is not None:
        world = {"name": state.world.name, "named_by": state.world.named_by}
        if state.world.roll_off is not None:
            world["roll_off"] = dict(state.world.roll_off)
    return {
        "system": KEY,
        "as_of_game": len(state.games),
        "games_played": len(state.games),
        "complete": len(state.games) >= LAST_REWARD_GAME,
        "territories": {name: _territory_json(marks) for name, marks in state.territories.items()},
        "continents": {
            key: {
                "name": c.name,
                "named_by": c.named_by,
                "base_bonus": c.base_bonus,
                "bonus": c.bonus,
                "change": c.change,
            }
            for key, c in state.continents.items()
        },
        "victors": [
            {"game": s.game, "player": s.player, "played_on": s.played_on, "comment": s.comment}
            for s in state.victors
        ],
        "supplies": supplies(state),
        "factions": {key: _faction_json(state, key) for key in state.factions},
        "players": {
            player: {
                "signatures": state.signatures(player),
                "setup_tokens": setup_tokens(state, player),
                "legal_starts": legal_starts(state, player),
            }
            for player in state.players
        },
        "scar_types": [{"name": t.name, "effect": t.effect} for t in state.scar_types],
        "world": world,
        **state.law.state_json(),
    }


# --------------------------------------------------------------------------------------
# The journal: in and out
# --------------------------------------------------------------------------------------

_JOURNAL_SEAT_KEYS = ("player", "faction", "start", "result", RULING)


def journal_entries(journal: dict[str, Any]) -> list[Entry]:
    """The entries of a risk-legacy journal, its shape checked (its rules are checked by the fold)."""
    entries = part_entries(journal, "setup", "'setup' must be a JSON object")
    games = journal_games(journal, "'games' must be the list of games")
    corrections = _journal_chart_corrections(journal, len(games))
    entries += corrections.pop(0, [])
    for index, game in enumerate(games, 1):
        entries.extend(_journal_game_entries(game, index, is_last=index == len(games)))
        entries += corrections.pop(index, [])
    entries += part_entries(journal, "world", "'world' must be a JSON object")
    return entries


CORRECTIONS_KEY = "trade_in_chart_corrections"


def _journal_chart_corrections(journal: dict[str, Any], games: int) -> dict[int, list[Entry]]:
    """The trade-in chart corrections (an extension of docs/journal.md): a list, in the order they
    were made, of {"after_game": N, "chart": {...}}, N being the games logged when the chart
    was corrected (0: before game 1). Each goes in after game N's entries: the chart changes
    only the recruitment calculator, so where in game N it was corrected does not matter."""
    found: dict[int, list[Entry]] = {}
    if CORRECTIONS_KEY not in journal:
        return found
    corrections = journal[CORRECTIONS_KEY]
    if not isinstance(corrections, list):
        raise RuleError(f"'{CORRECTIONS_KEY}' must be a list", field=CORRECTIONS_KEY)
    latest = 0
    for index, correction in enumerate(corrections, 1):
        place = f"trade-in chart correction {index}"
        _check_shape(correction, ("after_game", "chart"), (), "the correction", place)
        after = latest = check_after_game(
            correction["after_game"], latest, games, "games logged when the chart was corrected", place
        )
        entry = Entry("trade_in_chart", {"chart": copy.deepcopy(correction["chart"])})
        found.setdefault(after, []).append(entry)
    return found


def _journal_game_entries(game: Any, index: int, is_last: bool) -> list[Entry]:
    place = f"game {index}"
    _check_shape(game, ("number", "played_on", "seats"), (*GAME_KEYS, RULING), "the game", place)
    if not is_whole(game["number"]) or game["number"] != index:
        raise RuleError(
            f"games are numbered 1, 2, 3 … in order: this one must be game {index}, "
            f"not {json.dumps(game['number'])}",
            place=place,
            field="number",
        )
    seats = game["seats"]
    if not isinstance(seats, list):
        raise RuleError("'seats' must be the list of seats, clockwise", place=place, field="seats")
    for seat_index, seat in enumerate(seats, 1):
        seat_place = _seat_place(index, seat_index, seat)
        _check_shape(seat, (), _JOURNAL_SEAT_KEYS, "the seat", seat_place)
    with_result = [seat for seat in seats if "result" in seat]
    ended = bool(with_result)
    if ended and len(with_result) != len(seats):
        seat_index = next(i for i, seat in enumerate(seats, 1) if "result" not in seat)
        raise RuleError(
            "'result' is missing: every seat of an ended game has a result",
            place=_seat_place(index, seat_index, seats[seat_index - 1]),
            field="result",
        )
    for key, kind in (("packets_opened", list), ("events", list), ("end_control", dict), ("rewards", list)):
        if key in game and not isinstance(game[key], kind):
            what = "a list" if kind is list else "a JSON object"
            raise RuleError(f"'{key}' must be {what}", place=place, field=key)
    if not ended:
        if not is_last:
            raise RuleError("no seat has a result: only the last game may be in progress", place=place)
        if "end_control" in game or game.get("rewards"):
            raise RuleError(
                "a game in progress has no end control and no rewards: give each seat its result", place=place
            )
    if ended:
        for seat_index, seat in enumerate(seats, 1):
            if not isinstance(seat.get("player"), str):
                raise RuleError(
                    "'player' must be a player's name",
                    place=_seat_place(index, seat_index, seat),
                    field="player",
                )

    opening = {
        "number": game["number"],
        "played_on": game["played_on"],
        "seats": [{k: copy.deepcopy(v) for k, v in seat.items() if k != "result"} for seat in seats],
        "keys": [key for key in GAME_KEYS if key in game],
        **({RULING: game[RULING]} if RULING in game else {}),
    }
    events, rewards = game.get("events", []), game.get("rewards", [])
    packets = _packets_in_place(game.get("packets_opened", []), len(events), len(rewards), ended, place)
    entries = [Entry("game", opening)]
    for index, event in enumerate(events):
        entries += packets.pop((AFTER_EVENTS, index), [])
        entries.append(Entry("event", copy.deepcopy(event)))
    entries += packets.pop((AFTER_EVENTS, len(events)), [])
    if ended:
        end: dict[str, Any] = {"results": {seat["player"]: seat["result"] for seat in seats}}
        if "end_control" in game:
            end["end_control"] = copy.deepcopy(game["end_control"])
        if RULING in game:  # a game's ruling covers its end too
            end[RULING] = game[RULING]
        entries.append(Entry("game_end", end))
    for index, reward in enumerate(rewards):
        entries += packets.pop((AFTER_REWARDS, index), [])
        entries.append(Entry("reward", copy.deepcopy(reward)))
    entries += packets.pop((AFTER_REWARDS, len(rewards)), [])
    return entries


# Where a packet was opened in its game (an extension of docs/journal.md, optional): docs/journal.md lists
# a game's packets apart from its events, so a packet is read as opened before the game's first
# event unless it says otherwise: `"after_events": K` (opened during the game, after its K-th
# event) or `"after_rewards": K` (opened once the game ended, after K of its rewards: all of
# them for a packet opened between games). Written only when not 0 events, so a journal whose
# packets were opened at the start of their games is written exactly as docs/journal.md has it.
AFTER_EVENTS, AFTER_REWARDS = "after_events", "after_rewards"


def _packets_in_place(
    packets: list[Any], events: int, rewards: int, ended: bool, place: str
) -> dict[tuple[str, int], list[Entry]]:
    """The game's packet entries by where they go: (AFTER_EVENTS, K) or (AFTER_REWARDS, K)."""
    placed: dict[tuple[str, int], list[Entry]] = {}
    latest = (0, 0)  # (phase, count): the packets are listed in the order they were opened
    for index, packet in enumerate(packets, 1):
        data = copy.deepcopy(packet)
        where = (AFTER_EVENTS, 0)
        if isinstance(data, dict):
            given = [key for key in (AFTER_EVENTS, AFTER_REWARDS) if key in data]
            packet_place = f"{place}, packet {index}"
            if len(given) > 1:
                raise RuleError(
                    "a packet is opened either during the game ('after_events') or after it "
                    "('after_rewards'), not both",
                    place=packet_place,
                )
            if given:
                key = given[0]
                count = data.pop(key)
                most = events if key == AFTER_EVENTS else rewards
                if key == AFTER_REWARDS and not ended:
                    raise RuleError(
                        "'after_rewards' is for a packet opened once "
                        "its game ended: this game has no results",
                        place=packet_place,
                        field=key,
                    )
                if not is_whole(count) or not 0 <= count <= most:
                    what = "events" if key == AFTER_EVENTS else "rewards"
                    raise RuleError(
                        f"'{key}' must be a count of the game's {what}, 0 to {most}",
                        place=packet_place,
                        field=key,
                    )
                where = (key, count)
            order = (where[0] == AFTER_REWARDS, where[1])
            if order < latest:
                raise RuleError(
                    "packets are listed in the order they were opened: "
                    "this one was opened before the one above it",
                    place=packet_place,
                )
            latest = order
        placed.setdefault(where, []).append(Entry("packet", data))
    return placed


def journal_parts(entries: list[Entry]) -> dict[str, Any]:
    """The risk-legacy part of a journal, rebuilt from entries: export(import(j)) == j."""
    parts: dict[str, Any] = {}
    games: list[dict[str, Any]] = []
    keys_of: list[list[str]] = []
    for entry in entries:
        data = copy.deepcopy(entry.data)
        if entry.kind == "setup":
            parts["setup"] = data
        elif entry.kind == "game":
            games.append(
                {
                    "number": data["number"],
                    "played_on": data["played_on"],
                    "seats": data["seats"],
                    "packets_opened": [],
                    "events": [],
                    "end_control": None,
                    "rewards": [],
                    **({RULING: data[RULING]} if RULING in data else {}),
                }
            )
            keys_of.append(list(data.get("keys", WEB_GAME_KEYS)))
        elif entry.kind == "packet":
            game = games[-1]
            if "ended" in game:
                data[AFTER_REWARDS] = len(game["rewards"])
            elif game["events"]:
                data[AFTER_EVENTS] = len(game["events"])
            game["packets_opened"].append(data)
        elif entry.kind == "event":
            games[-1]["events"].append(data)
        elif entry.kind == "game_end":
            games[-1]["ended"] = True
            for seat in games[-1]["seats"]:
                seat["result"] = data["results"][seat["player"]]
            if "end_control" in data:
                games[-1]["end_control"] = data["end_control"]
            if RULING in data:  # the game's ruling covers its end too (one ruling, on the game)
                games[-1].setdefault(RULING, data[RULING])
        elif entry.kind == "reward":
            games[-1]["rewards"].append(data)
        elif entry.kind == "world":
            parts["world"] = data
        elif entry.kind == "trade_in_chart":
            parts.setdefault(CORRECTIONS_KEY, []).append({"after_game": len(games), "chart": data["chart"]})
    parts["games"] = [_rebuilt_game(game, keys) for game, keys in zip(games, keys_of, strict=True)]
    return parts


def _rebuilt_game(game: dict[str, Any], keys: list[str]) -> dict[str, Any]:
    """A journal game: an optional key is written when the game had it or it has content;
    end_control exactly when it was logged (even empty)."""
    built = {"number": game["number"], "played_on": game["played_on"], "seats": game["seats"]}
    if RULING in game:
        built[RULING] = game[RULING]
    for key in GAME_KEYS:
        if key == "end_control":
            if game[key] is not None:
                built[key] = game[key]
        elif key in keys or game[key]:
            built[key] = game[key]
    return built
