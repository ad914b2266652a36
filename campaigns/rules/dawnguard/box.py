"""What the Dawnguard box and rulebook give (data only): names, sides, places, the fort
cards' keys, the chapters' checklists and readings, the reminders a table is given, and the
shape of each entry and event."""

from __future__ import annotations

KEY = "dawnguard"
LABEL = "Skyrim Adventure Game: Dawnguard"
JOURNAL_KEYS = ("setup", "games", "fort_threshold_corrections")

CHAPTERS = (1, 2, 3)
# A group may play chapter 2 alone, as its first game (rulebook, chapter 2 setup).
STANDALONE_CHAPTER = 2
NEW_RACES = ("Redguard", "Bosmer", "Breton", "Argonian")
VIGILANTS, VOLKIHAR, DAWNGUARD = "vigilants", "volkihar", "dawnguard"
SIDES = (VIGILANTS, VOLKIHAR)
SIDE_NAMES = {VIGILANTS: "the Vigilants of Stendarr", DAWNGUARD: "the Dawnguard", VOLKIHAR: "Clan Volkihar"}
DAY, NIGHT = "day", "night"
THREAT_ICON, WINGED_ICON = "threat", "winged"
FEED_PLACES = ("quest", "stronghold", "space", "threat_deck")
FEED_PLACE_NAMES = {
    "quest": "a quest", "stronghold": "the Stronghold chart", "space": "the current space",
    "threat_deck": "the Threat Event deck",
}
# The places of FEED_PLACES that are on the board (the fourth is the Threat Event deck).
BOARD_PLACES = ("quest", "stronghold", "space")
HALL, FORT_DAWNGUARD, CASTLE = "Hall of the Vigilant", "Fort Dawnguard", "Castle Volkihar"
# The fort cards whose thresholds a setup enters (docs/journal.md): the Hall and its other side.
THRESHOLD_KEYS = {"hall_of_the_vigilant": HALL, "fort_dawnguard": FORT_DAWNGUARD}
# Chapter 2 played alone never sees the Hall: its setup enters Fort Dawnguard's thresholds only,
# the one fort that levels up there (docs/rules.md, corrected 2026-12-02; docs/journal.md).
ALONE_THRESHOLD_KEYS = {"fort_dawnguard": FORT_DAWNGUARD}
# A journal written before 2026-12-02 may still give Castle Volkihar's thresholds beside them (kept
# as written; no player puts stars on the Castle, so nothing reads them).
ALONE_OPTIONAL_THRESHOLD_KEYS = {"castle_volkihar": CASTLE}

FIRST_LEVEL = 1
# The rulebook's chapter 1 setup: why a hero never starts above level 1 (docs/rules.md, 2026-12-01).
START_FROM_SCRATCH = (  # where the rulebook says it, the refusal's rule says (rulebook.py)
    '"All characters start from scratch, even if you are playing with characters from a previous game"'
)
LEVELS_ON_JOINING = 2
MAX_HUNGER = 3
MARKERS_ON_EACH_CARD = 3
THREAT_TOKENS_IN_BOX = 20
# A fort card prints a handful of stars per level (3, 5, 7); this bound, far above any card,
# catches a typo such as 3000 before it makes a fort that can never level up.
MAX_STARS_PER_LEVEL = 50

# What a chapter's first sitting reads out: (entry number, for whom).
READINGS = {
    1: (("556", "all players"),),
    # Chapter 2's Vigilants are the Dawnguard (the rulebook's 578 says "Vigilants of Stendarr players").
    2: (("577", "Vampire players"), ("578", "Dawnguard players")),
    3: (("599", "all players"),),
}
# What a chapter's first sitting sets up (the rulebook's checklists, shortened).
CHAPTER_SETUP = {
    1: (
        "Set up the base game; all characters start from scratch.",
        "Shuffle the Chapter 1 Event cards and the Chapter 1 Threat Event deck.",
        "Order the Dawnguard and Small numbered decks; sort the Vampire Spawning deck (0 on top).",
        "Place the Castle Volkihar and Hall of the Vigilant tokens and cards.",
        "Put 3 markers on the Castle Volkihar card and 3 on the Hall of the Vigilant card.",
    ),
    2: (
        "Remove all purple stars and gold from the Hall of the Vigilant card.",
        "Flip the Hall of the Vigilant token and card to Fort Dawnguard.",
        "Shuffle the Vampire Character and Dawnguard Character decks.",
        "Remove the Chapter 1 Threat Event cards from the Event deck; shuffle in the Chapter 2 Event deck.",
        "Shuffle the Chapter 2 Threat Event deck.",
    ),
    3: (
        "Keep the previous chapter's Threat Event deck.",
        "Shuffle the Chapter 3 Event deck into the previous chapter's Event deck.",
    ),
}
# Chapter 2 played alone starts from a fresh base game (rulebook, chapter 2).
STANDALONE_SETUP = (
    "Set up the base game; all characters start from scratch.",
    "Order the Dawnguard and Small numbered decks; sort the Vampire Spawning deck (0 on top).",
    "Place the Castle Volkihar token and the Fort Dawnguard token and card.",
    "Shuffle the Vampire Character and Dawnguard Character decks.",
    "Shuffle the Chapter 2 Event deck into the Event deck.",
    "Shuffle the Chapter 2 Threat Event deck.",
    "Each player chooses a side: the Vampires (Clan Volkihar) or the Dawnguard.",
    "Each player levels up twice and takes one equipment card and one basic treasure card.",
)

# What the table is reminded of after an entry (the tracker cannot see these cards).
REMINDERS = {
    "vampirism_card": "Draw a Vampirism card.",
    "new_hero": "Level up twice (the tracker has added both levels) and take one equipment card "
    "and one basic treasure card.",
    "next_numbered_card": "A Follower another player holds cannot be drawn: draw the next numbered "
    "card instead.",
}

# The data each event type carries besides "type", then the keys it may leave out.
EVENT_FIELDS = {
    "pledge": ("player", "side"),
    "marker": ("icon",),
    "day_night": ("side",),
    "hunger": ("player",),
    "feed": ("player", "to"),
    "day_turn": (),
    "fort_stars": ("player", "count"),
    "level_up": ("player",),
    "fort_card": ("player", "card"),
    "threat_deck": ("count",),
    "board_threat": ("count",),
    "join": ("player", "hero", "race", "side"),
    "chapter_complete": (),
}
EVENT_OPTIONAL_FIELDS = {"day_turn": ("feeds",), "fort_card": ("follower",)}
EVENT_TYPES = tuple(EVENT_FIELDS)
GAME_KEYS = ("number", "played_on", "chapter")
GAME_OPTIONAL_KEYS = ("sides", "ruling")  # a ruling: docs/journal.md, "Rulings"
HERO_KEYS = ("player", "hero", "race")
HERO_OPTIONAL_KEYS = ("level",)
CORRECTIONS_KEY = "fort_threshold_corrections"
