"""The events of a sitting: pledges, the chapter 1 markers, day and night, hunger, feeding and
the day turn, fort stars and cards, level-ups, threat tokens, joining, and the chapter's end.
Each applier checks everything before it changes anything."""

from __future__ import annotations

from ..base import RuleError, refuse
from ..checks import check_keys, check_one_of, check_player, require_text
from . import rulebook as rules
from .box import (
    BOARD_PLACES,
    CASTLE,
    DAWNGUARD,
    DAY,
    EVENT_FIELDS,
    EVENT_OPTIONAL_FIELDS,
    EVENT_TYPES,
    FEED_PLACE_NAMES,
    FIRST_LEVEL,
    HALL,
    LEVELS_ON_JOINING,
    MAX_HUNGER,
    NIGHT,
    SIDE_NAMES,
    SIDES,
    THREAT_ICON,
    VIGILANTS,
    VOLKIHAR,
    WINGED_ICON,
)
from .state import (
    DawnguardState,
    Hero,
    balance_in_chapter,
    check_feeding,
    check_threat_supply,
    count_of,
    counted,
    fort_called,
    happen,
    has_or_have,
    hero_of,
    vampire_of,
)


def apply_event(state: DawnguardState, data: dict) -> None:
    if not state.games:
        raise RuleError("an event belongs to a game: log the game first")
    place = f"game {state.games[-1].number}, event {state.events_in_game + 1}"
    kind = check_one_of(data.get("type"), EVENT_TYPES, "type", place)
    optional = EVENT_OPTIONAL_FIELDS.get(kind, ())
    check_keys(data, ("type", *EVENT_FIELDS[kind]), optional, place, f"a {kind} event")
    if state.chapter_complete:
        after = (
            "the campaign is over"
            if state.campaign_over
            else f"the next game plays chapter {state.chapter + 1}"
        )
        raise RuleError(
            f"chapter {state.chapter} is complete, so this game takes no more events: {after}", place=place
        )
    try:
        EVENT_APPLIERS[kind](state, data)
    except RuleError as error:
        raise error.at(place) from None
    state.events_in_game += 1


def _no_dawnguard_in_chapter_1(state: DawnguardState, event: dict, verb: str) -> None:
    """The Dawnguard, named in chapter 1 (a phone showing chapter 2's sides after an undo): said
    in the table's words rather than as the journal's values."""
    if state.chapter == 1 and event.get("side") == DAWNGUARD:
        raise RuleError(
            f"the Dawnguard is a side from chapter 2: in chapter 1 a player {verb} "
            f"{SIDE_NAMES[VIGILANTS]} or {SIDE_NAMES[VOLKIHAR]}",
            field="side",
        )


def _pledge(state: DawnguardState, event: dict) -> None:
    """Pledges are made during chapter 1; a Volkihar player draws a Vampirism card."""
    if state.chapter != 1:
        refuse(rules.PLEDGE_IN_CHAPTER_1,
               "pledges are made in chapter 1 only: a player who comes later joins (a join event)")
    hero = hero_of(state, event)
    if hero.side is not None:
        refuse(
            rules.PLEDGE_ONCE, f"{hero.player} has already pledged to {SIDE_NAMES[hero.side]}", field="player"
        )
    _no_dawnguard_in_chapter_1(state, event, "pledges to")
    side = check_one_of(event["side"], SIDES, "side", naming_the_value=True)
    hero.side = side
    if hero.is_vampire:
        hero.hunger = 0
    card = " and draws a Vampirism card" if hero.is_vampire else ""
    happen(state, "pledge", f"{hero.player} pledges to {SIDE_NAMES[side]}{card}", hero.player)


def balance_in_play(state: DawnguardState) -> bool:
    """Whether the Hall and Castle markers move in the campaign's chapter now."""
    return balance_in_chapter(state.chapter)


def _marker(state: DawnguardState, event: dict) -> None:
    """Chapter 1 balance: 6 markers between the two cards, never below zero on either."""
    if not balance_in_play(state):
        refuse(rules.MARKERS_IN_CHAPTER_1, "the Hall and Castle markers are moved in chapter 1 only")
    icon = check_one_of(event["icon"], (THREAT_ICON, WINGED_ICON), "icon", naming_the_value=True)
    if icon == THREAT_ICON:
        if state.hall_markers == 0:
            refuse(
                rules.SIX_MARKERS, f"no marker is left on the {HALL} card to move to {CASTLE}", field="icon"
            )
        state.hall_markers -= 1
        state.castle_markers += 1
    else:
        if state.castle_markers == 0:
            refuse(rules.SIX_MARKERS, f"no marker is left on the {CASTLE} card to move to the {HALL}",
                   field="icon")
        state.castle_markers -= 1
        state.hall_markers += 1
    moved = "from the Hall to the Castle" if icon == THREAT_ICON else "from the Castle to the Hall"
    happen(
        state,
        "marker",
        f"a {icon} icon: a marker moves {moved} (Hall {state.hall_markers}, Castle {state.castle_markers})",
    )


def _day_night(state: DawnguardState, event: dict) -> None:
    """The token flips: it cannot turn to the side already showing."""
    side = check_one_of(event["side"], (DAY, NIGHT), "side", naming_the_value=True)
    if side == state.day_night:
        other = NIGHT if side == DAY else DAY
        refuse(rules.DAY_NIGHT_FLIPS, f"it is already {side}: the Day/Night token can only flip to {other}",
               field="side")
    state.day_night = side
    happen(state, "day_night", f"the Day/Night token turns to {side}")


def _hunger(state: DawnguardState, event: dict) -> None:
    """A Vampire adds a threat token to their Vampirism card; one at 3 must feed first."""
    hero = vampire_of(state, event, "have hunger")
    if state.day_night == NIGHT:  # hunger grows while the day side is up (a token not logged yet may be)
        refuse(
            rules.HUNGER_BY_DAY,
            "hunger grows only while the Day/Night token shows day, and it shows night",
            field="player",
        )
    if hero.hunger >= MAX_HUNGER:
        refuse(
            rules.HUNGER_AT_MOST_THREE,
            f"{hero.player}'s hunger is already {MAX_HUNGER}: a Vampire at {MAX_HUNGER} must feed first",
            field="player",
        )
    check_threat_supply(state, 1, field="player")
    hero.hunger += 1
    happen(state, "hunger", f"{hero.player}'s hunger grows to {hero.hunger}", hero.player)


def _feed(state: DawnguardState, event: dict) -> None:
    """Feeding moves every token off the Vampirism card, at most one on each place."""
    hero = vampire_of(state, event, "feed")
    places = check_feeding(hero, event["to"])
    _place_fed_tokens(state, hero, places)
    happen(state, "feed", f"{hero.player} feeds ({_places(places)}): hunger back to 0", hero.player)


def _places(places: list[str]) -> str:
    return ", ".join(FEED_PLACE_NAMES[place] for place in places)


def _place_fed_tokens(state: DawnguardState, hero: Hero, places: list[str]) -> None:
    hero.hunger = 0
    state.board_threat += sum(1 for place in places if place in BOARD_PLACES)
    if "threat_deck" in places:
        state.threat_deck += 1


def why_not_day_turn(state: DawnguardState) -> str | None:
    """A day turn (the rulebook's hunger diagram) needs the token on day and a Vampire in play."""
    if state.day_night != DAY:
        showing = "night" if state.day_night == NIGHT else "not logged yet"
        return f"a day turn comes while the Day/Night token shows day (it is {showing})"
    if not state.vampires():
        return "no player is a Vampire: a day turn changes no hunger"
    return None


def vampires_to_feed_on_day_turn(state: DawnguardState) -> list[str]:
    """The Vampires at 3: on a day turn they feed at once instead of adding a token."""
    return [hero.player for hero in state.vampires() if hero.hunger >= MAX_HUNGER]


def _day_turn(state: DawnguardState, event: dict) -> None:
    """After the Event card, on day: each Vampire at 3 feeds at once (and adds nothing);
    every other Vampire adds 1 threat token to their Vampirism card."""
    if not state.vampires():
        raise RuleError("no player is a Vampire: a day turn changes no hunger")
    why = why_not_day_turn(state)
    if why:
        refuse(rules.HUNGER_BY_DAY, why)
    feeds = event.get("feeds", [])
    if not isinstance(feeds, list):
        raise RuleError("'feeds' must list each Vampire at 3 with where their tokens go", field="feeds")
    must_feed = vampires_to_feed_on_day_turn(state)
    fed: dict[str, list[str]] = {}
    for item in feeds:
        if not isinstance(item, dict):
            raise RuleError("a feeding must be an object with player and to", field="feeds")
        check_keys(item, ("player", "to"), (), None, "a feeding")
        player = check_player(state.players, item["player"], field="feeds")
        hero = state.heroes.get(player)
        if hero is None or not hero.is_vampire:
            refuse(rules.VAMPIRES_ONLY, f"{player} is not a Vampire: only Vampires feed", field="feeds")
        if player in fed:
            raise RuleError(f"{player} feeds once on a day turn", field="feeds")
        if player not in must_feed:
            refuse(
                rules.DAY_TURN_FEEDS_AT_THREE,
                f"{player}'s hunger is {hero.hunger}: on a day turn only a Vampire at {MAX_HUNGER} feeds "
                "(any other adds 1; a Vampire may also feed on their own turn)",
                field="feeds",
            )
        fed[player] = check_feeding(hero, item["to"], field="feeds")
    unfed = [player for player in must_feed if player not in fed]
    if unfed:
        refuse(
            rules.DAY_TURN_FEEDS_AT_THREE,
            f"{has_or_have(unfed)} {MAX_HUNGER} threat tokens and must feed at once: "
            "say where each token goes",
            field="feeds",
        )
    growing = [hero for hero in state.vampires() if hero.player not in fed]
    check_threat_supply(state, len(growing))
    for player, places in fed.items():
        _place_fed_tokens(state, state.heroes[player], places)
        happen(state, "forced_feed", f"{player} (at {MAX_HUNGER}) feeds at once ({_places(places)})", player)
    for hero in growing:
        hero.hunger += 1
    grown = ", ".join(f"{hero.player}'s hunger grows to {hero.hunger}" for hero in growing)
    happen(
        state,
        "day_turn",
        f"a day turn: {grown or 'no other Vampire adds a token'}",
        *(hero.player for hero in state.vampires()),
    )


def _fort_stars(state: DawnguardState, event: dict) -> None:
    """Vigilant/Dawnguard players may put stars on their fort; Vampires don't."""
    hero = hero_of(state, event)
    if hero.is_vampire:
        refuse(
            rules.VAMPIRES_ADD_NO_STARS,
            f"{hero.player} is a Vampire: Vampires don't add stars, only Vigilant and Dawnguard players do",
            field="player",
        )
    if hero.side is None:
        refuse(
            rules.FORT_OF_ONES_SIDE,
            f"{hero.player} has not pledged yet: only Vigilant players add stars to their fort",
            field="player",
        )
    count = count_of(event["count"], "count", positive=True)
    fort = state.vigilant_fort
    if count > fort.stars_to_top:
        if fort.stars_to_top == 0:
            refuse(
                rules.FORT_TOP_LEVEL,
                f"the {fort.name} is at its top level ({fort.gold}): it takes no more stars",
                field="count",
            )
        refuse(
            rules.FORT_TOP_LEVEL,
            f"the {fort.name} takes only {counted(fort.stars_to_top, 'more star')} before its top level",
            field="count",
        )
    gold = fort.gold
    fort.add_stars(count)
    put = f"{hero.player} puts {counted(count, 'star')} on {fort_called(fort.name)}"
    happen(state, "fort_stars", put, hero.player)
    for level in range(gold + 1, fort.gold + 1):
        happen(
            state,
            "fort_level",
            f"{fort_called(fort.name)} reaches level {level} (stars cleared, a gold token added)",
            hero.player,
        )


def _level_up(state: DawnguardState, event: dict) -> None:
    hero = hero_of(state, event)
    hero.level += 1
    happen(state, "level_up", f"{hero.player} levels up to {hero.level}", hero.player)


def fort_card_key(card: str) -> str:
    """A fort card's name as the rules compare it: without case or surrounding spaces
    (docs/rules.md, 2026-12-01), so " agmaer" is the card Agmaer."""
    return card.strip().casefold()


def fort_card_holder(state: DawnguardState, card: str) -> str | None:
    """The player holding this Follower (drawn from a fort), or None."""
    return state.followers.get(fort_card_key(card)) if isinstance(card, str) else None


def fort_card_kind(state: DawnguardState, card: str) -> str | None:
    """What an earlier draw made this card for the whole campaign: "follower", "item", or None
    when nobody has drawn a card of that name yet."""
    if not isinstance(card, str):
        return None
    key = fort_card_key(card)
    if key in state.followers:
        return "follower"
    drawn = any(key in keys for keys in state.fort_cards_folded.values())  # one set per player
    return "item" if drawn else None


def fort_card_name(state: DawnguardState, card: str) -> str:
    """The card's name as first drawn ("Ingjard" for a typed "ingjard "), else as typed without
    its surrounding spaces: what a refusal or the history calls it."""
    key = fort_card_key(card)
    return next(
        (
            earlier.strip()
            for cards in state.fort_cards.values()
            for earlier in cards
            if fort_card_key(earlier) == key
        ),
        card.strip(),
    )


def _fort_card(state: DawnguardState, event: dict) -> None:
    """Each player draws a given follower or item from a fort at most once per campaign, and
    a Follower another player holds cannot be drawn (the next numbered card is drawn instead).
    A card is a Follower or an item for the whole campaign: a draw saying otherwise than an
    earlier draw of the same name is refused (docs/rules.md, 2026-12-01)."""
    hero = hero_of(state, event)
    if hero.side is None:
        refuse(
            rules.FORT_OF_ONES_SIDE,
            f"{hero.player} has not pledged yet: fort cards come from one's own side's fort",
            field="player",
        )
    if not hero.is_vampire and state.vigilant_fort.gold == 0:
        refuse(
            rules.FORT_CARD_FROM_A_LEVELLED_FORT,
            f"{fort_called(state.vigilant_fort.name)} is still at level 0: its cards are drawn once it has "
            "levelled up to where cards are available",
            field="player",
        )
    card = require_text(event, "card")
    follower = event.get("follower", False)
    if "follower" in event and follower is not True:
        raise RuleError("'follower' is true for a Follower card; leave it out for an item", field="follower")
    drawn = state.fort_cards[hero.player]
    if fort_card_key(card) in state.fort_cards_folded.get(hero.player, ()):
        refuse(
            rules.FORT_CARD_ONCE,
            f"{hero.player} has already drawn {fort_card_name(state, card)}: "
            "a player draws each fort card at "
            "most once",
            field="card",
        )
    holder = fort_card_holder(state, card)
    if holder is not None and holder != hero.player:
        refuse(
            rules.FOLLOWER_HELD_ELSEWHERE,
            f"{holder} holds the Follower {fort_card_name(state, card)}: it cannot be drawn, draw the next "
            "numbered card "
            "instead",
            field="card",
        )
    if follower and fort_card_kind(state, card) == "item":
        refuse(
            rules.FOLLOWER_OR_ITEM,
            f"{fort_card_name(state, card)} was drawn as an item before: "
            "a card drawn from a fort is a Follower or an item for the whole campaign",
            field="follower",
        )
    drawn.append(card)
    state.fort_cards_folded.setdefault(hero.player, set()).add(fort_card_key(card))
    if follower:
        state.followers[fort_card_key(card)] = hero.player
    fort = CASTLE if hero.is_vampire else fort_called(state.vigilant_fort.name)
    what = f"the Follower {card.strip()}" if follower else card.strip()
    happen(state, "fort_card", f"{hero.player} draws {what} from {fort}", hero.player)


def _threat_count(state: DawnguardState, event: dict, held: int, where: str) -> int:
    """A change to a pile of threat tokens: + from the box, − back to it; never below zero."""
    count = count_of(event["count"], "count")
    if count == 0:
        raise RuleError(
            "a count of 0 changes nothing: add (positive) or remove (negative) tokens", field="count"
        )
    if held + count < 0:
        if held == 0:
            refuse(rules.TWENTY_THREAT_TOKENS, f"{where} holds no token: none can be removed", field="count")
        refuse(
            rules.TWENTY_THREAT_TOKENS,
            f"{where} holds only {counted(held, 'token')}: {-count} cannot be removed", field="count"
        )
    if count > 0:
        check_threat_supply(state, count, field="count")
    return count


def _threat_deck(state: DawnguardState, event: dict) -> None:
    """Tokens on the Threat Event deck's top card: added, or removed when the card fires."""
    count = _threat_count(state, event, state.threat_deck, "the Threat Event deck")
    state.threat_deck += count
    moved = f"{counted(count, 'token')} on" if count > 0 else f"{counted(-count, 'token')} off"
    happen(state, "threat_deck", f"{moved} the Threat Event deck ({state.threat_deck} there now)")


def _board_threat(state: DawnguardState, event: dict) -> None:
    """Threat tokens on the board (spaces, quests, the Stronghold chart): put there from the
    box, or taken off it (a quest done, an Event card)."""
    count = _threat_count(state, event, state.board_threat, "the board")
    state.board_threat += count
    moved = (
        f"{counted(count, 'threat token')} put on"
        if count > 0
        else f"{counted(-count, 'threat token')} taken off"
    )
    happen(state, "board_threat", f"{moved} the board ({state.board_threat} there now)")


def join_sides(chapter: int) -> tuple[str, ...]:
    """The sides a joining player may name: from chapter 2 the Vigilants are the Dawnguard."""
    return SIDES if chapter == 1 else (*SIDES, DAWNGUARD)


def _join(state: DawnguardState, event: dict) -> None:
    """A later player chooses a side, levels up twice (and takes an equipment and a treasure)."""
    player = check_player(state.players, event["player"])
    if player in state.heroes:
        refuse(
            rules.ONE_HERO_PER_PLAYER, f"{player} already plays {state.heroes[player].hero}", field="player"
        )
    hero_name = require_text(event, "hero")
    race = require_text(event, "race")
    _no_dawnguard_in_chapter_1(state, event, "joins")
    side = check_one_of(event["side"], join_sides(state.chapter), "side", naming_the_value=True)
    hero = Hero(player, hero_name, race, level=FIRST_LEVEL + LEVELS_ON_JOINING)
    hero.side = VIGILANTS if side == DAWNGUARD else side
    if hero.is_vampire:
        hero.hunger = 0
    state.heroes[player] = hero
    happen(
        state,
        "join",
        f"{player} joins as {hero_name} ({race}, level {hero.level}), {SIDE_NAMES[side]}",
        player,
    )


def _chapter_complete(state: DawnguardState, event: dict) -> None:
    """Ends the chapter; chapter 1's final marker totals are recorded for the final encounters."""
    if state.chapter == 1:
        unpledged = state.unpledged()
        if unpledged:
            refuse(
                rules.EVERY_PLAYER_PLEDGES,
                f"{has_or_have(unpledged)} not pledged yet: every player pledges during chapter 1",
            )
        state.chapter_1_totals = {"hall": state.hall_markers, "castle": state.castle_markers}
    state.chapter_complete = True
    happen(state, "chapter_complete", f"chapter {state.chapter} is complete")
    if state.chapter == 1:
        happen(
            state,
            "chapter_1_totals",
            f"chapter 1 ends with {counted(state.hall_markers, 'marker')} on the {HALL} card and "
            f"{counted(state.castle_markers, 'marker')} on the {CASTLE} card "
            "(they set up the final encounters)",
        )


EVENT_APPLIERS = {
    "pledge": _pledge,
    "marker": _marker,
    "day_night": _day_night,
    "hunger": _hunger,
    "feed": _feed,
    "day_turn": _day_turn,
    "fort_stars": _fort_stars,
    "level_up": _level_up,
    "fort_card": _fort_card,
    "threat_deck": _threat_deck,
    "board_threat": _board_threat,
    "join": _join,
    "chapter_complete": _chapter_complete,
}
