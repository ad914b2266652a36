"""What every game system's rules module shares: entries, rule errors and the fold.

No Django here: the rules are plain Python so that a newcomer can read and test them alone.

A campaign is an ordered list of entries. Each system's rules module (risk_legacy, dawnguard,
risk_skyrim, captain_america) provides the protocol written in protocol.py: KEY, LABEL,
JOURNAL_KEYS, new_state, apply, journal_entries, journal_parts, state_json, describe and
state_as_of (None unless "as of game n" is derived from the state now: a play log's).

Every fold is linear in time and memory: no state is copied per game (`Timeline`).

Every system opens a game with an entry of kind "game" whose data holds "number"; the fold
below relies on that to know where one game ends and the next begins.
"""

from __future__ import annotations

import contextvars
import difflib
import pickle
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, fields
from typing import Any

from .words import key_words

GAME_KIND = "game"
# The shape of the folded states: part of every cache key, so that after a deploy that
# changes what a state holds, a shared cache never serves a state of the old shape.
# 13: a play log's chunks but the last pickle compressed, its plays' data in chunks too, and the
# law counts the latest game's entries only;
# 12: a play log's plays pickle in chunks, read back as a page asks (play_log/records.py);
# 11: a state's records pickle as their fields' values (`pickled_by_fields`); 10: a play
# log pickles each play's data as its JSON text (PlayedData); 9: every state keeps its law
# (house rules, rulings); 7: no state per game, Dawnguard records each sitting's figures;
# 6: the play logs' state moved to rules/play_log/ (a class pickles by its path); 5: Dawnguard
# records its happenings in sittings' words; 4: play-log corrections
STATE_FORMAT = 13


def pickled_by_fields(cls):
    """A record dataclass that pickles as its class and its fields' values, unpickled by
    calling the class. A state holds thousands of records (a 5,000-play log's plays, a long
    campaign's changes) and the first page on another worker unpickles them all from the
    checkpoint: pickle's default rebuilds each from a dict of its attributes (its slots),
    which took twice as long (15.6 ms against 7 for 5,000 plays). For dataclasses whose every
    field is set by `__init__` and whose `__post_init__`, if any, only checks: put it above
    `@dataclass`."""
    names = tuple(f.name for f in fields(cls))
    if not all(f.init for f in fields(cls)):
        raise TypeError(f"{cls.__name__}: a field __init__ does not set would be lost")

    def __reduce_ex__(self, protocol):
        if type(self) is not cls:  # a subclass may have fields of its own: pickle's default
            return object.__reduce_ex__(self, protocol)
        return (cls, tuple([getattr(self, name) for name in names]))

    cls.__reduce_ex__ = __reduce_ex__
    return cls


@dataclass(frozen=True)
class Entry:
    """One line of a campaign's journal: a kind ("setup", "game", "event", "reward", ...)
    and its JSON data."""

    kind: str
    data: dict[str, Any]


RULE_ID = re.compile(r"[a-z0-9-]+/[a-z0-9-]+")


@dataclass(frozen=True)
class Rule:
    """A rule the tracker checks: its id (`<system key>/<name>`), the rule in a player's words,
    the heading of the rulebook section it comes from (as printed: docs/rules.md says, beside
    it, what was decided where the rulebook is vague), and whether a ruling or a house rule may
    set it aside (`rulable`; never for who and what exists, the journal's order, one player or
    faction in two seats, the limits)."""

    id: str
    words: str
    rulebook: str
    rulable: bool = True

    def __post_init__(self):
        if not RULE_ID.fullmatch(self.id):
            raise ValueError(f"a rule's id is <system key>/<name>, in lower case and hyphens: {self.id!r}")

    @property
    def where(self) -> str:
        """Where to read it, for people: 'Rulebook: "Scars"'."""
        return f'Rulebook: "{self.rulebook}"'


@dataclass(frozen=True)
class Problem:
    """One reason a check would refuse, with its rule (None: the journal's shape) and the form
    field it concerns: what a check that lists every reason hands to `refuse`, one by one."""

    rule: Rule | None
    message: str
    field: str | None = None


def tag(rule: Rule | None) -> str:
    """What a refusal says of its rule after its sentence (docs/journal.md): "[rule …;
    rulebook: "Scars"]", or "[no ruling changes this]"."""
    if rule is None or not rule.rulable:
        return "[no ruling changes this]"
    return f'[rule {rule.id}; rulebook: "{rule.rulebook}"]'


class RuleError(Exception):
    """A rule a player broke, in words a player understands.

    `message` is the sentence ("Found a Minor City: Peru already has a city (Lima Nova,
    founded in game 2)"), `place` where in the journal it happened ("game 4, reward 2
    (Ben)"), `field` the form field it concerns, so a form can show it beside that field, and
    `rule` the rule it breaks (None: the journal's shape, which no ruling changes). A check
    refuses through rulings.refuse, which lets the group set a rule aside.
    """

    def __init__(
        self, message: str, *, place: str | None = None, field: str | None = None, rule: Rule | None = None
    ):
        super().__init__(message)
        self.message = message
        self.place = place
        self.field = field
        self.rule = rule

    @property
    def rulable(self) -> bool:
        """Whether the group may rule otherwise (a ruling, a house rule)."""
        return self.rule is not None and self.rule.rulable

    @property
    def located(self) -> str:
        """The sentence after its place: "game 4, reward 2 (Ben): …"."""
        return f"{self.place}: {self.message}" if self.place else self.message

    def at(self, place: str) -> RuleError:
        """Name the place, unless a more precise one is already named."""
        if self.place is None:
            self.place = place
        return self

    @property
    def told(self) -> str:
        """As the journal commands say it (docs/journal.md): its place, its sentence and its rule,
        "game 2, event 2: … [rule risk-legacy/…; rulebook: "Scars"]"."""
        return f"{self.located} {tag(self.rule)}"

    def __str__(self) -> str:
        return self.located


@dataclass
class Timeline:
    """The result of folding a campaign's entries: the state now, and the state as of any
    earlier game worked out when asked, never kept per game.

    `current` is the state after the last entry and `last_game` the last game's number
    (`games_played`). `as_of(n)` is the state right after game n and everything recorded for
    it (its rewards included); `as_of(0)` is the state before the first game:
    - a system whose `state_as_of` is not None (a play log) derives it from the current state (`derive`);
    - any other system folds the entries up to the end of game n again: linear in those
      entries, so the fold of a long campaign keeps one state, not one per game. `entries`
      are the entries folded (kept as they were given, never copied); a timeline made from a
      cached state alone has none (None), and whoever made it folds them when asked.
    What the pages that look back read of each earlier game (who sat, its results, a
    Dawnguard sitting's fort and markers) the fold records in the state as it goes, so they
    read the state now; `as_of` is for the pages that show the whole campaign as it stood
    then (the board after game n, `state.json?as_of=n`, `campaign_state --as-of n`).
    """

    current: Any
    derive: Callable[[Any, int], Any] | None = None
    last_game: int = 0
    system: Any = None
    players: list[str] = field(default_factory=list)
    entries: list[Entry] | None = None

    @property
    def games_played(self) -> int:
        return self.last_game

    def as_of(self, game: int | None) -> Any:
        """The state right after game `game` (None, or the last game or later: the state now).
        A state worked out here is new: the caller may keep it, nothing else holds it."""
        if game is None or game >= self.games_played:
            return self.current
        if game < 0:
            raise KeyError(game)
        if self.derive is not None:
            return self.derive(self.current, game)
        if self.entries is None:
            raise LookupError("this timeline was made from a state alone: fold its entries to go back")
        return fold(self.system, self.players, entries_until(self.entries, game)).current


def new_timeline(system, current: Any, last_game: int = 0) -> Timeline:
    """A timeline of this system's states, `current` being the state now (its entries unknown)."""
    return Timeline(current=current, derive=system.state_as_of, last_game=last_game, system=system)


def fold(system, players: list[str], entries: list[Entry]) -> Timeline:
    """Apply every entry in order; raise the first RuleError met."""
    timeline = new_timeline(system, system.new_state(list(players)))
    timeline.players = list(players)
    if timeline.derive is None:  # kept to fold again up to a game (a play log derives it)
        timeline.entries = []
    return extend(system, timeline, entries)


def extend(system, timeline: Timeline, entries: list[Entry]) -> Timeline:
    """Apply more entries to a folded timeline, in place; raise the first RuleError met.

    Nothing is copied: the time and memory of a fold are linear in its entries, whatever the
    system (the state "as of game n" is worked out when asked: `Timeline.as_of`).
    """
    state = timeline.current
    last_game = timeline.last_game
    for entry in entries:
        if entry.kind == GAME_KIND:
            last_game = entry.data.get("number", last_game + 1)
        apply_with_law(system, state, entry, last_game)
    timeline.last_game = last_game
    if timeline.entries is not None:
        timeline.entries.extend(entries)
    return timeline


def entries_until(entries: list[Entry], game: int) -> list[Entry]:
    """The entries up to the end of game `game`: everything before the next game opens (its
    rewards and what was recorded between games included); game 0: those before the first game."""
    number = 0
    for index, entry in enumerate(entries):
        if entry.kind == GAME_KIND:
            number = entry.data.get("number", number + 1)  # as `extend` counts them
            if number > game:
                return entries[:index]
    return list(entries)


def snapshot(state: Any) -> Any:
    """An independent copy of a state (a pickle round trip: several times faster than
    copy.deepcopy on these plain dataclasses)."""
    return pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))


def game_numbers(entries: list[Entry], current: int | None = None) -> list[int | None]:
    """The number of the game each entry belongs to (None before the first game)."""
    numbers = []
    for entry in entries:
        if entry.kind == GAME_KIND:
            current = entry.data.get("number")
        numbers.append(current)
    return numbers


# Player names in entry data. Every system follows one convention so that a roster name
# can be renamed or looked for without knowing the system: a player is named by the value
# of a "player" or "named_by" key, or by the keys of a "results", "end_control" or
# "roll_off" mapping.
PLAYER_VALUE_KEYS = frozenset({"player", "named_by"})
PLAYER_MAPPING_KEYS = frozenset({"results", "end_control", "roll_off"})


def rename_player(data: Any, old: str, new: str) -> Any:
    """A copy of entry data in which player `old` is called `new`."""
    if isinstance(data, list):
        return [rename_player(item, old, new) for item in data]
    if not isinstance(data, dict):
        return data
    renamed = {}
    for key, value in data.items():
        if key in PLAYER_VALUE_KEYS and value == old:
            value = new
        elif key in PLAYER_MAPPING_KEYS and isinstance(value, dict):
            value = {(new if name == old else name): rename_player(v, old, new) for name, v in value.items()}
        else:
            value = rename_player(value, old, new)
        renamed[key] = value
    return renamed


def mentions_player(data: Any, name: str) -> bool:
    """Whether entry data names this player anywhere."""
    return rename_player(data, name, name + "\x00") != data


def describe(entry: Entry) -> str:
    """A plain description of an entry: the `describe` of a system that does not word its own
    (protocol.py)."""
    data = entry.data
    if entry.kind == GAME_KIND:
        return f"game {data.get('number')}"
    words = key_words(entry.kind)
    choice = data.get("choice")
    detail = data.get("type") or (choice.get("type") if isinstance(choice, dict) else None)
    if detail:
        words += f": {key_words(detail)}"
    if data.get("player"):
        words += f" ({data['player']})"
    return words


# -- The table has the last word: rules set aside ---------------------------------------------
#
# A check refuses through `refuse(rule, message, ...)`, which raises a RuleError naming the rule
# unless the group set that rule aside for the entry being applied: a **ruling** on the entry
# (`"ruling": "the group's reason"`, or on one seat of it) sets aside every rule a ruling may
# change, for that entry alone; a **house rule** (an entry of its own, `{"rule", "why",
# "from_game", "until_game"?}`) sets one rule aside in the games it covers. Every other rule
# still applies to the entry, and to everything after it. The fold says what is set aside while
# it applies an entry (`apply_with_law`) and keeps what was, in the state's `law` (`Law`).

RULING = "ruling"  # the key of a ruling on an entry, or on a seat of it
HOUSE_RULE = "house_rule"  # the entry kind of a house rule
RULING_MAX_CHARS = 200  # the group's reason (docs/journal.md); limits.REASON_MAX_CHARS for forms


@dataclass(frozen=True)
class SetAside:
    """A rule set aside for an entry, by its ruling or a house rule, where it would have refused."""

    rule: Rule
    why: str
    place: str | None
    house_rule: bool = False


@dataclass
class Leeway:
    """What is set aside for the entry being applied: its own ruling and its seats' (seat
    number, from 1 -> why), the house rules in force (rule id -> why), and what was set aside."""

    ruling: str | None = None
    seat_rulings: dict[int, str] = field(default_factory=dict)
    house: dict[str, str] = field(default_factory=dict)
    used: list[SetAside] = field(default_factory=list)

    def why(self, rule: Rule, place: str | None) -> tuple[str, bool] | None:
        """Why `rule` is set aside at `place` (and whether by a house rule), or None."""
        if not rule.rulable:
            return None
        seat = re.search(r"\bseat (\d+)\b", place or "")
        if seat is not None and int(seat.group(1)) in self.seat_rulings:
            return self.seat_rulings[int(seat.group(1))], False
        if self.ruling is not None:
            return self.ruling, False
        if rule.id in self.house:
            return self.house[rule.id], True
        return None


_LEEWAY: contextvars.ContextVar[Leeway | None] = contextvars.ContextVar("leeway", default=None)


def refuse(rule: Rule | None, message: str, *, place: str | None = None, field: str | None = None) -> None:
    """Refuse the entry being applied for breaking `rule`, unless the group set the rule aside for
    it: then note that it was and return, so the check goes on (the entry is recorded as the group
    says it, and every other rule still applies to it). `rule` None: the journal's shape."""
    leeway = _LEEWAY.get()
    set_aside = leeway.why(rule, place) if leeway is not None and rule is not None else None
    if set_aside is None:
        raise RuleError(message, place=place, field=field, rule=rule)
    leeway.used.append(SetAside(rule, set_aside[0], place, set_aside[1]))


def ruled_now() -> str | None:
    """Why the entry being applied got past a rule, when only the group's ruling or a house rule
    let it (its reasons, once each), else None: a change may say so in what it records."""
    leeway = _LEEWAY.get()
    reasons = list(dict.fromkeys(used.why for used in leeway.used)) if leeway is not None else []
    return "; ".join(reasons) or None


@pickled_by_fields
@dataclass
class Law:
    """A campaign's house rules (as entered: rule, why, from_game, until_game) and each entry
    recorded because of a ruling or a house rule (game, place, rule id, why; rule None: a ruling
    that set no rule aside, harmless): part of every system's state (`state.law`)."""

    house_rules: list[dict[str, Any]] = field(default_factory=list)
    rulings: list[dict[str, Any]] = field(default_factory=list)
    # (game, kind) -> entries of that kind applied in that game, the latest game only: a ruled
    # entry's place.
    counted: dict[tuple[int, str], int] = field(default_factory=dict, compare=False, repr=False)

    def in_force(self, game: int) -> dict[str, str]:
        """Rule id -> why, for the house rules covering game `game` (0: the setup)."""
        return {
            house["rule"]: house["why"]
            for house in self.house_rules
            if house["from_game"] <= game and (house.get("until_game") is None or game <= house["until_game"])
        }

    def state_json(self) -> dict[str, Any]:
        """What campaign_state says of it (docs/journal.md): every ruled entry and the house rules."""
        return {
            "rulings": [dict(ruling) for ruling in self.rulings],
            "house_rules": [dict(house) for house in self.house_rules],
        }


def apply_with_law(system, state: Any, entry: Entry, game: int) -> None:
    """Apply one entry of game `game` (0: before the first): a house rule joins the law; any
    other entry goes to its system's `apply` with what its ruling, its seats' rulings and the
    house rules in force set aside, and what they set aside is kept (`state.law.rulings`)."""
    law: Law = state.law
    if entry.kind == HOUSE_RULE:
        place = f"house rule {len(law.house_rules) + 1}"
        house = check_house_rule(entry.data, system.RULES, place)
        if house["from_game"] < game:  # what is recorded stays as it was checked
            raise RuleError(
                f"a house rule set now starts with game {game} or a later one: the games before it "
                "are recorded as they were played",
                place=place,
                field="from_game",
            )
        law.house_rules.append(house)
        return
    data, leeway = _without_rulings(entry.data, law.in_force(game))
    token = _LEEWAY.set(leeway)
    try:
        system.apply(state, Entry(entry.kind, data) if data is not entry.data else entry)
    finally:
        _LEEWAY.reset(token)
    if law.counted and next(iter(law.counted))[0] != game:
        # A later game: the places counted in the one before are never named again (kept,
        # they would be one count a game to unpickle with every checkpoint: 1 ms at 5,000 plays).
        law.counted.clear()
    counted = law.counted[(game, entry.kind)] = law.counted.get((game, entry.kind), 0) + 1
    for used in leeway.used:
        where, place = _game_and_place(used.place, game, entry, counted)
        law.rulings.append({"game": where, "place": place, "rule": used.rule.id, "why": used.why})
    if (leeway.ruling is not None or leeway.seat_rulings) and not any(
        not used.house_rule for used in leeway.used
    ):
        # A ruling that no rule needed: harmless, kept as ruled by nothing.
        why = leeway.ruling if leeway.ruling is not None else next(iter(leeway.seat_rulings.values()))
        where, place = _game_and_place(None, game, entry, counted)
        law.rulings.append({"game": where, "place": place, "rule": None, "why": why})


def _without_rulings(data: dict[str, Any], house: dict[str, str]) -> tuple[dict[str, Any], Leeway]:
    """The entry's data as its system checks it (its rulings and its seats' taken out), and the
    leeway they give. The data itself when it holds no ruling (or is no object: its system says so)."""
    if not isinstance(data, dict):
        return data, Leeway(house=house)
    seats = data.get("seats")
    seat_rulings = (
        {
            index: seat[RULING]
            for index, seat in enumerate(seats, 1)
            if isinstance(seat, dict) and RULING in seat
        }
        if isinstance(seats, list)
        else {}
    )
    if RULING not in data and not seat_rulings:
        return data, Leeway(house=house)
    ruling = check_reason(data[RULING], None) if RULING in data else None
    seat_rulings = {index: check_reason(why, f"seat {index}") for index, why in seat_rulings.items()}
    checked = {key: value for key, value in data.items() if key != RULING}
    if seat_rulings:
        checked["seats"] = [
            {key: value for key, value in seat.items() if key != RULING} if isinstance(seat, dict) else seat
            for seat in seats
        ]
    return checked, Leeway(ruling=ruling, seat_rulings=seat_rulings, house=house)


def _game_and_place(place: str | None, game: int, entry: Entry, counted: int) -> tuple[int, str]:
    """The game and the place, within it, of a ruled entry ("event 2", "seat 3 (Ana)", "the
    game"), from where the rule would have refused, or else from the entry itself."""
    if place:
        found = re.match(r"game (\d+)(?:, (.*))?$", place)
        if found:
            return int(found.group(1)), found.group(2) or "the game"
        return game, place
    if entry.kind in (GAME_KIND, "game_end"):
        return game, "the game"
    if _whole(entry.data.get("number")):  # a play log's correction names the play it replaces
        return entry.data["number"], "the game"
    if entry.kind in ("setup", "world"):
        return game, entry.kind
    # As the import names the place of a refusal: "event 2", "reward 2 (Ben)".
    player = entry.data.get("player") if entry.kind != "event" else None
    return game, f"{key_words(entry.kind).lower()} {counted}" + (
        f" ({player})" if isinstance(player, str) else ""
    )


def check_reason(why: Any, place: str | None, field_name: str = RULING) -> str:
    """A ruling's or a house rule's reason: the group's words, 1 to 200 characters."""
    if not isinstance(why, str) or not why.strip():
        raise RuleError(
            "a ruling needs the group's reason: say why the table rules otherwise",
            place=place,
            field=field_name,
        )
    if len(why) > RULING_MAX_CHARS:
        raise RuleError(
            f"the group's reason is {RULING_MAX_CHARS} characters at most, not {len(why)}",
            place=place,
            field=field_name,
        )
    return why.strip()


def check_house_rule(data: Any, rules: Iterable[Rule], place: str) -> dict[str, Any]:
    """A house rule: an existing rule that a ruling may change, the group's reason, and the
    games it covers (`from_game`, 0 for the setup on; `until_game`, if it says, inclusive)."""
    if not isinstance(data, dict):
        raise RuleError("a house rule must be a JSON object", place=place)
    allowed = ("rule", "why", "from_game", "until_game")
    for key in data:
        if key not in allowed:
            raise RuleError(
                f"unknown key '{key}' in a house rule (its keys: {', '.join(allowed)})", place=place
            )
    for key in ("rule", "why", "from_game"):
        if key not in data:
            raise RuleError(f"a house rule needs '{key}'", place=place, field=key)
    by_id = {rule.id: rule for rule in rules}
    rule = by_id.get(data["rule"]) if isinstance(data["rule"], str) else None
    if rule is None:
        raise RuleError(
            f"there is no rule {data['rule']!r} to set aside{did_you_mean(data['rule'], by_id)}",
            place=place,
            field="rule",
        )
    if not rule.rulable:
        raise RuleError(
            f"no ruling changes this rule ({rule.words}), so no house rule sets it aside",
            place=place,
            field="rule",
        )
    why = check_reason(data["why"], place, "why")
    start = data["from_game"]
    if not _whole(start) or start < 0:
        raise RuleError(
            "'from_game' must be a game's number, or 0 for the setup on", place=place, field="from_game"
        )
    if "until_game" in data and (not _whole(data["until_game"]) or data["until_game"] < start):
        raise RuleError(f"'until_game' must be a game from {start} on", place=place, field="until_game")
    return {**data, "why": why}


def rule_named(rules: Iterable[Rule], rule_id: Any) -> Rule | None:
    """The rule of this id among `rules`, or None."""
    return next((rule for rule in rules if rule.id == rule_id), None)


def house_rule_words(rules: Iterable[Rule], house: dict[str, Any]) -> str:
    """A house rule in a player's words: "Scars stack (…) set aside from game 3 until game 9"."""
    rule = rule_named(rules, house.get("rule"))
    what = rule.words if rule is not None else str(house.get("rule"))
    start = house.get("from_game")
    games = "from the setup on" if start == 0 else f"from game {start} on"
    if house.get("until_game") is not None:
        games = f"{games.removesuffix(' on')} until game {house['until_game']}"
    return f"{what}: set aside {games}"


def describe_entry(system, entry: Entry) -> str:
    """An entry in a player's words, as its system words it; a house rule as one, and an entry
    recorded with the group's ruling with its reason."""
    if entry.kind == HOUSE_RULE:
        return f"House rule: {house_rule_words(system.RULES, entry.data)} ({entry.data.get('why')})"
    data = entry.data
    if isinstance(data, dict) and RULING in data:
        plain = system.describe(Entry(entry.kind, {k: v for k, v in data.items() if k != RULING}))
        return f"{plain}, as the table ruled ({data[RULING]})"
    return system.describe(entry)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def suggestion(name: Any, options: Iterable[str]) -> str | None:
    """The option closest to a mistyped name (ignoring case), or None when none is close."""
    if not isinstance(name, str):
        return None
    by_folded: dict[str, str] = {}
    for option in options:
        by_folded.setdefault(option.casefold(), option)  # the first of options alike but for case
    close = difflib.get_close_matches(name.casefold(), list(by_folded), n=1)
    return by_folded[close[0]] if close else None


def did_you_mean(name: Any, options: Iterable[str]) -> str:
    """The end of a refusal that suggests a close option, ' (did you mean X?)', or "" when none is."""
    close = suggestion(name, options)
    return f" (did you mean {close}?)" if close is not None else ""
