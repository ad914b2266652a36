"""Forms for a Dawnguard campaign before and between sittings: the setup (each roster player's
hero, race and level; the fort thresholds printed on the fort cards), the thresholds corrected
later, and starting a sitting (its date; for chapter 2 played alone, each player's side).

A form only turns what was typed into the entry (`entry()`); whether it is legal is the rules
layer's to say: store.append raises RuleError, and `refusal_field` names the field that shows it
(RefusalsBesideFields, through the one write path).
"""

import re

from django import forms
from django.utils import timezone

from ....rules import dawnguard as rules
from ....rules import limits
from ....rules.base import Entry
from ....web.params import whole_number
from ....web.refusals import place_number
from ....web.rows import rows
from ....web.writes import JournalForm

#: The races the race field suggests: the four of the expansion, then the base game's (any text
#: is accepted: a base-game race is typed in).
BASE_GAME_RACES = ("Nord", "Imperial", "Khajiit", "Orc", "Dunmer", "Altmer")
RACE_SUGGESTIONS = (*rules.NEW_RACES, *BASE_GAME_RACES)

HERO_ROWS = "heroes"  # the heroes' formset, one row per roster player: heroes-0-hero, heroes-0-race, ...
HERO_PARTS = ("hero", "race", "level")


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
}


class ThresholdsForm(JournalForm, forms.Form):
    """The stars each fort card asks for each next level, as printed on the card: the Hall of
    the Vigilant's and Fort Dawnguard's; or, for chapter 2 played alone (`alone`, or thresholds
    set up so), Fort Dawnguard's only: only the Vigilant side's fort levels up, and never the
    Hall's (docs/rules.md, corrected 2026-12-02)."""

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
                label=label,
                max_length=limits.LIST_MAX_CHARS,
                help_text=f"As printed on the card, in order, e.g. {example}.",
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


class HeroForm(forms.Form):
    """One roster player's hero at the setup (`player`): its name, race and level."""

    def __init__(self, *args, player: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.player = player
        self.fields["hero"] = forms.CharField(label="Hero", required=False, max_length=limits.NAME_MAX_CHARS)
        self.fields["race"] = forms.CharField(
            label="Race", required=False, max_length=limits.NAME_MAX_CHARS,
            widget=forms.TextInput(attrs={"list": "dg-races", "autocomplete": "off"}),
        )
        self.fields["level"] = forms.IntegerField(
            label="Level", required=False, initial=rules.FIRST_LEVEL,
            widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
        )

    def hero(self) -> str:
        """The hero's name as checked, without surrounding spaces ("" for none)."""
        return (self.cleaned_data.get("hero") or "").strip()


class SetupForm(ThresholdsForm):
    """The campaign's setup: a hero for each roster player who plays from the start (a player
    left empty joins later), each at level 1 (the rules refuse another), and the fort
    thresholds (`alone`: for chapter 2 played alone). The heroes are a formset, one HeroForm
    row per roster player (`heroes`), drawn and focused before the forts, as on the page."""

    rows_first = True

    def __init__(self, *args, roster: list[str], **kwargs):
        super().__init__(*args, **kwargs)
        self.roster = list(roster)
        self.heroes = rows(
            HeroForm, len(self.roster), prefix=HERO_ROWS, data=self.data if self.is_bound else None,
            row_kwargs=[{"player": player} for player in self.roster],
        )
        self.formsets = {HERO_ROWS: self.heroes}

    def hero_rows(self):
        """Per roster player: {"player", "fields": [hero, race, level bound fields], "filled"}."""
        return [
            {
                "player": row.player,
                "fields": [row[part] for part in HERO_PARTS],
                "filled": bool(row["hero"].value()),
            }
            for row in self.heroes.forms
        ]

    def clean(self):
        cleaned = super().clean()
        for row in self.heroes.forms:
            hero = row.hero()
            race = (row.cleaned_data.get("race") or "").strip()
            if race and not hero:
                row.add_error("hero", f"Name {row.player}’s hero, or leave the race empty too.")
            elif hero and not race:
                row.add_error("race", f"Which race is {hero}?")
        # No hero at all is the rules' refusal (setup.py), shown above the form.
        return cleaned

    def _sent(self) -> list[int]:
        """The rows (roster indexes) of the heroes sent (those with a name)."""
        return [index for index, row in enumerate(self.heroes.forms) if row.hero()]

    def entry_data(self) -> dict:
        heroes = []
        for index in self._sent():
            row = self.heroes.forms[index]
            hero = {"player": row.player, "hero": row.hero(), "race": row.cleaned_data["race"].strip()}
            level = row.cleaned_data.get("level")
            if level is not None and level != rules.FIRST_LEVEL:
                hero["level"] = level  # left out at level 1: the journal of docs/journal.md exactly
            heroes.append(hero)
        return {"heroes": heroes, "fort_thresholds": self.thresholds()}

    def entry(self) -> Entry:
        return Entry("setup", self.entry_data())

    def refusal_field(self, error) -> str | None:
        """A fort's under its field; a hero's beside the field of the hero the place names
        ("setup, hero 2": the second hero sent, not the roster's second player)."""
        fort_field = super().refusal_field(error)
        if fort_field:
            return fort_field
        number = place_number(error, "hero")
        if number is not None and error.field in ("hero", "race", "level", "player"):
            sent = self._sent()
            if number <= len(sent):
                return self.row_field_name(
                    HERO_ROWS, sent[number - 1], "hero" if error.field == "player" else error.field
                )
        return None


class SideForm(forms.Form):
    """One hero's side, when chapter 2 is played alone (`hero`: whose side it is)."""

    def __init__(self, *args, hero, chapter: int, **kwargs):
        super().__init__(*args, **kwargs)
        self.hero = hero
        self.fields["side"] = forms.ChoiceField(
            label=f"{hero.player} ({hero.hero})",
            choices=rules.sides_to_choose(chapter),
            widget=forms.RadioSelect,
            required=False,  # a side left out is the rule's to refuse, in its words
        )


SIDE_ROWS = "sides"  # the heroes' sides, one row per hero: sides-0-side, ...


class StartForm(JournalForm, forms.Form):
    """A new sitting: its date (the chapter is the page's choice, sent along); when chapter 2 is
    played alone, each hero's side (a formset, one SideForm per hero: `sides`)."""

    played_on = forms.DateField(
        label="Played on", widget=forms.DateInput(attrs={"type": "date"}), initial=timezone.localdate
    )

    def __init__(
        self, *args, heroes=(), chapter: int = 1, ask_sides: bool = False, number: int = 1, **kwargs
    ):
        super().__init__(*args, **kwargs)
        self.heroes = list(heroes)
        self.ask_sides = ask_sides
        self.chapter, self.number = chapter, number
        choosing = self.heroes if ask_sides else []
        self.sides_rows = rows(
            SideForm, len(choosing), prefix=SIDE_ROWS, data=self.data if self.is_bound else None,
            form_kwargs={"chapter": chapter}, row_kwargs=[{"hero": hero} for hero in choosing],
        )
        self.formsets = {SIDE_ROWS: self.sides_rows}

    def side_fields(self):
        return [row["side"] for row in self.sides_rows.forms]

    def sides(self) -> list[dict]:
        return [
            {"player": row.hero.player, "side": row.cleaned_data["side"]}
            for row in self.sides_rows.forms
            if row.cleaned_data.get("side")
        ]

    def entry(self) -> Entry:
        """The sitting started: sitting `number` of `chapter` (and the sides, for chapter 2 alone)."""
        data = {
            "number": self.number,
            "played_on": self.cleaned_data["played_on"].isoformat(),
            "chapter": self.chapter,
        }
        if self.ask_sides:
            data["sides"] = self.sides()
        return Entry("game", data)

    def refusal_field(self, error) -> str | None:
        if self.ask_sides and error.field in ("sides", "side", "player"):
            # "Cid must choose a side too: ...": beside the first player the rule names.
            for index, hero in enumerate(self.heroes):
                if error.message.startswith(hero.player):
                    return self.row_field_name(SIDE_ROWS, index, "side")
        return super().refusal_field(error)
