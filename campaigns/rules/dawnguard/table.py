"""Helpers for the pages: where the campaign stands, what a new sitting may play, a chapter's
checklist, readings and setup effects, the reminders a table is given, the choices a form
offers, the contested skill test, and `describe` (an entry in players' words)."""

from __future__ import annotations

from typing import Any

from ..base import Entry, RuleError
from ..checks import is_whole, join_names
from .box import (
    CHAPTER_SETUP,
    DAWNGUARD,
    FEED_PLACE_NAMES,
    FORT_DAWNGUARD,
    HALL,
    LEVELS_ON_JOINING,
    READINGS,
    REMINDERS,
    SIDE_NAMES,
    STANDALONE_CHAPTER,
    STANDALONE_SETUP,
    THREAT_ICON,
    THREAT_TOKENS_IN_BOX,
    THRESHOLD_KEYS,
    VIGILANTS,
    VOLKIHAR,
)
from .setup import threshold_forts
from .sitting import why_not_chapter
from .state import DawnguardState, counted, side_name

# Where a campaign stands, for the Play page.
PHASE_SETUP, PHASE_START, PHASE_PLAYING, PHASE_OVER = "setup", "start", "playing", "over"
PHASES = (PHASE_SETUP, PHASE_START, PHASE_PLAYING, PHASE_OVER)


def sitting_phase(state: DawnguardState) -> str:
    """"setup" (heroes and forts first), "start" (no sitting open, or its chapter complete),
    "playing" (a sitting is open; another may still be started in the same chapter) or "over"."""
    if not state.set_up:
        return PHASE_SETUP
    if state.campaign_over:
        return PHASE_OVER
    if not state.games or state.chapter_complete:
        return PHASE_START
    return PHASE_PLAYING


def startable_chapters(state: DawnguardState) -> list[tuple[int, bool]]:
    """What a new sitting may play: (chapter, standalone) pairs. Before the first game, what
    the setup was for: chapter 1, or chapter 2 as a standalone scenario (set up with Fort
    Dawnguard's thresholds only, never the Hall's: docs/rules.md, corrected 2026-12-02); then
    the current chapter, or the next once it is complete. (A journal set up with the Hall's
    thresholds may still play chapter 2 alone, as journals did before: `why_not_chapter`.)"""
    if not state.set_up:
        return []
    if not state.games:
        return [(STANDALONE_CHAPTER, True)] if state.set_up_alone else [(1, False)]
    return [(chapter, False) for chapter in state.next_chapters()]


def why_not_start(state: DawnguardState, chapter: Any) -> str | None:
    """Why a sitting in this chapter cannot start now, or None (sides are checked by the entry)."""
    if not state.set_up:
        return "the campaign's setup (heroes and fort thresholds) comes before game 1"
    return why_not_chapter(state, chapter)


def checklist(chapter: int, standalone: bool = False) -> tuple[str, ...]:
    """The rulebook's setup checklist for a chapter's first sitting."""
    return STANDALONE_SETUP if standalone else CHAPTER_SETUP[chapter]


def readings(chapter: int) -> tuple[tuple[str, str], ...]:
    """The numbered entries a chapter's first sitting reads: (entry, for whom)."""
    return READINGS[chapter]


def chapter_effects(state: DawnguardState, chapter: int, standalone: bool = False) -> list[str]:
    """What the tracker does when a sitting opens this chapter, in players' words (before it
    does it: read from the state as it is now)."""
    if chapter == state.chapter and state.games:
        return []  # another sitting of the chapter being played: nothing changes
    effects: list[str] = []
    if chapter == 2:
        fort = state.vigilant_fort
        if standalone:
            effects.append(f"The Vigilants' fort is {FORT_DAWNGUARD} from the start, at level 0.")
            effects.append(
                f"Each hero gains {LEVELS_ON_JOINING} levels with the side chosen; each Vampire starts "
                "with hunger 0."
            )
        else:
            effects.append(
                f"The {HALL} (level {fort.gold}, {counted(fort.stars, 'star')}) flips to {FORT_DAWNGUARD}: "
                "its stars and gold are cleared, so it starts at level 0."
            )
            if state.threat_deck:
                effects.append(
                    f"The chapter 1 Threat Event deck leaves with its {counted(state.threat_deck, 'token')}: "
                    "the chapter 2 deck starts with none."
                )
    if state.chapter_1_totals and chapter >= 2:
        totals = state.chapter_1_totals
        effects.append(
            f"Chapter 1 ended with {counted(totals['hall'], 'marker')} on the {HALL} card and "
            f"{counted(totals['castle'], 'marker')} on the Castle Volkihar card: "
            "they set up the final encounters."
        )
    if chapter == 3:
        effects.append("The Threat Event deck keeps its tokens.")
    return effects


def reminders_for(kind: str, data: dict) -> list[str]:
    """What the table is reminded of after an entry, in players' words (cards the tracker
    cannot see)."""
    if kind == "game" and data.get("sides"):
        reminders = [REMINDERS["new_hero"]]
        vampires = [item.get("player") for item in data["sides"] if item.get("side") == VOLKIHAR]
        if vampires:
            reminders.append(f"{', '.join(vampires)}: {REMINDERS['vampirism_card']}")
        return reminders
    if kind != "event":
        return []
    player, side = data.get("player"), data.get("side")
    if data.get("type") == "pledge" and side == VOLKIHAR:
        return [f"{player}: {REMINDERS['vampirism_card']}"]
    if data.get("type") == "join":
        reminders = [f"{player}: {REMINDERS['new_hero']}"]
        if side == VOLKIHAR:
            reminders.append(f"{player}: {REMINDERS['vampirism_card']}")
        return reminders
    return []


def side_label(side: str | None, chapter: int) -> str:
    """A side as players say it ("the Dawnguard"); "not pledged yet" for none."""
    if side is None:
        return "not pledged yet"
    return SIDE_NAMES[side_name(side, chapter)]


def sides_to_choose(chapter: int) -> list[tuple[str, str]]:
    """(value, label) of the two sides a pledge, join or standalone start offers in a chapter."""
    vigilants = VIGILANTS if chapter == 1 else DAWNGUARD
    labels = {VIGILANTS: "Vigilants of Stendarr", DAWNGUARD: "Dawnguard"}
    return [(vigilants, labels[vigilants]), (VOLKIHAR, "Clan Volkihar")]


def feed_places_needed(state: DawnguardState, player: str) -> int:
    """How many places a feeding names: every token on the card (feeding empties it)."""
    hero = state.heroes.get(player)
    return hero.hunger or 0 if hero else 0


def fort_cards_drawn(state: DawnguardState, player: str) -> list[str]:
    return list(state.fort_cards.get(player, []))


def threat_tokens_left(state: DawnguardState) -> int:
    """Threat tokens still in the box."""
    return THREAT_TOKENS_IN_BOX - state.threat_tokens_seen()


def fort_progress(state: DawnguardState) -> dict[str, Any]:
    fort = state.vigilant_fort
    return {
        "name": fort.name,
        "stars": fort.stars,
        "level": fort.gold,
        "thresholds": list(fort.thresholds),
        "next_threshold": fort.next_threshold,
        "top": fort.next_threshold is None,
    }


#: The fewest players a contested skill test is taken by (rulebook: "more than one player at a
#: time, belonging to two different factions").
LEAST_CONTESTANTS = 2


def check_contestants(state: DawnguardState, contestants: list[str]) -> None:
    """A contested skill test is taken by two or more players, from both factions (docs/rules.md,
    2026-12-01): at least one Vampire and one Vigilant (the Dawnguard from chapter 2). Raises
    RuleError naming who, else returns None."""
    field = "contestants"
    if len(contestants) < LEAST_CONTESTANTS:
        who = f" (only {join_names(contestants)})" if contestants else ""
        raise RuleError(
            f"a contested skill test is taken by {LEAST_CONTESTANTS} or more players, from both factions: "
            f"tick who takes it{who}",
            field=field,
        )
    for player in contestants:
        hero = state.heroes.get(player)
        if hero is None or hero.side is None:
            why = "has no hero yet" if hero is None else "has not pledged yet"
            raise RuleError(
                f"{player} {why}: a contested skill test is between the two factions' players", field=field
            )
    sides = {state.heroes[player].side for player in contestants}
    if len(sides) < 2:
        faction = side_label(sides.pop(), state.chapter)
        together = "both" if len(contestants) == 2 else "all"
        raise RuleError(
            f"{join_names(contestants)} {together} play for {faction}: a contested skill test is taken by "
            "players from both factions, at least one from each",
            field=field,
        )


def contested_skill_test(successes: dict[str, int | None]) -> str | None:
    """Who wins a contested skill test: each player's success icons, or None for a failure.

    All fail: a failure (None). One succeeds: that one. Several succeed: the most icons,
    and a tie on the most is a failure."""
    succeeded = {player: icons for player, icons in successes.items() if icons is not None}
    if not succeeded:
        return None
    most = max(succeeded.values())
    leaders = [player for player, icons in succeeded.items() if icons == most]
    return leaders[0] if len(leaders) == 1 else None


# In players' words ----------------------------------------------------------------------


def _places(places: Any) -> str:
    return ", ".join(FEED_PLACE_NAMES.get(p, str(p)) for p in places or [])


def describe(entry: Entry) -> str:
    """A short sentence for the history page."""
    data = entry.data
    if entry.kind == "setup":
        heroes = [
            f"{h.get('player')} as {h.get('hero')}" for h in data.get("heroes") or [] if isinstance(h, dict)
        ]
        return "setup: " + ", ".join(heroes)
    if entry.kind == "thresholds":
        thresholds = data.get("fort_thresholds") or {}
        forts = threshold_forts(thresholds) if isinstance(thresholds, dict) else THRESHOLD_KEYS
        cards = "; ".join(
            f"{name} {', '.join(str(n) for n in thresholds.get(key) or [])}" for key, name in forts.items()
        )
        return f"fort thresholds corrected: {cards}"
    if entry.kind == "game":
        # A game entry, as the pages call it.
        words = f"sitting {data.get('number')}, chapter {data.get('chapter')}"
        sides = data.get("sides")
        if sides:
            chosen = ", ".join(
                f"{s.get('player')} {SIDE_NAMES.get(s.get('side'), s.get('side'))}"
                for s in sides
                if isinstance(s, dict)
            )
            words += f" played alone; sides: {chosen}"
        return words
    kind, player = data.get("type"), data.get("player")
    if kind == "day_turn":
        feeds = [f for f in data.get("feeds") or [] if isinstance(f, dict)]
        fed = [f"{f.get('player')} feeds ({_places(f.get('to'))})" for f in feeds]
        # Who else grew is the fold's to say (its happening); the entry names only who fed.
        return f"a day turn: {'; '.join(fed)}" if fed else "a day turn: every Vampire's hunger grows"
    words = {
        "pledge": f"{player} pledges to {SIDE_NAMES.get(data.get('side'), data.get('side'))}",
        "marker": "a threat icon: a marker moves from the Hall to the Castle"
        if data.get("icon") == THREAT_ICON
        else "a winged icon: a marker moves from the Castle to the Hall",
        "day_night": f"the Day/Night token turns to {data.get('side')}",
        "hunger": f"{player}'s hunger grows",
        "feed": f"{player} feeds ({_places(data.get('to'))})",
        "fort_stars": f"{player} puts {counted(data.get('count'), 'star')} on the fort",
        "level_up": f"{player} levels up",
        "fort_card": f"{player} draws {'the Follower ' if data.get('follower') else ''}"
        f"{data.get('card')} from the fort",
        "threat_deck": _threat_words(data.get("count"), "token", "the Threat Event deck"),
        "board_threat": _threat_words(data.get("count"), "threat token", "the board"),
        "join": f"{player} joins as {data.get('hero')} ({data.get('race')}), "
        f"{SIDE_NAMES.get(data.get('side'), data.get('side'))}",
        "chapter_complete": "the chapter is complete",
    }
    return words.get(kind, f"event: {kind}")


def _threat_words(count: Any, noun: str, where: str) -> str:
    if is_whole(count) and count < 0:
        return f"{counted(-count, noun)} off {where}"
    return f"{counted(count, noun)} on {where}"
