"""The campaign's setup (heroes, fort thresholds) and the fort thresholds corrected later."""

from __future__ import annotations

from typing import Any

from ..base import RuleError
from ..checks import check_keys, check_player, is_whole, require_text
from .box import (
    FIRST_LEVEL,
    FORT_DAWNGUARD,
    HALL,
    HERO_KEYS,
    HERO_OPTIONAL_KEYS,
    MAX_LEVEL,
    MAX_STARS_PER_LEVEL,
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
    state.vigilant_fort = Fort(HALL, list(thresholds["hall_of_the_vigilant"]))
    heroes_words = ", ".join(f"{h.player} plays {h.hero} ({h.race}, level {h.level})" for h in heroes)
    happen(state, "setup", f"the campaign is set up: {heroes_words}", *(h.player for h in heroes))


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
            raise RuleError(f"{player} has two heroes: one hero per player", place=place, field="player")
        level = item.get("level", FIRST_LEVEL)
        if not is_whole(level) or not FIRST_LEVEL <= level <= MAX_LEVEL:
            raise RuleError(
                f"a hero's level is a whole number from {FIRST_LEVEL} to {MAX_LEVEL}",
                place=place,
                field="level",
            )
        made.append(
            Hero(player, require_text(item, "hero", place), require_text(item, "race", place), level=level)
        )
    return made


def check_thresholds(thresholds: Any, place: str | None) -> dict[str, list[int]]:
    """The stars printed on each fort card, for each of its levels."""
    if not isinstance(thresholds, dict):
        raise RuleError(
            "'fort_thresholds' must give the stars printed on each fort card",
            place=place,
            field="fort_thresholds",
        )
    check_keys(thresholds, tuple(THRESHOLD_KEYS), (), place, "'fort_thresholds'")
    for key, fort in THRESHOLD_KEYS.items():
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
    return {key: list(thresholds[key]) for key in THRESHOLD_KEYS}


def apply_thresholds(state: DawnguardState, data: dict) -> None:
    """The thresholds corrected: the stars already put on the Vigilants' fort are counted again
    under the corrected card, as if it had been right from the start."""
    place = "fort thresholds correction"
    if not state.set_up:
        raise RuleError("the fort thresholds are entered with the setup first", place=place)
    check_keys(data, ("fort_thresholds",), (), place, "a fort thresholds correction")
    thresholds = check_thresholds(data["fort_thresholds"], place)
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
        f"{name} {', '.join(str(n) for n in thresholds[key])}" for key, name in THRESHOLD_KEYS.items()
    )
    happen(
        state,
        "thresholds",
        f"the fort thresholds are corrected ({cards}): "
        f"{fort_called(recounted.name)} is at level {recounted.gold} "
        f"with {counted(recounted.stars, 'star')}",
    )
