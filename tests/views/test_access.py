"""Every campaign view, for every kind of visitor: owner, member, viewer, stranger, anonymous.

The matrix below must name every URL that takes a campaign slug, so a view cannot be added
without saying who may use it (test_every_campaign_view_is_in_the_matrix). Each URL is tried
on a campaign of every game system that has the page (campaigns.systems): a page shared by
all systems (play/, history/, ...) once per system that answers it.
"""

import pytest
from django.urls import get_resolver, reverse

from campaigns import registry, store
from campaigns.models import Membership
from campaigns.systems.base import SHARED_PAGES
from campaigns.views.system_pages import DEFAULT_PAGES

from tests.conftest import load_journal
from tests.factories import CampaignFactory, MembershipFactory, PlayerFactory

READ, RECORD, OWNER = "read", "record", "owner"

# (url name, method, what it needs)
MATRIX = [
    ("campaign_detail", "get", READ),
    ("journal_download", "get", READ),
    ("state_json", "get", READ),
    ("roster", "get", READ),
    ("rules", "get", READ),
    ("rules", "post", RECORD),
    ("members", "get", READ),
    ("undo", "get", RECORD),
    ("undo", "post", RECORD),
    ("roster", "post", RECORD),
    ("player_rename", "post", RECORD),
    ("player_delete", "post", RECORD),
    ("player_link", "post", RECORD),
    ("invite_regenerate", "post", OWNER),
    ("public_link", "post", OWNER),
    ("member_role", "post", OWNER),
    ("member_remove", "post", OWNER),
    ("campaign_settings", "get", READ),  # the owner's care of it; a member's or viewer's leaving
    ("campaign_settings", "post", READ),  # no action named: the page again
    ("campaign_restore", "post", OWNER),  # a campaign in play: opened
    ("go_back", "get", READ),  # back to before game N: the preview
    ("go_back", "post", RECORD),
    # -- at the table
    ("setup_edit", "get", READ),
    ("setup_edit", "post", RECORD),
    ("trade_in_chart_edit", "post", RECORD),
    ("game_start", "get", RECORD),
    ("game_start", "post", RECORD),
    ("recruitment", "get", READ),
    ("play", "get", READ),
    ("live", "get", READ),
    ("event_add", "post", RECORD),
    ("packet_add", "post", RECORD),
    ("game_end", "get", RECORD),
    ("game_end", "post", RECORD),
    ("reward_add", "post", RECORD),
    ("world_name", "post", RECORD),
    # -- review
    ("plays_csv", "get", READ),
    ("plays_bgstats", "get", READ),
    ("board", "get", READ),
    ("territory_history", "get", READ),
    ("history", "get", READ),
    # -- the play logs
    ("standings", "get", READ),
    ("play_detail", "get", READ),
    ("play_correct", "get", RECORD),
    ("play_correct", "post", RECORD),
    ("play_delete", "get", RECORD),
    ("play_delete", "post", RECORD),
    # -- plays in and out
    ("journal_append", "get", READ),
    ("journal_append", "post", RECORD),
    ("bg_stats_import", "get", READ),
    ("bg_stats_import", "post", RECORD),
    ("play_restore", "post", RECORD),
    # -- each system's own pages: add them here (the test below finds them)
    ("captain_america_setup_help", "get", READ),  # Captain America's setup helpers
    ("dawnguard_event", "post", RECORD),  # one tap at the table, one event
    ("dawnguard_contested_test", "get", READ),  # the contested skill test (records nothing)
    ("dawnguard_thresholds", "post", RECORD),  # correct the fort cards' thresholds
    ("dawnguard_chapter_complete", "get", RECORD),  # asks before the chapter is complete
    ("risk_skyrim_setup_help", "get", READ),  # Risk: Skyrim's setup helpers
]

ROLES = ["owner", "member", "viewer", "stranger", "anonymous"]

# The campaign each system's pages are tried on: its reference journal after its first game (a
# play log's play pages need a play); a page outside the systems, on a bare Risk Legacy campaign.


def systems_with(name: str) -> list[str]:
    """The systems whose campaigns have page `name` (all of them for a page outside a system)."""
    if name in SHARED_PAGES:
        return [system.key for system in registry.systems() if name in system.pages or name in DEFAULT_PAGES]
    own = [system.key for system in registry.systems() if any(p.name == name for p in system.urlpatterns)]
    return own or [None]  # a page outside the systems: tried once


CASES = [(name, method, need, system) for name, method, need in MATRIX for system in systems_with(name)]


@pytest.fixture
def campaign(request, owner):
    """A campaign of the system the test is parametrized with (Risk Legacy by default)."""
    system = getattr(request, "param", None)
    if system is not None:
        campaign = CampaignFactory(name="Thursday Earth", system=system, after=1)
    else:
        campaign = CampaignFactory(name="Thursday Earth", system="risk-legacy")
    MembershipFactory(campaign=campaign, user=owner, role=Membership.Role.OWNER)
    return campaign


def allowed(role, need):
    return {
        READ: role in ("owner", "member", "viewer"),
        RECORD: role in ("owner", "member"),
        OWNER: role == "owner",
    }[need]


def url_for(name, campaign):
    kwargs = {"slug": campaign.slug}
    pattern = get_resolver().reverse_dict.getlist(name)[0][0][0][1]
    if "player_id" in pattern:
        kwargs["player_id"] = PlayerFactory(campaign=campaign, name="Zed").pk
    if "membership_id" in pattern:
        kwargs["membership_id"] = campaign.memberships.exclude(role=Membership.Role.OWNER).first().pk
    if "territory" in pattern:  # the board's territory pages: a territory's slug
        kwargs["territory"] = "western-united-states"
    if "event_type" in pattern:  # a Dawnguard tap at the table
        kwargs["event_type"] = "marker"
    if "number" in pattern:  # a logged play
        kwargs["number"] = 1
    return reverse(name, kwargs=kwargs)


@pytest.fixture
def visitor(request, client, owner, member, viewer, stranger):
    role = request.param
    user = {"owner": owner, "member": member, "viewer": viewer, "stranger": stranger}.get(role)
    if user is not None:
        client.force_login(user)
    return role


@pytest.mark.parametrize("visitor", ROLES, indirect=True)
@pytest.mark.parametrize(("name", "method", "need", "campaign"), CASES, indirect=["campaign"])
def test_campaign_views_are_scoped_to_the_campaigns_a_user_belongs_to(client, campaign, visitor, name, method, need):
    url = url_for(name, campaign)
    response = getattr(client, method)(url, {"name": "Zed2", "role": "viewer", "user": ""})
    if visitor == "anonymous":
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("login"))
    elif visitor == "stranger":
        assert response.status_code == 404
    elif allowed(visitor, need):
        assert response.status_code in (200, 302), response.status_code
    else:
        assert response.status_code == 403


@pytest.mark.parametrize(
    ("name", "campaign"), sorted({(name, system) for name, method, _, system in CASES if method == "get"}, key=lambda c: (c[0], c[1] or "")), indirect=["campaign"]
)
def test_head_is_answered_wherever_get_is(client, campaign, owner, name):
    """Uptime checks and link previews ask with HEAD: the same answer as GET, without a body."""
    client.force_login(owner)
    url = url_for(name, campaign)
    get = client.get(url)
    head = client.head(url)
    assert head.status_code == get.status_code
    assert head.content == b""


@pytest.mark.parametrize("name", ["home", "campaign_create", "stats", "manifest", "service_worker", "offline"])
def test_head_is_answered_on_the_pages_outside_a_campaign(client, owner, name):
    client.force_login(owner)
    assert client.head(reverse(name)).status_code == client.get(reverse(name)).status_code == 200


def test_every_campaign_view_is_in_the_matrix():
    named = {name for name, _, _ in MATRIX}
    campaign_views = {
        name
        for name, patterns in get_resolver().reverse_dict.lists()
        if isinstance(name, str) and any("slug" in pattern[0][0][1] for pattern in patterns)
    }
    assert campaign_views - named == set()


def test_a_stranger_gets_the_same_404_as_for_a_campaign_that_does_not_exist(client, campaign, stranger):
    client.force_login(stranger)
    assert client.get(reverse("campaign_detail", args=[campaign.slug])).status_code == 404
    assert client.get(reverse("campaign_detail", args=["no-such-campaign"])).status_code == 404


def test_the_404_page_is_styled(client, stranger, campaign):
    client.force_login(stranger)
    response = client.get(reverse("campaign_detail", args=[campaign.slug]))
    assert b"Nothing here" in response.content


def test_the_403_page_says_why(client, campaign, viewer):
    client.force_login(viewer)
    response = client.post(reverse("undo", args=[campaign.slug]))
    assert response.status_code == 403
    assert b"Viewers can look but not record" in response.content


@pytest.mark.parametrize("campaign", ["dawnguard", "risk-skyrim", "captain-america"], indirect=True)
def test_another_systems_pages_are_a_404(client, campaign, owner):
    """A Risk Legacy page asked of another system's campaign: no such page (not a crash)."""
    client.force_login(owner)
    for name in ("board", "territory_history", "recruitment"):
        assert client.get(url_for(name, campaign)).status_code == 404


def test_no_two_systems_declare_the_same_page():
    """Each system's own URLs are included side by side: a name or address used twice would
    send one system's campaigns to the other's view."""
    names, routes = [], []
    for system in registry.systems():
        for pattern in system.urlpatterns:
            names.append(pattern.name)
            routes.append(str(pattern.pattern))
    shared = set(SHARED_PAGES) | set(SHARED_PAGES.values())
    assert len(names) == len(set(names)) and not set(names) & shared
    assert len(routes) == len(set(routes)) and not set(routes) & shared


def test_a_page_a_system_does_not_have_is_a_404_for_its_campaigns(client, owner):
    campaign = store.import_journal(load_journal("risk_legacy_15_games.json"), owner=owner)
    client.force_login(owner)
    risk_legacy = registry.get("risk-legacy")
    missing = [name for name in SHARED_PAGES if name not in risk_legacy.pages and name not in DEFAULT_PAGES]
    for name in missing:
        assert client.get(url_for(name, campaign)).status_code == 404, name


def test_a_visitor_is_sent_to_log_in_from_a_shared_page_whether_the_campaign_exists_or_not(client, campaign):
    for slug in (campaign.slug, "no-such-campaign"):
        response = client.get(reverse("play", args=[slug]))
        assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
