"""The Dawnguard campaign of The Elder Scrolls V: Skyrim – The Adventure Game (docs/rules.md §2):
its state and every rule the tracker checks. Plain Python, no Django.

Three chapters played in order, each over one or more games (sittings); or, as a first
game, chapter 2 played alone (each player choosing a side). The entries of a campaign:

    setup       {"heroes": [{"player", "hero", "race", optional "level"}],
                 "fort_thresholds": {"hall_of_the_vigilant": [3, 5], "fort_dawnguard": [3, 5, 7]}}
                (set up for chapter 2 played alone: {"fort_dawnguard": [...], "castle_volkihar": [...]})
    thresholds  {"fort_thresholds": {...}}     the thresholds corrected, any time after the setup
    game        {"number", "played_on", "chapter", optional "sides": [{"player", "side"}]}
                ("sides" only on a first game playing chapter 2 alone, and then required)
    event       {"type", ...}: pledge, marker, day_night, hunger, feed, day_turn, fort_stars,
                level_up, fort_card, threat_deck, board_threat, join, chapter_complete
                (EVENT_FIELDS, EVENT_OPTIONAL_FIELDS)

Decisions where the rulebook is vague (docs/rules.md wins over it, and is silent on these):
- Every hero starts at level 1 (docs/rules.md, 2026-12-01: "all characters start from scratch"; a
  setup level other than 1 is refused); a player who joins later, or chooses a side for
  chapter 2 played alone, starts at 1 and levels up twice (+2, done by the tracker).
- The Day/Night token's side is unknown until first logged; from then on each `day_night`
  must flip it (logging the side already showing is refused).
- `hunger` is not tied to day turns (event cards also raise hunger): what is checked is the
  cap, never above 3 without feeding. A `day_turn` (only while the token shows day) adds 1
  to every Vampire, and each Vampire already at 3 feeds at once instead: the event names
  where that Vampire's tokens go (`feeds`), so the forced feeding is one entry with the turn.
- Feeding empties the Vampirism card: one place per token, each place at most once. Tokens
  fed to a quest, the Stronghold chart or the current space are on the board
  (`board_threat`), the one fed to the Threat Event deck is on that deck.
- `threat_deck` and `board_threat` counts are changes (+ from the box, − back to it), never
  below zero; the threat tokens out of the box (Vampirism cards, board, Threat Event deck)
  never exceed the 20 it holds. Chapter 2 brings a new Threat Event deck, so its tokens go
  back to the box; chapter 3 keeps chapter 2's.
- `fort_stars` go on one by one: each time the count reaches the next threshold the stars
  are removed and a gold token added. Stars past the last threshold are refused. Corrected
  thresholds re-count every star put on the current fort card.
- A fort card is drawn from one's own side's fort, so a player needs a side first; the same
  card (its name, ignoring case and surrounding spaces) at most once per player in the whole
  campaign; a card drawn as a Follower (`"follower": true`) stays with its drawer, and nobody
  else may draw it (they draw the next numbered card instead; the tracker has no event for
  losing one). A card is a Follower or an item for the whole campaign (docs/rules.md, 2026-12-01):
  a card first drawn as an item is refused as a Follower (a Follower drawn again is the
  holder's refusal above).
- Chapter 1 cannot be completed while a hero has not pledged (every player pledges in it).
- After `chapter_complete` the game takes no more events: the next game opens the next
  chapter. `join` takes "dawnguard" as the Vigilants' side from chapter 2 on.

Where each concern lives (lowest first; a module imports only from those above it):

    box.py      names, sides, places, checklists, readings, reminders, entry shapes (data)
    state.py    DawnguardState and its parts, new_state, side_name, the shared checks
    setup.py    the setup and the fort thresholds corrections
    sitting.py  a game: its chapter, chapter 2 played alone, the chapter's setup effects
    events.py   every event of a sitting, the day turn, fort cards
    fold.py     apply: each entry kind to its applier
    table.py    helpers for the pages (phase, startable chapters, checklists, effects,
                reminders, choices, contested skill test) and describe
    journal.py  journal_entries, journal_parts and state_json

Everything is re-exported here: `from campaigns.rules import dawnguard as dg; dg.X`.
This package keeps the rules protocol (campaigns/rules/protocol.py); its Django side is
campaigns/systems/dawnguard/ (its GameSystem: campaigns/systems/base.py).
"""

from ..base import Entry, RuleError
from .box import (
    ALONE_OPTIONAL_THRESHOLD_KEYS,
    ALONE_THRESHOLD_KEYS,
    BOARD_PLACES,
    CASTLE,
    CHAPTER_SETUP,
    CHAPTERS,
    CORRECTIONS_KEY,
    DAWNGUARD,
    DAY,
    EVENT_FIELDS,
    EVENT_OPTIONAL_FIELDS,
    EVENT_TYPES,
    FEED_PLACE_NAMES,
    FEED_PLACES,
    FIRST_LEVEL,
    FORT_DAWNGUARD,
    GAME_KEYS,
    GAME_OPTIONAL_KEYS,
    HALL,
    JOURNAL_KEYS,
    KEY,
    LABEL,
    LEVELS_ON_JOINING,
    MARKERS_ON_EACH_CARD,
    MAX_HUNGER,
    MAX_STARS_PER_LEVEL,
    NEW_RACES,
    NIGHT,
    READINGS,
    REMINDERS,
    SIDE_NAMES,
    SIDES,
    STANDALONE_CHAPTER,
    STANDALONE_SETUP,
    START_FROM_SCRATCH,
    THREAT_ICON,
    THREAT_TOKENS_IN_BOX,
    THRESHOLD_KEYS,
    VIGILANTS,
    VOLKIHAR,
    WINGED_ICON,
)
from .events import (
    balance_in_play,
    fort_card_holder,
    fort_card_key,
    fort_card_kind,
    fort_card_name,
    join_sides,
    vampires_to_feed_on_day_turn,
    why_not_day_turn,
)
from .fold import apply
from .journal import journal_entries, journal_parts, state_json
from .rulebook import RULEBOOK, RULES
from .setup import check_thresholds, threshold_forts
from .sitting import why_not_chapter
from .state import (
    AfterSitting,
    DawnguardState,
    Fort,
    Game,
    Happening,
    Hero,
    fort_called,
    new_state,
    side_name,
)
from .table import (
    LEAST_CONTESTANTS,
    PHASE_OVER,
    PHASE_PLAYING,
    PHASE_SETUP,
    PHASE_START,
    PHASES,
    chapter_effects,
    check_contestants,
    checklist,
    contested_skill_test,
    describe,
    feed_places_needed,
    fort_cards_drawn,
    fort_progress,
    readings,
    reminders_for,
    side_label,
    sides_to_choose,
    sitting_phase,
    startable_chapters,
    threat_tokens_left,
    why_not_start,
)

# The fold keeps the state as of each sitting (rules/protocol.py).
state_as_of = None

__all__ = [
    "RULEBOOK",
    "RULES",
    "balance_in_play",
    "Entry",
    "RuleError",
    "KEY",
    "LABEL",
    "JOURNAL_KEYS",
    "CHAPTERS",
    "STANDALONE_CHAPTER",
    "NEW_RACES",
    "VIGILANTS",
    "VOLKIHAR",
    "DAWNGUARD",
    "SIDES",
    "SIDE_NAMES",
    "DAY",
    "NIGHT",
    "THREAT_ICON",
    "WINGED_ICON",
    "FEED_PLACES",
    "FEED_PLACE_NAMES",
    "BOARD_PLACES",
    "HALL",
    "FORT_DAWNGUARD",
    "CASTLE",
    "THRESHOLD_KEYS",
    "ALONE_THRESHOLD_KEYS",
    "ALONE_OPTIONAL_THRESHOLD_KEYS",
    "FIRST_LEVEL",
    "START_FROM_SCRATCH",
    "LEVELS_ON_JOINING",
    "MAX_HUNGER",
    "MARKERS_ON_EACH_CARD",
    "THREAT_TOKENS_IN_BOX",
    "MAX_STARS_PER_LEVEL",
    "READINGS",
    "CHAPTER_SETUP",
    "STANDALONE_SETUP",
    "REMINDERS",
    "EVENT_FIELDS",
    "EVENT_OPTIONAL_FIELDS",
    "EVENT_TYPES",
    "GAME_KEYS",
    "GAME_OPTIONAL_KEYS",
    "CORRECTIONS_KEY",
    "Hero",
    "Fort",
    "Game",
    "Happening",
    "AfterSitting",
    "fort_called",
    "DawnguardState",
    "new_state",
    "side_name",
    "check_thresholds",
    "threshold_forts",
    "why_not_chapter",
    "why_not_day_turn",
    "vampires_to_feed_on_day_turn",
    "fort_card_holder",
    "fort_card_kind",
    "fort_card_key",
    "fort_card_name",
    "join_sides",
    "apply",
    "PHASE_SETUP",
    "PHASE_START",
    "PHASE_PLAYING",
    "PHASE_OVER",
    "PHASES",
    "sitting_phase",
    "startable_chapters",
    "why_not_start",
    "checklist",
    "readings",
    "chapter_effects",
    "reminders_for",
    "side_label",
    "sides_to_choose",
    "feed_places_needed",
    "fort_cards_drawn",
    "threat_tokens_left",
    "fort_progress",
    "contested_skill_test",
    "check_contestants",
    "LEAST_CONTESTANTS",
    "describe",
    "journal_entries",
    "journal_parts",
    "state_json",
    "state_as_of",
]
