"""A log's blank log-a-play form is kept across journal versions (`{% kept ... filling %}`,
campaigns/templatetags/taps.py): a play logged changes only the number it offers, so the form
is rendered once until what it shows changes (the roster, the last play's seats, the day, the
campaign's name), its number and the journal version filled in for each view. Whatever a group
does between two opens of the form, the kept copy is the page a fresh render gives."""

import datetime
import re

import pytest
from django.core.cache import cache
from django.template import Context, Template, TemplateSyntaxError
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from campaigns import states, store
from campaigns.models import Membership
from campaigns.rules.base import Entry

from tests.conftest import load_journal
from tests.factories import MembershipFactory, UserFactory
from tests.systems.captain_america.views.helpers import four, seated
from tests.systems.play_log.views.helpers import JOURNALS
from tests.views.test_kept_pages import _masked

WIDGET = "campaigns/_campaign_nav.html"  # inside every log's kept form: rendered only when it is


class _Campaign:
    pk, slug, journal_version = 1, "a-log", 3


class _Access:
    membership = Membership(role=Membership.Role.MEMBER)


def test_a_part_kept_across_versions_fills_in_the_version_and_its_named_values():
    kept = Template(
        '{% kept "t" shows filling number %}<p>{{ said }} {{ number }} {{ campaign.journal_version }}'
        " {{ campaign.slug }}</p>{% endkept %}"
    )
    newer = type("Newer", (_Campaign,), {"journal_version": 4})()
    page = {"campaign": _Campaign(), "access": _Access(), "shows": "one"}
    assert kept.render(Context({**page, "said": "first", "number": 6})) == "<p>first 6 3 a-log</p>"
    # Kept: a newer version with another number is filled in (escaped as {{ }} does), not rendered again.
    assert kept.render(Context({**page, "campaign": newer, "number": "<7>", "said": "again"})) == (
        "<p>first &lt;7&gt; 4 a-log</p>"
    )
    # What it shows names its copy.
    assert kept.render(Context({**page, "shows": "two", "said": "other", "number": 8})) == "<p>other 8 3 a-log</p>"


def test_filling_names_context_values():
    with pytest.raises(TemplateSyntaxError, match="filling"):
        Template('{% kept "t" filling %}{% endkept %}')
    with pytest.raises(TemplateSyntaxError, match="filling"):
        Template('{% kept "t" filling campaign.slug %}{% endkept %}')


def _opened(client, url):
    """The form as this phone gets it, and whether its fields were rendered for it."""
    response = client.get(url)
    assert response.status_code == 200
    return _masked(response.content.decode()), WIDGET in {t.name for t in response.templates}


def _fresh(client, url):
    cache.clear()
    return _opened(client, url)[0]


@pytest.fixture
def ca_log(owner):
    """The 5-play Captain America log (Ana, Ben, Cid, Dee), with a member at the table."""
    campaign = store.import_journal(load_journal("captain_america_plays.json"), owner=owner)
    member = UserFactory()
    MembershipFactory(campaign=campaign, user=member, role=Membership.Role.MEMBER)
    return campaign, member


@pytest.mark.django_db
def test_a_play_logged_leaves_the_kept_form_alone_but_for_its_number(as_owner, owner, ca_log):
    client = as_owner
    campaign, _ = ca_log
    url = reverse("game_start", args=[campaign.slug])
    assert client.post(url, four(6)).status_code == 302
    first, drawn = _opened(client, url)
    assert drawn and "Log play <span id=\"play-number-title\">7</span>" in first
    assert client.post(url, four(7)).status_code == 302  # seated as play 6
    kept, drawn = _opened(client, url)
    assert not drawn, "the form was rendered again for a play that changed only its number"
    assert 'name="number" value="8" id="id_number"' in kept and "opened=8" in kept
    assert 'Log play <span id="play-number-save">8</span>' in kept
    campaign.refresh_from_db()
    assert f"live/?v={campaign.journal_version}&amp;on=form&amp;opened=8" in kept
    kept, _ = _opened(client, url)  # without the saved play's message, which came once
    assert kept == _fresh(client, url)


def _done(response):
    """A write through a form, followed where it leads (its message shown there, once)."""
    assert response.redirect_chain, response.content.decode()[:500]


@pytest.mark.django_db
def test_whatever_the_group_does_between_two_opens_the_kept_form_is_the_fresh_one(as_owner, owner, ca_log):
    client = as_owner
    campaign, member = ca_log
    url = reverse("game_start", args=[campaign.slug])
    at_the_table = Client()
    at_the_table.force_login(member)
    phones = (client, at_the_table)

    def same_as_fresh(after):
        kept = [_opened(phone, url)[0] for phone in phones]  # each role's kept copy, from before
        for phone, theirs in zip(phones, kept, strict=True):
            assert theirs == _fresh(phone, url), f"after {after}"
        for phone in phones:  # each role's copy kept again, for the next write
            _opened(phone, url)

    def post(to, data):
        _done(client.post(to, data, follow=True))

    for phone in phones:
        _opened(phone, url)
    post(url, four(6))
    same_as_fresh("a play")
    post(url, four(7))
    same_as_fresh("a play with the same seats")
    two = seated({"number": "8", "played_on": "2026-11-29", "players": "2", "team_captain_america": "Ben",
                  "team_iron_man": "Ana", "winter_soldier": "nobody", "quinjet": "iron-man",
                  "rooms_captain_america": "15", "rooms_iron_man": "15", "action": "save"})
    post(url, two)
    same_as_fresh("a 2-player play")
    post(reverse("roster", args=[campaign.slug]), {"name": "Eve"})
    assert ">Eve<" in _opened(client, url)[0]
    same_as_fresh("a name added to the roster")
    post(reverse("play_correct", args=[campaign.slug, 8]), {**two, "teams-1-player": "Eve"})
    same_as_fresh("the last play corrected")
    post(reverse("play_delete", args=[campaign.slug, 8]), {})
    same_as_fresh("the last play deleted")
    post(reverse("undo", args=[campaign.slug]), {})
    same_as_fresh("an undo")
    post(reverse("campaign_settings", args=[campaign.slug]), {"rename": "1", "name": "Airport brawls, renamed"})
    assert "Airport brawls, renamed" in _opened(client, url)[0]
    same_as_fresh("a rename")


@pytest.mark.django_db
def test_a_new_day_draws_the_form_again(as_owner, owner, ca_log, monkeypatch):
    client = as_owner
    campaign, _ = ca_log
    url = reverse("game_start", args=[campaign.slug])
    _opened(client, url)
    tomorrow = timezone.localdate() + datetime.timedelta(days=1)
    monkeypatch.setattr(timezone, "localdate", lambda *args: tomorrow)
    kept, drawn = _opened(client, url)
    assert drawn and tomorrow.isoformat() in kept


@pytest.mark.django_db
@pytest.mark.parametrize("system", sorted(JOURNALS))
def test_every_logs_form_is_kept_across_a_play_seated_as_the_last(as_owner, owner, system):
    """Each play-log system of the registry: a play seated as the last one (the rules layer's
    own entry, as its form writes it) leaves the form alone but for the number it offers."""
    client = as_owner
    campaign = store.import_journal(load_journal(JOURNALS[system]), owner=owner)
    url = reverse("game_start", args=[campaign.slug])
    store.append(campaign, [_seated_as_the_last(campaign)], owner)  # the form now offers those seats
    _opened(client, url)
    number = states.state(campaign).next_number
    store.append(campaign, [_seated_as_the_last(campaign)], owner)
    kept, drawn = _opened(client, url)
    assert not drawn, "the form was rendered again for a play that changed only its number"
    assert f'name="number" value="{number + 1}"' in kept and f"opened={number + 1}" in kept
    assert kept == _fresh(client, url)


def _seated_as_the_last(campaign) -> Entry:
    state = states.state(campaign)
    return Entry("game", {**state.play_data(state.games[-1].number), "number": state.next_number})


@pytest.mark.django_db
def test_a_refused_correction_is_shown_to_its_phone_only(as_owner, owner, ca_log):
    """A correction refused because another phone corrected the play first shows the form as
    the play stands, with why: that page keeps its own copy, the next phone's is plain."""
    client = as_owner
    campaign, member = ca_log
    at_the_table = Client()
    at_the_table.force_login(member)
    url = reverse("play_correct", args=[campaign.slug, 5])
    seen = re.search(r'name="seen" value="(\d+)"', client.get(url).text).group(1)
    _done(at_the_table.post(url, {**four(5), "rooms_iron_man": "11"}, follow=True))  # corrected first
    stale = client.post(url, {**four(5), "seen": seen})  # loaded before that correction
    why = "was corrected on another phone just now"
    assert stale.status_code == 200 and why in stale.text
    assert why not in at_the_table.get(url).text
    assert why not in client.get(url).text  # nor for the phone refused, opening it again
