from pathlib import Path

import pytest

from campaigns import states, store
from campaigns.models import Membership
from campaigns.rules.base import Entry

from tests.factories import CampaignFactory, MembershipFactory, UserFactory
from tests.journal_files import load_journal

# Fixtures through which a test reaches the database (pytest-django's, and what builds on them).
DATABASE_FIXTURES = frozenset({"db", "transactional_db", "live_server", "django_db_reset_sequences"})


def pytest_collection_modifyitems(config, items):
    """Sort every test into the tiers `make` runs (pyproject.toml lists the markers):
    `browser` for each test in a browser/ folder, `database` for each whose result can depend
    on the database (it uses one); `slow` is set by hand, on the heavy whole-app checks."""
    for item in items:
        if "browser" in Path(item.path).parts:
            item.add_marker(pytest.mark.browser)
        if item.get_closest_marker("django_db") or DATABASE_FIXTURES & set(item.fixturenames):
            item.add_marker(pytest.mark.database)


@pytest.fixture(autouse=True)
def fast_test_settings(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    # No collectstatic in tests: serve static files as they are.
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }


@pytest.fixture(autouse=True)
def fresh_cache():
    from django.core.cache import cache

    cache.clear()
    states.forget_in_process()
    yield
    cache.clear()
    states.forget_in_process()




RISK_LEGACY_15 = "risk_legacy_15_games.json"


def campaign_after(
    owner, games: int, *, name: str | None = None, held_on_to_choose: bool = False, next_game: str | None = None
):
    """The 15-game Risk Legacy campaign stopped after game `games` (its rewards included, the
    world not named yet), imported for `owner`. With `held_on_to_choose`, only the winner of
    game `games` has chosen a reward. `next_game` goes one step on: "started" (the journal's
    next game started with its seats, as the game-start page does) or "in progress" (its
    seats and events too, no results or rewards yet)."""
    data = load_journal(RISK_LEGACY_15)
    following = data["games"][games] if games < len(data["games"]) else None
    data["games"] = data["games"][:games]
    data.pop("world", None)
    if held_on_to_choose:
        data["games"][-1]["rewards"] = data["games"][-1]["rewards"][:1]  # the winner's only
    if name is not None:
        data["name"] = name
    if next_game == "in progress":
        playing = {key: value for key, value in following.items() if key not in ("end_control", "rewards")}
        playing["seats"] = [{key: seat[key] for key in ("player", "faction", "start")} for seat in following["seats"]]
        data["games"].append(playing)
    campaign = store.import_journal(data, owner=owner)
    if next_game == "started":
        seats = [{key: seat[key] for key in ("player", "faction", "start")} for seat in following["seats"]]
        game = {"number": following["number"], "played_on": following["played_on"], "seats": seats}
        store.append(campaign, [Entry("game", game)], owner)
    elif next_game not in (None, "in progress"):
        raise ValueError(f"next_game is 'started' or 'in progress', not {next_game!r}")
    return campaign


@pytest.fixture
def journal_data():
    return load_journal


@pytest.fixture
def owner(db):
    return UserFactory(username="olive")


@pytest.fixture
def campaign(owner):
    campaign = CampaignFactory(name="Thursday Earth")
    MembershipFactory(campaign=campaign, user=owner, role=Membership.Role.OWNER)
    return campaign


@pytest.fixture
def as_owner(client, owner):
    """The test client logged in as `owner`."""
    client.force_login(owner)
    return client


@pytest.fixture
def member(campaign):
    return MembershipFactory(campaign=campaign, user=UserFactory(username="mira"), role=Membership.Role.MEMBER).user


@pytest.fixture
def viewer(campaign):
    return MembershipFactory(campaign=campaign, user=UserFactory(username="vic"), role=Membership.Role.VIEWER).user


@pytest.fixture
def stranger(db):
    return UserFactory(username="stan")


@pytest.fixture
def risk_campaign(owner, journal_data):
    """The 15-game Risk Legacy campaign the tests share, owned by `owner`."""
    return store.import_journal(journal_data("risk_legacy_15_games.json"), owner=owner)
