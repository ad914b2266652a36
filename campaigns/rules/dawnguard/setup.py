"""The campaign's setup (heroes, fort thresholds) and the fort thresholds corrected later."""

from __future__ import annotations

import json
from typing import Any

from ..base import RuleError, refuse
from ..checks import check_keys, check_player, is_whole, require_text
from . import rulebook as rules
from .box import (
    ALONE_OPTIONAL_THRESHOLD_KEYS,
    ALONE_THRESHOLD_KEYS,
    FIRST_LEVEL,
    FORT_DAWNGUARD,
    HALL,
    HERO_KEYS,
    HERO_OPTIONAL_KEYS,
    MAX_STARS_PER_LEVEL,
    START_FROM_SCRATCH,
    THRESHOLD_KEYS,
)
from .state import DawnguardState, Fort, Hero, counted, fort_called, happen


def apply_setup(state: DawnguardState, data: dict) -> None:
    place = "setup"
    if state.set_up:
        raise RuleError("the campaign is already set up", place=place)
    check_keys(data, ("heroes", "fort_thresholds"), (), place, "the setup")
    heroes = _setup_heroes(state, data["heroes"])
    thresholds = check_thresholds(data["fort_thresholds"], place)
    state.set_up = True
    state.heroes = {hero.player: hero for hero in heroes}
    state.fort_thresholds = thresholds
    if "hall_of_the_vigilant" in thresholds:
        state.vigilant_fort = Fort(HALL, list(thresholds["hall_of_the_vigilant"]))
        alone = ""
    else:  # set up for chapter 2 played alone: the Vigilants' fort is Fort Dawnguard from the start
        state.vigilant_fort = Fort(FORT_DAWNGUARD, list(thresholds["fort_dawnguard"]))
        alone = " to play chapter 2 alone"
    heroes_words = ", ".join(f"{h.player} plays {h.hero} ({h.race}, level {h.level})" for h in heroes)
    happen(state, "setup", f"the campaign is set up{alone}: {heroes_words}", *(h.player for h in heroes))


def _setup_heroes(state: DawnguardState, heroes: Any) -> list[Hero]:
    if not isinstance(heroes, list) or not heroes:
        raise RuleError(
            "Give at least one player a hero: the campaign starts with at least one",
            place="setup",
            field="heroes",
        )
    made: list[Hero] = []
    for index, item in enumerate(heroes, 1):
        place = f"setup, hero {index}"
        if not isinstance(item, dict):
            raise RuleError(
                "a hero must be an object with player, hero and race", place=place, field="heroes"
            )
        check_keys(item, HERO_KEYS, HERO_OPTIONAL_KEYS, place, "a hero")
        player = check_player(state.players, item["player"], place)
        if any(hero.player == player for hero in made):
            refuse(rules.ONE_HERO_PER_PLAYER, f"{player} has two heroes: one hero per player", place=place,
                   field="player")
        level = item.get("level", FIRST_LEVEL)
        if not is_whole(level) or level < 1:
            raise RuleError(
                f"every hero starts at level {FIRST_LEVEL}, not {json.dumps(level)}: {START_FROM_SCRATCH}",
                place=place,
                field="level",
            )
        if level != FIRST_LEVEL:
            # docs/rules.md, 2026-12-01: every hero starts at level 1 (chapter 2 played alone and a
            # joining player level up twice from there, as the tracker does).
            refuse(
                rules.HEROES_START_AT_LEVEL_1,
                f"every hero starts at level {FIRST_LEVEL}, not {level}: {START_FROM_SCRATCH}",
                place=place,
                field="level",
            )
        made.append(
            Hero(player, require_text(item, "hero", place), require_text(item, "race", place), level=level)
        )
    return made


def threshold_forts(thresholds: dict) -> dict[str, str]:
    """The fort cards a campaign's thresholds are for (key -> name): the Hall and Fort Dawnguard,
    or, set up for chapter 2 played alone, Fort Dawnguard and Castle Volkihar."""
    alone = "fort_dawnguard" in thresholds and "hall_of_the_vigilant" not in thresholds
    return ALONE_THRESHOLD_KEYS if alone else THRESHOLD_KEYS


def check_thresholds(thresholds: Any, place: str | None, forts: dict | None = None) -> dict[str, list[int]]:
    """The stars printed on each fort card, for each of its levels: for the forts a setup
    names (`threshold_forts`), or those `forts` asks for (a correction keeps the setup's)."""
    if not isinstance(thresholds, dict):
        raise RuleError(
            "'fort_thresholds' must give the stars printed on each fort card",
            place=place,
            field="fort_thresholds",
        )
    forts = forts or threshold_forts(thresholds)
    optional = ALONE_OPTIONAL_THRESHOLD_KEYS if forts == ALONE_THRESHOLD_KEYS else {}
    check_keys(thresholds, tuple(forts), tuple(optional), place, "'fort_thresholds'")
    forts = {**forts, **{key: fort for key, fort in optional.items() if key in thresholds}}
    for key, fort in forts.items():
        stars = thresholds[key]
        # The form names each fort's own field; a journal names the part it is in.
        if not isinstance(stars, list) or not stars or not all(is_whole(n) and n > 0 for n in stars):
            raise RuleError(
                f"the {fort} thresholds must list the stars printed on its card (whole numbers above 0)",
                place=place,
                field="fort_thresholds",
            )
        if max(stars) > MAX_STARS_PER_LEVEL:
            raise RuleError(
                f"the {fort} thresholds must be the stars printed on its card: "
                f"no level of a fort card asks for more than {MAX_STARS_PER_LEVEL}",
                place=place,
                field="fort_thresholds",
            )
        if len(stars) > MAX_STARS_PER_LEVEL:
            raise RuleError(
                f"the {fort} thresholds must be the stars printed on its card: "
                f"no fort card has more than {MAX_STARS_PER_LEVEL} levels, not {len(stars)}",
                place=place,
                field="fort_thresholds",
            )
    return {key: list(thresholds[key]) for key in forts}


def apply_thresholds(state: DawnguardState, data: dict) -> None:
    """The thresholds corrected: the stars already put on the Vigilants' fort are counted again
    under the corrected card, as if it had been right from the start."""
    place = "fort thresholds correction"
    if not state.set_up:
        raise RuleError("the fort thresholds are entered with the setup first", place=place)
    check_keys(data, ("fort_thresholds",), (), place, "a fort thresholds correction")
    thresholds = check_thresholds(data["fort_thresholds"], place, threshold_forts(state.fort_thresholds))
    if thresholds == state.fort_thresholds:  # as a play log refuses a correction that changes nothing
        raise RuleError("These are the thresholds already in use: nothing to correct", place=place)
    fort = state.vigilant_fort
    key = "fort_dawnguard" if fort.name == FORT_DAWNGUARD else "hall_of_the_vigilant"
    recounted = Fort(fort.name, list(thresholds[key]))
    if fort.stars_added > sum(recounted.thresholds):
        raise RuleError(
            f"the {fort.name} has had {counted(fort.stars_added, 'star')} put on it, more than the "
            f"{sum(recounted.thresholds)} these thresholds take to its top level: check the card",
            place=place,
            field="fort_thresholds",
        )
    recounted.add_stars(fort.stars_added)
    state.fort_thresholds = thresholds
    state.vigilant_fort = recounted
    cards = "; ".join(
        f"{name} {', '.join(str(n) for n in thresholds[key])}"
        for key, name in threshold_forts(thresholds).items()
    )
    happen(
        state,
        "thresholds",
        f"the fort thresholds are corrected ({cards}): "
        f"{fort_called(recounted.name)} is at level {recounted.gold} "
        f"with {counted(recounted.stars, 'star')}",
    )
