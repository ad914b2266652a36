"""`{% url %}` (campaigns/templatetags/links.py) writes what Django's own tag writes, and works
each address out once per process: by the view's name, its arguments, the URLconf and the
script prefix, so an address is never another's."""

import pytest
from django.template import Context, Engine, engines
from django.template.defaulttags import URLNode
from django.test import override_settings
from django.urls import NoReverseMatch, clear_script_prefix, reverse, set_script_prefix

from campaigns.templatetags import links
from campaigns.templatetags.links import KeptURLNode


def render(text, **context):
    return engines["django"].from_string(text).render(context)


DJANGO_ONLY = Engine()  # Django's built-ins alone


def django_render(text, **context):
    """The same text by Django's own tag."""
    return DJANGO_ONLY.from_string(text).render(Context(context, autoescape=True))


@pytest.fixture
def reversed_calls(monkeypatch):
    calls = []
    real = links.reverse
    monkeypatch.setattr(links, "reverse", lambda *args, **kwargs: calls.append(args) or real(*args, **kwargs))
    links._reversed.cache_clear()
    yield calls
    links._reversed.cache_clear()


def test_the_app_s_templates_take_this_tag():
    template = engines["django"].from_string("{% url 'home' %}")
    assert isinstance(template.template.nodelist[0], KeptURLNode)
    assert type(DJANGO_ONLY.from_string("{% url 'home' %}").nodelist[0]) is URLNode


@pytest.mark.parametrize(
    "text, context",
    [
        ("{% url 'home' %}", {}),
        ("{% url 'history' slug %}", {"slug": "our-campaign"}),
        ("{% url 'play_detail' slug 12 %}", {"slug": "our-campaign"}),
        ("{% url 'play_detail' slug=slug number=n %}", {"slug": "our-campaign", "n": 3}),
        ("{% url 'history' slug as there %}[{{ there }}]", {"slug": "x"}),
        ("{% url 'no-such-page' as there %}[{{ there }}]", {}),  # blank with `as`, as Django's
        ("{% url name slug %}", {"name": "standings", "slug": "s"}),
    ],
)
def test_it_writes_what_django_s_tag_writes(text, context):
    assert render(text, **context) == django_render(text, **context)


def test_a_page_that_does_not_exist_is_refused_as_django_refuses_it():
    with pytest.raises(NoReverseMatch):
        render("{% url 'no-such-page' %}")


def test_each_address_is_worked_out_once(reversed_calls):
    for _ in range(3):
        assert render("{% url 'history' 'a' %}") == reverse("history", args=["a"])
    render("{% url 'history' 'b' %}")
    assert len(reversed_calls) == 2


def test_an_argument_that_is_no_plain_value_is_worked_out_each_time(reversed_calls):
    class Slug:
        def __str__(self):
            return "our-campaign"

    assert render("{% url 'history' slug %}", slug=Slug()) == reverse("history", args=["our-campaign"])
    assert reversed_calls == []  # not remembered: Django's own tag wrote it


def test_another_language_is_worked_out_again(reversed_calls):
    """A translated route would read otherwise in another language."""
    from django.utils import translation

    render("{% url 'home' %}")
    with translation.override("de"):
        render("{% url 'home' %}")
    assert len(reversed_calls) == 2


def test_another_urlconf_or_script_prefix_is_another_address(reversed_calls):
    here = render("{% url 'home' %}")
    with override_settings(ROOT_URLCONF="bench.bench_urls"):
        assert render("{% url 'home' %}") == reverse("home")
    set_script_prefix("/ledger/")
    try:
        assert render("{% url 'home' %}") == "/ledger" + here
    finally:
        clear_script_prefix()
    assert render("{% url 'home' %}") == here
