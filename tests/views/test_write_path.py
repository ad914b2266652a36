"""The one write path (campaigns/web/writes.py) where phones race: a correction of a past play is
checked "as seen" under the campaign's lock, so twenty phones correcting the same play from the
same loaded page save one correction and tell the others; two groups naming a campaign alike at
the same moment both get one. Run on SQLite and PostgreSQL (DATABASE_URL)."""

import json
from functools import partial

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from campaigns import store
from campaigns.models import Campaign

from ..factories import UserFactory
from ..journal_files import load_journal
from ..phones import at_once

PHONES = 20
CORRECTED_MEANWHILE = "was corrected on another phone just now, so nothing was saved"


def signed_in_phones(user, count=PHONES) -> list[Client]:
    phones = [Client() for _ in range(count)]
    for phone in phones:
        phone.force_login(user)
    return phones


def now(campaign):
    campaign.refresh_from_db()
    return store.state(campaign)


def skyrim_correction(number: int, variant: int) -> dict:
    """A legal correction of a two-seat Chaos play, different for each `variant`."""
    return {
        "number": number, "seen": 0, "mode": "chaos", "played_on": "2026-11-20", "save": "1",
        "seat1_player": "Ana", "seat1_faction": "Thalmor",
        "seat1_territories": 12 + variant, "seat1_forts": 2, "seat1_portals": 2,
        "seat2_player": "Ben", "seat2_faction": "Orcs",
        "seat2_territories": 9, "seat2_forts": 1, "seat2_portals": 2,
    }


def captain_america_correction(number: int, variant: int) -> dict:
    """A legal correction of a two-player play, different for each `variant`."""
    return {
        "number": number, "seen": 0, "played_on": "2026-09-26", "players": "2", "action": "save",
        "team_captain_america": "Ben", "team_iron_man": "Dee",
        "winter_soldier": "nobody", "quinjet": "iron-man",
        "rooms_captain_america": str(variant), "rooms_iron_man": "10",
    }


CORRECTIONS = {
    "risk-skyrim": ("risk_skyrim_plays.json", 8, skyrim_correction),
    "captain-america": ("captain_america_plays.json", 4, captain_america_correction),
}


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("system", CORRECTIONS)
def test_twenty_phones_correcting_the_same_play_from_the_same_page_save_one(system):
    """Each phone loaded the play before any correction (seen 0) and saves a different one in
    the same instant: the first to take the lock is saved; every other is told the play was
    corrected on another phone and shown it as it stands, nothing of theirs saved."""
    owner = UserFactory()
    journal, number, correction = CORRECTIONS[system]
    campaign = store.import_journal(load_journal(journal), owner=owner)
    url = reverse("play_correct", args=[campaign.slug, number])

    def phone(client, variant):
        response = client.post(url, correction(number, variant))
        return response.status_code, response.content.decode()

    answers = at_once(*[partial(phone, client, variant) for variant, client in enumerate(signed_in_phones(owner))])
    assert sorted(code for code, _ in answers) == [200] * (PHONES - 1) + [302]
    assert all(CORRECTED_MEANWHILE in html for code, html in answers if code == 200)
    assert now(campaign).corrections_of(number) == 1
    assert campaign.entries.live().filter(kind="correction").count() == 1


@pytest.mark.django_db
@pytest.mark.parametrize("system", CORRECTIONS)
def test_a_correction_loaded_before_another_phone_s_is_refused_and_shows_the_play_now(client, system):
    owner = UserFactory()
    journal, number, correction = CORRECTIONS[system]
    campaign = store.import_journal(load_journal(journal), owner=owner)
    client.force_login(owner)
    url = reverse("play_correct", args=[campaign.slug, number])
    assert client.post(url, correction(number, 1)).status_code == 302
    response = client.post(url, correction(number, 2))  # the same page, loaded before the first save
    assert response.status_code == 200
    html = response.content.decode()
    assert f"Play {number} {CORRECTED_MEANWHILE}" in html
    assert 'name="seen" value="1"' in html  # the form as it stands now, to correct again
    assert now(campaign).corrections_of(number) == 1


@pytest.mark.django_db
def test_the_correction_form_carries_what_it_was_loaded_from(client):
    owner = UserFactory()
    campaign = store.import_journal(load_journal("captain_america_plays.json"), owner=owner)
    client.force_login(owner)
    html = client.get(reverse("play_correct", args=[campaign.slug, 4])).content.decode()
    assert 'name="seen" value="0"' in html


# The same name at the same moment -------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_twenty_groups_creating_a_campaign_of_the_same_name_at_once_each_get_one():
    owners = [UserFactory() for _ in range(PHONES)]
    phones = [signed_in_phones(owner, 1)[0] for owner in owners]
    data = {"create": "1", "name": "Thursday Earth", "system": "risk-legacy", "players": "Ana, Ben"}

    def phone(client):
        return client.post(reverse("campaign_create"), data).status_code

    assert at_once(*[partial(phone, client) for client in phones]) == [302] * PHONES
    slugs = list(Campaign.objects.filter(name="Thursday Earth").values_list("slug", flat=True))
    assert len(slugs) == len(set(slugs)) == PHONES
    assert Campaign.objects.filter(name="Thursday Earth", memberships__role="owner").count() == PHONES


@pytest.mark.django_db(transaction=True)
def test_twenty_groups_importing_a_journal_of_the_same_name_at_once_each_get_one():
    owners = [UserFactory() for _ in range(PHONES)]
    phones = [signed_in_phones(owner, 1)[0] for owner in owners]
    journal = load_journal("captain_america_plays.json")
    body = json.dumps(journal).encode()

    def phone(client):
        upload = SimpleUploadedFile("log.journal.json", body, content_type="application/json")
        return client.post(reverse("campaign_create"), {"import": "1", "journal": upload}).status_code

    assert at_once(*[partial(phone, client) for client in phones]) == [302] * PHONES
    imported = Campaign.objects.filter(name=journal["name"])
    assert imported.count() == len(set(imported.values_list("slug", flat=True))) == PHONES
    assert all(campaign.games_played == len(journal["games"]) for campaign in imported)
