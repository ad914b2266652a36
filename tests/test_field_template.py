"""Every field is drawn in its box by one template (templates/forms/field.html, through
settings.FORM_RENDERER): a page writes `{{ form.x.as_field_group }}`, never the box again."""

import re
from pathlib import Path

from django import forms

ROOT = Path(__file__).resolve().parent.parent


class Sample(forms.Form):
    name = forms.CharField(label="City name", help_text="As written on the board.")
    allowed = forms.BooleanField(required=False, label="The card allows it")


def test_a_field_is_drawn_in_its_box_with_its_label_help_and_errors():
    form = Sample({"name": ""})
    html = form["name"].as_field_group()
    assert re.match(r'\s*<div class="field has-error">', html)
    assert '<label for="id_name">City name:</label>' in html and "As written on the board." in html
    assert "This field is required." in html and 'aria-describedby="id_name_helptext id_name_error"' in html


def test_a_checkbox_is_one_tap_target_beside_its_words():
    html = Sample()["allowed"].as_field_group()
    assert re.match(r'\s*<div class="field">', html)
    assert re.search(r'<label class="check" for="id_allowed"><input type="checkbox"[^>]*> The card allows it</label>', html)


def test_no_page_writes_a_fields_box_around_as_field_group():
    pasted = re.compile(r'<div class="field[^"]*">\s*\{\{ [\w.]+\.as_field_group \}\}')
    for path in [*ROOT.glob("templates/**/*.html"), *ROOT.glob("campaigns/**/templates/**/*.html")]:
        assert not pasted.search(path.read_text()), path


def test_an_empty_error_list_is_drawn_as_nothing_without_a_template(monkeypatch):
    """A field, a form or a formset without errors draws none (campaigns/forms.py skips
    Django's error templates, which draw nothing of an empty list); one with errors as Django."""
    from django.forms.renderers import TemplatesSetting
    from django.forms.utils import ErrorDict, ErrorList

    from campaigns.forms import LedgerFormRenderer

    rendered = []
    real = TemplatesSetting.render
    monkeypatch.setattr(
        TemplatesSetting, "render", lambda self, name, *a, **k: rendered.append(name) or real(self, name, *a, **k)
    )
    ours, django = LedgerFormRenderer(), TemplatesSetting()
    for empty in (ErrorList(renderer=ours), ErrorDict(renderer=ours)):
        assert str(empty) == "" == empty.render(renderer=django)
        assert empty.as_text() == ""
    del rendered[:]
    Sample()["name"].as_field_group()
    assert not [name for name in rendered if name.startswith("django/forms/errors/")]
    errors = ErrorList(["No such city."], renderer=ours)
    assert str(errors) == errors.render(renderer=django) == '<ul class="errorlist"><li>No such city.</li></ul>'
