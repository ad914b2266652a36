"""`state.json`, the journal download and the exports are built once per journal version
(campaigns/web/kept.py): asked again, on this worker or another, they read neither the journal
nor a state, whatever the campaign's length; a write makes them anew."""

import datetime
import gzip
import json
import re
from unittest import mock

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from campaigns import states, store
from campaigns.rules import base

from tests.systems.play_log.views.helpers import play_log_with

ANSWERS = ["state_json", "journal_download", "plays_csv", "plays_bgstats"]


def asked(client, name, campaign):
    """(the answer's body, the tables its queries read) of one GET."""
    with CaptureQueriesContext(connection) as captured:
        response = client.get(reverse(name, args=[campaign.slug]))
    assert response.status_code == 200
    tables = {table for query in captured for table in ("campaigns_entry", "campaigns_campaignsnapshot")
              if table in query["sql"]}
    return response.content.decode(), tables


@pytest.mark.parametrize("name", ANSWERS)
def test_an_answer_asked_again_on_another_worker_reads_no_journal_nor_state(client, owner, name):
    client.force_login(owner)
    counts = []
    for plays in (5, 80):
        campaign = play_log_with(plays, owner)
        first, read = asked(client, name, campaign)
        assert read  # built from the state or the journal the first time
        states.forget_in_process()  # another worker, the cache shared
        with CaptureQueriesContext(connection) as captured:
            again, read = asked(client, name, campaign)
        counts.append(len(captured))
        assert read == set()
        if name != "plays_bgstats":
            assert again == first
    assert counts[0] == counts[1]


def test_a_write_makes_the_answers_anew(client, owner):
    client.force_login(owner)
    campaign = play_log_with(5, owner)
    before = {name: asked(client, name, campaign)[0] for name in ANSWERS}
    data = dict(store.export_journal(campaign)["games"][0])
    data["number"] = states.state(campaign).next_number
    store.append(campaign, [base.Entry(base.GAME_KIND, data)], owner)
    after = {name: asked(client, name, campaign)[0] for name in ANSWERS}
    assert all(before[name] != after[name] for name in ANSWERS)
    assert json.loads(after["state_json"]) == states.state_json(campaign)


def test_a_kept_bg_stats_export_says_when_it_was_downloaded(client, owner, settings):
    client.force_login(owner)
    campaign = play_log_with(5, owner)
    body = asked(client, "plays_bgstats", campaign)[0]
    assert "exported-at" not in body and "\\u0000" not in body
    dates = {game["modificationDate"] for game in json.loads(body)["games"]}
    assert len(dates) == 1 and dates.pop()[:4].isdigit()


def test_state_json_as_of_the_last_game_is_the_state_now(client, owner):
    client.force_login(owner)
    campaign = play_log_with(5, owner)
    url = reverse("state_json", args=[campaign.slug])
    now = client.get(url).json()
    assert client.get(url, {"as_of": campaign.games_played}).json() == now
    assert client.get(url, {"as_of": 1}).json() == states.state_json(campaign, 1)


PHONE = {"HTTP_ACCEPT_ENCODING": "gzip, deflate, br, zstd"}  # what a phone's browser sends


def _same_but_the_time(body: bytes) -> object:
    """A BG Stats file with each download's own time taken out (the rest is one version's)."""
    return json.loads(re.sub(rb'"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d"', b'"-"', body))


@pytest.mark.parametrize("name", ANSWERS)
def test_a_phone_is_sent_the_answer_kept_compressed(client, owner, name):
    """Accept-Encoding: gzip (every browser): the kept compressed file, the same text as a
    script is sent; asked again on another worker, it reads neither journal nor state, and
    nothing compresses it again (GZipMiddleware leaves an answer that says its encoding)."""
    client.force_login(owner)
    campaign = play_log_with(30, owner)
    url = reverse(name, args=[campaign.slug])
    plain = client.get(url)
    states.forget_in_process()
    with CaptureQueriesContext(connection) as first:
        zipped = client.get(url, **PHONE)
    states.forget_in_process()
    with CaptureQueriesContext(connection) as again:
        zipped_again = client.get(url, **PHONE)
    assert zipped["Content-Encoding"] == "gzip" and "Accept-Encoding" in zipped["Vary"]
    assert "Content-Encoding" not in plain and "Accept-Encoding" in plain["Vary"]
    assert int(zipped["Content-Length"]) == len(zipped.content) < len(plain.content)
    text = gzip.decompress(zipped.content)
    if name == "plays_bgstats":
        assert _same_but_the_time(text) == _same_but_the_time(plain.content)
    else:
        assert text == plain.content
    if name != "plays_bgstats":  # the BG Stats file says when it was downloaded
        assert gzip.decompress(zipped_again.content) == text
    assert any("campaigns_entry" in q["sql"] or "campaigns_campaignsnapshot" in q["sql"] for q in first)
    assert not any("campaigns_entry" in q["sql"] or "campaigns_campaignsnapshot" in q["sql"] for q in again)


def test_each_download_of_a_kept_compressed_bg_stats_file_has_its_own_time(client, owner):
    client.force_login(owner)
    campaign = play_log_with(5, owner)
    url = reverse("plays_bgstats", args=[campaign.slug])
    first = gzip.decompress(client.get(url, **PHONE).content)
    real = timezone.localtime
    later_on = datetime.datetime(2031, 5, 6, 7, 8, 9, tzinfo=datetime.UTC)
    with mock.patch.object(timezone, "localtime", lambda value=None, tz=None: real(value or later_on, tz)):
        later = gzip.decompress(client.get(url, **PHONE).content)
    assert b"exported-at" not in later and b"\\u0000" not in later
    dates = {game["modificationDate"] for game in json.loads(later)["games"]}
    assert len(dates) == 1 and dates.pop().startswith("2031-05-06")
    assert _same_but_the_time(first) == _same_but_the_time(later)
