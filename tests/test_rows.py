"""A form's rows (campaigns/web/rows.py): a game's seats as a Django formset of one small form
per seat, a fixed number of rows whatever a post's management form says, checked with the form,
and a rule's refusal of a seat beside that seat's field, focused (web/writes.py)."""

from django import forms

from campaigns.rules.base import RuleError
from campaigns.web.refusals import RefusalsBesideFields, focus_first_error, place_number
from campaigns.web.rows import as_sent, rows

from tests.rows import row_name, rows_post


class Seat(forms.Form):
    player = forms.CharField(required=False, label="Player")
    score = forms.IntegerField(required=False, label="Score")


class Game(RefusalsBesideFields, forms.Form):
    """Three seats and a date; a seat's refusal beside the seat the rule names."""

    played_on = forms.DateField()

    def __init__(self, *args, **kwargs):
        initial = dict(kwargs.pop("initial", None) or {})
        seats = initial.pop("seats", None)
        super().__init__(*args, initial=initial, **kwargs)
        self.seats = rows(Seat, 3, prefix="seats", data=self.data if self.is_bound else None, initial=seats)
        self.formsets = {"seats": self.seats}

    def clean(self):
        for number, row in enumerate(self.seats.forms, 1):
            if row.cleaned_data.get("score") is not None and not row.cleaned_data.get("player"):
                row.add_error("player", f"Who scored in seat {number}?")
        return self.cleaned_data

    def refusal_field(self, error):
        number = place_number(error, "seat")
        if number is not None:
            return self.row_field_name("seats", number - 1, error.field)
        return super().refusal_field(error)


def game(*seats, **extra):
    return Game({"played_on": "2026-12-01", **rows_post("seats", list(seats)), **extra})


def test_each_seat_is_a_row_named_by_the_readable_prefix():
    form = Game()
    assert [row["player"].html_name for row in form.seats.forms] == [row_name("seats", n, "player") for n in (1, 2, 3)]
    assert row_name("seats", 1, "player") == "seats-0-player"
    html = str(form.seats.management_form)
    assert 'name="seats-TOTAL_FORMS" value="3"' in html


def test_the_rows_are_read_and_checked_with_the_form():
    form = game({"player": "Ana", "score": "3"}, {"score": "2"})
    assert not form.is_valid()
    assert form.errors == {}  # the form's own fields are fine: the error is in seat 2's row
    assert form.seats.forms[1].errors == {"player": ["Who scored in seat 2?"]}
    assert form.every_error() == ["Who scored in seat 2?"]
    focus_first_error(form)
    assert form.seats.forms[1].fields["player"].widget.attrs.get("autofocus") is True
    assert "autofocus" not in form.fields["played_on"].widget.attrs

    valid = game({"player": "Ana", "score": "3"}, {"player": "Ben", "score": "2"})
    assert valid.is_valid()
    assert [row.cleaned_data.get("player") for row in valid.seats.forms] == ["Ana", "Ben", ""]


def test_a_seat_count_is_fixed_whatever_the_management_form_says():
    for management in ({}, {"seats-TOTAL_FORMS": "²"}, {"seats-TOTAL_FORMS": "9" * 5000}, {"seats-TOTAL_FORMS": "-1"}):
        data = {"played_on": "2026-12-01", row_name("seats", 2, "player"): "Ben", **management}
        form = Game(data)
        assert form.is_valid(), form.every_error()
        assert len(form.seats.forms) == 3 and form.seats.forms[1].cleaned_data["player"] == "Ben"
        assert 'name="seats-TOTAL_FORMS" value="3"' in str(form.seats.management_form)


def test_a_rules_refusal_of_a_seat_goes_beside_that_seats_field_and_takes_the_focus():
    form = game({"player": "Ana", "score": "3"}, {"player": "Ben", "score": "2"})
    assert form.is_valid()
    form.add_refusal(RuleError("no score above 2 in this game", place="game 4, seat 1 (Ana)", field="score"))
    assert form.seats.forms[0].errors == {"score": ["no score above 2 in this game"]}
    form.focus_first_error()
    assert form.seats.forms[0].fields["score"].widget.attrs.get("autofocus") is True
    # A seat the form has not: above the form, saying where.
    other = game({"player": "Ana"})
    other.is_valid()
    other.add_refusal(RuleError("too many seats", place="game 4, seat 7 (Eve)", field="score"))
    assert other.non_field_errors() == ["game 4, seat 7 (Eve): too many seats"]


def test_a_form_drawn_from_its_initial_values_is_sent_as_drawn():
    drawn = Game(initial={"played_on": "2026-12-01", "seats": [{"player": "Ana", "score": 3}]})
    sent = as_sent(drawn)
    assert sent[row_name("seats", 1, "player")] == "Ana" and sent[row_name("seats", 1, "score")] == 3
    form = Game(sent)
    assert form.is_valid() and form.seats.forms[0].cleaned_data == {"player": "Ana", "score": 3}


def test_place_number_reads_the_seat_or_hero_a_refusal_names():
    assert place_number(RuleError("x", place="game 3, seat 2 (Ben)"), "seat") == 2
    assert place_number(RuleError("x", place="setup, hero 12"), "hero") == 12
    assert place_number(RuleError("x", place="game 3"), "seat") is None
    assert place_number(RuleError("x"), "seat") is None
