"""How long a text may be and how big a journal may be: the limits the forms, the roster, the
game start and the journal import all share, so a journal exported from one database always
imports on another.

No Django here. Every text that reaches the database passes `text_problem`: no NUL character
(PostgreSQL refuses it in text and JSON), no lone UTF-16 surrogate (no valid UTF-8 holds one)
and no more characters than its limit. Numbers in a journal must be finite and fit a board game.
"""

from __future__ import annotations

import math
from typing import Any

from .base import RULING_MAX_CHARS, RuleError

# Texts, in characters.
PLAYER_NAME_MAX_CHARS = 40  # a roster name (the Player table's column)
TIME_ZONE_MAX_CHARS = 64  # an IANA time zone's name (the Campaign table's column)
CAMPAIGN_NAME_MAX_CHARS = 100  # a campaign's name (the Campaign table's column)
TEXT_MAX_CHARS = 500  # any other text of a journal: a city, a comment, a power, a packet, ...
REASON_MAX_CHARS = RULING_MAX_CHARS  # the group's reason for a ruling or a house rule (rules/base.py)
# What a form lets a player type, each within TEXT_MAX_CHARS (an imported journal may hold more):
NAME_MAX_CHARS = 40  # a name written on the board: a city, a scar type, a continent, a hero, a race
TITLE_MAX_CHARS = 60  # a card's or the world's name
PACKET_MAX_CHARS = 80  # the words printed on a packet
COMMENT_MAX_CHARS = 140  # a line in the victor's section
EFFECT_MAX_CHARS = 300  # a power or a scar type's effect, as printed
LIST_MAX_CHARS = 200  # a list typed on one line ("3, 5, 8")

# Numbers: no count, score or die roll of these games comes near this.
NUMBER_MAX = 1_000_000
# Seats at one game: more than any of these games seats (each game's rules check its own
# counts); what a file from elsewhere (BG Stats) may bring before the rules read it.
SEATS_MAX = 12

# A journal, measured before anything is folded. A group playing twice a month for twenty
# years writes about 500 games (the 15-game Risk Legacy journal is 105 entries and 15 KB).
# Every fold is linear in its entries (no state is kept per game: 500 Risk Legacy games fold
# in well under a second and a few MB; bench/fold_bench.py), and that bound keeps an upload
# from holding a worker for long. A play log (a system whose `state_as_of` is not None: risk-skyrim,
# captain-america) folds in time and memory linear in its plays (about 10 ms per 100 plays
# on a busy 2-core machine; `make bench`) and a play is logged in seconds, so a club's
# log of several plays a week for years is allowed: 5,000 plays. Written as the export
# writes them (indent=2), 1,000 plays of 2 to 5 seats are 0.6 MB (Risk: Skyrim and Captain
# America alike) and 5,000 about 3.0 MB, so the 4 MB file limit still holds them (a log of
# 5-seat plays only would meet it near 4,500 plays).
JOURNAL_MAX_BYTES = 4 * 1024 * 1024
# What one account may hold and send, so that no account fills a server: campaigns it owns
# (a deleted one still restorable counts until it is gone), and journals imported an hour.
CAMPAIGNS_OWNED_MAX = 100
IMPORTS_AN_HOUR = 20
JOURNAL_MAX_GAMES = 500
PLAY_LOG_MAX_GAMES = 5_000
JOURNAL_MAX_ENTRIES = 10_000
# No journal shape goes deeper than a handful of levels (games -> rewards -> choice -> ...).
JOURNAL_MAX_DEPTH = 20


def _has_lone_surrogate(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def text_problem(text: str, max_chars: int) -> str | None:
    """What is wrong with a text ("is 41 characters long; 40 at most"), or None when nothing is."""
    if "\x00" in text:
        return "contains a NUL character"
    if _has_lone_surrogate(text):
        return "contains a broken character (a lone UTF-16 surrogate such as \\ud800)"
    if len(text) > max_chars:
        return f"is {len(text)} characters long; {max_chars} at most"
    return None


def check_text(
    text: str, max_chars: int, what: str, *, place: str | None = None, field: str | None = None
) -> str:
    """The text, or a RuleError naming `what` ("The player's name") and the problem."""
    problem = text_problem(text, max_chars)
    if problem:
        raise RuleError(f"{what} {problem}", place=place, field=field)
    return text


def check_player_name(name: str, field: str | None = "name") -> str:
    return check_text(name, PLAYER_NAME_MAX_CHARS, "A player's name", field=field)


def check_campaign_name(name: str, field: str | None = "name") -> str:
    return check_text(name, CAMPAIGN_NAME_MAX_CHARS, "The campaign's name", field=field)


def check_values(value: Any, place: str | None = None) -> None:
    """Every text (keys too) and number inside a JSON value: texts pass `text_problem` with
    TEXT_MAX_CHARS, numbers are finite and at most NUMBER_MAX, nesting at most JOURNAL_MAX_DEPTH.

    Walked with a stack, not recursion, so no depth can overflow it. The RuleError's field is
    the key holding the bad value, so a form shows it beside that field.
    """
    stack: list[tuple[Any, str | None, int]] = [(value, None, 0)]
    while stack:
        item, key, depth = stack.pop()
        if depth > JOURNAL_MAX_DEPTH:
            raise RuleError(f"the journal is nested more than {JOURNAL_MAX_DEPTH} levels deep", place=place)
        if isinstance(item, str):
            problem = text_problem(item, TEXT_MAX_CHARS)
            if problem:
                raise RuleError(f"{_named(key)} {problem}", place=place, field=key)
        elif isinstance(item, bool) or item is None:
            continue
        elif isinstance(item, (int, float)):
            if isinstance(item, float) and not math.isfinite(item):
                raise RuleError(f"{_named(key, 'a number')} must be a finite number", place=place, field=key)
            if abs(item) > NUMBER_MAX:
                raise RuleError(
                    f"{_named(key, 'a number')} is too large ({NUMBER_MAX:,} at most)", place=place, field=key
                )
        elif isinstance(item, dict):
            for child_key in item:
                problem = text_problem(child_key, TEXT_MAX_CHARS) if isinstance(child_key, str) else None
                if problem:
                    raise RuleError(f"a key {problem}", place=place, field=key)
            # Reversed onto the stack, so the first problem in reading order is the one named.
            stack.extend((child, str(child_key), depth + 1) for child_key, child in reversed(item.items()))
        elif isinstance(item, list):
            stack.extend((child, key, depth + 1) for child in reversed(item))


def check_journal_values(journal: dict) -> None:
    """`check_values` over a whole journal, naming the game a bad value is in."""
    for key, value in journal.items():
        if key == "games" and isinstance(value, list):
            for index, game in enumerate(value):
                check_values(game, place=f"game {index + 1}")
        else:
            check_values(value, place=f"'{key}'")


def max_games(system) -> int:
    """The most games a journal of this system holds: a play log's more (its fold is linear)."""
    return PLAY_LOG_MAX_GAMES if system.state_as_of is not None else JOURNAL_MAX_GAMES


def check_games_kept(games: int, most_games: int) -> None:
    """Refuse a write that would take a campaign past the games its journal may hold, so every
    campaign's own journal.json imports again (a play log's plays brought in, appended or
    logged one by one alike)."""
    if games > most_games:
        raise RuleError(
            f"this would make {games:,} games; a campaign holds {most_games:,} at most, so its journal"
            " always imports again"
        )


def check_journal_size(games: int, entries: int, most_games: int = JOURNAL_MAX_GAMES) -> None:
    """Refuse a journal with more games or entries than any group writes, before folding it."""
    if games > most_games:
        raise RuleError(f"the journal has {games:,} games; a journal holds {most_games:,} at most")
    if entries > JOURNAL_MAX_ENTRIES:
        raise RuleError(
            f"the journal has {entries:,} entries; a journal holds {JOURNAL_MAX_ENTRIES:,} at most"
        )


def _named(key: str | None, default: str = "a text") -> str:
    return f"'{key}'" if key else default
