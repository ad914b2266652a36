"""Forms for a Dawnguard sitting, on the phone beside the board (the Play page).

Each form turns a tap (or a few) into one journal event (`entry()`); whether the event is
legal is for the rules layer alone: store.append raises RuleError, which the form shows
beside the field it names (RefusalsBesideFields, through the one write path). So the lists
accept every player on the roster, not only
those the page offers: a phone showing an older page gets the rule's own words ("Ana's
hunger is already 3: ..."), not a bare "Select a valid choice".

Most forms are submitted by one of several buttons, each carrying its field's value
(`<button name="hunger-player" value="Ana">`): one tap, with or without JavaScript.
"""

from django import forms

from .... import forms as shared_forms
from ....rules import dawnguard as rules
from ....rules import limits
from ....rules.base import RuleError
from ....web.refusals import sentence

#: Words for the choices the forms offer, in players' words (never the journal's codes).
ICON_CHOICES = [
    (rules.THREAT_ICON, "A threat icon: a marker moves from the Hall to the Castle"),
    (rules.WINGED_ICON, "A winged icon: a marker moves from the Castle to the Hall"),
]
DAY_NIGHT_CHOICES = [(rules.DAY, "Day"), (rules.NIGHT, "Night")]
FEED_PLACE_CHOICES = [(place, sentence(rules.FEED_PLACE_NAMES[place])) for place in rules.FEED_PLACES]


def hero_label(hero) -> str:
    return f"{hero.player} ({hero.hero})"


class SittingEventForm(shared_forms.JournalEventForm):
    """One event of the sitting in progress, its fields named like the event's data."""

    def __init__(self, state, *args, **kwargs):
        super().__init__(state, *args, **kwargs)
        if "player" in self.fields:
            self.fields["player"].choices = [(player, player) for player in state.players]
            self.fields["player"].roster = tuple(state.players)

    @property
    def chosen_player(self) -> str | None:
        """The player a bound form was sent for (the button tapped)."""
        return self.data.get(self.add_prefix("player")) if self.is_bound else None

    @property
    def checked_player(self) -> str | None:
        """The player chip to show ticked: the one sent, else the one offered first."""
        return self.chosen_player if self.is_bound else self.initial.get("player")

    def row_players(self):
        """The players with a row of their own on the page, where this form's refusal shows."""
        return []

    @property
    def error_in_row(self) -> bool:
        return bool(self.errors) and self.chosen_player in self.row_players()

class PlayerField(forms.ChoiceField):
    """A player, sent by the button tapped (or a radio chip, or a list of those the page
    offers): any name on the roster is taken, and the rules say who may."""

    roster: tuple[str, ...] = ()

    def __init__(self, label="Player", **kwargs):
        kwargs.setdefault("error_messages", {"required": "Choose a player.",
                                             "invalid_choice": "%(value)s is not on this campaign's roster."})
        super().__init__(label=label, **kwargs)

    def valid_value(self, value):
        return value in self.roster


class SideField(forms.ChoiceField):
    """The sides the chapter offers (its labels); any side is sent on to the rules, which
    say why one is refused (a pledge after chapter 1, the Dawnguard in chapter 1)."""

    def valid_value(self, value):
        return value in (rules.VIGILANTS, rules.DAWNGUARD, rules.VOLKIHAR)


class PledgeForm(SittingEventForm):
    event_type = "pledge"
    title = "A player pledges"
    player = PlayerField(widget=forms.RadioSelect)
    side = SideField(label="Pledges to", error_messages={"required": "Choose a side."})

    def __init__(self, state, *args, **kwargs):
        super().__init__(state, *args, **kwargs)
        self.fields["side"].choices = rules.sides_to_choose(state.chapter)
        unpledged = state.unpledged()
        if unpledged and not self.is_bound:
            self.initial.setdefault("player", unpledged[0])
        self.choosable = [state.heroes[player] for player in unpledged]


class MarkerForm(SittingEventForm):
    event_type = "marker"
    title = "Chapter 1 balance"
    icon = forms.ChoiceField(choices=ICON_CHOICES, label="Icon on the card")


class DayNightForm(SittingEventForm):
    event_type = "day_night"
    title = "Day and night"
    side = forms.ChoiceField(choices=DAY_NIGHT_CHOICES, label="The Day/Night token shows")


class HungerForm(SittingEventForm):
    event_type = "hunger"
    title = "Hunger"
    player = PlayerField(label="Vampire")

    def row_players(self):
        return [hero.player for hero in self.state.vampires()]


class DayTurnForm(SittingEventForm):
    """A day turn (the rulebook's hunger diagram): every Vampire adds 1 to their hunger, while
    a Vampire already at 3 feeds at once instead, choosing a place for each of their 3 tokens."""

    event_type = "day_turn"
    title = "A day turn"

    def __init__(self, state, *args, **kwargs):
        super().__init__(state, *args, **kwargs)
        self.feeding = [state.heroes[player] for player in rules.vampires_to_feed_on_day_turn(state)]
        for index, hero in enumerate(self.feeding):
            self.fields[f"to_{index}"] = forms.MultipleChoiceField(
                choices=FEED_PLACE_CHOICES, widget=forms.CheckboxSelectMultiple,
                label=f"{hero_label(hero)} is at {rules.MAX_HUNGER} and feeds: where do the tokens go?",
                help_text=f"Tick {rules.MAX_HUNGER} places: at most one token on each.",
                error_messages={
                    "required": f"{hero.player} feeds: choose where the {rules.MAX_HUNGER} tokens go."
                },
            )
        self.adding = [hero for hero in state.vampires() if hero not in self.feeding]
        # Their names for a sentence ("Ana, Cid and Eve add 1 hunger"), with the ledger's `names` filter.
        self.adding_players = [hero.player for hero in self.adding]
        self.feeding_players = [hero.player for hero in self.feeding]

    def refusal_field(self, error):
        # A refusal about the feeding shows beside the places of the one Vampire feeding; with
        # several (or none), above the form, where the message names who.
        return "to_0" if error.field == "feeds" and len(self.feeding) == 1 else None

    def event_data(self) -> dict:
        feeds = [
            {"player": hero.player,
             "to": [place for place in rules.FEED_PLACES if place in self.cleaned_data[f"to_{index}"]]}
            for index, hero in enumerate(self.feeding)
        ]
        return {"feeds": feeds} if feeds else {}


class FeedForm(SittingEventForm):
    event_type = "feed"
    title = "A Vampire feeds"
    player = PlayerField(label="Vampire", widget=forms.RadioSelect)
    to = forms.MultipleChoiceField(
        choices=FEED_PLACE_CHOICES, widget=forms.CheckboxSelectMultiple, label="Where the tokens go",
        help_text="At most one token on each; every token on the Vampirism card leaves it.",
        error_messages={"required": "Choose where the tokens go."},
    )

    def __init__(self, state, *args, **kwargs):
        super().__init__(state, *args, **kwargs)
        hungry = [hero for hero in state.vampires() if hero.hunger]
        self.choosable = hungry
        if len(hungry) == 1 and not self.is_bound:
            self.initial.setdefault("player", hungry[0].player)

    def event_data(self) -> dict:
        # The places in the rulebook's order, whatever order the boxes were ticked in.
        return {"player": self.cleaned_data["player"],
                "to": [place for place in rules.FEED_PLACES if place in self.cleaned_data["to"]]}


class FortStarsForm(SittingEventForm):
    event_type = "fort_stars"
    title = "Purple stars on the fort"
    player = PlayerField(label="Put on by", widget=forms.RadioSelect)
    count = forms.IntegerField(min_value=1, max_value=rules.MAX_STARS_PER_LEVEL, initial=1, label="Stars",
                               error_messages={"required": "How many stars?"})

    def __init__(self, state, *args, **kwargs):
        super().__init__(state, *args, **kwargs)
        self.choosable = [hero for hero in state.heroes.values() if hero.side == rules.VIGILANTS]
        if len(self.choosable) == 1 and not self.is_bound:
            self.initial.setdefault("player", self.choosable[0].player)


class LevelUpForm(SittingEventForm):
    event_type = "level_up"
    title = "A hero levels up"
    player = PlayerField(label="Hero")

    def row_players(self):
        return list(self.state.heroes)


class FortCardForm(SittingEventForm):
    event_type = "fort_card"
    title = "A follower or item drawn from a fort"
    player = PlayerField(label="Drawn by", widget=forms.RadioSelect)
    card = forms.CharField(
        max_length=limits.TITLE_MAX_CHARS,
        label="Card",
        error_messages={"required": "Name the card drawn."},
        widget=forms.TextInput(attrs={"autocomplete": "off", "list": "dg-fort-cards"}),
    )
    follower = forms.BooleanField(
        required=False,
        label="It is a Follower",
        help_text="A card is a Follower or an item for the whole campaign; a Follower "
        "another player holds cannot be drawn.",
    )

    def __init__(self, state, *args, **kwargs):
        super().__init__(state, *args, **kwargs)
        self.choosable = [hero for hero in state.heroes.values() if hero.side is not None]

    def event_data(self) -> dict:
        data = {"player": self.cleaned_data["player"], "card": self.cleaned_data["card"]}
        if self.cleaned_data["follower"]:
            data["follower"] = True
        return data

    def drawn(self) -> list[dict]:
        """Every card drawn so far: its name, who drew it, and who holds it when it is a
        Follower (nobody else may draw that one; else it is an item), in the order first drawn."""
        cards: dict[str, dict] = {}
        for player, drawn in self.state.fort_cards.items():
            for card in drawn:
                row = cards.setdefault(rules.fort_card_key(card), {
                    "card": card.strip(), "players": [], "holder": rules.fort_card_holder(self.state, card),
                })
                row["players"].append(player)
        return list(cards.values())


class ThreatDeckForm(SittingEventForm):
    event_type = "threat_deck"
    title = "Threat Event deck"
    count = forms.IntegerField(min_value=-rules.THREAT_TOKENS_IN_BOX, max_value=rules.THREAT_TOKENS_IN_BOX,
                               label="Tokens on its top card")


class BoardThreatForm(SittingEventForm):
    event_type = "board_threat"
    title = "Threat tokens on the board"
    count = forms.IntegerField(min_value=-rules.THREAT_TOKENS_IN_BOX, max_value=rules.THREAT_TOKENS_IN_BOX,
                               label="Threat tokens on the board")


class JoinForm(SittingEventForm):
    """A player joins mid-campaign: one on the roster without a hero, or a new name typed here,
    which joins the roster in the same write (`new_players`, through the one write path)."""

    event_type = "join"
    title = "A player joins"
    refusal_fields = {"new_player": "new_player"}
    player = PlayerField(label="Who joins", required=False, error_messages={
        "invalid_choice": "%(value)s is not on this campaign's roster: type their name below instead.",
    })
    new_player = forms.CharField(
        required=False, max_length=limits.PLAYER_NAME_MAX_CHARS, label="Or a new player's name",
        help_text="Their name joins the roster as they join.",
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "words"}),
    )
    hero = forms.CharField(
        max_length=limits.NAME_MAX_CHARS, label="Hero's name", error_messages={"required": "Name the hero."}
    )
    race = forms.CharField(
        max_length=limits.NAME_MAX_CHARS,
        label="Race",
        error_messages={"required": "Give the hero's race."},
        help_text="Redguard, Bosmer, Breton, Argonian, or a base-game race.",
        widget=forms.TextInput(attrs={"list": "dg-races", "autocomplete": "off"}),
    )
    side = SideField(widget=forms.RadioSelect, label="Side", error_messages={"required": "Choose a side."})

    def __init__(self, state, *args, **kwargs):
        super().__init__(state, *args, **kwargs)
        newcomers = state.players_without_hero()
        self.fields["player"].choices = [("", "Choose…")] + [(player, player) for player in newcomers]
        self.fields["side"].choices = rules.sides_to_choose(state.chapter)
        self.newcomers = newcomers
        self.races = rules.NEW_RACES
        self.typed_newcomer: str | None = None
        if not newcomers:  # everyone on the roster has a hero: only a new name can join
            del self.fields["player"]
            self.fields["new_player"].label = "Who joins: the new player's name"

    def clean(self):
        data = super().clean()
        typed = " ".join((data.get("new_player") or "").split())
        chosen = data.get("player")
        if not typed:
            if not chosen and "player" not in self.errors:
                self.add_error("player" if "player" in self.fields else "new_player",
                               "Choose who joins, or type a new player's name." if "player" in self.fields
                               else "Type the new player's name.")
            return data
        # A name already on the roster is that player, written as the roster has it.
        known = next((name for name in self.state.players if name.casefold() == typed.casefold()), None)
        if chosen and chosen != (known or typed):
            self.add_error("new_player", f"Choose {chosen} or type a new name, not both.")
            return data
        data["player"] = known or typed
        self.typed_newcomer = None if known else typed
        return data

    def new_players(self) -> list[str]:
        return [self.typed_newcomer] if self.typed_newcomer else []

    def event_data(self) -> dict:
        data = dict(self.cleaned_data)
        data.pop("new_player", None)
        return data


class ChapterCompleteForm(SittingEventForm):
    """The chapter is complete: sent from its confirmation page (play/chapter-complete/), which
    names the chapter, so a confirmation is never applied to another chapter than the one asked
    about (another phone completed it and a new chapter started meanwhile)."""

    event_type = "chapter_complete"
    title = "Chapter complete"
    chapter = forms.IntegerField(widget=forms.HiddenInput, required=False)

    def clean_chapter(self):
        asked = self.cleaned_data.get("chapter")
        if asked is None:
            raise forms.ValidationError(
                f"Confirm it first: “Chapter {self.state.chapter} "
                "is complete” asks before ending the chapter."
            )
        if asked != self.state.chapter:
            raise forms.ValidationError(
                f"That confirmation was for chapter {asked}; "
                f"the campaign is in chapter {self.state.chapter} now."
            )
        return asked

    def event_data(self) -> dict:
        return {}  # the chapter asked about is checked here, never written: the event has no data


EVENT_FORMS = {form.event_type: form for form in (
    PledgeForm, MarkerForm, DayNightForm, HungerForm, DayTurnForm, FeedForm, FortStarsForm, LevelUpForm,
    FortCardForm, ThreatDeckForm, BoardThreatForm, JoinForm, ChapterCompleteForm,
)}


class ContestedTestForm(forms.Form):
    """The contested skill test helper: who takes the test (ticked, or with icons typed) and
    each one's success icons (blank or 0: failed). It records nothing: the rules say whether
    these players may contest it (two or more, from both factions: rules.check_contestants)
    and who wins (rules.contested_skill_test)."""

    def __init__(self, state, *args, **kwargs):
        kwargs.setdefault("prefix", "contest")
        super().__init__(*args, **kwargs)
        self.state = state
        self.heroes = list(state.heroes.values())
        for index, hero in enumerate(self.heroes):
            side = rules.side_label(hero.side, state.chapter)
            self.fields[f"in_{index}"] = forms.BooleanField(
                required=False, label=f"{hero_label(hero)} takes the test ({side})",
            )
            self.fields[f"icons_{index}"] = forms.IntegerField(
                min_value=0, max_value=99, required=False, label=f"{hero.player}’s success icons",
                widget=forms.NumberInput(attrs={"inputmode": "numeric", "placeholder": "failed"}),
            )

    def contestants(self) -> list[int]:
        """The heroes (their indexes) taking the test: ticked, or with success icons typed."""
        data = self.cleaned_data
        return [
            index for index in range(len(self.heroes))
            if data.get(f"in_{index}") or data.get(f"icons_{index}") is not None
        ]

    def clean(self):
        cleaned = super().clean()
        contestants = self.contestants()
        # Icons typed mean taking the test: the form comes back with those boxes ticked too.
        self.data = self.data.copy()
        for index in contestants:
            self.data[self.add_prefix(f"in_{index}")] = "on"
        try:
            rules.check_contestants(self.state, [self.heroes[index].player for index in contestants])
        except RuleError as error:
            self.add_error(None, error.message[0].upper() + error.message[1:] + ".")
        return cleaned

    def outcome(self) -> str:
        """The result in players' words."""
        successes = {
            self.heroes[index].player: self.cleaned_data.get(f"icons_{index}") or None  # no icon: failed
            for index in self.contestants()
        }
        winner = rules.contested_skill_test(successes)
        succeeded = {player: icons for player, icons in successes.items() if icons is not None}
        if winner is not None:
            if len(succeeded) == 1:
                return (f"{winner} wins: the only one who succeeded reads the success section "
                        "and takes the reward.")
            return (f"{winner} wins with {succeeded[winner]} success icons, the most: "
                    "they read the success section and take the reward.")
        if not succeeded:
            return "A failure: every player failed the test."
        most = max(succeeded.values())
        tied = [player for player, icons in succeeded.items() if icons == most]
        return f"A failure: {' and '.join(tied)} tie with {most} success icons, and a tie is a failure."
