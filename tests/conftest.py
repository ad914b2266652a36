from pathlib import Path

import pytest

from campaigns import states, store
from campaigns.models import Membership

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
        "staticfiles": {"BACKEND": "campaigns.web.static_files.KeptStaticFilesStorage"},
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
