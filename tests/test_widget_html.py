"""Django's widget templates drawn in Python (campaigns/web/widget_html.py) give the very bytes
the templates give (rendered through TemplatesSetting, so a template the project overrides
would be compared too): every widget kind, with values, labels and attributes of every shape,
escaped or safe, and every form of every page's kind the app draws."""

import datetime

import pytest
from django import forms
from django.forms.renderers import TemplatesSetting
from django.utils.safestring import mark_safe
from hypothesis import given, settings
from hypothesis import strategies as st

from campaigns.forms import LedgerFormRenderer
from campaigns.web import widget_html

TEMPLATES = TemplatesSetting()


def both_ways(widget: forms.Widget, name: str, value, attrs=None) -> tuple[str | None, str]:
    context = widget.get_context(name, value, attrs)
    drawn = widget_html.drawn(widget.template_name, context)
    return drawn, TEMPLATES.render(widget.template_name, context)


texts = st.text(alphabet=st.sampled_from('ab <>&"\'é1 \n'), max_size=8)
labels = st.one_of(texts, texts.map(mark_safe), st.integers(-2000, 2000), st.decimals(places=2, allow_nan=False))
attr_values = st.one_of(st.just(True), st.just(False), st.none(), texts, st.integers(0, 99), texts.map(mark_safe))
attrs = st.dictionaries(st.sampled_from(["class", "id", "placeholder", "data-x", "autofocus", "min"]), attr_values)
choices = st.lists(st.tuples(texts, labels), max_size=4)
grouped = st.lists(st.one_of(st.tuples(texts, labels), st.tuples(texts, choices)), max_size=4)

INPUTS = [forms.TextInput, forms.NumberInput, forms.EmailInput, forms.URLInput, forms.PasswordInput,
          forms.HiddenInput, forms.DateInput, forms.TimeInput, forms.DateTimeInput, forms.SearchInput,
          forms.TelInput, forms.ColorInput]
CHOOSERS = [forms.Select, forms.SelectMultiple, forms.RadioSelect, forms.CheckboxSelectMultiple, forms.NullBooleanSelect]


@settings(max_examples=200, deadline=None)
@given(kind=st.sampled_from(INPUTS), value=st.one_of(st.none(), texts, st.integers(), texts.map(mark_safe)),
       attrs=attrs, name=texts)
def test_an_input_is_drawn_as_its_template_draws_it(kind, value, attrs, name):
    drawn, templated = both_ways(kind(attrs=attrs), name, value)
    assert drawn == templated


@settings(max_examples=200, deadline=None)
@given(kind=st.sampled_from(CHOOSERS), options=grouped, value=st.one_of(st.none(), texts, st.lists(texts)),
       attrs=attrs, name=texts)
def test_a_choice_widget_is_drawn_as_its_templates_draw_it(kind, options, value, attrs, name):
    if kind is forms.NullBooleanSelect:
        widget, value = kind(), value if not isinstance(value, list) else None
    else:
        widget = kind(choices=options)
    drawn, templated = both_ways(widget, name, value, attrs)
    assert drawn == templated


@settings(max_examples=100, deadline=None)
@given(value=st.one_of(st.none(), texts, texts.map(mark_safe)), checked=st.one_of(st.booleans(), st.none(), texts),
       attrs=attrs)
def test_a_textarea_and_a_checkbox_are_drawn_as_their_templates_draw_them(value, checked, attrs):
    drawn, templated = both_ways(forms.Textarea(attrs=attrs), "notes", value)
    assert drawn == templated
    drawn, templated = both_ways(forms.CheckboxInput(attrs=attrs), "ok", checked)
    assert drawn == templated


def test_a_widget_with_another_template_is_left_to_it():
    class OwnOption(forms.RadioSelect):
        option_template_name = "forms/own_option.html"

    class OwnWidget(forms.TextInput):
        template_name = "forms/own_input.html"

    assert widget_html.drawn(OwnWidget.template_name, OwnWidget().get_context("x", "", {})) is None
    context = OwnOption(choices=[("a", "A")]).get_context("x", "a", {})
    assert widget_html.drawn(OwnOption.template_name, context) is None
    assert widget_html.drawn("django/forms/widgets/clearable_file_input.html", {"widget": {}}) is None


def test_a_date_field_is_drawn_as_django_draws_it():
    class Form(forms.Form):
        played_on = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}))
        count = forms.IntegerField(min_value=2, max_value=6)

    form = Form(initial={"played_on": datetime.date(2026, 12, 7), "count": 1000})
    for name in ("played_on", "count"):
        field = form[name]
        context = field.field.widget.get_context(field.html_name, field.value(), field.build_widget_attrs({}))
        assert widget_html.drawn(field.field.widget.template_name, context) == TEMPLATES.render(
            field.field.widget.template_name, context)


@pytest.mark.parametrize("kind", [*INPUTS, *CHOOSERS, forms.Textarea, forms.CheckboxInput])
def test_every_widget_kind_the_forms_draw_is_drawn_in_python(kind, settings, monkeypatch):
    """The forms' renderer (FORM_RENDERER) hands each of these to widget_html, none to the
    templates."""
    assert settings.FORM_RENDERER == "campaigns.forms.LedgerFormRenderer"
    monkeypatch.setattr(TemplatesSetting, "render", lambda *args, **kwargs: pytest.fail("a template rendered"))
    widget = kind(choices=[("a", "A")]) if kind in CHOOSERS[:4] else kind()
    assert widget.render("x", None, renderer=LedgerFormRenderer()).startswith("<")
