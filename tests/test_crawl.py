"""Every page of every campaign the app ships or tests answers without a server error.

Each journal (the demo's, tests/data's, and one holding every entry and event type the
rules accept, whole and stopped in each phase) is imported; its owner then opens the
campaign's page and follows every link and htmx URL that stays in the campaign, asking for
each page's htmx fragment too, and the board after every game. Any 5xx fails the test,
naming the URL and the page that led there. A journal file puts a game's packets before its
events, so the stopped campaigns are also recorded entry by entry, as the app records them (a
packet opened after the rewards stays there), and crawled.
"""

from __future__ import annotations

import json
from html.parser import HTMLParser
from urllib.parse import parse_qsl, urlencode, urljoin, urlsplit

import pytest
from django.urls import reverse

from campaigns import registry, states, store
from campaigns.rules import risk_legacy

from tests.factories import CampaignFactory
from tests.journal_files import TESTS_OWN, demo_journals
from tests.journals import dawnguard_journals, every_kind_journal, play_log_journals, stopped_journals

HTMX = {"HX-Request": "true"}


def _journals() -> list[tuple[str, dict]]:
    """(id, journal) of every journal the app ships or the tests use, each distinct one once."""
    found: list[tuple[str, dict]] = []
    for path in [*demo_journals(), *sorted(TESTS_OWN.glob("*.json"))]:
        folder = "data" if path.parent == TESTS_OWN else "demo"
        found.append((f"{folder}/{path.name}", json.loads(path.read_text(encoding="utf-8"))))
    found.append(("every kind of entry", every_kind_journal()))
    found += [(f"stopped: {phase}", data) for phase, data in stopped_journals().items()]
    found += list(play_log_journals().items())  # corrections and deletions of plays
    found += list(dawnguard_journals().items())  # every Dawnguard entry kind and event
    distinct: list[tuple[str, dict]] = []
    for name, data in found:
        if all(data != other for _, other in distinct):
            distinct.append((name, data))
    return distinct


JOURNALS = _journals()
# The fast tier crawls one campaign of each system, each stopped at a different step; `make
# test` crawls every journal.
CRAWLED_IN_THE_FAST_TIER = {
    "stopped: playing",
    "data/dawnguard_campaign.json",
    "data/risk_skyrim_first_to_ten.json",
    "demo/captain_america_plays.json",
}


def _tiered(names):
    return [
        pytest.param(name, marks=() if name in CRAWLED_IN_THE_FAST_TIER else pytest.mark.slow, id=name)
        for name in names
    ]


class _Links(HTMLParser):
    """The URLs a page leads to with GET: links, htmx GETs, GET forms' actions, and a GET
    form's action with each option of its menus (the history's player filter)."""

    def __init__(self):
        super().__init__()
        self.urls: list[tuple[str, bool]] = []  # (url, asked by htmx)
        self.form: dict[str, str] | None = None  # the GET form being read
        self.select: str | None = None  # the name of the menu being read

    def handle_starttag(self, tag, attrs):
        attributes = {name: value or "" for name, value in attrs}
        if tag == "a" and attributes.get("href"):
            self.urls.append((attributes["href"], False))
        if attributes.get("hx-get"):
            self.urls.append((attributes["hx-get"], True))
        if tag == "form" and attributes.get("method", "get").lower() == "get":
            self.form = attributes
            if attributes.get("action"):
                self.urls.append((attributes["action"], False))
        elif tag == "select" and self.form is not None:
            self.select = attributes.get("name")
        elif tag == "option" and self.form is not None and self.select:
            query = "?" + urlencode({self.select: attributes.get("value", "")})
            if self.form.get("action"):
                self.urls.append((self.form["action"] + query, False))
            if self.form.get("hx-get"):
                self.urls.append((self.form["hx-get"] + query, True))

    def handle_endtag(self, tag):
        if tag == "form":
            self.form = None
        elif tag == "select":
            self.select = None


def _canonical(url: str) -> str:
    """The path and its query, parameters sorted, without the fragment."""
    parts = urlsplit(url)
    query = urlencode(sorted(parse_qsl(parts.query, keep_blank_values=True)))
    return parts.path + (f"?{query}" if query else "")


def _worth_opening(campaign, url: str, touched: dict[int, set[str]]) -> bool:
    """Whether to open a page the crawl found. A territory's page after an earlier game is
    opened for the territories that game touched (its HQs, events and rewards): the board
    links all 42 after every game, and the others' pages run the same code on marks already
    opened elsewhere. Every territory's page is opened as it is now."""
    parts = urlsplit(url)
    board = reverse("board", args=[campaign.slug])
    if not parts.path.startswith(board) or parts.path == board:
        return True
    game = dict(parse_qsl(parts.query)).get("game", "")
    if not game.isdecimal() or int(game) >= campaign.games_played:
        return True
    return parts.path[len(board):].strip("/") in touched.get(int(game), set())


def _touched(campaign) -> dict[int, set[str]]:
    """Game -> the slugs of the territories it touched, from the folded state's records."""
    if campaign.system != "risk-legacy":
        return {}
    state = states.state(campaign)
    touched: dict[int, set[str]] = {}
    for change in state.changes:
        if change.territory and change.game is not None:
            touched.setdefault(change.game, set()).add(change.territory_slug)
    for game in state.games:
        touched.setdefault(game.number, set()).update(risk_legacy.territory_slug(s.start) for s in game.seats)
    return touched


def crawl(client, campaign) -> dict[str, int]:
    """Every GET page of the campaign reachable from its page: {url: status}. Fails on a 5xx."""
    touched = _touched(campaign)
    prefix = reverse("campaign_detail", args=[campaign.slug])
    board = reverse("board", args=[campaign.slug])
    starts = [prefix, reverse("home"), reverse("stats")]
    state_json = reverse("state_json", args=[campaign.slug])
    starts += [f"{board}?game={n}" for n in range(campaign.games_played + 1)]
    starts += [f"{state_json}?as_of={n}" for n in range(campaign.games_played + 1)]
    # The app pages that read every campaign (home, stats) are asked for as htmx too.
    queue: list[tuple[str, bool, str]] = [(url, htmx, "the start") for url in starts for htmx in (False, True)]
    seen: dict[tuple[str, bool], int] = {}
    while queue:
        url, htmx, came_from = queue.pop()
        key = (_canonical(url), htmx)
        if key in seen or not _worth_opening(campaign, url, touched):
            continue
        asked = f"{url}{' (htmx)' if htmx else ''}, linked from {came_from}"
        try:
            response = client.get(url, headers=HTMX if htmx else {})
        except Exception as error:  # the test client re-raises what a 500 page would hide
            pytest.fail(f"{error!r} on {asked}")
        seen[key] = response.status_code
        assert response.status_code < 500, f"{response.status_code} on {asked}"
        if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
            continue
        if not htmx and "HX-Request" in response.get("Vary", ""):
            queue.append((url, True, came_from))  # the same URL answers htmx with a fragment
        if not url.startswith(prefix) and url not in starts:
            continue
        links = _Links()
        links.feed(response.content.decode())
        for found, by_htmx in links.urls:
            target = urljoin(url, found)
            if urlsplit(target).netloc or not target.startswith(prefix):
                continue  # another site, another campaign or an app page: not this campaign's
            queue.append((target, by_htmx, url))
    return {f"{url}{' (htmx)' if htmx else ''}": status for (url, htmx), status in seen.items()}


JOURNAL_OF = dict(JOURNALS)


@pytest.mark.parametrize("name", _tiered(JOURNAL_OF))
def test_every_page_of_a_campaign_answers_its_owner_without_a_server_error(client, owner, name):
    campaign = store.import_journal(JOURNAL_OF[name], owner=owner)
    client.force_login(owner)
    pages = crawl(client, campaign)
    # The crawl did reach the campaign's pages (a broken link extractor would pass vacuously).
    assert pages[reverse("campaign_detail", args=[campaign.slug])] == 200
    if campaign.system == "risk-legacy":
        assert pages[reverse("history", args=[campaign.slug])] == 200
        territory = reverse("territory_history", args=[campaign.slug, "egypt"])
        assert pages[territory] == 200
    # A play log's looking-back pages are reached by its links: standings, history, each play.
    if "play_detail" in registry.system_of(campaign).pages:
        state = states.state(campaign)
        numbers = sorted([game.number for game in state.games] + list(state.deleted))  # page 1: the latest 20
        for url in [reverse("standings", args=[campaign.slug]), reverse("history", args=[campaign.slug])] + [
            reverse("play_detail", args=[campaign.slug, number]) for number in numbers[-20:]
        ]:
            assert pages.get(url) == 200, url


RECORDED_STOPS = ("rewards, a packet opened", "between games, a packet opened")


@pytest.mark.slow
@pytest.mark.parametrize("phase", RECORDED_STOPS)
def test_every_page_answers_with_entries_in_the_order_the_app_records_them(client, owner, phase):
    """A journal file puts a game's packets before its events; the app records a packet where
    it was opened (after the rewards), and the pages read the entries in that order (Play's
    latest entries, undo, the history)."""
    from tests.journals import PLAYERS, _every_kind

    built = _every_kind()
    campaign = CampaignFactory(name=f"Recorded: {phase}", system="risk-legacy", owner=owner,
                                     players=PLAYERS)
    store.append(campaign, built.entries[: built.stops[phase]])
    client.force_login(owner)
    pages = crawl(client, campaign)
    assert pages[reverse("play", args=[campaign.slug])] == 200
    assert pages[reverse("undo", args=[campaign.slug])] == 200


@pytest.mark.parametrize(
    "name", [pytest.param("Every kind of Skyrim play", marks=pytest.mark.slow), "Every kind of Civil War play"]
)
def test_every_page_answers_after_a_deletion_is_undone(client, owner, name):
    """A group deletes a play (corrected before), then takes the deletion back: the play counts
    again and every page, the play's own page among them, answers."""
    from campaigns.rules import play_log

    from tests.journals import PLAYERS, play_logs

    rules, entries = play_logs()[name]
    deletion = next(i for i, entry in enumerate(entries) if entry.kind == play_log.DELETION)
    campaign = CampaignFactory(name=f"Undone: {name}", system=rules.KEY, owner=owner, players=PLAYERS)
    for entry in entries[: deletion + 1]:
        store.append(campaign, [entry])
    undone = store.undo_last(campaign, owner)
    assert undone.kind == play_log.DELETION
    number = undone.data["number"]
    assert not states.state(campaign).is_deleted(number)
    client.force_login(owner)
    pages = crawl(client, campaign)
    assert pages[reverse("play_detail", args=[campaign.slug, number])] == 200


def test_the_every_kind_journal_holds_every_entry_kind_event_type_and_choice():
    """The crawl sees every shape the app can write: when the rules learn a new entry kind,
    event type, reward choice or optional key, this fails until tests/journals.py holds it."""
    from campaigns.rules import risk_legacy as rl
    from campaigns.rules.risk_legacy.fold import _HANDLERS

    from tests.journals import _every_kind

    built = _every_kind()
    state = rl.new_state(built.players)
    kinds, events, choices, packets_in, charts_in = set(), set(), set(), set(), []
    for entry in built.entries:
        kinds.add(entry.kind)
        if entry.kind == "event":
            events.add(entry.data["type"])
            events.update(f"{entry.data['type']}.{key}" for key in entry.data if key in
                          rl.EVENT_OPTIONAL_FIELDS.get(entry.data["type"], ()))
        elif entry.kind == "reward":
            choices.add(entry.data["choice"]["type"] if entry.data["choice"] else None)
        elif entry.kind == "packet":
            packets_in.add(state.phase)  # during a game, during its rewards, between games
        elif entry.kind == "trade_in_chart":
            charts_in.append(len(state.games))  # before game 1, mid-campaign
        rl.apply(state, entry)
    assert kinds == set(_HANDLERS)
    assert events == set(rl.EVENT_FIELDS) | {
        f"{kind}.{key}" for kind, keys in rl.EVENT_OPTIONAL_FIELDS.items() for key in keys
    }
    assert choices == set(rl.CHOICE_FIELDS) | {None}
    assert packets_in == {rl.PHASE_PLAYING, rl.PHASE_REWARDS, rl.PHASE_READY}
    assert charts_in[0] == 0 and any(0 < games < rl.LAST_REWARD_GAME for games in charts_in)
    stopped = {phase: rl.new_state(built.players) for phase in built.stops}
    for phase, state in stopped.items():
        for entry in built.entries[: built.stops[phase]]:
            rl.apply(state, entry)
    assert {state.phase for state in stopped.values()} == {rl.PHASE_READY, rl.PHASE_PLAYING, rl.PHASE_REWARDS}
    # A campaign stopped right after a packet opened during rewards, and one between games.
    just_opened = {
        state.phase
        for phase, state in stopped.items()
        if built.entries[built.stops[phase] - 1].kind == "packet"
    }
    assert just_opened == {rl.PHASE_REWARDS, rl.PHASE_READY}
