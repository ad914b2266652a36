import json
from pathlib import Path

import pytest

from campaigns import store
from campaigns.models import Membership

from .factories import CampaignFactory, MembershipFactory, UserFactory

DATA = Path(__file__).parent / "data"


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
    store.forget_in_process_states()
    yield
    cache.clear()
    store.forget_in_process_states()


def load_journal(name: str) -> dict:
    return json.loads((DATA / name).read_text())


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
