"""Forms for a Dawnguard campaign before and between sittings: the setup (each roster player's
hero, race and level; the fort thresholds printed on the fort cards), the thresholds corrected
later, and starting a sitting (its date; for chapter 2 played alone, each player's side).

A form only turns what was typed into the entry (`entry()`); whether it is legal is the rules
layer's to say: store.append raises RuleError, and `refusal_field` names the field that shows it
(RefusalsBesideFields, through the one write path).
"""

import datetime
import re

from django import forms

from ....rules import dawnguard as rules
from ....rules import limits
from ....rules.base import Entry
from ....web.params import whole_number
from ....web.writes import RefusalsBesideFields

#: The races the race field suggests: the four of the expansion, then the base game's (any text
#: is accepted: a base-game race is typed in).
BASE_GAME_RACES = ("Nord", "Imperial", "Khajiit", "Orc", "Dunmer", "Altmer")
RACE_SUGGESTIONS = (*rules.NEW_RACES, *BASE_GAME_RACES)
HERO_NAME_MAX_CHARS = limits.PLAYER_NAME_MAX_CHARS

# Where a rule's refusal of a hero is: "setup, hero 2" (the second hero sent, not the roster's).
HERO_PLACE = re.compile(r"hero (\d+)$")
STARS = re.compile(r"\s*(\d+)\s*")


def hero_field(index: int, part: str) -> str:
    return f"hero_{index}_{part}"


def parse_stars(text: str) -> list[int]:
    """ "3, 5, 7" (or "3 5 7") as a list of whole numbers; refused in the form's words."""
    parts = [part for part in re.split(r"[,\s;]+", text.strip()) if part]
    stars = [whole_number(part) for part in parts]
    if not stars or None in stars:
        raise forms.ValidationError(
            "Type the stars printed on the card for each level, in order, as whole numbers: 3, 5, 7."
        )
    return stars


#: Each fort card's field: its label and an example of what is printed on it.
FORT_FIELDS = {
    "hall_of_the_vigilant": (f"{rules.HALL}: stars for each level", "3, 5"),
    "fort_dawnguard": (f"{rules.FORT_DAWNGUARD} (the card’s other side): stars for each level", "3, 5, 7"),
    "castle_volkihar": (f"{rules.CASTLE}: stars for each level", "3, 5, 7"),
}


class ThresholdsForm(RefusalsBesideFields, forms.Form):
    """The stars each fort card asks for each next level, as printed on the card: the Hall of
    the Vigilant's and Fort Dawnguard's; or, for chapter 2 played alone (`alone`, or thresholds
    set up so), Fort Dawnguard's and Castle Volkihar's, never the Hall's (GAMES.md, 2026-12-01)."""

    def __init__(self, *args, thresholds=None, alone=False, **kwargs):
        super().__init__(*args, **kwargs)
        if thresholds:
            alone = rules.threshold_forts(thresholds) == rules.ALONE_THRESHOLD_KEYS
        self.alone = alone
        self.forts = rules.ALONE_THRESHOLD_KEYS if alone else rules.THRESHOLD_KEYS
        for key in self.forts:
            label, example = FORT_FIELDS[key]
            if alone and key == "fort_dawnguard":  # no Hall: Fort Dawnguard is the card's only side here
                label = f"{rules.FORT_DAWNGUARD}: stars for each level"
            self.fields[key] = forms.CharField(
                label=label, max_length=200, help_text=f"As printed on the card, in order, e.g. {example}.",
                # No inputmode=numeric: a phone's number pad has no comma (nor space) for "3, 5".
                widget=forms.TextInput(attrs={"autocomplete": "off"}),
            )
            if thresholds:
                self.initial.setdefault(key, ", ".join(str(n) for n in thresholds[key]))

    def clean(self):
        cleaned = super().clean()
        for key in self.forts:
            if key in cleaned:
                try:
                    cleaned[key] = parse_stars(cleaned[key])
                except forms.ValidationError as error:
                    self.add_error(key, error)
        return cleaned

    def fort_fields(self):
        return [self[key] for key in self.forts]

    def thresholds(self) -> dict[str, list[int]]:
        return {key: self.cleaned_data[key] for key in self.forts}

    def entry(self) -> Entry:
        """The thresholds corrected."""
        return Entry("thresholds", {"fort_thresholds": self.thresholds()})

    def refusal_field(self, error) -> str | None:
        """A thresholds refusal names its fort: show it under that fort's field."""
        if error.field != "fort_thresholds":
            return None
        return next((key for key, name in self.forts.items() if name in error.message), None)


class SetupForm(ThresholdsForm):
    """The campaign's setup: a hero for each roster player who plays from the start (a player
    left empty joins later), each at level 1 (the rules refuse another), and the fort
    thresholds (`alone`: for chapter 2 played alone)."""

    def __init__(self, *args, roster: list[str], **kwargs):
        super().__init__(*args, **kwargs)
        self.roster = list(roster)
        hero_fields = {}
        for index, player in enumerate(self.roster):
            hero_fields[hero_field(index, "hero")] = forms.CharField(
                label="Hero", required=False, max_length=HERO_NAME_MAX_CHARS,
            )
            hero_fields[hero_field(index, "race")] = forms.CharField(
                label="Race", required=False, max_length=HERO_NAME_MAX_CHARS,
                widget=forms.TextInput(attrs={"list": "dg-races", "autocomplete": "off"}),
            )
            hero_fields[hero_field(index, "level")] = forms.IntegerField(
                label="Level", required=False, initial=rules.FIRST_LEVEL,
                widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
            )
        # The heroes first, then the forts, as on the page.
        self.fields = {**hero_fields, **self.fields}

    def hero_rows(self):
        """Per roster player: {"player", "fields": [hero, race, level bound fields], "filled"}."""
        rows = []
        for index, player in enumerate(self.roster):
            fields = [self[hero_field(index, part)] for part in ("hero", "race", "level")]
            rows.append({"player": player, "fields": fields, "filled": bool(fields[0].value())})
        return rows

    def clean(self):
        cleaned = super().clean()
        for index, player in enumerate(self.roster):
            hero = (cleaned.get(hero_field(index, "hero")) or "").strip()
            race = (cleaned.get(hero_field(index, "race")) or "").strip()
            if race and not hero:
                self.add_error(
                    hero_field(index, "hero"), f"Name {player}’s hero, or leave the race empty too."
                )
            elif hero and not race:
                self.add_error(hero_field(index, "race"), f"Which race is {hero}?")
        # No hero at all is the rules' refusal (setup.py), shown above the form.
        return cleaned

    def _sent(self) -> list[int]:
        """The roster indexes of the heroes sent (those with a name)."""
        return [
            index for index in range(len(self.roster))
            if (self.cleaned_data.get(hero_field(index, "hero")) or "").strip()
        ]

    def entry_data(self) -> dict:
        heroes = []
        for index in self._sent():
            hero = {
                "player": self.roster[index],
                "hero": self.cleaned_data[hero_field(index, "hero")].strip(),
                "race": self.cleaned_data[hero_field(index, "race")].strip(),
            }
            level = self.cleaned_data.get(hero_field(index, "level"))
            if level is not None and level != rules.FIRST_LEVEL:
                hero["level"] = level  # left out at level 1: the journal of JOURNAL.md exactly
            heroes.append(hero)
        return {"heroes": heroes, "fort_thresholds": self.thresholds()}

    def entry(self) -> Entry:
        return Entry("setup", self.entry_data())

    def refusal_field(self, error) -> str | None:
        """A fort's under its field; a hero's beside the field of the hero the place names."""
        fort_field = super().refusal_field(error)
        if fort_field:
            return fort_field
        found = HERO_PLACE.search(error.place or "")
        if found and error.field in ("hero", "race", "level", "player"):
            sent = self._sent()
            number = int(found.group(1))
            if number <= len(sent):
                return hero_field(sent[number - 1], "hero" if error.field == "player" else error.field)
        return None


class StartForm(RefusalsBesideFields, forms.Form):
    """A new sitting: its date (the chapter is the page's choice, sent along); when chapter 2 is
    played alone, each hero's side."""

    played_on = forms.DateField(
        label="Played on", widget=forms.DateInput(attrs={"type": "date"}), initial=datetime.date.today
    )

    def __init__(self, *args, heroes=(), chapter: int = 1, ask_sides: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.heroes = list(heroes)
        self.ask_sides = ask_sides
        if ask_sides:
            for hero in self.heroes:
                self.fields[f"side_{hero.player}"] = forms.ChoiceField(
                    label=f"{hero.player} ({hero.hero})",
                    choices=rules.sides_to_choose(chapter),
                    widget=forms.RadioSelect,
                    required=False,  # a side left out is the rule's to refuse, in its words
                )

    def side_fields(self):
        return [self[f"side_{hero.player}"] for hero in self.heroes] if self.ask_sides else []

    def sides(self) -> list[dict]:
        return [
            {"player": hero.player, "side": self.cleaned_data[f"side_{hero.player}"]}
            for hero in self.heroes
            if self.cleaned_data.get(f"side_{hero.player}")
        ]

    def refusal_field(self, error) -> str | None:
        if self.ask_sides and error.field in ("sides", "side", "player"):
            # "Cid must choose a side too: ...": beside the first player the rule names.
            for hero in self.heroes:
                if error.message.startswith(hero.player):
                    return f"side_{hero.player}"
        return super().refusal_field(error)
