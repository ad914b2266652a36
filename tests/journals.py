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
    b.add("event", type="missiles", count=3)  # Ana 2, Ben 1, Cid 1 in play
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
