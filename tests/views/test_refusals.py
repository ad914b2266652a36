"""A refused write answers where the player is looking, every URL a browser can land on can be
reloaded, the loser of a race sees the step as it is now, and the live poll survives a logout."""

import re
from urllib.parse import unquote

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from campaigns import states, store
from campaigns.models import Campaign
from campaigns.rules.base import Entry
from campaigns.systems.risk_legacy.forms.play import RewardForm

from tests.rows import row_name, rows_post
from tests.systems.risk_legacy.views.helpers import entries, game_ended, playing, post, state_now

HTMX_FORM = {"HX-Request": "true", "HX-Boosted": "true"}


def tag(html, element_id):
    """The opening tag of the element with this id."""
    return re.search(rf'<[a-z]+ [^>]*id="{element_id}"[^>]*>', html).group(0)


def other_phone_first(monkeypatch, campaign, owner, entry):
    """store.append as it goes when another phone's entry lands in the same instant as ours."""
    real_append = store.append

    def append(target, new_entries, user=None, **options):
        real_append(Campaign.objects.get(pk=target.pk), [entry], owner)
        return real_append(target, new_entries, user, **options)

    monkeypatch.setattr(store, "append", append)


SIBERIA_SCAR = {"event_type": "scar", "scar-player": "Cid", "scar-territory": "Siberia", "scar-scar": "Bunker"}


# The refused form's message is focused ------------------------------------------------------


def test_a_refused_event_opens_with_focus_on_the_field_in_error(client, owner):
    campaign = playing(owner)
    client.force_login(owner)
    post(client, "event_add", campaign, SIBERIA_SCAR)
    response = post(client, "event_add", campaign, SIBERIA_SCAR | {"scar-player": "Ana"})
    html = response.content.decode()
    field = tag(html, "id_scar-territory")
    assert "autofocus" in field and 'aria-invalid="true"' in field
    assert 'aria-describedby="id_scar-territory_error"' in field
    assert html.count("autofocus") == 1


def test_a_form_that_is_not_refused_takes_no_focus(client, owner):
    campaign = playing(owner)
    client.force_login(owner)
    assert "autofocus" not in client.get(reverse("play", args=[campaign.slug])).content.decode()


def test_a_message_for_the_whole_form_is_focused(client, owner):
    response = client.post(reverse("login"), {"username": "olive", "password": "wrong"})
    html = response.content.decode()
    assert re.search(r'<div class="form-errors" role="alert" tabindex="-1" autofocus>', html)
    assert html.index("autofocus") < html.index('name="username"')


def test_a_refused_journal_upload_takes_the_focus_below_the_first_form(client, owner):
    client.force_login(owner)
    upload = SimpleUploadedFile("journal.json", b"", content_type="application/json")
    html = client.post(reverse("campaign_create"), {"import": "1", "journal": upload}).content.decode()
    assert "autofocus" in tag(html, "id_journal")


def test_a_refused_game_start_focuses_the_seat_in_error(client, owner, journal_data):
    campaign = store.import_journal(journal_data("risk_legacy_15_games.json"), owner=owner)
    client.force_login(owner)
    state = states.state(campaign)
    data = {"number": str(state.next_game_number), "played_on": "2026-09-03", "save": "1"}
    data |= rows_post("seats", [{"player": "Ana"}])
    html = client.post(reverse("game_start", args=[campaign.slug]), data).content.decode()
    assert "autofocus" in tag(html, f"id_{row_name('seats', 1, 'faction')}")


# Every URL can be reloaded --------------------------------------------------------------------


def test_an_htmx_refusal_keeps_the_page_url_in_the_address_bar(client, owner):
    campaign = playing(owner)
    client.force_login(owner)
    post(client, "event_add", campaign, SIBERIA_SCAR)
    response = client.post(reverse("event_add", args=[campaign.slug]), SIBERIA_SCAR, headers=HTMX_FORM)
    assert response.status_code == 200
    assert response["HX-Replace-Url"] == reverse("play", args=[campaign.slug])


@pytest.mark.parametrize(
    ("name", "page"),
    [("event_add", "play"), ("packet_add", "play"), ("reward_add", "play"), ("world_name", "play"),
     ("invite_regenerate", "members"), ("public_link", "members"), ("member_role", "members"),
     ("member_remove", "members"), ("player_rename", "roster"), ("player_delete", "roster"),
     ("player_link", "roster"), ("trade_in_chart_edit", "setup_edit")],
)
def test_a_get_on_a_post_only_url_goes_to_its_page(client, owner, name, page):
    campaign = playing(owner)
    client.force_login(owner)
    before = entries(campaign)
    if name.startswith("player_"):
        args = [campaign.slug, campaign.players.first().pk]
    elif name.startswith("member_"):
        args = [campaign.slug, campaign.memberships.first().pk]
    else:
        args = [campaign.slug]
    response = client.get(reverse(name, args=args))
    assert response.status_code == 302
    assert response["Location"] == reverse(page, args=[campaign.slug])
    assert client.get(response["Location"]).status_code == 200
    assert entries(campaign) == before


def test_logging_in_again_on_a_post_only_url_lands_on_its_page(client, owner):
    campaign = playing(owner)
    url = reverse("event_add", args=[campaign.slug])
    login = client.get(url)
    assert login["Location"] == f"{reverse('login')}?next={url}"
    owner.set_password("pw-for-the-test")
    owner.save()
    back = client.post(login["Location"], {"username": "olive", "password": "pw-for-the-test"}, follow=True)
    assert back.status_code == 200
    assert back.redirect_chain[-1][0] == reverse("play", args=[campaign.slug])


# The loser of a race sees the step as it is now -----------------------------------------------


def test_the_loser_of_a_reward_race_sees_the_next_players_form_with_the_message(client, owner, monkeypatch):
    campaign = game_ended(owner)  # Ben won: his reward first, then Cid's
    client.force_login(owner)
    theirs = RewardForm(state_now(campaign), "Ben", {
        "player": "Ben", "reward-choice": "destroy_territory_card", "reward-destroy_territory_card__territory": "Siam",
    })
    assert theirs.is_valid()
    other_phone_first(monkeypatch, campaign, owner, theirs.entry())
    data = {"player": "Ben", "reward-choice": "name_continent",
            "reward-name_continent__continent": "South America", "reward-name_continent__name": "Awesometonia"}
    response = client.post(reverse("reward_add", args=[campaign.slug]), data, follow=True)
    assert response.redirect_chain == [(reverse("play", args=[campaign.slug]), 302)]
    assert response.context["reward_form"].player == "Cid"
    shown = [str(message) for message in response.context["messages"]]
    assert any(m.startswith("Ben has already chosen") and "moved on" in m for m in shown)
    assert 'tabindex="-1" autofocus>Ben has already chosen' in response.content.decode()
    assert state_now(campaign).reward_queue[0] == "Cid"


def test_the_loser_of_a_race_to_end_the_game_sees_the_rewards(client, owner, monkeypatch):
    campaign = playing(owner)
    client.force_login(owner)
    seats = [seat.player for seat in state_now(campaign).last_game.seats]
    results = {player: "won" if i == 0 else "held_on" for i, player in enumerate(seats)}
    other_phone_first(monkeypatch, campaign, owner, Entry("game_end", {"results": results}))
    data = {f"result_{i}": "won" if i == 1 else "held_on" for i in range(len(seats))}
    response = client.post(reverse("game_end", args=[campaign.slug]), data, follow=True)
    assert response.redirect_chain == [(reverse("play", args=[campaign.slug]), 302)]
    assert response.context["reward_form"].player == seats[0]
    assert any("was ended on another phone" in str(m) for m in response.context["messages"])


def test_an_event_refused_for_its_own_sake_keeps_what_was_typed(client, owner, monkeypatch):
    """Another phone's entry in the same instant that leaves the game on is no moved-on step."""
    campaign = playing(owner)
    client.force_login(owner)
    other_phone_first(monkeypatch, campaign, owner, Entry("event", {"type": "scar", "player": "Cid",
                                                                    "territory": "Siberia", "scar": "Bunker"}))
    response = post(client, "event_add", campaign, SIBERIA_SCAR | {"scar-player": "Ana"})
    assert response.status_code == 200
    assert "autofocus" in tag(response.content.decode(), "id_scar-territory")


# The live poll after the session ended --------------------------------------------------------


def test_the_live_poll_of_a_signed_out_phone_gets_a_short_notice_and_stops(client, owner):
    campaign = playing(owner)
    version = Campaign.objects.get(pk=campaign.pk).journal_version
    response = client.get(reverse("live", args=[campaign.slug]), {"v": version}, headers={"HX-Request": "true"})
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="play-live"')
    assert "Signed out" in html
    login = f"{reverse('login')}?next={reverse('play', args=[campaign.slug])}"
    assert f'href="{login}"' in html
    assert "hx-get" not in html and "hx-trigger" not in html  # the poll stops
    assert "<header" not in html and 'name="username"' not in html and "autofocus" not in html


def test_the_live_url_without_htmx_still_asks_to_log_in_for_the_table(client, owner):
    campaign = playing(owner)
    response = client.get(reverse("live", args=[campaign.slug]))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))
    assert response["Location"].endswith(f"?next={reverse('play', args=[campaign.slug])}")


def test_the_live_poll_still_answers_204_while_signed_in(client, owner):
    campaign = playing(owner)
    client.force_login(owner)
    version = Campaign.objects.get(pk=campaign.pk).journal_version
    response = client.get(reverse("live", args=[campaign.slug]), {"v": version}, headers={"HX-Request": "true"})
    assert response.status_code == 204


# An error goes once its field is fixed and the form re-checked ---------------------------------


def test_a_fixed_date_loses_its_error_when_the_game_start_form_is_rechecked(client, owner, journal_data):
    campaign = store.import_journal(journal_data("risk_legacy_15_games.json"), owner=owner)
    client.force_login(owner)
    url = reverse("game_start", args=[campaign.slug])
    number = str(states.state(campaign).next_game_number)
    typed = {"number": number, "played_on": "someday", "scar_cards": "", **rows_post("seats", [{"player": "Ana"}])}
    refused = client.post(url, typed | {"save": "1"}).content.decode()
    assert "Enter a valid date." in refused and "autofocus" in tag(refused, "id_played_on")

    still_wrong = client.get(url, typed, headers={"HX-Request": "true"}).content.decode()
    assert '<div id="game-facts" hx-swap-oob="true">' in still_wrong
    assert "Enter a valid date." in still_wrong

    fixed = client.get(url, typed | {"played_on": "2026-09-03"}, headers={"HX-Request": "true"}).content.decode()
    assert '<div id="game-facts" hx-swap-oob="true">' in fixed and '<div id="start-errors" hx-swap-oob="true">' in fixed
    assert "Enter a valid date." not in fixed and "errorlist" not in fixed.split('id="seats"')[0]
    assert 'aria-invalid' not in tag(fixed, "id_played_on") and 'value="2026-09-03"' in tag(fixed, "id_played_on")
    assert "Choose a faction for seat 1" not in fixed  # the seats are checked when saving


def test_without_javascript_update_choices_rechecks_the_date_too(client, owner, journal_data):
    campaign = store.import_journal(journal_data("risk_legacy_15_games.json"), owner=owner)
    client.force_login(owner)
    url = reverse("game_start", args=[campaign.slug])
    number = str(states.state(campaign).next_game_number)
    typed = {"number": number, "played_on": "2026-09-03", "update": "1"}
    html = client.post(url, typed).content.decode()
    assert "Enter a valid date." not in html and "autofocus" not in html
    assert "Enter a valid date." in client.post(url, typed | {"played_on": "x"}).content.decode()


def test_a_refused_end_of_game_focuses_its_message(client, owner):
    campaign = playing(owner)
    client.force_login(owner)
    data = {f"result_{i}": result for i, result in enumerate(["won", "won", "held_on", "held_on", "held_on"])}
    html = client.post(reverse("game_end", args=[campaign.slug]), data).content.decode()
    focused = re.search(r"<[a-z]+ [^>]*autofocus[^>]*>(.*?)</", html, re.S)
    assert focused and "exactly one winner" in html[focused.start():focused.start() + 400]
    assert html.count("autofocus") == 1


def test_a_refused_setup_focuses_the_summary_that_says_where_to_look(client, owner, campaign):
    campaign.system = "risk-legacy"
    campaign.save(update_fields=["system"])
    client.force_login(owner)
    html = client.post(reverse("setup_edit", args=[campaign.slug]), {"save": "1"}).content.decode()
    summary = html.index("Nothing was saved. Look at")
    assert html.rindex("autofocus", 0, summary) > html.rindex("<div", 0, summary)


def test_an_htmx_request_for_part_of_a_page_after_a_logout_loads_the_whole_login_page(client, owner, journal_data):
    campaign = store.import_journal(journal_data("risk_legacy_15_games.json"), owner=owner)
    recheck = f"{reverse('game_start', args=[campaign.slug])}?{row_name('seats', 1, 'player')}=Ana"
    response = client.get(recheck, headers={"HX-Request": "true"}, follow=True)
    assert response.status_code == 200
    login, _, next_url = response["HX-Redirect"].partition("?next=")
    assert login == reverse("login") and unquote(next_url) == recheck
    assert response.content == b""  # nothing to drop into the seats


def test_the_login_page_itself_is_unchanged_for_a_boosted_link_or_a_browser(client):
    for headers in ({}, {"HX-Request": "true", "HX-Boosted": "true"}):
        response = client.get(reverse("login"), headers=headers)
        assert response.status_code == 200 and "HX-Redirect" not in response
        assert 'name="username"' in response.content.decode()


def test_django_s_own_messages_are_said_in_a_players_words():
    """"This field is required." and "Ensure this value is less than or equal to 10." never
    show: every form of the tracker says them as a player would (web/refusals.py), and a
    message a form wrote for its field stays."""
    from django import forms

    from campaigns.web.refusals import RefusalsBesideFields

    class Sample(RefusalsBesideFields, forms.Form):
        name = forms.CharField(max_length=5)
        count = forms.IntegerField(min_value=1, max_value=10)
        side = forms.ChoiceField(choices=[("a", "A")])
        day = forms.DateField()
        own = forms.CharField(error_messages={"required": "Name the hero."})

    empty = Sample({})
    assert not empty.is_valid()
    assert {name: list(errors) for name, errors in empty.errors.items()} == {
        "name": ["Fill this in."], "count": ["Fill this in."], "side": ["Choose one."], "day": ["Give the day."],
        "own": ["Name the hero."],
    }
    wrong = Sample({"name": "abcdefg", "count": "11", "side": "a", "day": "2026-12-04", "own": "x"})
    assert not wrong.is_valid()
    assert wrong.errors == {"name": ["At most 5 characters (this is 7)."], "count": ["At most 10."]}
    assert Sample({"name": "a", "count": "x", "side": "a", "day": "2026-12-04", "own": "x"}).errors == {
        "count": ["Write a whole number, such as 3."]
    }
