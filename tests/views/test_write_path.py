"""The one write path (campaigns/web/writes.py): where phones race, a correction of a past play is
checked "as seen" under the campaign's lock, so twenty phones correcting the same play from the
same loaded page save one correction and tell the others, and two groups naming a campaign alike
at the same moment both get one (run on SQLite and PostgreSQL: DATABASE_URL); and where a
rule's refusal shows on a form (RefusalsBesideFields)."""

import json
from functools import partial

import pytest
from django import forms
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from campaigns import states, store
from campaigns.models import Campaign
from campaigns.rules.base import RuleError
from campaigns.web.refusals import WHOLE_FORM, RefusalsBesideFields, sentence

from tests.factories import UserFactory
from tests.journal_files import load_journal
from tests.phones import at_once
from tests.rows import rows_post

PHONES = 20
CORRECTED_MEANWHILE = "was corrected on another phone just now, so nothing was saved"


def signed_in_phones(user, count=PHONES) -> list[Client]:
    phones = [Client() for _ in range(count)]
    for phone in phones:
        phone.force_login(user)
    return phones


def now(campaign):
    campaign.refresh_from_db()
    return states.state(campaign)


def skyrim_correction(number: int, variant: int) -> dict:
    """A legal correction of a two-seat Chaos play, different for each `variant`."""
    return {
        "number": number, "seen": 0, "mode": "chaos", "played_on": "2026-11-20", "save": "1",
        **rows_post("seats", [
            {"player": "Ana", "faction": "Thalmor", "territories": 12 + variant, "forts": 2, "portals": 2},
            {"player": "Ben", "faction": "Orcs", "territories": 9, "forts": 1, "portals": 2},
        ]),
    }


def captain_america_correction(number: int, variant: int) -> dict:
    """A legal correction of a two-player play, different for each `variant`."""
    return {
        "number": number, "seen": 0, "played_on": "2026-09-26", "players": "2", "action": "save",
        **rows_post("teams", [{"player": "Ben"}, {"player": "Dee"}]),
        "winter_soldier": "nobody", "quinjet": "iron-man",
        "rooms_captain_america": str(variant), "rooms_iron_man": "10",
    }


CORRECTIONS = {
    "risk-skyrim": ("risk_skyrim_plays.json", 8, skyrim_correction),
    "captain-america": ("captain_america_plays.json", 4, captain_america_correction),
}


@pytest.mark.slow
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


@pytest.mark.slow
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


@pytest.mark.slow
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


# The form mixin: where a rule's refusal shows ----------------------------------------------------


class SeatsForm(RefusalsBesideFields, forms.Form):
    refusal_fields = {"won": "winner", "player": "seats", "chart": WHOLE_FORM, "number": None}
    refusal_boxes = ("seats",)
    number = forms.IntegerField(widget=forms.HiddenInput)
    played_on = forms.DateField()
    winner = forms.CharField()


def refused_with(error) -> SeatsForm:
    form = SeatsForm({"number": "1", "played_on": "2026-01-01", "winner": "Ana"})
    assert form.is_valid()
    form.add_refusal(error)
    return form


def test_a_refusal_shows_beside_the_field_of_its_name_or_the_field_mapped_to_it():
    assert refused_with(RuleError("not a date", place="game 1", field="played_on")).errors == {
        "played_on": ["not a date"]
    }
    assert refused_with(RuleError("nobody won", place="game 1", field="won")).errors == {"winner": ["nobody won"]}


def test_a_refusal_no_field_shows_goes_above_the_form_saying_where():
    form = refused_with(RuleError("the game has 3 to 5 players", place="game 1", field="players"))
    assert form.non_field_errors() == ["game 1: the game has 3 to 5 players"]
    form = refused_with(RuleError("play 1 is logged", place="game 1", field="number"))  # a hidden field
    assert form.non_field_errors() == ["game 1: play 1 is logged"]


def test_a_refusal_of_the_whole_form_says_no_place_and_one_of_a_group_shows_above_the_group():
    form = refused_with(RuleError("the chart needs a line", place="trade-in chart", field="chart"))
    assert form.non_field_errors() == ["the chart needs a line"]
    form = refused_with(RuleError("Ana already has a seat", place="game 1, seat 3 (Ana)", field="player"))
    assert form.refused_above("seats") == ["game 1, seat 3 (Ana): Ana already has a seat"]
    assert not form.errors
    assert form.refusal.message == "Ana already has a seat"


def test_one_place_capitalises_a_sentence():
    assert sentence("the campaign is over") == "The campaign is over"
    assert sentence("") == ""
