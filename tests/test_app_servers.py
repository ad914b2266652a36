"""Two app servers against one database: a game logged through one is served by the
other from the writer's snapshot, folding nothing it has already seen.

Two gunicorn processes (one worker each, the first sync, the second with 4 threads as docs/deploying.md
deploys it; a cache per process: the case where nothing but the database is shared) run against this test run's database, SQLite file or PostgreSQL. Each
answers with X-Ledger-Entries-Applied (LEDGER_COUNT_FOLDS=1, campaigns/fold_count.py): the
journal entries that process has folded to answer reads. Counts and equalities only, no timings.
"""

import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

import pytest
from django.test import Client
from django.urls import reverse

from campaigns import store
from campaigns.fold_count import HEADER
from campaigns.models import CampaignSnapshot, Entry

from tests.factories import UserFactory
from tests.helpers import ROOT, _database_env
from tests.journal_files import load_journal
from tests.rows import rows_post

# Two app servers started as processes: in `make test` only.
pytestmark = pytest.mark.slow

HTMX = {"HX-Request": "true"}


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]




class Server:
    """One app server: gunicorn serving tracker.wsgi on a free port, with one cookie jar."""

    def __init__(self, cookies: dict, threads: int = 1):
        self.port = _free_port()
        env = {
            **os.environ,
            **_database_env(),
            "DJANGO_DEBUG": "1",  # static files named without a collected manifest, as the tests do
            "LEDGER_COUNT_FOLDS": "1",
            "CACHE_URL": "",
            "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        }
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "tracker.wsgi", "--bind", f"127.0.0.1:{self.port}",
             "--workers", "1", "--threads", str(threads), "--log-level", "warning"],
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        )
        self.cookies = dict(cookies)

    def wait(self, seconds=60):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"the app server stopped: {self.process.stderr.read().decode()}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return
            except OSError:
                time.sleep(0.1)
        raise AssertionError("the app server did not start")

    def request(self, path, data=None, headers=None):
        """(status, headers, body) of one request, cookies kept; redirects not followed."""
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}", data=body, headers=headers or {})
        request.add_header("Cookie", "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
        opener = urllib.request.build_opener(_NoRedirect)
        try:
            response = opener.open(request, timeout=30)
        except urllib.error.HTTPError as error:
            response = error
        with response:
            for header in response.headers.get_all("Set-Cookie") or ():
                name, _, rest = header.partition("=")
                self.cookies[name.strip()] = rest.split(";")[0]
            return response.status, response.headers, response.read().decode()

    def applied(self, path, headers=None):
        status, answer, body = self.request(path, headers=headers)
        assert status in (200, 204), (path, status)
        return int(answer[HEADER]), status, body

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


@pytest.fixture
def two_servers(request):
    servers = []

    def start(cookies):
        pair = [Server(cookies), Server(cookies, threads=4)]
        servers.extend(pair)
        for server in pair:
            server.wait()
        return pair

    yield start
    for server in servers:
        server.stop()


def _four(number):
    return {
        "number": str(number), "played_on": "2026-11-28", "players": "4",
        # Captain America, Falcon, Iron Man, War Machine: the rules' order of the 4-player heroes.
        **rows_post("heroes", [{"player": player} for player in ("Ana", "Ben", "Cid", "Dee")]),
        "winter_soldier": "captain-america", "quinjet": "iron-man",
        "rooms_captain_america": "18", "rooms_iron_man": "12", "action": "save",
    }


@pytest.mark.django_db(transaction=True)
def test_a_play_logged_through_one_app_server_is_served_by_the_other_without_folding_again(two_servers):
    owner = UserFactory()
    log = store.import_journal(load_journal("captain_america_plays.json"), owner=owner)
    client = Client()
    client.force_login(owner)
    one, other = two_servers({"sessionid": client.cookies["sessionid"].value})
    slug, seen = log.slug, log.journal_version
    overview = reverse("campaign_detail", args=[slug])
    state_url = reverse("state_json", args=[slug])
    live = reverse("live", args=[slug])

    # The other server opens the log first: from the importer's snapshot, nothing folded.
    assert other.applied(overview)[0] == 0
    assert other.applied(f"{live}?v={seen}&on=history", HTMX)[:2] == (0, 204)

    # A play logged through the first server (its form, its CSRF token).
    status, _, html = one.request(reverse("game_start", args=[slug]))
    assert status == 200
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)
    status, answer, _ = one.request(
        reverse("game_start", args=[slug]), {**_four(6), "csrfmiddlewaretoken": token}
    )
    assert status == 302, answer
    assert int(answer[HEADER]) == 0  # the writer folded through the store, never for a read

    # The other server: the same state, the live poll hears of play 6, the page shows it, and
    # it applied no entry (it read the writer's snapshot of the new version).
    applied, _, theirs = other.applied(state_url)
    assert applied == 0
    assert json.loads(theirs) == json.loads(one.applied(state_url)[2])
    assert [game["number"] for game in json.loads(theirs)["games"]][-1] == 6
    applied, status, poll = other.applied(f"{live}?v={seen}&on=history&newest=5&oldest=1&top=1", HTMX)
    assert (applied, status) == (0, 200)
    assert f'v={seen + 1}&amp;on=history"' in poll and 'id="play-6"' in poll
    applied, _, page = other.applied(overview)
    assert applied == 0 and "6 plays logged" in page
    assert other.applied(f"{live}?v={seen + 1}&on=history", HTMX)[:2] == (0, 204)


@pytest.mark.django_db(transaction=True)
def test_the_count_is_of_entries_folded_when_no_snapshot_holds_the_version(two_servers):
    owner = UserFactory()
    log = store.import_journal(load_journal("captain_america_plays.json"), owner=owner)
    CampaignSnapshot.objects.filter(pk=log.pk).delete()  # as a campaign saved before snapshots
    client = Client()
    client.force_login(owner)
    one, _ = two_servers({"sessionid": client.cookies["sessionid"].value})
    entries = Entry.objects.filter(campaign=log).count()
    assert one.applied(reverse("state_json", args=[log.slug]))[0] == entries
    assert one.applied(reverse("campaign_detail", args=[log.slug]))[0] == entries  # kept since
