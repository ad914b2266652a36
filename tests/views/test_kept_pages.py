"""A page of table forms is rendered once per journal version (`{% kept %}`,
campaigns/templatetags/taps.py), and every viewer still gets their own CSRF token and a new tap
key per form: a tap from a kept page is accepted with CSRF checks on, a refused form is never
kept for the others, and what differs between viewers (their role, the day a new play is
dated) keeps its own copy."""

import datetime
import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from campaigns import registry, store
from campaigns.models import Membership
from campaigns.systems.base import SHARED_PAGES
from campaigns.templatetags.taps import CSRF_STAND_IN, TAP_STAND_IN

from tests.conftest import load_journal
from tests.factories import CampaignFactory, MembershipFactory, UserFactory
from tests.systems.dawnguard.views.helpers import dawnguard_campaign, entries, refused

CSRF_INPUT = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
TAP_INPUT = re.compile(r'name="tap" value="([^"]+)"')
CSRF_TOKEN = re.compile(r"\b[A-Za-z0-9]{64}\b")  # a masked CSRF token, wherever the page carries it
NONCE = re.compile(r'nonce="[^"]+"')
KEPT_NAME = re.compile(r'\{% kept "([^"]+)"')  # the page's CSP nonce, new each view (never in a kept part)
FORMS_TEMPLATE = "dawnguard/_sitting_head.html"  # inside the kept part: rendered only when it is


def phone(user) -> Client:
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    return client


def play_url(campaign):
    return reverse("play", args=[campaign.slug])


def rendered(response) -> set[str]:
    return {template.name for template in response.templates}


@pytest.fixture
def table(owner):
    """A Dawnguard sitting in progress, two members at the table (its owner aside)."""
    campaign = dawnguard_campaign(owner)
    ana, ben = UserFactory(), UserFactory()
    for member in (ana, ben):
        MembershipFactory(campaign=campaign, user=member, role=Membership.Role.MEMBER)
    return campaign, phone(ana), phone(ben)


@pytest.mark.django_db
def test_the_play_page_is_rendered_once_per_journal_version_and_filled_for_each_viewer(table):
    campaign, ana, ben = table
    first, second = ana.get(play_url(campaign)), ben.get(play_url(campaign))
    assert FORMS_TEMPLATE in rendered(first)
    assert FORMS_TEMPLATE not in rendered(second)  # kept: only the viewer's parts filled in
    pages = [first.content.decode(), second.content.decode()]
    for html in pages:
        assert CSRF_STAND_IN not in html and TAP_STAND_IN not in html
        keys = TAP_INPUT.findall(html)
        assert len(keys) > 5 and len(set(keys)) == len(keys)  # a new key for every form
    assert not set(TAP_INPUT.findall(pages[0])) & set(TAP_INPUT.findall(pages[1]))
    assert CSRF_INPUT.findall(pages[0]) and CSRF_INPUT.findall(pages[1])


@pytest.mark.django_db
def test_a_tap_from_a_kept_page_passes_the_csrf_check_and_the_next_version_renders_again(table):
    campaign, ana, ben = table
    ana.get(play_url(campaign))
    html = ben.get(play_url(campaign)).content.decode()  # the kept copy, with Ben's token
    token, key = CSRF_INPUT.findall(html)[0], TAP_INPUT.findall(html)[0]
    before = entries(campaign)
    response = ben.post(
        reverse("dawnguard_event", args=[campaign.slug, "threat_deck"]),
        {"csrfmiddlewaretoken": token, "tap": key, "threat_deck-count": "1"},
    )
    assert response.status_code == 302
    assert entries(campaign) == before + 1
    after = ana.get(play_url(campaign))
    assert FORMS_TEMPLATE in rendered(after)  # a new journal version: rendered once more
    assert 'class="dg-counter-value">1<' in after.content.decode()


@pytest.mark.django_db
def test_a_refused_form_is_shown_to_its_player_only(owner):
    campaign = dawnguard_campaign(owner)
    owner_phone = Client()
    owner_phone.force_login(owner)
    message = "Ana is not a Vampire"
    refused(owner_phone, campaign, "hunger", {"hunger-player": "Ana"}, message)
    member = UserFactory()
    MembershipFactory(campaign=campaign, user=member, role=Membership.Role.MEMBER)
    assert message not in phone(member).get(play_url(campaign)).content.decode()


@pytest.mark.django_db
def test_a_viewer_keeps_their_own_copy_without_the_forms(table):
    campaign, ana, _ = table
    assert "Level up" in ana.get(play_url(campaign)).content.decode()
    viewer = UserFactory()
    MembershipFactory(campaign=campaign, user=viewer, role=Membership.Role.VIEWER)
    response = phone(viewer).get(play_url(campaign))
    assert FORMS_TEMPLATE in rendered(response)
    html = response.content.decode()
    assert "Level up" not in html and "Threat Event deck" in html


@pytest.mark.django_db
def test_a_new_play_form_is_dated_the_day_it_is_opened(owner, monkeypatch):
    campaign = CampaignFactory(name="Skyrim nights", system="risk-skyrim", owner=owner,
                                     players=["Ana", "Ben", "Cid"])
    url = reverse("game_start", args=[campaign.slug])
    client = phone(owner)
    assert timezone.localdate().isoformat() in client.get(url).content.decode()

    monkeypatch.setattr(timezone, "localdate", lambda *args, **kwargs: datetime.date(2099, 1, 2))
    html = client.get(url).content.decode()
    assert 'value="2099-01-02"' in html
    assert CSRF_STAND_IN not in html and TAP_STAND_IN not in html


@pytest.mark.django_db
def test_a_plays_page_is_kept_and_reads_no_journal_line_the_second_time(owner):
    campaign = store.import_journal(load_journal("risk_skyrim_plays.json"), owner=owner)
    ana, ben = UserFactory(), UserFactory()
    for member in (ana, ben):
        MembershipFactory(campaign=campaign, user=member, role=Membership.Role.MEMBER)
    url = reverse("play_detail", args=[campaign.slug, 2])
    pages = []
    for user in (ana, ben):
        with CaptureQueriesContext(connection) as queries:
            pages.append(phone(user).get(url).content.decode())
        entries_read = [q["sql"] for q in queries.captured_queries if "campaigns_entry" in q["sql"]]
        assert bool(entries_read) == (user == ana)  # who logged it: read once, then kept
    assert "Play 2" in pages[1] and "Logged by" in pages[1] and 'rel="next"' in pages[1]


class _Campaign:
    pk, slug, journal_version = 1, "a-campaign", 3


class _Access:
    membership = Membership(role=Membership.Role.MEMBER)


def test_a_kept_fragment_fills_in_what_csrf_token_would_render_for_each_viewer():
    from django.template import Context, Template

    kept = Template('{% kept "t" 1 %}<form>{% csrf_token %}{% tap %}</form><form>{% tap %}</form>{% endkept %}')
    page = {"campaign": _Campaign(), "access": _Access()}
    one, other = (kept.render(Context({**page, "csrf_token": token})) for token in ("first-viewer", "second-viewer"))
    assert 'name="csrfmiddlewaretoken" value="first-viewer"' in one
    assert 'name="csrfmiddlewaretoken" value="second-viewer"' in other
    assert len(set(TAP_INPUT.findall(one) + TAP_INPUT.findall(other))) == 4
    # No CSRF token to give (a render without a request): no input, as {% csrf_token %} does.
    assert "csrfmiddlewaretoken" not in kept.render(Context(page))


def test_a_kept_part_is_keyed_by_the_campaign_its_version_and_the_viewers_role_whatever_the_template_says():
    from django.template import Context, Template, TemplateSyntaxError

    kept = Template('{% kept "t" %}{{ shown }}{% endkept %}')
    page = {"campaign": _Campaign(), "access": _Access()}
    assert kept.render(Context({**page, "shown": "first"})) == "first"
    assert kept.render(Context({**page, "shown": "second"})) == "first"  # kept
    viewer = type("ViewerAccess", (), {"membership": Membership(role=Membership.Role.VIEWER)})()
    public = type("PublicAccess", (), {"membership": None})()
    newer = type("Newer", (_Campaign,), {"journal_version": 4})()
    renamed = type("Renamed", (_Campaign,), {"slug": "another-name"})()
    for other in ({"access": viewer}, {"access": public}, {"campaign": newer}, {"campaign": renamed}):
        assert kept.render(Context({**page, **other, "shown": "again"})) == "again"
    with pytest.raises(TemplateSyntaxError, match="campaign's page"):
        kept.render(Context({"shown": "no campaign"}))


@pytest.mark.parametrize("page", ["play", "game_start"])
@pytest.mark.django_db
def test_a_kept_page_is_the_page_rendered_fresh_but_for_the_viewers_parts(owner, page):
    """The kept copy is the page a fresh render gives, its CSRF token and tap keys aside."""
    from django.core.cache import cache

    campaign = dawnguard_campaign(owner) if page == "play" else store.import_journal(
        load_journal("risk_skyrim_plays.json"), owner=owner
    )
    client = phone(owner)
    url = reverse(page, args=[campaign.slug])

    def page_now():
        html = client.get(url).content.decode()
        return NONCE.sub("nonce", TAP_INPUT.sub("tap", CSRF_TOKEN.sub("csrf", html)))

    cache.clear()
    fresh = page_now()
    assert page_now() == fresh  # this one from the kept copy


# Every kept part of every system's pages, for each role: two people of the same role get the
# same kept copy, so what a kept part shows must not depend on who is looking beyond its key.
ROLES = (Membership.Role.OWNER, Membership.Role.MEMBER, Membership.Role.VIEWER)


def _masked(html: str) -> str:
    return NONCE.sub("nonce", TAP_INPUT.sub("tap", CSRF_TOKEN.sub("csrf", html)))


def _pages_of(campaign) -> list[str]:
    """The campaign's pages that take no argument (its tabs among them), and its first play's."""
    system = registry.system_of(campaign)
    shared = [SHARED_PAGES[name] for name in system.pages if name != "live" and "<" not in SHARED_PAGES[name]]
    own = [str(pattern.pattern) for pattern in system.urlpatterns if "<" not in str(pattern.pattern)]
    urls = [campaign.get_absolute_url() + page for page in ["", *shared, *own]]
    if "play_detail" in system.pages:
        urls.append(reverse("play_detail", args=[campaign.slug, 1]))
    return urls


@pytest.mark.slow  # every kept part of every page, per role: a whole-app check (make test runs it)
@pytest.mark.django_db
@pytest.mark.parametrize("system", [system.key for system in registry.systems()])
def test_every_kept_part_shows_each_viewer_what_a_fresh_page_would(owner, system, monkeypatch):
    from django.core.cache import cache

    from campaigns.templatetags import taps

    kept_names = set()
    render = taps.KeptNode.render
    monkeypatch.setattr(taps.KeptNode, "render", lambda node, context: kept_names.add(node.name) or render(node, context))
    campaign = CampaignFactory(system=system, after=2, owner=owner, name="Kept nights")
    people = {}
    for role in ROLES:
        people[role] = [owner] if role == Membership.Role.OWNER else []
        while len(people[role]) < 2:
            user = UserFactory()
            MembershipFactory(campaign=campaign, user=user, role=role)
            people[role].append(user)
    # Each member plays under a roster name of their own: a kept part that named "you" would show.
    for player, user in zip(campaign.players.all(), [user for users in people.values() for user in users]):
        player.user = user
        player.save(update_fields=["user"])
    campaign.public_token = "kept-public"
    campaign.save(update_fields=["public_token"])
    for url in [*_pages_of(campaign), "/p/kept-public/"]:
        for role, (first, second) in people.items():
            cache.clear()
            fresh = _masked(phone(second).get(url).content.decode())
            cache.clear()
            phone(first).get(url)  # kept for the role
            assert _masked(phone(second).get(url).content.decode()) == fresh, f"{url} for a {role}"
    in_templates = {
        name
        for folder in registry.get(system).templates
        for path in folder.rglob("*.html")
        for name in KEPT_NAME.findall(path.read_text(encoding="utf-8"))
    }
    assert in_templates and in_templates <= kept_names, "a kept part no page of the campaign reached"


def _risk_legacy_table(owner):
    """A Risk Legacy game in progress, and the tap that logs Eve's elimination."""
    from tests.systems.risk_legacy.views.helpers import playing

    campaign = playing(owner)
    return campaign, reverse("event_add", args=[campaign.slug]), {
        "event_type": "elimination", "elimination-player": "Eve"
    }


def _dawnguard_table(owner):
    """A Dawnguard sitting in progress, and the tap that draws a threat card."""
    campaign = dawnguard_campaign(owner)
    return campaign, reverse("dawnguard_event", args=[campaign.slug, "threat_deck"]), {
        "threat_deck-count": "1"
    }


@pytest.mark.parametrize("table_of", [_risk_legacy_table, _dawnguard_table], ids=["risk-legacy", "dawnguard"])
@pytest.mark.django_db
def test_after_a_tap_another_worker_answers_the_live_refresh_from_the_kept_part_reading_no_state(owner, table_of):
    """The phone that recorded is sent to the Play page, which renders the new version's kept
    part; another worker sharing the cache (its own memo empty) answers the other phones' live
    refresh from it: no checkpoint unpickled, nothing folded, and the same page a fresh render
    gives, with its "Updated just now" line, which the recording phone's page does not show."""
    from django.core.cache import cache

    from campaigns import states

    campaign, tap_url, tap = table_of(owner)
    ana, ben = UserFactory(), UserFactory()
    for member in (ana, ben):
        MembershipFactory(campaign=campaign, user=member, role=Membership.Role.MEMBER)
    ana_phone, ben_phone = phone(ana), phone(ben)
    seen = campaign.journal_version
    html = ben_phone.get(play_url(campaign)).content.decode()
    response = ben_phone.post(tap_url, {"csrfmiddlewaretoken": CSRF_INPUT.findall(html)[0], **tap})
    assert response.status_code == 302
    recorder = ben_phone.get(response["Location"]).content.decode()  # renders the kept part
    assert "Updated just now" not in recorder

    states.forget_in_process()  # another worker: the cache is shared, the memo its own
    read = (states.checkpoints_read(), states.entries_applied(), states.tail_entries_applied())
    live = ana_phone.get(reverse("live", args=[campaign.slug]), {"v": seen})
    assert live.status_code == 200 and FORMS_TEMPLATE not in rendered(live)
    assert (states.checkpoints_read(), states.entries_applied(), states.tail_entries_applied()) == read
    kept_answer = live.content.decode()
    assert 'id="live-changed" role="status">Updated just now' in kept_answer

    cache.clear()
    fresh = ana_phone.get(reverse("live", args=[campaign.slug]), {"v": seen}).content.decode()
    assert _masked(kept_answer) == _masked(fresh)
    assert states.checkpoints_read() > read[0]  # rendered afresh, it read the state
