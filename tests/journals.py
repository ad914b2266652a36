"""Journals built through the rules layer, for the tests that must see every kind of entry.

`every_kind_journal()` is a 15-game Risk Legacy campaign, named world included, that holds
every entry kind (a trade-in chart correction before game 1 and another mid-campaign), every
event type (a scar and a city a card allows to cover another too), every reward choice (and a
pass), packets opened during a game, during its rewards and between games (unlocking scar
types and the World Capital), a fortification worn out after its 10th box, a city
re-fortified while boxes were left, a cancelled scar, a destroyed card, logged end control
and a roll-off for the world. Each entry is applied to a rules state as it is added, so a
step the rules refuse fails here, at that step, with the rule's message.

`stopped_journals()` are the same campaign stopped in each earlier phase: set up only, its
chart corrected before game 1, a game in progress with events, rewards being chosen (before
and after a packet opened during them), between games after a packet opened (the whole
journal is the last phase: after game 15, with the world named).

When the rules learn a new entry kind or event type, add it to `every_kind_journal()`.
"""

from __future__ import annotations

import copy

from campaigns.rules import journal as journal_module
from campaigns.rules import risk_legacy as rl
from campaigns.rules.base import Entry

PLAYERS = ["Ana", "Ben", "Cid", "Dee", "Eve"]
FACTION_OF = dict(zip(PLAYERS, rl.FACTIONS, strict=True))
NAME = "Every kind of entry"

#: A setup the rules accept: a power for each faction, one coin on each of the first 12 cards.
SETUP = {
    "starting_powers": {faction: "a power" for faction in rl.FACTIONS},
    "coin_stickers": dict.fromkeys(rl.TERRITORIES[:12], 1),
}
#: A first game's seats (player, faction, HQ start), clockwise: four of PLAYERS.
GAME_1 = [
    ("Ana", "Khan Industries", "Egypt"),
    ("Ben", "Enclave of the Bear", "Peru"),
    ("Cid", "Die Mechaniker", "Ural"),
    ("Dee", "Imperial Balkania", "Western Europe"),
]


def game_1_entries() -> list[Entry]:
    """Game 1 at GAME_1's seats after SETUP, and its rewards: Cid won (and destroyed Alaska's
    card), Dee was eliminated, Ana and Ben passed."""
    seats = [{"player": p, "faction": f, "start": s} for p, f, s in GAME_1]
    results = {"Ana": "held_on", "Ben": "held_on", "Cid": "won", "Dee": "eliminated"}
    destroyed = {"type": "destroy_territory_card", "territory": "Alaska"}
    return [
        Entry("game", {"number": 1, "played_on": "2026-09-03", "seats": seats}),
        Entry("game_end", {"results": results}),
        Entry("reward", {"player": "Cid", "sign": {}, "choice": destroyed}),
        Entry("reward", {"player": "Ana", "choice": None}),
        Entry("reward", {"player": "Ben", "choice": None}),
    ]


class JournalBuilder:
    """Entries added one at a time, each checked and applied by the rules layer."""

    def __init__(self, name: str = NAME, players: list[str] = PLAYERS):
        self.name, self.players = name, list(players)
        self.state = rl.new_state(self.players)
        self.entries: list[Entry] = []
        self.stops: dict[str, int] = {}  # a phase's name -> how many entries it holds

    def add(self, kind: str, /, **data) -> None:
        entry = Entry(kind, data)
        rl.apply(self.state, entry)  # raises the rule's RuleError when the step is illegal
        self.entries.append(entry)

    def stop(self, phase: str) -> None:
        """Remember the journal as it is now, as a campaign stopped in `phase`."""
        self.stops[phase] = len(self.entries)

    def start(self, players: list[str], played_on: str) -> None:
        """Open the next game, each player on their faction, in the first legal start."""
        starts: list[str] = []
        for player in players:
            starts.append(rl.legal_starts(self.state, player, starts)[0])
        seats = [
            {"player": p, "faction": FACTION_OF[p], "start": s} for p, s in zip(players, starts, strict=True)
        ]
        self.add("game", number=self.state.next_game_number, played_on=played_on, seats=seats)

    def end(self, results: dict[str, str], **more) -> None:
        self.add("game_end", results=results, **more)

    def reward(self, player: str, choice: dict | None, comment: str | None = None) -> None:
        data = {"player": player, "choice": choice}
        if player == self.state.last_game.winner:
            data["sign"] = {"comment": comment} if comment else {}
        self.add("reward", **data)

    def city_of(self, player: str) -> str:
        """The territory of a city `player` founded."""
        return next(t.name for t in self.state.territories.values() if t.city and t.city.founder == player)

    def journal(self, phase: str | None = None) -> dict:
        entries = self.entries if phase is None else self.entries[: self.stops[phase]]
        name = self.name if phase is None else f"{self.name} ({phase})"
        return journal_module.write(rl, name, self.players, entries)


def _every_kind() -> JournalBuilder:
    b = JournalBuilder()
    coins = {territory: 1 for territory in rl.TERRITORIES[:10]}
    coins[rl.TERRITORIES[0]] = 2
    coins[rl.TERRITORIES[10]] = 1
    b.add(
        "setup",
        starting_powers={faction: f"{faction}'s power" for faction in rl.FACTIONS},
        coin_stickers=coins,
        trade_in_chart={"2": 2, "3": 4, "4": 7},
    )
    b.stop("set up")
    b.add("trade_in_chart", chart={"2": 2, "3": 4, "4": 7, "5": 10})  # corrected before game 1
    b.stop("chart corrected before game 1")

    # Game 1: a scar, a city placed by a card, an elimination; end control logged.
    b.start(["Ana", "Ben", "Cid"], "2026-09-03")
    b.add("packet", name="A player is eliminated", unlocks={"notes": "Eliminated players draw a card."})
    b.add("event", type="scar", player="Cid", territory="Peru", scar="Bunker")
    b.add("event", type="city", territory="Brazil", kind="minor", name="Rio Nova", player="Ana")
    b.add("event", type="red_star", player="Ana", **{"from": "Cid"})  # Cid's HQ captured
    b.add("event", type="red_star_token", player="Ben", how="bought")  # 4 Resource cards: Ben's third Red Star
    b.add("event", type="elimination", player="Cid")
    b.end({"Ana": "won", "Ben": "held_on", "Cid": "eliminated"},
          end_control={"Ana": ["Brazil", "Peru"], "Ben": ["Egypt", "Congo"], "Cid": []})
    b.stop("rewards")
    b.reward("Ana", {"type": "name_continent", "continent": "South America", "name": "Awesometonia"},
             "First blood")
    b.reward("Ben", {"type": "found_minor_city", "territory": "Egypt", "name": "Nova Cairo",
                     "faction_name": "The Bearded"})

    # Game 2: recruiting while holding a Missile, then a Missile fired; a Major City, a pass.
    b.start(["Ana", "Ben", "Cid"], "2026-09-10")
    b.add("event", type="recruitment", player="Ana", troops=31)
    b.add("event", type="missiles", count=1)
    b.stop("playing")
    b.end({"Ana": "won", "Ben": "held_on", "Cid": "held_on"})
    b.reward("Ana", {"type": "found_major_city", "territory": "Japan", "name": "Neo Edo"})
    # Ana has signed twice: the packet is opened during the rewards, unlocking a scar type
    # and the World Capital.
    b.add("packet", name="A player signs the victor's section for the second time",
          unlocks={"scar_types": [{"name": "Biohazard", "effect": "Lose a troop here each turn."}],
                   "world_capital": True})
    b.stop("rewards, a packet opened")
    b.reward("Ben", {"type": "add_resource", "territory": "Congo"})
    b.reward("Cid", None)
    b.add("trade_in_chart", chart={"2": 2, "3": 4, "4": 7, "5": 10, "6": 12})  # corrected mid-campaign

    # Game 3: the World Capital and the unlocked scar type are placed; a fortification.
    b.start(["Ben", "Dee", "Eve"], "2026-09-17")
    b.add("event", type="city", territory="Ukraine", kind="world_capital", name="Prime Metropolis",
          player="Dee")
    b.add("event", type="scar", player="Eve", territory="Siam", scar="Biohazard")
    b.end({"Ben": "won", "Dee": "held_on", "Eve": "held_on"})
    b.reward("Ben", {"type": "fortify_city", "territory": "Japan"})

    # Game 4: the fortification's 10th box is ticked; a scar cancelled.
    b.start(["Ana", "Dee", "Eve"], "2026-09-24")
    b.add("event", type="fortification_box", territory="Japan", count=4)
    b.add("event", type="fortification_box", territory="Japan", count=6)
    b.end({"Eve": "won", "Ana": "held_on", "Dee": "eliminated"})
    b.reward("Eve", {"type": "cancel_scar", "territory": "Peru"})

    # Game 5: a card lets a scar cover a scar and a city cover a city; a continent's bonus changed.
    b.start(["Cid", "Dee", "Eve"], "2026-10-01")
    b.add("event", type="scar", player="Cid", territory="Siam", scar="Ammo Shortage", allowed_by_card=True)
    b.add("event", type="scar", player="Cid", territory="Iceland", scar="Bunker", allowed_by_card=True)  # a 2nd
    b.add("event", type="city", territory="Brazil", kind="major", name="Nova Rio", player="Dee",
          allowed_by_card=True)
    b.end({"Cid": "won", "Dee": "held_on", "Eve": "held_on"})
    b.reward("Cid", {"type": "change_continent_bonus", "continent": "Asia", "delta": -1})

    # Game 6: the worn-out fortification is renewed; game 7: boxes ticked, then a fresh 10.
    b.start(["Ana", "Cid", "Dee"], "2026-10-08")
    b.end({"Dee": "won", "Ana": "held_on", "Cid": "held_on"})
    b.reward("Dee", {"type": "fortify_city", "territory": "Japan"})
    b.start(["Ana", "Ben", "Cid"], "2026-10-15")
    b.add("event", type="fortification_box", territory="Japan", count=3)
    b.add("event", type="missiles", count=3, by={"Ana": 2, "Ben": 1})  # Ana 2, Ben 1, Cid 1 in play
    b.end({"Ana": "won", "Ben": "held_on", "Cid": "held_on"})
    b.reward("Ana", {"type": "fortify_city", "territory": "Japan"})
    b.reward("Ben", None)
    b.reward("Cid", None)
    # The three Missiles' packet, remembered once every reward was chosen: between games.
    b.add("packet", name="Three Missiles are used in the same combat",
          unlocks={"notes": "Missiles hit harder."})
    b.stop("between games, a packet opened")

    # Games 8 to 15: the winners destroy cards and name continents; Ana and Ben tie on signatures.
    winners = {8: "Ben", 9: "Ben", 10: "Cid", 11: "Dee", 12: "Eve", 13: "Ana", 14: "Ben", 15: "Eve"}
    for number, winner in winners.items():
        others = [p for p in PLAYERS if p != winner][:2]
        b.start([winner, *others], f"2026-{10 + number // 8:02d}-{number:02d}")
        b.end({winner: "won", **{p: "held_on" for p in others}})
        if number == 8:
            choice = {"type": "destroy_territory_card", "territory": "Siam"}
        elif number == 9:
            choice = {"type": "name_continent", "continent": "Europe", "name": "Old Country"}
        else:
            choice = {"type": "destroy_territory_card", "territory": rl.TERRITORIES[20 + number]}
        b.reward(winner, choice)
        if number == 15:  # every game-15 reward is chosen or passed before the world is named
            for other in b.state.reward_queue:
                b.reward(other, None)
    # Ana rolls 5 and named one continent (6); Ben rolls 6 and named one too (7).
    b.add("world", name="Gaia Prime", named_by="Ben", roll_off={"Ana": 5, "Ben": 6})
    return b


def every_kind_journal() -> dict:
    """A campaign journal holding every entry kind and event type the rules accept."""
    return _every_kind().journal()


def stopped_journals() -> dict[str, dict]:
    """The same campaign stopped in each phase (phase -> journal)."""
    built = _every_kind()
    return {phase: built.journal(phase) for phase in built.stops}


# Play logs ------------------------------------------------------------
# `play_log_journals()`: a Risk: Skyrim and a Captain America log holding every entry kind
# (setup, game, correction, deletion, restoration) and every mode, player count and ending: each Skyrim
# mode, a Dovahkiin play where two seats reached 10 points ("won": true), a Civil War loser
# eliminated in a turn, Captain America with 2 and 4 players and a draw; play 2 (Dovahkiin;
# Captain America's 2-player play) corrected twice, play 3 corrected then deleted and a play
# logged after the deletion (numbered past the gap), then play 1 deleted and restored.


def _skyrim_plays() -> list[dict]:
    def seat(player, faction, **counts):
        return {"player": player, "faction": faction, **counts}

    return [
        {"number": 1, "played_on": "2026-09-06", "mode": "chaos", "seats": [
            seat("Ana", "Thalmor", territories=20, forts=4, portals=3),
            seat("Ben", "Orcs", territories=16, forts=2, portals=3)]},
        {"number": 2, "played_on": "2026-09-13", "mode": "dovahkiin", "seats": [
            seat("Cid", "Imperial", victory_points=11, hero_alive=True, won=True),
            seat("Dee", "Forsworn", victory_points=10, hero_alive=True),
            seat("Eve", "Stormcloak", victory_points=4, hero_alive=False, territories=9, forts=1, portals=0)]},
        {"number": 3, "played_on": "2026-09-20", "mode": "civil_war", "seats": [
            seat("Ana", "Imperial", territories=48),
            seat("Ben", "Stormcloak", territories=0, eliminated_in_turn=9),
            seat("Cid", "Forsworn", territories=0)]},
        # Dovahkiin rules with Chaos victory conditions: a Chaos play, noted (docs/rules.md, 2026-12-01).
        {"number": 4, "played_on": "2026-09-27", "mode": "chaos", "dovahkiin_rules": True, "seats": [
            seat(player, faction, territories=9, forts=1, portals=1)
            for player, faction in zip(PLAYERS, ("Stormcloak", "Thalmor", "Orcs", "Imperial", "Forsworn"), strict=True)]},
    ]


def _civil_war_plays() -> list[dict]:
    four = [{"player": "Ana", "heroes": ["Captain America"]}, {"player": "Ben", "heroes": ["Falcon"]},
            {"player": "Cid", "heroes": ["Iron Man"]}, {"player": "Dee", "heroes": ["War Machine"]}]
    two = [{"player": "Eve", "heroes": ["Iron Man", "War Machine"]},
           {"player": "Ana", "heroes": ["Captain America", "Falcon"]}]
    return [
        {"number": 1, "played_on": "2026-09-05", "seats": four, "winter_soldier": "captain-america",
         "quinjet": "iron-man", "rooms": {"captain-america": 15, "iron-man": 14}},
        {"number": 2, "played_on": "2026-09-12", "seats": two, "winter_soldier": "iron-man",
         "quinjet": "captain-america", "rooms": {"captain-america": 17, "iron-man": 17}},  # a draw
        {"number": 3, "played_on": "2026-09-19", "seats": four, "winter_soldier": None,
         "quinjet": None, "rooms": {"captain-america": 10, "iron-man": 20}},
        {"number": 4, "played_on": "2026-09-26", "seats": two, "winter_soldier": "captain-america",
         "quinjet": None, "rooms": {"captain-america": 12, "iron-man": 9}},
    ]


def _play_log_entries(plays: list[dict], second_fix: dict, third_fix: dict, brought_in: dict) -> list[Entry]:
    """Plays 1 to 3, play 2 corrected, play 3 corrected (its date) then deleted, play 4,
    play 2 corrected again, play 5 brought in from BG Stats (its numbers unknown), play 1 deleted
    then restored."""
    from campaigns.rules import play_log

    return [
        Entry("setup", {}),
        *(Entry("game", copy.deepcopy(play)) for play in plays[:3]),
        play_log.correction_entry(2, second_fix),
        play_log.correction_entry(3, {**copy.deepcopy(plays[2]), "played_on": "2026-09-21"}),
        play_log.deletion_entry(3),
        Entry("game", copy.deepcopy(plays[3])),
        play_log.correction_entry(2, third_fix),
        Entry("game", copy.deepcopy(brought_in)),
        play_log.deletion_entry(1),
        play_log.restoration_entry(1),
    ]


def play_logs() -> dict[str, tuple[object, list[Entry]]]:
    """The every-kind play logs' entries, in the order recorded (name -> (rules module, entries))."""
    from campaigns.rules import captain_america, risk_skyrim
    from campaigns.rules.base import fold

    skyrim = _skyrim_plays()
    civil_war = _civil_war_plays()
    built = {
        "Every kind of Skyrim play": (risk_skyrim, _play_log_entries(
            skyrim,
            {**skyrim[1], "played_on": "2026-09-14"},
            {**skyrim[1], "seats": [{**skyrim[1]["seats"][0], "victory_points": 12}, *skyrim[1]["seats"][1:]]},
            {"number": 5, "played_on": "2026-10-04", "mode": "chaos",
             "seats": [{"player": "Ana", "faction": "Orcs", "score": 11}, {"player": "Ben"}],
             "bg_stats": {"uuid": "BG-SKYRIM-1", "winners": ["Ana"]}},
        )),
        "Every kind of Civil War play": (captain_america, _play_log_entries(
            civil_war,
            {**civil_war[1], "rooms": {"captain-america": 18, "iron-man": 17}},
            {**civil_war[1], "quinjet": "iron-man"},
            {"number": 5, "played_on": "2026-10-03",
             "seats": [{"player": "Ana", "heroes": ["Captain America", "Falcon"], "score": 5},
                       {"player": "Ben", "team": "iron-man"}],
             "bg_stats": {"uuid": "BG-CIVIL-WAR-1", "winners": ["Ana"]}},
        )),
    }
    for system, entries in built.values():
        fold(system, PLAYERS, entries)  # a step the rules refuse fails here, with its message
    return built


def play_log_journals() -> dict[str, dict]:
    """A Risk: Skyrim and a Captain America log holding every entry kind of a play log (name -> journal)."""
    return {name: journal_module.write(system, name, PLAYERS, entries)
            for name, (system, entries) in play_logs().items()}


# -- Dawnguard ------------------------------------------------------------------

DAWNGUARD_THRESHOLDS = {"hall_of_the_vigilant": [3, 5], "fort_dawnguard": [3, 5, 7]}


def _dawnguard_campaign() -> tuple[list[Entry], dict[str, int]]:
    """A whole Dawnguard campaign with every entry kind, event type and optional key (chapters
    1 to 3, thresholds corrected before game 1 and mid-sitting, a day turn with a forced
    feeding, a Follower, a ruled event and a ruling no rule needed), and where to stop it for
    each phase (name -> entries kept)."""
    def event(kind, **data):
        return Entry("event", {"type": kind, **data})

    def game(number, chapter):
        return Entry("game", {"number": number, "played_on": f"2026-10-{number:02d}", "chapter": chapter})

    heroes = [
        {"player": "Ana", "hero": "Sigrid", "race": "Redguard", "level": 1},  # "level" written
        {"player": "Ben", "hero": "Faendal", "race": "Bosmer"},
        {"player": "Cid", "hero": "Lucien", "race": "Nord"},
    ]
    entries = [Entry("setup", {"heroes": heroes, "fort_thresholds": DAWNGUARD_THRESHOLDS})]
    stops = {"set up only": 1}
    misread = {**DAWNGUARD_THRESHOLDS, "hall_of_the_vigilant": [3, 4]}
    entries.append(Entry("thresholds", {"fort_thresholds": misread}))
    entries += [
        game(1, 1),
        event("pledge", player="Ana", side="volkihar"),
        event("pledge", player="Ben", side="vigilants"),
        event("day_night", side="day"),
        event("hunger", player="Ana"),
        event("hunger", player="Ana"),
        event("day_turn"),  # Ana reaches 3
        event("marker", icon="threat"),
        event("marker", icon="winged"),
        event("fort_stars", player="Ben", count=2),
        Entry("thresholds", {"fort_thresholds": DAWNGUARD_THRESHOLDS}),
        event("day_turn", feeds=[{"player": "Ana", "to": ["quest", "space", "threat_deck"]}]),
        event("board_threat", count=2),
        event("threat_deck", count=1),
    ]
    stops["chapter 1 in progress"] = len(entries)
    entries += [
        event("pledge", player="Cid", side="vigilants"),
        event("fort_stars", player="Cid", count=1),  # the Hall reaches level 1: its cards may be drawn
        event("fort_card", player="Ben", card="Crossbow"),
        event("fort_card", player="Cid", card="Agmaer", follower=True),
        event("level_up", player="Ben"),
        event("hunger", player="Ana"),
        event("feed", player="Ana", to=["stronghold"]),
        event("board_threat", count=-1),
        event("chapter_complete"),
    ]
    stops["chapter 1 complete"] = len(entries)
    entries += [
        game(2, 2),
        event("join", player="Dee", hero="Serana", race="Argonian", side="volkihar"),
        event("join", player="Eve", hero="Talen-Jei", race="Breton", side="dawnguard"),
        event("fort_stars", player="Eve", count=3),
        event("threat_deck", count=2),
        event("threat_deck", count=-1),
        event("day_night", side="night"),
        event("chapter_complete"),
        Entry("game", {**game(3, 3).data, "ruling": "Eve's sister sat in for Eve"}),  # a ruling no rule needed
        # The token still shows night: the group's ruling sets the hunger-by-day rule aside.
        event("hunger", player="Dee", ruling="we flipped the token to day and forgot to log it"),
        event("chapter_complete"),
    ]
    return entries, stops


def _dawnguard_standalone() -> tuple[list[Entry], int]:
    """Chapter 2 played alone as the first game, each player choosing a side, then played on
    as a group would: players join, a day turn forces a feeding, a Follower is drawn, a second
    sitting, chapter 3. Also where its first sitting's first event ends (entries kept)."""
    def event(kind, **data):
        return Entry("event", {"type": kind, **data})

    heroes = [
        {"player": "Ana", "hero": "Sigrid", "race": "Redguard"},
        {"player": "Ben", "hero": "Faendal", "race": "Bosmer"},
    ]
    sides = [{"player": "Ana", "side": "volkihar"}, {"player": "Ben", "side": "dawnguard"}]
    # Set up for chapter 2 alone: Fort Dawnguard's thresholds, no Hall (Castle Volkihar's, which a
    # journal written before 2026-12-02 may still give, are kept as written).
    alone = {"fort_dawnguard": DAWNGUARD_THRESHOLDS["fort_dawnguard"], "castle_volkihar": [4, 6]}
    entries = [
        Entry("setup", {"heroes": heroes, "fort_thresholds": alone}),
        Entry("game", {"number": 1, "played_on": "2026-10-01", "chapter": 2, "sides": sides}),
        event("fort_stars", player="Ben", count=3),
    ]
    first_event = len(entries)
    entries += [
        event("join", player="Cid", hero="Lucien", race="Nord", side="dawnguard"),
        event("day_night", side="day"),  # hunger grows only by day
        *(event("hunger", player="Ana") for _ in range(3)),
        event("day_turn", feeds=[{"player": "Ana", "to": ["quest", "space", "stronghold"]}]),
        event("board_threat", count=1),
        Entry("game", {"number": 2, "played_on": "2026-10-08", "chapter": 2}),
        event("join", player="Dee", hero="Serana", race="Argonian", side="volkihar"),
        event("fort_card", player="Cid", card="Agmaer", follower=True),
        event("day_turn"),
        event("chapter_complete"),
        Entry("game", {"number": 3, "played_on": "2026-10-15", "chapter": 3}),
        event("hunger", player="Dee"),
        event("chapter_complete"),
    ]
    return entries, first_event


def dawnguard_journals() -> dict[str, dict]:
    """Dawnguard journals holding every entry kind, event type and optional key the rules
    accept: the whole campaign, stopped in each phase, and chapter 2 played alone."""
    from campaigns.rules import dawnguard
    from campaigns.rules.base import fold

    entries, stops = _dawnguard_campaign()
    built = {"Dawnguard, every kind": entries}
    built |= {f"Dawnguard, {phase}": entries[:stop] for phase, stop in stops.items()}
    standalone, first_event = _dawnguard_standalone()
    built["Dawnguard, chapter 2 alone"] = standalone[:first_event]
    built["Dawnguard, chapter 2 alone, played on"] = standalone
    journals = {}
    for name, kept in built.items():
        fold(dawnguard, PLAYERS, kept)  # a step the rules refuse fails here, with its message
        journals[name] = journal_module.write(dawnguard, name, PLAYERS, kept)
    return journals
