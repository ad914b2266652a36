"""A play log's live refresh (play/live/, campaigns/web/live.py): the overview, the history
and the log-a-play form of Risk: Skyrim and Captain America poll it; a play logged, corrected
or deleted on another phone shows without a reload, and the form learns its new number
without losing what was typed."""

import re

import pytest
from django.urls import reverse

from campaigns import roster, states, store
from campaigns.models import Campaign
from campaigns.rules import play_log
from campaigns.rules.base import Entry
from campaigns.systems.play_log.plays import PLAYS_PER_PAGE

from tests.conftest import load_journal
from tests.factories import UserFactory
from tests.query_counts import count_queries as queries
from tests.systems.play_log.views.helpers import JOURNALS, long_log, play_log_with

HTMX = {"HX-Request": "true"}


@pytest.fixture(params=list(JOURNALS))
def logged(request, owner):
    """A play log of the system's shipped journal."""
    return store.import_journal(load_journal(JOURNALS[request.param]), owner=owner)


def live_url(campaign):
    return reverse("live", args=[campaign.slug])


def version(campaign):
    return Campaign.objects.get(pk=campaign.pk).journal_version


def another_phone_logs(campaign, owner):
    """Another phone logs the next play: the last one again, renumbered."""
    games = store.export_journal(campaign)["games"]
    number = states.state(campaign).next_number
    store.append(campaign, [Entry("game", {**games[-1], "number": number})], owner)
    return number


def poll(client, campaign, **params):
    return client.get(live_url(campaign), params, headers=HTMX)


# The pages poll -------------------------------------------------------------------------------


def test_the_history_and_the_overview_poll_the_live_page(client, owner, logged):
    client.force_login(owner)
    history = client.get(reverse("history", args=[logged.slug])).content.decode()
    assert 'id="plays-live"' in history
    assert 'hx-include="#plays-player, #plays-newest, #plays-oldest, #plays-top"' in history
    assert f'/play/live/?v={version(logged)}&amp;on=history"' in history
    # What the list shows, for the poll to send.
    newest = states.state(logged).next_number - 1
    assert f'<input type="hidden" id="plays-newest" name="newest" value="{newest}">' in history
    assert '<input type="hidden" id="plays-top" name="top" value="1">' in history
    assert '<input type="hidden" id="plays-oldest" name="oldest" value="1">' in history
    overview = client.get(reverse("campaign_detail", args=[logged.slug])).content.decode()
    assert f'/play/live/?v={version(logged)}&amp;on=overview"' in overview
    assert 'hx-include="#plays-newest, #plays-oldest, #plays-top"' in overview
    assert '<div id="plays-overview">' in overview and 'id="plays-newest"' in overview


def test_the_public_page_and_a_correction_do_not_poll(client, owner, logged):
    logged.public_token = "open-log"
    logged.save(update_fields=["public_token"])
    assert "plays-live" not in client.get(reverse("campaign_public", args=["open-log"])).content.decode()
    client.force_login(owner)
    assert "plays-live" not in client.get(reverse("play_correct", args=[logged.slug, 1])).content.decode()


# The answers ----------------------------------------------------------------------------------


def test_the_poll_answers_204_while_nothing_changed(client, owner, logged):
    client.force_login(owner)
    for on in ("history", "overview", "form"):
        assert poll(client, logged, v=version(logged), on=on, opened=9).status_code == 204


def test_after_another_phone_logs_a_play_the_history_gets_it(client, owner, logged):
    client.force_login(owner)
    seen = version(logged)
    number = another_phone_logs(logged, owner)
    response = poll(client, logged, v=seen, on="history", player="", newest=number - 1, oldest=1, top=1)
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="plays-live"')
    assert f'v={seen + 1}&amp;on=history"' in html  # the poll goes on from the new version
    assert f"Updated just now: play {number} logged." in html
    # The new play goes on top of the list; no shown one changed, so none is sent again.
    assert _item_numbers(html, oob=False) == [number]
    assert _item_numbers(html, oob=True) == []
    assert f">Play {number}</a>" in html
    assert f'<input type="hidden" id="plays-newest" name="newest" value="{number}" hx-swap-oob="true">' in html
    assert '<ol id="plays"' not in html


def test_a_correction_and_a_deletion_show_too(client, owner, logged):
    client.force_login(owner)
    seen = version(logged)
    corrected = {**store.export_journal(logged)["games"][0], "played_on": "2020-02-02"}
    store.append(logged, [play_log.correction_entry(1, corrected), play_log.deletion_entry(2)], owner)
    newest = states.state(logged).next_number - 1
    html = poll(client, logged, v=seen, on="history", newest=newest, oldest=1, top=1).content.decode()
    assert _item_numbers(html, oob=False) == [] and _item_numbers(html) == [2, 1]  # nothing new on top
    item = html[html.index('id="play-2"') :]
    assert item.startswith('id="play-2" hx-swap-oob="morph">')
    assert "Deleted" in item[: item.index("</li>")]
    assert "Corrected" in html
    # The one line a screen reader hears says what changed last, not only "Updated just now".
    said = re.search(r'<p class="live-changed">(.*?)</p>', html, re.S).group(1)
    assert said.startswith("Updated just now: ") and "deletion of play 2" in said.lower()


def test_the_history_poll_keeps_the_chosen_player(client, owner, logged):
    client.force_login(owner)
    seen = version(logged)
    another_phone_logs(logged, owner)
    state = states.state(logged)
    player = state.players[-1]
    html = poll(client, logged, v=seen, on="history", player=player).content.decode()
    shown = html.count('class="play-item')
    assert shown == min(20, sum(1 for game in state.games if player in game.players) + len(
        [record for record in state.deleted.values() if player in record.players]
    ))


def test_after_another_phone_logs_a_play_the_overview_gets_it(client, owner, logged):
    client.force_login(owner)
    seen = version(logged)
    number = another_phone_logs(logged, owner)
    html = poll(client, logged, v=seen, on="overview").content.decode()
    assert '<div id="plays-overview" hx-swap-oob="morph">' in html
    assert f'id="play-{number}"' in html and "Standings" in html


def test_a_signed_out_phone_gets_a_short_notice_that_stops_the_poll(client, logged):
    html = poll(client, logged, v=1, on="history").content.decode()
    assert html.lstrip().startswith('<section id="plays-live"')
    assert "Signed out." in html and "to follow the plays" in html
    assert f'href="{reverse("login")}?next={reverse("history", args=[logged.slug])}"' in html
    assert "hx-get" not in html


def test_without_htmx_a_signed_out_poll_asks_to_log_in_for_its_page(client, logged):
    response = client.get(live_url(logged), {"on": "overview"})
    assert response.status_code == 302
    assert response["Location"].endswith(f"?next={reverse('campaign_detail', args=[logged.slug])}")


def test_a_stranger_gets_a_404(client, logged):
    client.force_login(UserFactory(username="stranger"))
    assert poll(client, logged, v=1, on="history").status_code == 404


def test_a_viewer_follows_the_plays_too(client, logged):
    viewer = UserFactory(username="vera")
    logged.memberships.create(user=viewer, role="viewer")
    client.force_login(viewer)
    assert poll(client, logged, v=version(logged), on="history").status_code == 204


@pytest.mark.parametrize("system", JOURNALS)
@pytest.mark.parametrize("on", ["history", "overview", "form"])
def test_the_poll_queries_the_same_for_5_and_60_plays(client, owner, system, on):
    client.force_login(owner)
    counts = []
    for plays in (5, 60):
        campaign = play_log_with(plays, owner, system)
        unchanged = f"{live_url(campaign)}?v={version(campaign)}&on={on}&opened={plays + 1}"
        changed = f"{live_url(campaign)}?v=0&on={on}&opened={plays}"
        counts.append(
            (
                queries(client, unchanged, headers=HTMX, status=204),
                queries(client, changed, headers=HTMX),
                queries(client, changed, headers=HTMX, cold=True),
            )
        )
    assert counts[0] == counts[1], counts
    unchanged, changed, cold = counts[0]
    assert unchanged <= 3 and changed <= 6 and cold <= 10, counts


# The log-a-play form --------------------------------------------------------------------------


def test_the_form_polls_for_plays_logged_meanwhile(client, owner, logged):
    client.force_login(owner)
    number = states.state(logged).next_number
    html = client.get(reverse("game_start", args=[logged.slug])).content.decode()
    assert f"/play/live/?v={version(logged)}&amp;on=form&amp;opened={number}" in html
    assert f'<span id="play-number-title">{number}</span>' in html
    assert f'<span id="play-number-save">{number}</span>' in html
    assert f'name="number" value="{number}" id="id_number"' in html


def test_the_form_hears_of_a_play_logged_on_another_phone_and_takes_the_next_number(client, owner, logged):
    client.force_login(owner)
    seen, opened = version(logged), states.state(logged).next_number
    another_phone_logs(logged, owner)
    html = poll(client, logged, v=seen, on="form", opened=opened).content.decode()
    assert html.lstrip().startswith('<div id="plays-live"')
    notice = f"Play {opened} was just logged on another phone: this one will be play {opened + 1}."
    assert notice in html
    # Only the notice and the number change: the typed fields are not in the answer.
    assert f'<input type="hidden" name="number" value="{opened + 1}" id="id_number" hx-swap-oob="true">' in html
    assert f'<span id="play-number-save" hx-swap-oob="true">{opened + 1}</span>' in html
    assert "<form" not in html and 'name="played_on"' not in html
    assert f"on=form&amp;opened={opened}" in html  # the notice stays while the form is open


def test_the_form_hears_of_several_plays(client, owner, logged):
    client.force_login(owner)
    seen, opened = version(logged), states.state(logged).next_number
    another_phone_logs(logged, owner)
    another_phone_logs(logged, owner)
    html = poll(client, logged, v=seen, on="form", opened=opened).content.decode()
    assert f"Plays {opened} to {opened + 1} were just logged on other phones: this one will be play {opened + 2}." in html


def test_a_change_that_logs_no_play_brings_no_notice(client, owner, logged):
    client.force_login(owner)
    seen, opened = version(logged), states.state(logged).next_number
    store.append(logged, [play_log.deletion_entry(1)], owner)
    html = poll(client, logged, v=seen, on="form", opened=opened).content.decode()
    assert "just logged" not in html and "hx-swap-oob" not in html


# Race safety: the number the notice gave is saved; the old one is still refused -----------------


def _typed(system, number):
    """A legal play as typed into the system's form."""
    from tests.systems.captain_america.views.helpers import four
    from tests.systems.risk_skyrim.views.helpers import CHAOS

    if system == "risk-skyrim":
        return {**CHAOS, "number": number, "save": "1"}
    return four(number=number)


@pytest.mark.parametrize("system", JOURNALS)
def test_after_the_notice_the_play_is_saved_as_the_next_number(client, owner, system):
    campaign = store.import_journal(load_journal(JOURNALS[system]), owner=owner)
    client.force_login(owner)
    opened = states.state(campaign).next_number
    another_phone_logs(campaign, owner)
    url = reverse("game_start", args=[campaign.slug])
    # The old number (a page that missed the notice) is refused and re-offered as the next...
    refused = client.post(url, _typed(system, opened))
    assert refused.status_code == 200 and "another phone" in refused.content.decode()
    assert states.state(Campaign.objects.get(pk=campaign.pk)).next_number == opened + 1
    # ...the number the notice put in the form is saved.
    saved = client.post(url, _typed(system, opened + 1))
    assert saved.status_code == 302
    assert states.state(Campaign.objects.get(pk=campaign.pk)).game(opened + 1) is not None


# A refresh keeps what the phone shows: the plays loaded with "Older plays" stay ---------------


@pytest.fixture(params=list(JOURNALS))
def long_logged(request, owner):
    """A 45-play log of the system's shipped plays, dated one after another."""
    return long_log(45, owner, request.param)


def _item_numbers(html, oob=None):
    """The plays of the list an answer brings, in order: all of them (a list morphed whole),
    those morphed in place by their ids (`oob`), or those it puts on top (not `oob`)."""
    if oob is None:
        return [int(n) for n in re.findall(r'<li class="play-item[^"]*" id="play-(\d+)"', html)]
    morphed = ' hx-swap-oob="morph"' if oob else ' hx-swap-oob="afterbegin:#plays"'
    return [int(n) for n in re.findall(r'<li class="play-item[^"]*" id="play-(\d+)"%s>' % morphed, html)]


def test_a_play_logged_after_page_2_was_loaded_comes_alone_on_top(client, owner, long_logged):
    campaign = long_logged
    client.force_login(owner)
    seen = version(campaign)
    number = another_phone_logs(campaign, owner)  # play 46
    # Pages 1 and 2 are shown: plays 45 down to 6.
    html = poll(client, campaign, v=seen, on="history", newest=45, oldest=6, top=1).content.decode()
    assert _item_numbers(html, oob=False) == [number]
    # None of those shown changed: none is sent again.
    assert _item_numbers(html, oob=True) == []
    assert 'id="play-5"' not in html and 'id="plays"' not in html and "Older plays" not in html
    assert f'<input type="hidden" id="plays-newest" name="newest" value="{number}" hx-swap-oob="true">' in html
    assert '<input type="hidden" id="plays-oldest" name="oldest" value="6" hx-swap-oob="true">' in html
    assert '<span class="muted" id="plays-more-count" hx-swap-oob="morph">41 of 46 shown</span>' in html


def test_a_correction_of_a_play_on_page_2_shows_in_place(client, owner, long_logged):
    campaign = long_logged
    client.force_login(owner)
    seen = version(campaign)
    corrected = {**store.export_journal(campaign)["games"][9], "played_on": "2020-02-02"}
    store.append(campaign, [play_log.correction_entry(10, corrected), play_log.deletion_entry(12)], owner)
    html = poll(client, campaign, v=seen, on="history", newest=45, oldest=6, top=1).content.decode()
    assert "afterbegin" not in html  # nothing new on top; the corrected and deleted plays first
    assert {12, 10} <= set(_item_numbers(html, oob=True)) and len(_item_numbers(html)) <= PLAYS_PER_PAGE
    corrected_item = html[html.index('<li class="play-item" id="play-10" hx-swap-oob="morph">') :]
    assert "Corrected" in corrected_item[: corrected_item.index("</li>")]
    deleted_item = html[html.index('id="play-12" hx-swap-oob="morph">') :]
    assert "Deleted" in deleted_item[: deleted_item.index("</li>")]


def test_an_older_page_opened_by_its_link_takes_no_play_on_top(client, owner, long_logged):
    campaign = long_logged
    client.force_login(owner)
    third = client.get(reverse("history", args=[campaign.slug]), {"page": 3}).content.decode()
    assert '<input type="hidden" id="plays-top" name="top" value="">' in third
    assert '<input type="hidden" id="plays-newest" name="newest" value="5">' in third
    seen = version(campaign)
    another_phone_logs(campaign, owner)
    html = poll(client, campaign, v=seen, on="history", newest=5, oldest=1, top="").content.decode()
    assert 'id="play-46"' not in html
    assert _item_numbers(html) == []  # nothing it shows changed


def test_the_poll_follows_the_filter_s_player_not_an_old_page(client, owner, long_logged):
    campaign = long_logged
    client.force_login(owner)
    games = store.export_journal(campaign)["games"]
    # Play 46 is played by newcomers alone: Zoe first.
    newcomers = ["Zoe", "Yan", "Xia", "Wes", "Val", "Uma"][: len(games[-1]["seats"])]
    seats = [{**seat, "player": name} for seat, name in zip(games[-1]["seats"], newcomers)]
    for name in newcomers:
        roster.add_player(campaign, name)
    seen = version(campaign)
    zoe_plays = {**games[-1], "number": 46, "seats": seats}
    store.append(campaign, [Entry("game", zoe_plays)], owner)
    # The history was on ?page=3, then the filter chose Ana: the list shows Ana's latest plays.
    html = poll(client, campaign, v=seen, on="history", player="Ana", newest=45, oldest=26, top=1).content.decode()
    assert _item_numbers(html) == []  # play 46 is not Ana's, and none of hers changed
    html = poll(client, campaign, v=seen, on="history", player="Zoe", newest=0, oldest=0, top=1).content.decode()
    assert '<ol class="play-list" id="plays" hx-swap-oob="morph">' in html and _item_numbers(html) == [46]


def test_an_undone_play_that_was_shown_brings_the_list_back_to_its_first_page(client, owner, long_logged):
    campaign = long_logged
    client.force_login(owner)
    another_phone_logs(campaign, owner)
    seen = version(campaign)
    store.undo_last(campaign, owner)
    html = poll(client, campaign, v=seen, on="history", newest=46, oldest=6, top=1).content.decode()
    assert '<ol class="play-list" id="plays" hx-swap-oob="morph">' in html
    # A page at most, whatever was loaded: the latest plays, with "Older plays" under them.
    assert _item_numbers(html) == list(range(45, 25, -1))
    assert "20 of 45 shown" in html


def test_a_poll_that_says_it_shows_every_play_renders_a_page_at_most(client, owner, long_logged):
    campaign = long_logged
    client.force_login(owner)
    seen = version(campaign)
    number = another_phone_logs(campaign, owner)
    for params in ({"newest": number - 1, "oldest": 1, "top": 1}, {"newest": 10**6, "oldest": 1, "top": 1}):
        html = poll(client, campaign, v=seen, on="history", **params).content.decode()
        assert len(_item_numbers(html, oob=True) + _item_numbers(html, oob=False)) <= PLAYS_PER_PAGE, params


def test_the_overview_s_header_count_follows_the_plays(client, owner, logged):
    client.force_login(owner)
    detail = client.get(reverse("campaign_detail", args=[logged.slug])).content.decode()
    plays = states.state(logged).next_number - 1
    assert re.search(r'<span id="campaign-count">%d plays? logged' % plays, detail)
    seen = version(logged)
    number = another_phone_logs(logged, owner)
    html = poll(client, logged, v=seen, on="overview", newest=number - 1, oldest=1, top=1).content.decode()
    assert re.search(r'<span id="campaign-count" hx-swap-oob="morph">%d plays logged' % (plays + 1), html)
    assert '<section class="card" id="plays-standings" aria-labelledby="record-title" hx-swap-oob="morph">' in html
    assert _item_numbers(html)[0] == number
    assert 'id="plays-overview"' not in html


@pytest.mark.parametrize("on", ["history", "overview"])
def test_a_refresh_that_keeps_the_shown_plays_queries_the_same_for_5_and_60_plays(client, owner, on):
    client.force_login(owner)
    counts = []
    for plays in (5, 60):
        campaign = play_log_with(plays, owner, "risk-skyrim")
        kept = f"{live_url(campaign)}?v=0&on={on}&newest={plays - 1}&oldest=1&top=1"
        counts.append((queries(client, kept, headers=HTMX), queries(client, kept, headers=HTMX, cold=True)))
    assert counts[0] == counts[1], counts
    assert counts[0][0] <= 7 and counts[0][1] <= 10, counts  # 7: the plays the writes since changed


def test_four_phones_of_a_table_asking_alike_get_the_fresh_part_rendered_once(client, owner, logged, monkeypatch):
    from campaigns.systems.play_log.views import live as live_view

    made = []
    real = live_view._live_context
    monkeypatch.setattr(live_view, "_live_context", lambda *args: made.append(1) or real(*args))
    client.force_login(owner)
    seen = version(logged)
    number = another_phone_logs(logged, owner)
    asked = {"v": seen, "on": "history", "player": "", "newest": number - 1, "oldest": 1, "top": 1}
    answers = [poll(client, logged, **asked).content for _ in range(4)]
    assert len(set(answers)) == 1 and f'id="play-{number}"'.encode() in answers[0]
    assert made == [1]
    # Another list (another filter) or another version is rendered for itself.
    poll(client, logged, **{**asked, "player": "Ana"})
    another_phone_logs(logged, owner)
    poll(client, logged, **asked)
    assert made == [1, 1, 1]


# Only what the writes since changed (store.changes_since) -----------------------------------


def test_with_every_write_since_known_only_the_plays_they_named_are_redrawn(client, owner, long_logged):
    campaign = long_logged
    client.force_login(owner)
    seen = version(campaign)
    number = another_phone_logs(campaign, owner)  # play 46
    corrected = {**store.export_journal(campaign)["games"][39], "played_on": "2020-02-02"}
    store.append(campaign, [play_log.correction_entry(40, corrected)], owner)
    for on in ("history", "overview"):
        html = poll(client, campaign, v=seen, on=on, newest=45, oldest=26, top=1).content.decode()
        assert _item_numbers(html, oob=False) == [number], on
        assert _item_numbers(html, oob=True) == [40], on  # not the 18 other plays shown
        item = html[html.index('id="play-40" hx-swap-oob="morph">') :]
        assert "Corrected" in item[: item.index("</li>")]
    # A phone that saw the play logged hears only of the correction.
    html = poll(client, campaign, v=seen + 1, on="history", newest=46, oldest=27, top=1).content.decode()
    assert _item_numbers(html, oob=False) == [] and _item_numbers(html, oob=True) == [40]


def test_an_undone_correction_redraws_its_play(client, owner, long_logged):
    campaign = long_logged
    client.force_login(owner)
    corrected = {**store.export_journal(campaign)["games"][39], "played_on": "2020-02-02"}
    store.append(campaign, [play_log.correction_entry(40, corrected)], owner)
    seen = version(campaign)
    store.undo_last(campaign, owner)
    html = poll(client, campaign, v=seen, on="history", newest=45, oldest=26, top=1).content.decode()
    assert _item_numbers(html, oob=True) == [40]
    item = html[html.index('id="play-40" hx-swap-oob="morph">') :]
    assert "Corrected" not in item[: item.index("</li>")]


def test_a_write_that_names_no_play_or_a_record_gone_redraws_what_the_phone_shows(client, owner, long_logged):
    """A roster name changed (every play it is in reads it), or a write's row is gone: the
    refresh morphs the latest plays shown, a page at most, as it does without rows."""
    from campaigns.models import JournalChange

    campaign = long_logged
    client.force_login(owner)
    seen = version(campaign)
    number = another_phone_logs(campaign, owner)
    roster.rename_player(campaign, campaign.players.get(name="Ana"), "Anna")
    html = poll(client, campaign, v=seen, on="history", newest=45, oldest=26, top=1).content.decode()
    assert _item_numbers(html, oob=False) == [number]
    assert _item_numbers(html, oob=True) == list(range(45, 26, -1))
    assert "Anna" in html
    seen = version(campaign)
    number = another_phone_logs(campaign, owner)
    assert store.changes_since(Campaign.objects.get(pk=campaign.pk), seen) == {number}
    JournalChange.objects.filter(campaign=campaign).delete()
    assert store.changes_since(Campaign.objects.get(pk=campaign.pk), seen) is None
    html = poll(client, campaign, v=seen, on="history", newest=number - 1, oldest=27, top=1).content.decode()
    assert _item_numbers(html, oob=True) == list(range(number - 1, 27, -1))


def test_no_row_is_asked_for_a_phone_far_behind_or_not_behind_and_a_campaign_keeps_its_latest(
    owner, long_logged
):
    from campaigns.models import JournalChange

    campaign = long_logged
    seen = version(campaign)
    for _ in range(store.CHANGED_VERSIONS + 1):
        another_phone_logs(campaign, owner)
    now = Campaign.objects.get(pk=campaign.pk)
    # The rows older than the last CHANGED_VERSIONS go every CHANGED_VERSIONS versions.
    assert JournalChange.objects.filter(campaign=campaign).count() < 2 * store.CHANGED_VERSIONS
    assert store.changes_since(now, seen + 1) == set(range(47, 46 + store.CHANGED_VERSIONS + 1))
    assert store.changes_since(now, seen) is None  # too far behind: redraw what it shows
    assert store.changes_since(now, now.journal_version) is None
    assert store.changes_since(now, now.journal_version + 3) is None
    assert store.changes_since(now, None) is None
