"""A sitting (a `game` entry): which chapter it may play, a standalone chapter 2 as the first
game (each player choosing a side), and the tracker's part of a chapter's setup."""

from __future__ import annotations

from typing import Any

from ..base import RuleError, refuse
from ..checks import (
    check_game_number,
    check_keys,
    check_one_of,
    check_played_on,
    check_player,
    is_whole,
    join_names,
)
from . import rulebook as rules
from .box import (
    CHAPTERS,
    DAWNGUARD,
    FORT_DAWNGUARD,
    GAME_KEYS,
    GAME_OPTIONAL_KEYS,
    LEVELS_ON_JOINING,
    SIDE_NAMES,
    SIDES,
    STANDALONE_CHAPTER,
    VIGILANTS,
)
from .state import DawnguardState, Fort, Game, counted, happen, side_name

STANDALONE_SIDES = (*SIDES, DAWNGUARD)


def apply_game(state: DawnguardState, data: dict) -> None:
    number = state.games_played + 1
    place = f"game {number}"
    check_keys(data, GAME_KEYS, GAME_OPTIONAL_KEYS, place, "a game")
    check_game_number(data["number"], number, place)
    check_played_on(data["played_on"], place)
    if not state.set_up:
        raise RuleError("the campaign's setup (heroes and fort thresholds) comes before game 1", place=place)
    chapter = data["chapter"]
    why = why_not_chapter(state, chapter)
    if why:
        refuse(rules.CHAPTERS_IN_ORDER, why, place=place, field="chapter")
    standalone = not state.games and chapter == STANDALONE_CHAPTER
    sides = _standalone_sides(state, data.get("sides"), place) if standalone else None
    if "sides" in data and not standalone:
        raise RuleError(
            "sides are chosen at the start only when chapter 2 is played alone as the first game: "
            "otherwise players pledge in chapter 1 or join",
            place=place,
            field="sides",
        )
    opens = chapter != state.chapter or not state.games
    state.games.append(Game(data["number"], data["played_on"], chapter, standalone))
    state.events_in_game = 0
    flipped = start_chapter(state, chapter, flip=not standalone) if chapter != state.chapter else None
    if standalone:
        state.standalone = True
        for player, side in sides.items():
            hero = state.heroes[player]
            hero.side = side
            hero.level += LEVELS_ON_JOINING
            hero.hunger = 0 if hero.is_vampire else None
        chosen = ", ".join(f"{p} {SIDE_NAMES[side_name(s, chapter)]}" for p, s in sides.items())
        happen(
            state,
            "sitting",
            f"sitting {number} plays chapter 2 alone: {chosen}; each hero levels up twice",
            *sides,
        )
    else:
        happen(state, "sitting", f"sitting {number} {'opens' if opens else 'goes on with'} chapter {chapter}")
    if flipped:
        happen(state, "flip", flipped)


def why_not_chapter(state: DawnguardState, chapter: Any) -> str | None:
    """Chapters in order: a game plays the current chapter, or the next once it is complete;
    the first game may play chapter 2 alone."""
    if not is_whole(chapter) or chapter not in CHAPTERS:
        return "'chapter' must be 1, 2 or 3"
    if state.campaign_over:
        return "the campaign is over: chapter 3 is complete"
    if not state.games:
        if state.set_up_alone and chapter != STANDALONE_CHAPTER:
            return (
                f"the campaign is set up to play chapter 2 alone ({FORT_DAWNGUARD}'s thresholds, "
                "no Hall of the Vigilant): its first game plays chapter 2"
            )
        if chapter in (1, STANDALONE_CHAPTER):
            return None
        return "the first game plays chapter 1, or chapter 2 as a standalone scenario"
    if state.chapter_complete and chapter != state.chapter + 1:
        return f"chapter {state.chapter} is complete: the next game plays chapter {state.chapter + 1}"
    if not state.chapter_complete and chapter != state.chapter:
        next_one = chapter == state.chapter + 1
        why = " (mark it complete at the end of its last sitting first)" if next_one else ""
        return f"chapters are played in order: chapter {state.chapter} is not complete yet{why}"
    return None


def _standalone_sides(state: DawnguardState, sides: Any, place: str) -> dict[str, str]:
    """Chapter 2 played alone: every hero chooses a side (the rulebook's standalone scenario)."""
    if sides is None:
        raise RuleError(
            "chapter 2 played alone needs each player's side: the Vampires or the Dawnguard",
            place=place,
            field="sides",
        )
    if not isinstance(sides, list):
        raise RuleError(
            "'sides' must list each hero's player and side", place=place, field="sides"
        )
    chosen: dict[str, str] = {}
    for index, item in enumerate(sides, 1):
        item_place = f"{place}, side {index}"
        if not isinstance(item, dict):
            raise RuleError("a side must be an object with player and side", place=item_place, field="sides")
        check_keys(item, ("player", "side"), (), item_place, "a side")
        player = check_player(state.players, item["player"], item_place)
        if player not in state.heroes:
            raise RuleError(
                f"{player} has no hero in the setup: a player who comes later joins (a join event)",
                place=item_place,
                field="player",
            )
        if player in chosen:
            raise RuleError(f"{player} chooses one side only", place=item_place, field="player")
        side = check_one_of(item["side"], STANDALONE_SIDES, "side", item_place, naming_the_value=True)
        chosen[player] = VIGILANTS if side == DAWNGUARD else side
    missing = [player for player in state.heroes if player not in chosen]
    if missing:
        refuse(
            rules.CHAPTER_2_ALONE_SIDES,
            f"{join_names(missing)} must choose a side too: "
            "every player chooses one in chapter 2 played alone",
            place=place,
            field="sides",
        )
    return chosen


def start_chapter(state: DawnguardState, chapter: int, flip: bool = True) -> str | None:
    """The tracker's part of a chapter's setup (`flip`: the Hall was in play in chapter 1);
    returns what the flip did, in players' words."""
    state.chapter = chapter
    state.chapter_complete = False
    flipped = None
    if chapter == 2:
        # The Hall is flipped to Fort Dawnguard, losing its stars and gold; the chapter 1
        # Threat Event deck gives way to the chapter 2 one, so its tokens go back to the box.
        hall = state.vigilant_fort
        if flip:
            flipped = (
                f"chapter 2 begins: the {hall.name} (level {hall.gold}, {counted(hall.stars, 'star')}) "
                f"flips to {FORT_DAWNGUARD}, its stars and gold removed"
            )
            if state.threat_deck:
                flipped += (
                    f"; the {counted(state.threat_deck, 'token')} on the chapter 1 Threat Event deck "
                    f"{'goes' if state.threat_deck == 1 else 'go'} back to the box"
                )
        state.vigilant_fort = Fort(FORT_DAWNGUARD, list(state.fort_thresholds["fort_dawnguard"]))
        state.threat_deck = 0
    return flipped
