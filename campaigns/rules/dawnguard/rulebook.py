"""Every rule the Dawnguard rules check: its id, its words, the rulebook heading it comes from,
and whether the group may rule otherwise (docs/rules.md, "The table has the last word")."""

from __future__ import annotations

from ..base import Rule

#: The rulebook these headings are printed in (the project keeps a copy beside it).
RULEBOOK = "skyrim-adventure-dawnguard.txt"


def _rule(name: str, words: str, rulebook: str, *, rulable: bool = True) -> Rule:
    return Rule(f"dawnguard/{name}", words, rulebook, rulable)


HEROES_START_AT_LEVEL_1 = _rule(
    "heroes-start-at-level-1", "Every hero starts at level 1: all characters start from scratch", "Chapter 1"
)
ONE_HERO_PER_PLAYER = _rule("one-hero-per-player", "A player plays one hero", "New Heroes", rulable=False)
PLEDGE_IN_CHAPTER_1 = _rule(
    "pledge-in-chapter-1",
    "Players pledge to a side during chapter 1; a player who comes later joins",
    "Factions",
)
PLEDGE_ONCE = _rule("pledge-once", "A player pledges once", "Factions")
EVERY_PLAYER_PLEDGES = _rule(
    "every-player-pledges", "Every player has pledged to a side by the end of chapter 1", "Factions"
)
MARKERS_IN_CHAPTER_1 = _rule(
    "markers-in-chapter-1", "The Hall and Castle markers move during chapter 1", "Chapter 1"
)
SIX_MARKERS = _rule(
    "six-markers",
    "The six markers move between the Hall and the Castle, never below zero",
    "Chapter 1",
    rulable=False,
)
DAY_NIGHT_FLIPS = _rule(
    "day-night-flips", "The Day/Night token flips to the side not showing", "Day and Night", rulable=False
)
VAMPIRES_ONLY = _rule(
    "vampires-only",
    "Only a Clan Volkihar player has a Vampirism card: hunger and feeding",
    "Vampires",
    rulable=False,
)
HUNGER_AT_MOST_THREE = _rule(
    "hunger-at-most-three",
    "A Vampirism card holds 3 threat tokens at most: a Vampire at 3 feeds first",
    "Hunger",
)
HUNGER_BY_DAY = _rule("hunger-by-day", "Hunger grows only while the Day/Night token shows day", "Hunger")
FEEDING_EMPTIES_THE_CARD = _rule(
    "feeding-empties-the-card",
    "Feeding moves every token off the Vampirism card, at most one on each place",
    "Feeding",
)
DAY_TURN_FEEDS_AT_THREE = _rule(
    "day-turn-feeds-at-three",
    "On a day turn a Vampire at 3 feeds at once and every other Vampire adds a token",
    "Hunger Diagram",
)
VAMPIRES_ADD_NO_STARS = _rule(
    "vampires-add-no-stars",
    "Vigilant and Dawnguard players put stars on their fort; Vampires don't",
    "Vigilants of Stendarr and Dawnguard",
)
FORT_OF_ONES_SIDE = _rule(
    "fort-of-ones-side",
    "A player's fort is their side's: a player who has not pledged has none",
    "Forts",
    rulable=False,
)
FORT_TOP_LEVEL = _rule(
    "fort-top-level", "A fort at its top level takes no more stars", "Levelling up the Fort", rulable=False
)
FORT_CARD_ONCE = _rule(
    "fort-card-once", "A player draws each fort card at most once in the campaign", "Fort Cards"
)
FOLLOWER_HELD_ELSEWHERE = _rule(
    "follower-held-elsewhere",
    "A Follower another player holds cannot be drawn: draw the next numbered card",
    "Fort Character Cards",
)
FOLLOWER_OR_ITEM = _rule(
    "follower-or-item",
    "A card drawn from a fort is a Follower or an item for the whole campaign",
    "Fort Cards",
)
FORT_CARD_FROM_A_LEVELLED_FORT = _rule(
    "fort-card-from-a-levelled-fort",
    "A fort's cards are drawn once it has levelled up to where cards are available",
    "Levelling up the Fort",
)
TWENTY_THREAT_TOKENS = _rule(
    "twenty-threat-tokens",
    "The box holds 20 threat tokens; a pile never goes below zero",
    "Threat Tokens",
    rulable=False,
)
CHAPTERS_IN_ORDER = _rule(
    "chapters-in-order", "The chapters are played in order, one at a time", "Scenarios", rulable=False
)
CHAPTER_2_ALONE_SIDES = _rule(
    "chapter-2-alone-sides",
    "Chapter 2 played alone: every hero chooses a side, levels up twice "
    "and takes an equipment and a treasure",
    "Chapter 2",
)

#: Every rule above, in the order written: derived, so that a rule is never left off the list.
RULES = tuple(rule for rule in list(globals().values()) if isinstance(rule, Rule))
