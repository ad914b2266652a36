"""A journal appended to an existing campaign (sync without overwrites): the store
(`store.append_journal`), the command (`import_journal FILE --into SLUG`) and the upload page.

The journal must start with exactly the campaign's own entries; the rest goes through the
rules, all or nothing; the campaign's own export changes nothing and says so."""

import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from campaigns import states, store
from campaigns.models import Campaign, Entry, Player
from campaigns.rules.base import RuleError

from tests.conftest import load_journal
from tests.factories import CampaignFactory, UserFactory, game_end, held_on_to_choose
from tests.phones import at_once
from tests.query_counts import count_queries

RISK = "risk_legacy_15_games.json"
SKYRIM = "risk_skyrim_plays.json"


def cut(name, games):
    data = load_journal(name)
    data["games"] = data["games"][:games]
    data.pop("world", None)
    return data


def saved(campaign):
    """What the database holds of the campaign: its entries and roster."""
    return (
        list(Entry.objects.filter(campaign=campaign).order_by("position").values_list("kind", "data", "undone_at")),
        list(Player.objects.filter(campaign=campaign).values_list("name", flat=True)),
        Campaign.objects.get(pk=campaign.pk).journal_version,
    )


# -- the store --------------------------------------------------------------------------------


def test_the_games_after_the_campaigns_own_are_appended_through_the_rules(owner):
    campaign = CampaignFactory(after=8, owner=owner)
    appended = store.append_journal(campaign, load_journal(RISK) | {"name": "Another name"}, owner)
    assert (appended.games, appended.players) == (7, ())
    assert campaign.games_played == 15
    whole = store.import_journal(load_journal(RISK))
    assert states.state_json(campaign) == states.state_json(whole)
    assert store.export_journal(campaign) == load_journal(RISK) | {"name": campaign.name}
    assert store.appended_sentence(campaign, appended).startswith(f"Appended to {campaign.name}: 7 games (")


def test_a_game_in_progress_is_carried_on(owner):
    campaign = CampaignFactory(after=8, until=game_end, owner=owner)
    appended = store.append_journal(campaign, cut(RISK, 9), owner)
    assert appended.games == 0 and appended.entries > 0
    assert campaign.games_played == 9


def test_the_campaigns_own_export_changes_nothing_and_says_so(owner):
    campaign = CampaignFactory(after=8, owner=owner)
    before = saved(campaign)
    appended = store.append_journal(campaign, store.export_journal(campaign), owner)
    assert appended == store.Appended(0, 0, ())
    assert saved(campaign) == before
    assert store.appended_sentence(campaign, appended) == (
        f"The journal holds nothing {campaign.name} does not already have: nothing was changed."
    )


def test_a_journal_that_differs_names_the_first_difference_and_saves_nothing(owner):
    campaign = CampaignFactory(after=8, owner=owner)
    before = saved(campaign)
    data = load_journal(RISK)
    data["games"][2]["played_on"] = "2026-09-30"
    data["games"][5]["seats"][0]["faction"] = "Saharan Republic"
    with pytest.raises(RuleError, match=r"differs at game 3: .*played_on: \"2026-09-1\d\" here, \"2026-09-30\" in the journal"):
        store.append_journal(campaign, data, owner)
    assert saved(campaign) == before


def test_an_older_copy_is_refused(owner):
    campaign = CampaignFactory(after=8, owner=owner)
    before = saved(campaign)
    with pytest.raises(RuleError, match=r"stops before .*: the campaign goes on from game 6 .*an older copy"):
        store.append_journal(campaign, cut(RISK, 5), owner)
    assert saved(campaign) == before


def test_a_continuation_that_breaks_a_rule_saves_nothing_not_even_its_new_players(owner):
    campaign = store.import_journal(cut(SKYRIM, 3), owner=owner)
    before = saved(campaign)
    data = load_journal(SKYRIM)
    data["players"].append("Zed")
    data["games"][4]["seats"][0]["player"] = "Zed"
    data["games"][5]["seats"][1]["faction"] = data["games"][5]["seats"][0]["faction"]  # a faction twice
    with pytest.raises(RuleError, match=r"game 6"):
        store.append_journal(campaign, data, owner)
    assert saved(campaign) == before


def test_new_players_join_the_roster(owner):
    campaign = store.import_journal(cut(SKYRIM, 3), owner=owner)
    data = load_journal(SKYRIM)
    data["players"].append("Zed")
    data["games"][4]["seats"][0]["player"] = "Zed"
    appended = store.append_journal(campaign, data, owner)
    assert appended.players == ("Zed",) and appended.games == 5
    assert campaign.roster()[-1] == "Zed"
    assert "new on the roster: Zed" in store.appended_sentence(campaign, appended)


@pytest.mark.parametrize(
    "data, message",
    [
        ({"games": []}, r"'format' must be"),
        (load_journal("dawnguard_campaign.json"), r"This journal is a .*Dawnguard campaign's; .* is Risk Legacy"),
        ({"format": "campaign-journal/1", "system": "monopoly"}, r"'system' must be one of risk-legacy"),
        ([1, 2], r"a journal must be a JSON object"),
    ],
)
def test_a_file_that_is_not_a_journal_of_this_game_is_refused(owner, data, message):
    campaign = CampaignFactory(after=2, owner=owner)
    before = saved(campaign)
    with pytest.raises(RuleError, match=message):
        store.append_journal(campaign, data, owner)
    assert saved(campaign) == before


@pytest.mark.django_db(transaction=True)
def test_two_appends_at_once_are_checked_one_after_the_other():
    """Two phones append different continuations in the same instant: the store's lock checks
    the second against the campaign as the first left it, so it no longer matches."""
    owner = UserFactory()
    campaign = store.import_journal(cut(SKYRIM, 3), owner=owner)
    one, other = load_journal(SKYRIM), load_journal(SKYRIM)
    other["games"][3]["played_on"] = "2026-10-30"

    def phone(data):
        return lambda: store.append_journal(Campaign.objects.get(pk=campaign.pk), data, owner)

    outcomes = at_once(phone(one), phone(other))
    assert sum(isinstance(outcome, store.Appended) for outcome in outcomes) == 1
    (refused,) = [outcome for outcome in outcomes if not isinstance(outcome, store.Appended)]
    assert isinstance(refused, RuleError) and "differs at game 4" in str(refused)
    assert Campaign.objects.get(pk=campaign.pk).games_played == 8
    assert Entry.objects.filter(campaign=campaign, kind="game").count() == 8


@pytest.mark.django_db(transaction=True)
def test_the_same_journal_appended_twice_at_once_is_appended_once():
    owner = UserFactory()
    campaign = store.import_journal(cut(SKYRIM, 3), owner=owner)

    def phone():
        return store.append_journal(Campaign.objects.get(pk=campaign.pk), load_journal(SKYRIM), owner)

    outcomes = at_once(phone, phone)
    assert sorted(outcome.games for outcome in outcomes) == [0, 5]
    assert Entry.objects.filter(campaign=campaign, kind="game").count() == 8


# -- the command ------------------------------------------------------------------------------


def test_the_command_appends_into_a_campaign(owner, tmp_path, capsys):
    campaign = CampaignFactory(after=8, owner=owner)
    path = tmp_path / "phone.json"
    path.write_text(json.dumps(load_journal(RISK)))
    call_command("import_journal", str(path), "--into", campaign.slug)
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"Appended to {campaign.name}: 7 games") and out[-1] == campaign.slug
    assert Campaign.objects.get(pk=campaign.pk).games_played == 15
    call_command("import_journal", "-", "--into", campaign.slug, stdin=io.BytesIO(path.read_bytes()))
    assert "nothing was changed" in capsys.readouterr().out
    assert Campaign.objects.count() == 1


def test_the_command_refuses_a_mismatch_and_an_unknown_campaign(owner, tmp_path):
    campaign = CampaignFactory(after=8, owner=owner)
    before = saved(campaign)
    data = load_journal(RISK)
    data["games"][0]["seats"][0]["start"] = "Peru"
    path = tmp_path / "other.json"
    path.write_text(json.dumps(data))
    with pytest.raises(CommandError, match=r"differs at game 1"):
        call_command("import_journal", str(path), "--into", campaign.slug)
    with pytest.raises(CommandError, match=r"no campaign with the slug nowhere"):
        call_command("import_journal", str(path), "--into", "nowhere")
    assert saved(campaign) == before


# -- the upload page ----------------------------------------------------------------------------


def upload(client, campaign, data, name="journal.json"):
    body = data if isinstance(data, bytes) else json.dumps(data).encode()
    return client.post(
        reverse("journal_append", args=[campaign.slug]),
        {"journal": _file(body, name)},
        follow=True,
    )


def _file(body, name):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile(name, body, content_type="application/json")


def messages_of(response):
    return [str(message) for message in response.context["messages"]]


def test_the_page_appends_and_says_what(client, owner):
    campaign = CampaignFactory(after=8, owner=owner)
    client.force_login(owner)
    page = client.get(reverse("campaign_detail", args=[campaign.slug]))
    assert reverse("journal_append", args=[campaign.slug]) in page.content.decode()
    response = upload(client, campaign, load_journal(RISK))
    assert response.redirect_chain[-1][0] == campaign.get_absolute_url()
    assert any(m.startswith(f"Appended to {campaign.name}: 7 games") for m in messages_of(response))
    assert Campaign.objects.get(pk=campaign.pk).games_played == 15
    again = upload(client, campaign, load_journal(RISK))
    assert any("nothing was changed" in m for m in messages_of(again))


def test_the_page_shows_a_refusal_and_saves_nothing(client, owner):
    campaign = CampaignFactory(after=8, owner=owner)
    before = saved(campaign)
    client.force_login(owner)
    data = load_journal(RISK)
    data["games"][3]["rewards"] = []
    response = upload(client, campaign, data)
    assert response.status_code == 200
    assert "differs at game 4" in response.content.decode()
    bad = upload(client, campaign, b"{not json")
    assert "the journal is not valid JSON" in bad.content.decode()
    assert saved(campaign) == before


def test_the_page_refuses_a_file_over_the_limit_before_reading_it(client, owner, settings):
    from campaigns.rules import limits

    campaign = CampaignFactory(after=2, owner=owner)
    client.force_login(owner)
    response = upload(client, campaign, b" " * (limits.JOURNAL_MAX_BYTES + 1))
    assert "a campaign journal is 4 MB at most" in response.content.decode()


def test_a_viewer_reads_the_page_without_the_form(client, owner, viewer, campaign):
    client.force_login(viewer)
    html = client.get(reverse("journal_append", args=[campaign.slug])).content.decode()
    assert "Viewers can look but not record" in html and "<form" not in html.split("</header>")[-1]
    assert upload(client, campaign, {}).status_code == 403


def test_the_page_asks_a_bounded_number_of_queries(client, owner):
    campaign = CampaignFactory(after=8, owner=owner)
    client.force_login(owner)
    assert count_queries(client, reverse("journal_append", args=[campaign.slug])) <= 4


def test_the_form_needs_its_csrf_token(owner):
    from django.test import Client

    campaign = CampaignFactory(after=2, owner=owner)
    client = Client(enforce_csrf_checks=True)
    client.force_login(owner)
    response = client.post(reverse("journal_append", args=[campaign.slug]), {"journal": _file(b"{}", "j.json")})
    assert response.status_code == 403


# -- a journal round-trips exactly ---------------------------------------------------------------


def test_a_packet_opened_during_the_rewards_keeps_its_place_through_export_import_and_append(owner):
    """Recorded at the table after game 8's winner signed, the packet stays there in the
    history of the imported copy and of a campaign caught up by appending."""
    campaign = CampaignFactory(after=7, until=held_on_to_choose, owner=owner)
    packet = {"name": "Opened during the rewards", "unlocks": {"notes": "read it aloud"}}
    store.append(campaign, [store.base.Entry("packet", packet)], owner)
    rewards_left = load_journal(RISK)["games"][7]["rewards"][1:]
    store.append(campaign, [store.base.Entry("reward", reward) for reward in rewards_left], owner)
    exported = store.export_journal(campaign)
    assert exported["games"][7]["packets_opened"][-1] == packet | {"after_rewards": 1}

    def history(c):  # what happened, in order (a game's note of the keys its journal wrote aside)
        rows = Entry.objects.filter(campaign=c).order_by("position")
        return [(row.kind, {k: v for k, v in row.data.items() if k != "keys"}) for row in rows]

    copy_of = store.import_journal(exported, owner=owner)
    assert history(copy_of) == history(campaign)
    assert store.export_journal(copy_of) == exported | {"name": copy_of.name}
    behind = store.import_journal(cut(RISK, 7), owner=owner)
    store.append_journal(behind, exported, owner)
    assert history(behind)[-len(rewards_left) - 2:] == history(campaign)[-len(rewards_left) - 2:]
