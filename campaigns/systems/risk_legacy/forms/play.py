"""The forms of a Risk Legacy game's Play page: its events, a sealed packet, each player's
reward and naming the world.

Each form turns what a player typed into one journal entry (`entry()`); whether the entry
is legal is for the rules layer alone (store.append raises RuleError, which the form shows
beside the field it concerns: RefusalsBesideFields). The choices offered come from the state:
the seated players, and for rewards only the valid targets (risk_legacy.reward_targets).
"""

from django import forms

from .... import forms as shared_forms
from ....rules import limits
from ....rules import risk_legacy as rl
from ....rules.base import Entry
from ....web.refusals import sentence
from ....web.writes import JournalForm
from .territories import territory_choices

#: What each reward's target and name fields are called on the form.
TARGET_LABEL = {
    "name_continent": "Continent to name",
    "found_major_city": "Territory for the Major City",
    "cancel_scar": "Scar to cancel",
    "change_continent_bonus": "Continent to change",
    "fortify_city": "City to fortify",
    "destroy_territory_card": "Card to destroy",
    "found_minor_city": "Territory for the Minor City",
    "add_resource": "Card to add a resource to",
}
NAME_LABEL = {
    "name_continent": "New name",
    "found_major_city": "Major City's name",
    "found_minor_city": "Minor City's name",
}

#: Every list starts with nothing chosen, so a stray tap on Record logs nothing.
CHOOSE = ("", "Choose…")


def seated_choices(game, players=None):
    """The seats (or those of `players`), for a <select> that starts on "Choose…"."""
    return [CHOOSE] + [
        (seat.player, f"{seat.player} ({seat.faction})")
        for seat in game.seats
        if players is None or seat.player in players
    ]


def covering_choices(open_land, covered_land, covered_label):
    """Territories grouped by continent, then those already marked, which a card or packet
    may let this one cover (the rules refuse them unless "the card allows it" is ticked)."""
    groups = [CHOOSE, *territory_choices(open_land)]
    if covered_land:
        groups.append((covered_label, [(name, name) for name in covered_land]))
    return groups


class GameEventForm(shared_forms.JournalEventForm):
    """Base for the forms that log one event during a game.

    `unavailable` says why the event cannot happen now (nothing a list could offer), and
    the page shows it instead of the form: a required list is never empty."""

    def __init__(self, state, *args, **kwargs):
        super().__init__(state, *args, **kwargs)
        self.game = state.last_game
        self.unavailable: str | None = None
        if "player" in self.fields:
            self.fields["player"].choices = seated_choices(self.game)

    def event_data(self) -> dict:
        data = super().event_data()
        if data.pop("allowed_by_card", False):  # only when ticked: the journal leaves it out otherwise
            data["allowed_by_card"] = True
        return data


class AllowedByCardField(forms.BooleanField):
    def __init__(self, what, also=""):
        super().__init__(
            required=False,
            label=f"The card allows it to cover {what}{also}",
            help_text="Tick only when the card or packet says so.",
        )


class ScarForm(GameEventForm):
    event_type = "scar"
    title = "A scar was placed"
    player = forms.ChoiceField(label="Played by")
    territory = forms.ChoiceField()
    scar = forms.ChoiceField(label="Scar")
    # One Scar card is dealt to each player a game: a second scar by the same player needs a card too.
    allowed_by_card = AllowedByCardField("a scar", also=", or a second scar by the same player this game")

    def __init__(self, state, *args, **kwargs):
        super().__init__(state, *args, **kwargs)
        # Who placed a scar this game already stands apart: a second needs the card to allow it.
        placers = rl.scar_placers(self.game)
        placed = [seat.player for seat in self.game.seats if seat.player not in placers]
        players = seated_choices(self.game, placers)
        if placed:
            label = "Already placed a scar this game (only if the card allows it)"
            players.append((label, seated_choices(self.game, placed)[1:]))
        self.fields["player"].choices = players
        self.fields["scar"].choices = [CHOOSE] + [(t.name, t.name) for t in state.scar_types]
        open_land = rl.scar_targets(state)
        covered = [t for t in rl.scar_targets(state, allowed_by_card=True) if t not in open_land]
        self.fields["territory"].choices = covering_choices(
            open_land, covered, "Already scarred (only if the card allows it)"
        )


class FortificationBoxForm(GameEventForm):
    event_type = "fortification_box"
    title = "Fortification boxes ticked"
    territory = forms.ChoiceField(label="Fortified city")
    count = forms.IntegerField(min_value=1, max_value=rl.FORTIFICATION_BOXES, initial=1, label="Boxes ticked")

    def __init__(self, state, *args, **kwargs):
        super().__init__(state, *args, **kwargs)
        fortified = rl.fortification_box_targets(state)
        self.fields["territory"].choices = [CHOOSE] + [
            (name, f"{name}: {state.territories[name].city.name} "
                   f"({state.territories[name].fortification.boxes_left} left)")
            for name in fortified
        ]
        if not fortified:
            self.unavailable = "No city on the board is fortified: there is no box to tick."


class CityForm(GameEventForm):
    event_type = "city"
    title = "A city was placed by a card or packet"
    player = forms.ChoiceField(label="Placed by")
    territory = forms.ChoiceField()
    kind = forms.ChoiceField(label="City")
    name = forms.CharField(max_length=limits.NAME_MAX_CHARS, label="City name")
    allowed_by_card = AllowedByCardField("a city")

    def __init__(self, state, *args, **kwargs):
        super().__init__(state, *args, **kwargs)
        open_land = rl.city_targets(state)
        covered = [t for t in rl.city_targets(state, allowed_by_card=True) if t not in open_land]
        self.fields["territory"].choices = covering_choices(
            open_land, covered, "Already a city (only if the card allows it)"
        )
        kinds = rl.city_kinds_left(state)
        self.fields["kind"].choices = [CHOOSE] + [(kind, rl.CITY_LABEL[kind]) for kind in kinds]
        if not kinds:
            self.unavailable = "No city stickers are left in the box."


class EliminationForm(GameEventForm):
    event_type = "elimination"
    title = "A player was eliminated"
    # The list offers only who may be eliminated; a phone showing an older list gets why.
    player = forms.ChoiceField(
        label="Eliminated player",
        error_messages={"invalid_choice": "%(value)s cannot be eliminated now: they are already out, "
                        "or the last player standing."},
    )

    def __init__(self, state, *args, **kwargs):
        super().__init__(state, *args, **kwargs)
        eliminable = rl.eliminable(self.game)
        self.fields["player"].choices = seated_choices(self.game, eliminable)
        if not eliminable:  # the last player standing cannot be eliminated: they won
            out = rl.eliminated_during(self.game)
            last = next(seat.player for seat in self.game.seats if seat.player not in out)
            self.unavailable = f"{last} is the last player standing: enter the results."


class MissilesForm(GameEventForm):
    """Missiles fired in one combat, and who fired them: one count per seated player who has
    signed (so holds Missiles this game). Left all empty, the event names nobody and the
    Missiles are counted for the table, as before who fired was asked."""

    event_type = "missiles"
    title = "Missiles fired in one combat"
    count = forms.IntegerField(min_value=1, max_value=99, initial=1, label="Missiles in this combat")

    def __init__(self, state, *args, **kwargs):
        super().__init__(state, *args, **kwargs)
        left = rl.missiles_left(state, self.game)
        if left == 0:
            self.unavailable = _no_missile_left(state, self.game)
        else:
            self.fields["count"].help_text = (
                f"{left} unfired at the table: a fired Missile is spent. Say who fired them below, or "
                "leave every player empty."
            )
        # A field per seat (its place in the game's seats, fixed for the whole game), for the
        # players who started with Missiles: whatever they have fired since, the rules say.
        self.firing_seats = {}
        for index, seat in enumerate(self.game.seats):
            if state.signatures(seat.player) == 0:
                continue
            name = f"by_{index}"
            self.firing_seats[name] = seat.player
            self.fields[name] = forms.IntegerField(
                min_value=0, max_value=99, required=False, label=f"Fired by {seat.player}",
                help_text=f"{rl.missiles_left_for(state, self.game, seat.player)} unfired of "
                f"{state.signatures(seat.player)}.",
                widget=forms.NumberInput(attrs={"inputmode": "numeric", "min": 0}),
            )

    def event_data(self) -> dict:
        data = {"count": self.cleaned_data["count"]}
        by = {
            player: self.cleaned_data[name]
            for name, player in self.firing_seats.items()
            if self.cleaned_data.get(name)
        }
        if by:  # the journal leaves `by` out when nobody is named (docs/journal.md as before)
            data["by"] = by
        return data

    def refusal_field(self, error):
        """A refusal about who fired shows beside the player it names first, else beside the count."""
        if error.field != "by":
            return super().refusal_field(error)
        named = (name for name, player in self.firing_seats.items() if error.message.startswith(f"{player} "))
        return next(named, "count")


def _no_missile_left(state, game):
    if rl.missiles_in_play(state, game) == 0:
        return "Nobody at the table has a Missile: Missiles come from signing the victor's section."
    return "Every Missile at the table has been fired: a fired Missile is spent."


class RecruitmentEventForm(GameEventForm):
    event_type = "recruitment"
    title = "Troops recruited while holding a Missile"
    # The list offers only who may hold an unfired Missile; a phone showing an older list gets why.
    player = forms.ChoiceField(
        label="Player",
        error_messages={
            "invalid_choice": "%(value)s holds no unfired Missile now: a fired Missile is spent."
        },
    )
    troops = forms.IntegerField(min_value=1, max_value=999, label="Troops recruited")

    def __init__(self, state, *args, **kwargs):
        super().__init__(state, *args, **kwargs)
        holders = rl.missile_holders(state, self.game)
        self.fields["player"].choices = seated_choices(self.game, holders)
        if not holders:
            self.unavailable = _no_missile_left(state, self.game)


class RedStarForm(GameEventForm):
    """A Red Star taken from another player: one of the HQs they hold captured (docs/rules.md,
    2026-12-01). Red Star tokens never change hands: a token bought or won has its own form."""

    event_type = "red_star"
    title = "A Red Star was taken (an HQ captured)"
    player = forms.ChoiceField(label="Taken by")

    def __init__(self, state, *args, **kwargs):
        super().__init__(state, *args, **kwargs)
        self.fields["from"] = forms.ChoiceField(
            label="Taken from",
            choices=[CHOOSE] + [
                (seat.player, f"{seat.player} ({_plural_hqs(rl.hqs_held(self.game, seat.player))})")
                for seat in self.game.seats
            ],
        )


def _plural_hqs(count):
    return f"{count} HQ held" if count == 1 else f"{count} HQs held"


class RedStarTokenForm(GameEventForm):
    """A Red Star token bought with 4 Resource cards or won by a mission (docs/rules.md, corrections
    of 2026-12-02): a player's fourth Red Star wins them the game at once. Each player is offered
    with the Red Stars they have now (the rules count them: HQs held, the token from the start,
    tokens taken)."""

    event_type = "red_star_token"
    title = "A Red Star token was bought or won"
    player = forms.ChoiceField(label="Taken by")
    how = forms.ChoiceField(
        label="How", widget=forms.RadioSelect,
        choices=[("bought", "Bought with 4 Resource cards"), ("mission", "Won by a mission")],
    )

    def __init__(self, state, *args, **kwargs):
        super().__init__(state, *args, **kwargs)
        self.fields["player"].choices = [CHOOSE] + [
            (seat.player, f"{seat.player} ({_plural_stars(rl.red_stars(state, self.game, seat.player))})")
            for seat in self.game.seats
        ]


def _plural_stars(count):
    return f"{count} Red Star" if count == 1 else f"{count} Red Stars"


EVENT_FORMS = {
    form.event_type: form
    for form in (
        ScarForm,
        FortificationBoxForm,
        CityForm,
        EliminationForm,
        MissilesForm,
        RecruitmentEventForm,
        RedStarForm,
        RedStarTokenForm,
    )
}


class PacketForm(JournalForm, forms.Form):
    """A sealed packet opened: its name and what it unlocked."""

    title = "A sealed packet was opened"
    refusal_fields = {"scar_types": "scar_type", "factions": "faction", "powers": "power_for"}
    name = forms.CharField(
        max_length=limits.PACKET_MAX_CHARS, label="Packet", help_text="The words printed on it.",
        widget=forms.TextInput(attrs={"list": "packet-names", "autocomplete": "off"}),
    )
    scar_type = forms.CharField(
        max_length=limits.NAME_MAX_CHARS, required=False, label="New scar type (if any)"
    )
    scar_effect = forms.CharField(max_length=limits.EFFECT_MAX_CHARS, required=False, label="Its effect")
    world_capital = forms.BooleanField(required=False, label="It unlocks the World Capital")
    # What else a packet adds joins the box (docs/journal.md): a faction with its powers, a power
    # for a faction already in play, and its rules text as printed.
    faction = forms.CharField(max_length=limits.NAME_MAX_CHARS, required=False, label="New faction (if any)")
    faction_powers = forms.CharField(
        max_length=limits.TEXT_MAX_CHARS, required=False, widget=forms.Textarea(attrs={"rows": 2}),
        label="Its powers", help_text="As printed: one a line, at most two.",
    )
    power_for = forms.ChoiceField(required=False, label="A new power for (if any)")
    power = forms.CharField(max_length=limits.TEXT_MAX_CHARS, required=False, label="The power, as printed")
    rules_text = forms.CharField(
        max_length=limits.TEXT_MAX_CHARS, required=False, widget=forms.Textarea(attrs={"rows": 3}),
        label="Its rules text, as printed",
        help_text="Kept as written. Where it changes a rule the tracker checks, set that rule aside "
        "on the Rules page.",
    )
    notes = forms.CharField(
        max_length=limits.TEXT_MAX_CHARS,
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        label="Notes",
    )

    def __init__(self, state, *args, **kwargs):
        kwargs.setdefault("prefix", "packet")
        super().__init__(*args, **kwargs)
        self.state = state
        self.fields["power_for"].choices = [("", "—"), *((name, name) for name in state.factions)]

    def suggested_names(self):
        """The packets the group is likely holding up: those prompted now first."""
        prompted = [prompt["label"] for prompt in rl.packets_to_open(self.state)]
        others = [label for label in rl.PACKET_CONDITIONS.values() if label not in prompted]
        return [sentence(label) for label in prompted + others]

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("scar_type") and not cleaned.get("scar_effect"):
            self.add_error("scar_effect", "Copy the new scar's effect from its card.")
        if cleaned.get("faction") and not self.powers_listed():
            self.add_error("faction_powers", "Copy the new faction's powers from its card.")
        if cleaned.get("power_for") and not cleaned.get("power"):
            self.add_error("power", "Copy the power from its sticker or card.")
        return cleaned

    def powers_listed(self) -> list[str]:
        """The new faction's powers, one a line as typed."""
        text = self.cleaned_data.get("faction_powers") or ""
        return [line.strip() for line in text.splitlines() if line.strip()]

    def entry(self) -> Entry:
        data = self.cleaned_data
        unlocks = {}
        if data["scar_type"]:
            unlocks["scar_types"] = [{"name": data["scar_type"], "effect": data["scar_effect"]}]
        if data["world_capital"]:
            unlocks["world_capital"] = True
        if data["faction"]:
            unlocks["factions"] = [{"name": data["faction"], "powers": self.powers_listed()}]
        if data["power_for"]:
            unlocks["powers"] = [{"faction": data["power_for"], "power": data["power"]}]
        if data["rules_text"]:
            unlocks["rules_text"] = data["rules_text"]
        if data["notes"]:
            unlocks["notes"] = data["notes"]
        return Entry("packet", {"name": data["name"], "unlocks": unlocks})


class RewardForm(JournalForm, forms.Form):
    """One player's reward: the winner signs and makes one of six choices; a held-on player
    founds a Minor City, adds a resource, or passes. Only valid targets are offered."""

    def __init__(self, state, player, *args, **kwargs):
        kwargs.setdefault("prefix", "reward")
        super().__init__(*args, **kwargs)
        self.state = state
        self.player = player
        self.game = state.last_game
        self.is_winner = player == self.game.winner
        self.targets = rl.reward_targets(state, player)
        choices = [(kind, rl.CHOICE_LABEL[kind]) for kind in self.targets]
        if not self.is_winner:
            choices.append(("pass", "Pass"))
        self.fields["choice"] = forms.ChoiceField(
            choices=choices, widget=forms.RadioSelect, label="Reward",
            error_messages={"required": f"Choose {player}'s reward{'' if self.is_winner else ', or Pass'}."},
        )
        if self.is_winner:
            self.fields["comment"] = forms.CharField(
                max_length=limits.COMMENT_MAX_CHARS,
                required=False,
                label="Comment in the victor's section (optional)",
            )
        for kind, targets in self.targets.items():
            target_field = rl.CHOICE_FIELDS[kind][0][0]  # "continent" or "territory"
            options = (
                [(t, self._continent_label(t)) for t in targets]
                if target_field == "continent"
                else territory_choices(targets)
            )
            self.fields[f"{kind}__{target_field}"] = forms.ChoiceField(
                choices=[("", "Choose…"), *options], required=False, label=TARGET_LABEL[kind]
            )
            if kind in NAME_LABEL:
                self.fields[f"{kind}__name"] = forms.CharField(
                    max_length=limits.NAME_MAX_CHARS, required=False, label=NAME_LABEL[kind]
                )
            if kind == "change_continent_bonus":
                self.fields[f"{kind}__delta"] = forms.TypedChoiceField(
                    coerce=int, required=False, label="Bonus change",
                    choices=[("", "Choose…"), *((d, f"{d:+d}") for d in rl.bonus_deltas(state))],
                )
            if kind == "found_minor_city":
                faction = self.game.seat_of(player).faction
                if state.factions[faction].name is None:
                    self.fields[f"{kind}__faction_name"] = forms.CharField(
                        max_length=limits.NAME_MAX_CHARS,
                        required=False,
                        label=f"Name {faction} too (optional)",
                    )

    def _continent_label(self, key):
        continent = self.state.continents[key]
        label = f"{key} ({continent.name})" if continent.name else key
        return f"{label}, bonus {continent.bonus}"

    def choice_groups(self):
        """For the template: each choice with its radio and its own fields."""
        radios = {radio.data["value"]: radio for radio in self["choice"]}
        for kind, label in self.fields["choice"].choices:
            fields = [self[name] for name in self.fields if name.startswith(f"{kind}__")]
            yield {"kind": kind, "label": label, "radio": radios[kind], "fields": fields,
                   "no_target": kind in self.targets and not self.targets[kind]}

    def clean(self):
        cleaned = super().clean()
        kind = cleaned.get("choice")
        if kind and kind != "pass":
            for name in self.fields:
                if (
                    name.startswith(f"{kind}__")
                    and not name.endswith("faction_name")
                    and name not in self.errors
                    and cleaned.get(name) in ("", None)
                ):
                    # What is missing, named: "Territory for the Major City? Choose one to found a
                    # Major City."
                    field = self.fields[name]
                    ask = "Write it" if isinstance(field.widget, forms.TextInput) else "Choose one"
                    reward = rl.CHOICE_LABEL[kind]
                    self.add_error(name, f"{field.label}? {ask} to {reward[:1].lower()}{reward[1:]}.")
        return cleaned

    def entry(self) -> Entry:
        data = self.cleaned_data
        kind = data["choice"]
        entry = {"player": self.player}
        if self.is_winner:
            entry["sign"] = {"comment": data["comment"]} if data.get("comment") else {}
        if kind == "pass":
            entry["choice"] = None
        else:
            choice = {"type": kind}
            for name, value in data.items():
                if name.startswith(f"{kind}__") and value not in ("", None):
                    choice[name.split("__", 1)[1]] = value
            entry["choice"] = choice
        return Entry("reward", entry)

    def refusal_field(self, error):
        """A refusal of a choice's target or name shows beside the chosen reward's own field."""
        kind = self.data.get(self.add_prefix("choice"))
        name = f"{kind}__{error.field}"
        return name if name in self.fields else None


class WorldForm(JournalForm, forms.Form):
    """After game 15: the player with the most signatures names the world; ties roll off."""

    refusal_fields = {"roll_off": None}  # the whole roll-off, above the form: not one player's roll

    name = forms.CharField(max_length=limits.TITLE_MAX_CHARS, label="The World Of …",
                           error_messages={"required": "Write the world's name: The World Of …"})

    def __init__(self, state, *args, **kwargs):
        kwargs.setdefault("prefix", "world")
        super().__init__(*args, **kwargs)
        self.state = state
        self.namers = rl.world_namers(state)
        self.fields["named_by"] = forms.ChoiceField(choices=[(p, p) for p in self.namers], label="Named by")
        self.tied = len(self.namers) > 1
        if self.tied:
            for player in self.namers:
                bonus = rl.continents_named_by(state, player)
                self.fields[f"roll_{player}"] = forms.IntegerField(
                    min_value=1,
                    max_value=rl.DIE_FACES,
                    label=f"{player}'s roll (+{bonus} for continents named)",
                    error_messages={"required": f"What did {player} roll? 1 to {rl.DIE_FACES}."},
                )

    def entry(self) -> Entry:
        data = self.cleaned_data
        entry = {"name": data["name"], "named_by": data["named_by"]}
        if self.tied:
            entry["roll_off"] = {player: data[f"roll_{player}"] for player in self.namers}
        return Entry("world", entry)
