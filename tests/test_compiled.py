"""A query compiled once (campaigns/compiled.py) gives what the ORM gives, for any values, on
each thread's own connection, and compiles its SQL once per process."""

import threading

import pytest
from django.db import connection
from django.db.models.sql.compiler import SQLCompiler
from django.utils import timezone

from campaigns.access import _MEMBERSHIP
from campaigns.compiled import Compiled
from campaigns.models import Campaign, Membership

from tests.factories import CampaignFactory, UserFactory


def _orm(slug, user_id):
    return list(
        Membership.objects.select_related("campaign").filter(
            campaign__slug=slug, campaign__deleted_at__isnull=True, user_id=user_id
        )[:1]
    )


def _fields(instance):
    return {name: value for name, value in vars(instance).items() if not name.startswith("_")}


@pytest.mark.django_db
def test_the_membership_lookup_gives_what_the_orm_gives(owner):
    mine = CampaignFactory(owner=owner, name="Mine")
    stranger = UserFactory()
    gone = CampaignFactory(owner=owner, name="Gone")
    Campaign.objects.filter(pk=gone.pk).update(deleted_at=timezone.now())
    for slug, user_id in [
        (mine.slug, owner.pk), (mine.slug, stranger.pk), (gone.slug, owner.pk),
        ("no-such-campaign", owner.pk), ("x' OR '1'='1", owner.pk),
    ]:
        compiled, orm = _MEMBERSHIP.results(slug, user_id), _orm(slug, user_id)
        assert [_fields(m) for m in compiled] == [_fields(m) for m in orm]
        assert [_fields(m.campaign) for m in compiled] == [_fields(m.campaign) for m in orm]
    found = _MEMBERSHIP.results(mine.slug, owner.pk)[0]
    with_no_query = CaptureCount()
    with with_no_query:
        assert found.campaign.name == "Mine" and found.role == Membership.Role.OWNER  # read with it
    assert with_no_query.count == 0


class CaptureCount:
    def __enter__(self):
        self.count = 0
        self._wrapper = connection.execute_wrapper(self._counted)
        self._wrapper.__enter__()
        return self

    def _counted(self, execute, *args):
        self.count += 1
        return execute(*args)

    def __exit__(self, *exc):
        self._wrapper.__exit__(*exc)


@pytest.mark.django_db
def test_the_first_run_makes_one_query_with_the_values_asked(owner, django_assert_num_queries):
    campaign = CampaignFactory(owner=owner)
    lookup = Compiled(lambda slug: Campaign.objects.filter(slug=slug), "no address: a marker")
    with django_assert_num_queries(1) as ran:  # its markers are never sent (PostgreSQL refuses some)
        assert [found.pk for found in lookup.results(campaign.slug)] == [campaign.pk]
    assert "marker" not in ran.captured_queries[0]["sql"]


@pytest.mark.django_db
def test_its_sql_is_compiled_once(owner, monkeypatch):
    campaign = CampaignFactory(owner=owner)
    lookup = Compiled(lambda pk: Campaign.objects.filter(pk=pk), -12345)
    compiled = []
    as_sql = SQLCompiler.as_sql
    monkeypatch.setattr(SQLCompiler, "as_sql", lambda self, *a, **k: compiled.append(1) or as_sql(self, *a, **k))
    assert [found.pk for found in lookup.results(campaign.pk)] == [campaign.pk]
    first = len(compiled)
    for _ in range(3):
        assert [found.pk for found in lookup.results(campaign.pk)] == [campaign.pk]
    assert first and len(compiled) == first


@pytest.mark.django_db(transaction=True)
def test_each_thread_runs_it_on_its_own_connection():
    owner = UserFactory()
    campaign = CampaignFactory(owner=owner)
    assert _MEMBERSHIP.results(campaign.slug, owner.pk)  # compiled on this thread
    found, failed = [], []

    def another_phone():
        try:
            found.extend(_MEMBERSHIP.results(campaign.slug, owner.pk))
        except Exception as error:  # noqa: BLE001 - reported below
            failed.append(error)
        finally:
            from django.db import connections

            connections.close_all()

    thread = threading.Thread(target=another_phone)
    thread.start()
    thread.join()
    assert not failed and [m.campaign_id for m in found] == [campaign.pk]


def test_a_marker_must_be_one_parameter_of_the_query(db):
    with pytest.raises(ValueError, match="marker"):
        Compiled(lambda pk: Campaign.objects.filter(pk=pk + 1), 5).results(1)  # 6 is asked, not 5
    with pytest.raises(ValueError, match="marker"):
        Compiled(lambda a, b: Campaign.objects.filter(pk=a, games_played=b), 7, 7).results(1, 2)


@pytest.mark.django_db
def test_a_values_list_gives_its_rows(owner):
    campaign = CampaignFactory(owner=owner, name="Rows")
    flat = Compiled(lambda pk: Campaign.objects.filter(pk=pk).values_list("name", flat=True), -5)
    pairs = Compiled(lambda pk: Campaign.objects.filter(pk=pk).values_list("name", "created_at"), -5)
    assert flat.results(campaign.pk) == ["Rows"] and flat.results(-1) == []
    assert pairs.results(campaign.pk) == list(Campaign.objects.filter(pk=campaign.pk).values_list("name", "created_at"))


@pytest.mark.django_db
def test_a_write_still_locks_its_campaigns_row(owner):
    """The compiled lock is the ORM's SELECT … FOR UPDATE where the database has it (PostgreSQL;
    on SQLite the IMMEDIATE transaction holds the write lock already)."""
    from django.db import transaction

    from campaigns.models import _LOCKED

    campaign = CampaignFactory(owner=owner)
    with transaction.atomic():
        assert Campaign.objects.locked(campaign).pk == campaign.pk
    sql = _LOCKED._compiled("default")[2]
    assert ("FOR UPDATE" in sql) == connection.features.has_select_for_update
    with transaction.atomic(), pytest.raises(Campaign.DoesNotExist):
        Campaign.objects.locked(Campaign(pk=campaign.pk + 1000))
