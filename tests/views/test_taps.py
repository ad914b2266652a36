"""Every tap is recorded once: a table form carries a key naming one tap, the store
keeps it with the entries in the same transaction, and the same key sent again (sequentially, or
from ten phones' worth of retries at once) appends nothing and answers as the first did. A key
is one account's in one campaign: another's is a new tap. Run on SQLite and PostgreSQL
(DATABASE_URL)."""

import re
import uuid
from functools import partial

import pytest
from django.contrib.messages import constants
from django.test import Client
from django.urls import reverse

from campaigns.models import Campaign, Membership, Tap

from tests.factories import UserFactory
from tests.phones import at_once
from tests.systems.risk_legacy.views.helpers import end_data, playing, state_now

SCAR = {"event_type": "scar", "scar-player": "Cid", "scar-territory": "Siberia", "scar-scar": "Bunker"}
ANA_SCAR = {"event_type": "scar", "scar-player": "Ana", "scar-territory": "Peru", "scar-scar": "Ammo Shortage"}
SCARRED = "Recorded: Cid scarred Siberia: Bunker."
TAP_INPUT = re.compile(r'<input type="hidden" name="tap" value="([0-9a-f-]{36})">')


def said(response):
    """What a write told the phone: its messages (level, text) and where it sent it (the
    phone's earlier messages, unread, are dropped before each POST: see `send`)."""
    return response.status_code, response.get("Location"), [(m.level, m.message) for m in response.wsgi_request._messages]


def entries(campaign):
    return campaign.entries.live().count()


def signed_in(user) -> Client:
    phone = Client()
    phone.force_login(user)
    return phone


def send(phone, url, data):
    """POST as a phone that read the page its last answer sent it to (its messages shown)."""
    phone.cookies.pop("messages", None)
    return phone.post(url, data)


def scar(phone, campaign, tap):
    return send(phone, reverse("event_add", args=[campaign.slug]), {**SCAR, "tap": tap})


@pytest.mark.django_db
def test_every_table_form_carries_a_new_tap_key_each_time_it_is_shown(client, owner):
    campaign = playing(owner)
    client.force_login(owner)
    url = reverse("play", args=[campaign.slug])
    first, second = (TAP_INPUT.findall(client.get(url).content.decode()) for _ in range(2))
    forms = client.get(url).content.decode().count('method="post"')
    assert len(first) == forms - 1 >= 5  # every form but "Log out"
    assert len(first) == len(set(first))  # each its own
    assert not set(first) & set(second)


@pytest.mark.django_db
def test_the_same_tap_twice_appends_one_entry_and_answers_alike(client, owner):
    campaign = playing(owner)
    client.force_login(owner)
    before = entries(campaign)
    key = str(uuid.uuid4())
    first, again = scar(client, campaign, key), scar(client, campaign, key)
    assert said(first) == said(again) == (302, reverse("play", args=[campaign.slug]) + "#event-scar", [(constants.SUCCESS, SCARRED)])
    assert entries(campaign) == before + 1
    assert Tap.objects.get(key__startswith=key).answer["said"] == [[constants.SUCCESS, SCARRED]]
    # A new tap is a new entry: here the rules refuse a second scar on Siberia.
    refused = scar(client, campaign, str(uuid.uuid4()))
    assert refused.status_code == 200 and "already placed a scar" in refused.content.decode()
    assert entries(campaign) == before + 1


@pytest.mark.django_db
def test_two_quick_taps_with_their_own_keys_are_two_entries(client, owner):
    campaign = playing(owner)
    client.force_login(owner)
    before = entries(campaign)
    for data in (SCAR, ANA_SCAR):
        response = send(client, reverse("event_add", args=[campaign.slug]), {**data, "tap": str(uuid.uuid4())})
        assert response.status_code == 302
    assert entries(campaign) == before + 2


@pytest.mark.django_db
def test_no_key_or_a_malformed_one_is_no_key(client, owner):
    campaign = playing(owner)
    client.force_login(owner)
    assert scar(client, campaign, "<not a key>").status_code == 302
    assert not Tap.objects.exists()


@pytest.mark.django_db
def test_a_retry_of_the_tap_that_ended_the_game_answers_as_it_did_not_moved_on(client, owner):
    """The game's end closes the step its form was shown for: the retry (its answer lost) is
    answered before the view looks at the campaign, as the first was."""
    campaign = playing(owner)
    client.force_login(owner)
    url = reverse("game_end", args=[campaign.slug])
    key = TAP_INPUT.search(client.get(url).content.decode()).group(1)
    data = end_data(["held_on", "won", "held_on", "eliminated", "held_on"])
    first, again = send(client, url, {**data, "tap": key}), send(client, url, {**data, "tap": key})
    assert first.status_code == 302, first.content.decode()[:3000]
    assert said(first) == said(again)
    assert said(again)[2] == [(constants.SUCCESS, "Game 1 is over. Now the rewards.")]
    assert campaign.entries.live().filter(kind="game_end").count() == 1


@pytest.mark.django_db
def test_the_same_undo_tap_twice_takes_back_one_entry(client, owner):
    campaign = playing(owner)
    client.force_login(owner)
    scar(client, campaign, str(uuid.uuid4()))
    last = campaign.entries.live().order_by("-position").first()
    before = entries(campaign)
    url = reverse("undo", args=[campaign.slug])
    key = TAP_INPUT.search(client.get(url).content.decode()).group(1)
    data = {"entry": last.pk, "tap": key, "next": reverse("play", args=[campaign.slug])}
    first, again = send(client, url, data), send(client, url, data)
    assert said(first) == said(again)
    assert said(first)[2] == [(constants.SUCCESS, "Undone: Cid scarred Siberia: Bunker.")]
    assert entries(campaign) == before - 1


@pytest.mark.django_db
def test_a_key_from_another_account_or_campaign_is_a_new_tap(client, owner):
    campaign = playing(owner)
    other_campaign = playing(owner)
    member = UserFactory()
    Membership.objects.create(campaign=campaign, user=member, role=Membership.Role.MEMBER)
    client.force_login(owner)
    key = str(uuid.uuid4())
    before = entries(campaign)
    assert said(scar(client, campaign, key))[2] == [(constants.SUCCESS, SCARRED)]
    # The other campaign: the same key is a new tap there (its Siberia has no scar yet).
    assert said(scar(client, other_campaign, key))[2] == [(constants.SUCCESS, SCARRED)]
    assert entries(other_campaign) == before + 1
    # Another account, same campaign, same key: a new tap, which the rules then judge.
    response = scar(signed_in(member), campaign, key)
    assert response.status_code == 200 and "already placed a scar" in response.content.decode()
    assert send(signed_in(member), reverse("event_add", args=[campaign.slug]), {**ANA_SCAR, "tap": key}).status_code == 302
    assert entries(campaign) == before + 2


@pytest.mark.django_db
def test_a_tap_s_answer_is_kept_30_days_then_dropped_as_the_same_account_taps_again(client, owner):
    from datetime import timedelta

    from django.utils import timezone

    from campaigns.store import TAP_ANSWERS_KEPT

    campaign = playing(owner)
    member = UserFactory()
    Membership.objects.create(campaign=campaign, user=member, role=Membership.Role.MEMBER)
    client.force_login(owner)
    old, recent = str(uuid.uuid4()), str(uuid.uuid4())
    scar(client, campaign, old)
    assert send(signed_in(member), reverse("event_add", args=[campaign.slug]), {**ANA_SCAR, "tap": recent}).status_code == 302
    long_ago = timezone.now() - TAP_ANSWERS_KEPT - timedelta(minutes=1)
    Tap.objects.update(tapped_at=long_ago)
    assert TAP_ANSWERS_KEPT >= timedelta(days=30)  # far past any retry or offline queue
    # The owner's next tap drops the owner's old answer, not the member's.
    ben_scar = {"event_type": "scar", "scar-player": "Ben", "scar-territory": "Alaska", "scar-scar": "Ammo Shortage"}
    assert send(client, reverse("event_add", args=[campaign.slug]), {**ben_scar, "tap": str(uuid.uuid4())}).status_code == 302
    assert Tap.objects.filter(key__startswith=recent).exists()
    assert not Tap.objects.filter(key__startswith=old).exists()


@pytest.mark.django_db
def test_a_viewer_s_replayed_key_is_refused_like_any_write(client, owner):
    """The server treats a replay like a live tap: a viewer cannot record, key or not."""
    campaign = playing(owner)
    viewer = UserFactory()
    Membership.objects.create(campaign=campaign, user=viewer, role=Membership.Role.VIEWER)
    before = entries(campaign)
    response = scar(signed_in(viewer), campaign, str(uuid.uuid4()))
    assert response.status_code in (403, 404)
    assert entries(campaign) == before


@pytest.mark.django_db(transaction=True)
def test_the_same_tap_from_ten_threads_at_once_appends_one_entry_and_all_answer_alike():
    """Ten sendings of one tap in the same instant (a retry while the first is still in
    flight on another worker): the first takes the lock and records; each other waits for the
    lock, finds the key and answers as the first did."""
    owner = UserFactory()
    campaign = playing(owner)
    before = entries(campaign)
    key = str(uuid.uuid4())
    phones = [signed_in(owner) for _ in range(10)]
    answers = at_once(*[partial(lambda phone: said(scar(phone, campaign, key)), phone) for phone in phones])
    assert answers == [(302, reverse("play", args=[campaign.slug]) + "#event-scar", [(constants.SUCCESS, SCARRED)])] * 10
    assert entries(Campaign.objects.get(pk=campaign.pk)) == before + 1
    assert state_now(campaign).territories["Siberia"].scar == "Bunker"
    assert Tap.objects.filter(key__startswith=key).count() == 1


@pytest.mark.django_db
def test_a_viewer_s_play_page_offers_nothing_to_keep_offline(client, owner):
    """static/js/offline.js keeps only a form carrying a tap key: a viewer's page has none."""
    campaign = playing(owner)
    viewer = UserFactory()
    Membership.objects.create(campaign=campaign, user=viewer, role=Membership.Role.VIEWER)
    client.force_login(viewer)
    html = client.get(reverse("play", args=[campaign.slug])).content.decode()
    assert "Game 1 in progress" in html
    assert not TAP_INPUT.search(html)


@pytest.mark.django_db
def test_the_same_key_sent_again_with_another_choice_is_a_new_tap(client, owner):
    """Without JavaScript a player goes Back, changes the form and sends it again: the page kept
    its key, but what it says changed, so the change is recorded (here refused by the rules,
    not answered with the first send's "Recorded")."""
    campaign = playing(owner)
    client.force_login(owner)
    before = entries(campaign)
    key = str(uuid.uuid4())
    url = reverse("event_add", args=[campaign.slug])
    assert said(send(client, url, {**SCAR, "tap": key}))[2] == [(constants.SUCCESS, SCARRED)]
    ammo = send(client, url, {**SCAR, "scar-scar": "Ammo Shortage", "tap": key, "csrfmiddlewaretoken": "x"})
    assert ammo.status_code == 200 and "already placed a scar" in ammo.content.decode()
    ana = send(client, url, {**ANA_SCAR, "tap": key})
    assert said(ana)[2] == [(constants.SUCCESS, "Recorded: Ana scarred Peru: Ammo Shortage.")]
    assert entries(campaign) == before + 2
    # Sent again as it was (another CSRF token changes nothing it says): its first answer.
    again = send(client, url, {**ANA_SCAR, "tap": key, "csrfmiddlewaretoken": "y"})
    assert said(again) == said(ana)
    assert entries(campaign) == before + 2
