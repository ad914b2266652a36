"""The play-log kind of game system (risk-skyrim, captain-america): separate games, nothing
carried over, each play logged once it is over. No Django here.

A play-log system writes only what is its own (the check of one game and its records); this
package gives it the rest, each concern in one module:

    state.py        PlayLog (the state: the plays that count, each player's record) and
                    PlayerRecord; state_as_of, the log as of play n worked out when asked
    fold.py         apply_to_play_log: the setup, a game, a correction, a deletion or a
                    restoration applied;
                    ENTRY_KINDS; seated_players (a game entry's players, for its description)
    corrections.py  correcting, deleting and restoring a logged play (entries, checks,
                    effects, words)
    journal.py      the journal in and out (play_log_entries, play_log_parts, with the
                    "play_corrections" extension) and the `campaign_state` (play_log_json)

Everything is re-exported here: `from campaigns.rules import play_log; play_log.X`.
"""

from .corrections import (
    CORRECTION,
    DELETED_ALREADY,
    DELETION,
    RESTORATION,
    apply_correction,
    apply_deletion,
    apply_restoration,
    as_seen,
    check_correction,
    correction_entry,
    deleted_play,
    deletion_entry,
    describe_change,
    logged_play,
    restoration_entry,
)
from .fold import ENTRY_KINDS, apply_to_play_log, seated_players
from .journal import (
    JOURNAL_KEY,
    journal_changes,
    journal_part,
    play_log_entries,
    play_log_json,
    play_log_parts,
)
from .state import PlayerRecord, PlayLog, count_play, state_as_of

__all__ = [
    "CORRECTION", "DELETED_ALREADY", "DELETION", "ENTRY_KINDS", "JOURNAL_KEY", "PlayLog", "PlayerRecord",
    "RESTORATION", "apply_correction", "apply_deletion", "apply_restoration", "apply_to_play_log",
    "deleted_play", "restoration_entry", "as_seen", "check_correction", "correction_entry",
    "count_play", "deletion_entry", "describe_change", "journal_changes", "journal_part", "logged_play",
    "play_log_entries", "play_log_json", "play_log_parts", "seated_players", "state_as_of",
]
