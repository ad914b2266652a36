"""Correcting and deleting a logged play of a play log (risk-skyrim, captain-america).

No Django here. A typo in play 12 of 40 is fixed by a new journal entry, not by undoing 28
plays, so the fix is checked, shown in the history and undone like any other entry:

    Entry("correction", {...})     the whole play as the journal writes a game; its "number"
                                   names the play it replaces. It is checked by the system's
                                   own check_game exactly as play n would be.
    Entry("deletion", {"number": n})   play n no longer counts.
    Entry("restoration", {"number": n})   deleted play n counts again, as it stood when deleted
                                   (checked again as play n, like a correction); refused
                                   when play n is not deleted.

Numbers: a play keeps its number for good and no number is given twice, so after deleting
play 12 of 40 the next play is 41 (its page's address stays the same) and the log's numbers
have a gap. The standings and `campaign_state` count the plays as they stand now: corrected,
deleted ones left out.

The state "as of play n" is in state.py; how corrections and deletions are written in the
journal ("play_corrections") in journal.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..base import GAME_KIND, Entry, RuleError
from ..checks import check_keys_worded, is_whole
from .state import PlayLog, count_play

CORRECTION = "correction"
DELETION = "deletion"
RESTORATION = "restoration"
# Why a deleted play is refused, by what was asked of it.
DELETED_ALREADY = {
    CORRECTION: "play {number} was deleted, so it cannot be corrected",
    DELETION: "play {number} was deleted already",
}


# Entries ----------------------------------------------------------------------------------


def correction_entry(number: int, game_data: dict) -> Entry:
    """The entry that replaces play `number` by `game_data` (the play as the journal writes
    it; its "number" is set to `number`)."""
    return Entry(CORRECTION, {**game_data, "number": number})


def deletion_entry(number: int) -> Entry:
    """The entry that deletes play `number`."""
    return Entry(DELETION, {"number": number})


def restoration_entry(number: int) -> Entry:
    """The entry that restores deleted play `number`."""
    return Entry(RESTORATION, {"number": number})


def describe_change(entry: Entry, describe_game: Callable[[Entry], str]) -> str | None:
    """"correction of play 12, Chaos: Ana, Ben" / "deletion of play 12" / "restoration of
    play 12", or None for an entry that is none of them (`describe_game` words a game entry)."""
    if entry.kind == CORRECTION:
        return "correction of " + describe_game(Entry(GAME_KIND, entry.data))
    if entry.kind == DELETION:
        return f"deletion of play {entry.data.get('number')}"
    if entry.kind == RESTORATION:
        return f"restoration of play {entry.data.get('number')}"
    return None


# Applying them ----------------------------------------------------------------------------


def logged_play(state: PlayLog, data: dict, what: str) -> int:
    """The number of the logged, not deleted play a correction or deletion names."""
    number = data.get("number")
    place = f"{what} of game {number}" if is_whole(number) else what
    if not is_whole(number) or number < 1:
        raise RuleError(f"the {what} needs the number of the play it concerns", place=place, field="number")
    if number > state.last_number:
        logged = f"plays 1 to {state.last_number}" if state.last_number else "no play yet"
        raise RuleError(f"there is no play {number}: the log has {logged}", place=place, field="number")
    if number in state.deleted:
        raise RuleError(DELETED_ALREADY[what].format(number=number), place=place, field="number")
    return number


def check_correction(state: PlayLog, data: dict, check_game: Callable) -> Any:
    """Check a correction against the log without changing it; returns the play's new record."""
    if not isinstance(data, dict):
        raise RuleError("a correction must be a JSON object")
    number = logged_play(state, data, CORRECTION)
    if state.played.get(number) == data:
        raise RuleError(
            f"play {number} already reads exactly so: there is nothing to correct",
            place=f"correction of game {number}",
        )
    return check_game(state.as_if_next(number), data)


def apply_correction(state: PlayLog, data: dict, check_game: Callable) -> None:
    """Replace a logged play by its correction, its players' records with it."""
    record = check_correction(state, data, check_game)
    number = record.number
    index = state.game_index(number)
    old = state.games[index]
    state.games[index] = record
    # The play as it was is gone, and so are the rulings it was recorded with (the correction
    # brings its own, if any: rules/base.py apply_with_law).
    state.law.rulings[:] = [ruling for ruling in state.law.rulings if ruling["game"] != number]
    count_play(state, old, -1)
    count_play(state, record, +1)
    state.played[number] = data
    state.corrections[number] = state.corrections.get(number, 0) + 1


def apply_deletion(state: PlayLog, data: dict) -> None:
    """Take a logged play out of the log; its number is not given again."""
    check_keys_worded(
        data,
        ("number",),
        (),
        "deletion",
        unknown_key=lambda key: f"unknown key '{key}' in a deletion (its key: number)",
        missing_key=lambda key: "the deletion needs the number of the play it deletes",
    )
    number = logged_play(state, data, DELETION)
    record = state.games.pop(state.game_index(number))
    count_play(state, record, -1)
    state.deleted[number] = record


def deleted_play(state: PlayLog, data: dict) -> int:
    """The number of the deleted play a restoration names."""
    number = data.get("number")
    place = f"restoration of game {number}" if is_whole(number) else "restoration"
    if not is_whole(number) or number < 1:
        raise RuleError(
            "the restoration needs the number of the play it restores", place=place, field="number"
        )
    if number > state.last_number:
        logged = f"plays 1 to {state.last_number}" if state.last_number else "no play yet"
        raise RuleError(f"there is no play {number}: the log has {logged}", place=place, field="number")
    if number not in state.deleted:
        raise RuleError(
            f"play {number} is not deleted: there is nothing to restore", place=place, field="number"
        )
    return number


def apply_restoration(state: PlayLog, data: dict, check_game: Callable) -> None:
    """Put a deleted play back in the log as it stood when deleted, checked again as play n
    (its players must still be on the roster)."""
    check_keys_worded(
        data,
        ("number",),
        (),
        "restoration",
        unknown_key=lambda key: f"unknown key '{key}' in a restoration (its key: number)",
        missing_key=lambda key: "the restoration needs the number of the play it restores",
    )
    number = deleted_play(state, data)
    record = check_game(state.as_if_next(number), state.played[number])
    state.games.insert(state.games.bisect_left(number), record)
    count_play(state, record, +1)
    del state.deleted[number]


def as_seen(number: int, corrections: int | None) -> Callable[[PlayLog], None]:
    """A guard for a correction of play `number` made on a form loaded when the play had been
    corrected `corrections` times (store.append asks it under the campaign's lock): it refuses
    the correction when the play was corrected or deleted since, so no phone overwrites
    another's correction unseen."""

    def guard(state: PlayLog) -> None:
        place = f"correction of game {number}"
        if state.is_deleted(number):
            raise RuleError(f"play {number} was deleted since this form was loaded", place=place)
        if state.corrections_of(number) != corrections:
            raise RuleError(
                f"play {number} was corrected on another phone since this form was loaded", place=place
            )

    return guard
