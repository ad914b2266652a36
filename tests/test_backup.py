"""Site backups: `manage.py backup FILE` then `manage.py restore FILE` into an empty database
is the same site (every account logs in with its password, every member sees what they saw,
`export_journal` of every campaign is unchanged, who recorded what and when); a file cut short
or changed, or a database that is not empty, is refused and restores nothing. Run on SQLite and
PostgreSQL (DATABASE_URL): JSON in between, so one restores on the other."""

import json

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from campaigns import care, store
from campaigns.models import Campaign, Entry, Membership

from tests.conftest import load_journal
from tests.factories import CampaignFactory, UserFactory

PASSWORD = "correct horse battery"


def a_site():
    olive = UserFactory(username="olive", email="olive@example.org")
    ben = UserFactory(username="ben")
    legacy = CampaignFactory(name="Thursday Earth", owner=olive, after=5)
    Membership.objects.create(campaign=legacy, user=ben, role=Membership.Role.VIEWER)
    legacy.players.filter(name="Ben").update(user=ben)
    legacy.public_token = "a-public-token-for-the-test"
    legacy.save(update_fields=["public_token"])
    care.set_time_zone(legacy, "America/Los_Angeles")
    log = store.import_journal(load_journal("risk_skyrim_plays.json"), owner=ben)
    Entry.objects.filter(campaign=log).update(recorded_by=olive)
    dawn = store.import_journal(load_journal("dawnguard_campaign.json"), owner=olive)
    care.set_archived(dawn, True)
    twin = CampaignFactory(name="Thursday Earth", owner=ben)
    care.delete(twin, "Thursday Earth")
    return olive, ben


def seen():
    """What the site is, campaign by campaign and account by account."""
    campaigns = {
        c.slug: (c.name, c.system, c.time_zone, c.public_token, c.invite_token, c.archived_at is not None,
                 c.deleted_at is not None, store.export_journal(c),
                 sorted(c.memberships.values_list("user__username", "role")),
                 sorted(c.players.filter(user__isnull=False).values_list("name", "user__username")),
                 list(c.entries.live().order_by("position").values_list("recorded_by__username", "recorded_at")))
        for c in Campaign.objects.all()
    }
    accounts = sorted(get_user_model().objects.values_list("username", "email", "password"))
    return campaigns, accounts


def wipe():
    Campaign.objects.all().delete()
    get_user_model().objects.all().delete()


@pytest.mark.slow  # three journals imported twice: the fast tier has the refusals below
@pytest.mark.django_db
def test_a_backup_restores_the_same_site(tmp_path):
    a_site()
    before = seen()
    path = tmp_path / "site.json"
    call_command("backup", str(path))
    assert not list(tmp_path.glob(".*.part"))  # written whole, then renamed
    wipe()
    call_command("restore", str(path))
    assert seen() == before
    assert get_user_model().objects.get(username="olive").check_password(PASSWORD)
    assert Campaign.objects.for_user(get_user_model().objects.get(username="ben")).count() == 2


@pytest.mark.django_db
def test_a_cut_or_changed_backup_or_a_database_in_use_restores_nothing(tmp_path):
    a_site()
    path = tmp_path / "site.json"
    call_command("backup", str(path))
    text = path.read_text()
    with pytest.raises(CommandError, match="The database is not empty"):
        call_command("restore", str(path))
    wipe()
    cut = tmp_path / "cut.json"
    cut.write_text(text[: len(text) // 2])
    with pytest.raises(CommandError, match="cut short or not JSON"):
        call_command("restore", str(cut))
    changed = tmp_path / "changed.json"
    changed.write_text(text.replace("Thursday Earth", "Thursday Mars", 1))
    with pytest.raises(CommandError, match="changed or damaged since it was written"):
        call_command("restore", str(changed))
    other = tmp_path / "journal.json"
    other.write_text(json.dumps(load_journal("risk_skyrim_plays.json")))
    with pytest.raises(CommandError, match="not a Legacy Ledger backup"):
        call_command("restore", str(other))
    with pytest.raises(CommandError, match="There is no file"):
        call_command("restore", str(tmp_path / "missing.json"))
    assert not Campaign.objects.exists() and not get_user_model().objects.exists()
