"""Each write names its outcome once, in a header (campaigns/web/outcome.py): recorded, refused
with the form's sentence, or moved on with why. The phone's offline queue reads only that; for
it (`Ledger-Queue: 1`) a redirect is a 204 and its messages are not kept for the next page."""

from urllib.parse import unquote

from django.urls import reverse

from campaigns.systems.risk_legacy.views.setup import ALREADY_SET_UP
from campaigns.web import outcome

from tests.factories import CampaignFactory
from tests.systems.dawnguard.views.helpers import PLEDGED, dawnguard_campaign, entries, tap

QUEUE = {outcome.QUEUE_HEADER: "1"}
KEY = "a-tap-key-of-the-test-1"


def said(response) -> str:
    return unquote(response[outcome.SAID_HEADER])


def test_a_tap_recorded_says_recorded_with_its_message(client, owner):
    client.force_login(owner)
    campaign = dawnguard_campaign(owner, *PLEDGED)
    response = tap(client, campaign, "hunger", {"hunger-player": "Ana"})
    assert response.status_code == 302
    assert response[outcome.HEADER] == outcome.RECORDED
    assert said(response).startswith("Recorded:") or "hunger" in said(response).lower()


def test_for_the_queue_a_recorded_redirect_is_a_204_and_its_message_is_not_kept(client, owner):
    client.force_login(owner)
    campaign = dawnguard_campaign(owner, *PLEDGED)
    response = tap(client, campaign, "hunger", {"hunger-player": "Ana", "tap": KEY}, **QUEUE)
    assert response.status_code == 204
    assert response[outcome.HEADER] == outcome.RECORDED
    assert response["Ledger-Location"].startswith(reverse("play", args=[campaign.slug]))
    page = client.get(reverse("play", args=[campaign.slug])).content.decode()
    assert said(response) not in page  # said to the queue, not again on the next page

    again = tap(client, campaign, "hunger", {"hunger-player": "Ana", "tap": KEY}, **QUEUE)
    assert (again.status_code, again[outcome.HEADER]) == (204, outcome.RECORDED)  # its first answer


def test_a_tap_the_rules_refuse_says_refused_with_the_forms_sentence(client, owner):
    client.force_login(owner)
    campaign = dawnguard_campaign(owner, *PLEDGED, {"type": "day_night", "side": "night"})
    before = entries(campaign)
    response = tap(client, campaign, "hunger", {"hunger-player": "Ana"}, **QUEUE)
    assert response.status_code == 200
    assert response[outcome.HEADER] == outcome.REFUSED
    assert said(response) == "Hunger grows only while the Day/Night token shows day, and it shows night"
    assert entries(campaign) == before


def test_a_form_not_filled_in_says_refused_with_its_first_error(client, owner):
    client.force_login(owner)
    campaign = dawnguard_campaign(owner, *PLEDGED)
    response = tap(client, campaign, "hunger", {"hunger-player": "Nobody"}, **QUEUE)
    assert response[outcome.HEADER] == outcome.REFUSED
    assert said(response)  # the field's own message, as a sentence


def test_an_undo_of_an_entry_no_longer_last_says_refused(client, owner):
    client.force_login(owner)
    campaign = dawnguard_campaign(owner, *PLEDGED)
    first = campaign.entries.live().order_by("position").last().pk
    tap(client, campaign, "hunger", {"hunger-player": "Ana"})
    response = client.post(reverse("undo", args=[campaign.slug]), {"entry": first}, headers=QUEUE)
    assert response.status_code == 204
    assert response[outcome.HEADER] == outcome.REFUSED
    assert said(response).startswith("Nothing was undone")


def test_a_step_another_phone_closed_says_moved_on_with_why(client, owner):
    client.force_login(owner)
    campaign = CampaignFactory(system="risk-legacy", after=1, owner=owner)
    # Set up already (on another phone): a setup sent from a page loaded before is too late.
    response = client.post(reverse("setup_edit", args=[campaign.slug]), {"save": "1"}, headers=QUEUE)
    assert response[outcome.HEADER] == outcome.MOVED_ON
    assert said(response) == ALREADY_SET_UP
