"""Every page paired with its own bare run: each page request is timed right after
a request to a bare Django view through the same middleware (bench_urls.py), the ratio taken
pair by pair, its median over the pairs of a round, and the median and spread (lowest–highest)
of three rounds, the rounds taken across every page in turn so a busy spell slows all alike.
Every request accepts gzip, as a phone's browser does (PHONE).

Also: the stats page for a member of 1, 50 and 500 campaigns, the first page on another worker
after a write (× that page's warm time), and a fresh worker's peak memory after /stats/ over
500 campaigns. Run by `make bench` (after journal_bench.py); docs/speed.md quotes the figures.
Nothing here passes or fails. Its own throwaway SQLite file unless DATABASE_URL is set.
"""

import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path[:0] = [str(ROOT), str(BENCH)]
from servers import PHONE_ENCODINGS  # noqa: E402

ROUNDS, PAIRS = 3, 11
BARE = "/bench/bare/"


def load_average() -> str:
    return " ".join(f"{value:.1f}" for value in os.getloadavg())


def set_up():
    from journal_bench import set_up_django

    set_up_django()
    from django.test.utils import override_settings

    override_settings(ROOT_URLCONF="bench_urls").enable()


def copies(original, owner, count: int, tag: str):
    """`count` more campaigns like `original` for `owner` (roster and snapshot, saved in bulk;
    the stats page reads snapshots, never journals)."""
    from campaigns.models import Campaign, CampaignSnapshot, Membership, Player

    snapshot = CampaignSnapshot.objects.get(pk=original.pk)
    made = Campaign.objects.bulk_create(
        Campaign(name=f"{original.name} {tag}{n}", slug=f"{original.slug}-{tag}{n}", system=original.system,
                 journal_version=original.journal_version, games_played=original.games_played,
                 games_finished=original.games_finished, last_played_on=original.last_played_on,
                 invite_token=f"bench-{tag}{n}-{original.pk}")
        for n in range(count)
    )
    players = list(original.players.values_list("name", "position"))
    Membership.objects.bulk_create(Membership(campaign=c, user=owner, role="owner") for c in made)
    Player.objects.bulk_create(Player(campaign=c, name=name, position=p) for c in made for name, p in players)
    CampaignSnapshot.objects.bulk_create(
        CampaignSnapshot(
            campaign=c,
            journal_version=snapshot.journal_version,
            state_format=snapshot.state_format,
            last_game=snapshot.last_game,
            state=snapshot.state,
            through_position=snapshot.through_position,
            state_bytes=snapshot.state_bytes,
            folds_from=snapshot.folds_from,
        )
        for c in made
    )


def account(name):
    from django.contrib.auth import get_user_model

    return get_user_model().objects.get_or_create(username=name)[0]


def client_for(user):
    from django.test import Client

    client = Client()
    client.force_login(user)
    return client


# The pages each game's campaigns are timed on, by the names the bench prints.
URL_NAMES = {"play": "play", "history": "history", "board": "board", "standings": "standings",
             "a play's page": "play_detail", "log a play": "game_start", "state.json": "state_json",
             "journal download": "journal_download", "BG Stats export": "plays_bgstats"}
RISK_LEGACY_PAGES = ("overview", "play", "history", "board", "state.json")
DAWNGUARD_PAGES = ("overview", "play", "history")
PLAY_LOG_PAGES = ("overview", "history", "standings", "a play's page", "log a play", "state.json")


def build():
    """(pages, campaigns): each page as (label, client, url), on the demo journals and the
    journals at the upload limits (Risk Legacy 500 games, Dawnguard 480 sittings), a 100- and a
    5,000-play log, and the stats of members of 1, 50 and 500 campaigns."""
    from django.urls import reverse
    from journal_bench import import_text, skyrim_log

    from bench.big_journals import dawnguard_journal, demo_journal, risk_legacy_journal
    from campaigns import store

    owner = account("bench-pages")

    def imported(file_name):
        return store.import_journal(json.loads(demo_journal(file_name).read_text()), owner)

    def at(name, campaign, **kwargs):
        return reverse(name, kwargs={"slug": campaign.slug, **kwargs})

    risk, dawnguard = imported("risk_legacy_15_games.json"), imported("dawnguard_campaign.json")
    risk_500 = store.import_journal(risk_legacy_journal(500), owner)
    dawnguard_480 = store.import_journal(dawnguard_journal(480), owner)
    log = import_text(json.dumps(skyrim_log(100)), owner)
    log_5000 = import_text(json.dumps({**skyrim_log(5000), "name": "5,000 plays"}), owner)
    client = client_for(owner)

    def pages_of(title: str, campaign, names, **play) -> list:
        """(label, client, url) of each named page of `campaign`, "overview" its own address."""
        return [
            (f"{title}: {name}", client, campaign.get_absolute_url() if name == "overview"
             else at(URL_NAMES[name], campaign, **(play if name == "a play's page" else {})))
            for name in names
        ]

    pages = [
        *pages_of("Risk Legacy (15 games)", risk, RISK_LEGACY_PAGES),
        (
            "Risk Legacy (15 games): live poll, unchanged",
            client,
            f"{at('live', risk)}?v={risk.journal_version}",
        ),
        *pages_of("Dawnguard (12 sittings)", dawnguard, DAWNGUARD_PAGES),
        *pages_of("100 plays", log, PLAY_LOG_PAGES, number=50),
        *pages_of("Risk Legacy (500 games)", risk_500, (*RISK_LEGACY_PAGES, "journal download")),
        *pages_of("Dawnguard (480 sittings)", dawnguard_480, (*DAWNGUARD_PAGES, "state.json")),
        *pages_of(
            "5,000 plays", log_5000, (*PLAY_LOG_PAGES, "journal download", "BG Stats export"), number=2500
        ),
    ]
    stats_users = {}
    for count in (1, 50, 500):
        member = account(f"bench-stats-{count}")
        fifteen = json.loads(demo_journal("risk_legacy_15_games.json").read_text())
        first = store.import_journal(fifteen, member)
        copies(first, member, count - 1, tag=f"s{count}-")
        stats_users[count] = member
        pages.append((f"stats, member of {count} campaigns", client_for(member), reverse("stats")))
    one_log = account("bench-stats-log")
    store.import_journal(json.loads(json.dumps(skyrim_log(5000))), one_log)
    pages.append(("stats, one 5,000-play log", client_for(one_log), reverse("stats")))
    campaigns = {"risk": risk, "dawnguard": dawnguard, "log": log, "risk_500": risk_500,
                 "dawnguard_480": dawnguard_480, "log_5000": log_5000, "owner": owner}
    return pages, campaigns, stats_users


# Every request asks as a phone's browser does: pages and downloads over 200 bytes come back
# compressed (GZipMiddleware, or a download kept compressed), and that is part of their time.
PHONE = {"HTTP_ACCEPT_ENCODING": PHONE_ENCODINGS}


def timed(client, url) -> float:
    start = time.perf_counter()
    response = client.get(url, **PHONE)
    elapsed = time.perf_counter() - start
    assert response.status_code in (200, 204), (url, response.status_code)
    return elapsed


def paired(pages):
    """{label: (median ratio, lowest round, highest round, median ms, bare median ms)}."""
    for _, client, url in pages:  # compiled, imported, cached: warm from here on
        timed(client, url), timed(client, url)
    rounds = {label: [] for label, _, _ in pages}
    page_ms = {label: [] for label, _, _ in pages}
    bare_ms = {label: [] for label, _, _ in pages}
    for _ in range(ROUNDS):
        for label, client, url in pages:
            ratios = []
            for _ in range(PAIRS):
                bare = timed(client, BARE)
                page = timed(client, url)
                ratios.append(page / bare)
                page_ms[label].append(page * 1000)
                bare_ms[label].append(bare * 1000)
            rounds[label].append(statistics.median(ratios))
    return {
        label: (statistics.median(values), min(values), max(values),
                statistics.median(page_ms[label]), statistics.median(bare_ms[label]))
        for label, values in rounds.items()
    }


def another_worker_after_a_write(campaigns, pages_by_label):
    """The first page in a worker that did not serve the write (its memo and its per-process
    cache empty: it reads the writer's snapshot), × that page's warm time, median of 5."""
    from django.core.cache import cache

    from campaigns import states, store
    from campaigns.models import Campaign
    from campaigns.rules.base import Entry

    owner = campaigns["owner"]
    results = {}
    for label, key in (
        ("Risk Legacy (15 games): overview", "risk"),
        ("Dawnguard (12 sittings): play", "dawnguard"),
        ("100 plays: history", "log"),
        ("Risk Legacy (500 games): overview", "risk_500"),
        ("Dawnguard (480 sittings): play", "dawnguard_480"),
        ("5,000 plays: history", "log_5000"),
    ):  # a log's standings after a play is logged: standings_after_a_play
        _, client, url = pages_by_label[label]
        ratios, applied = [], 0
        for _ in range(5):
            campaign = Campaign.objects.get(pk=campaigns[key].pk)
            last = campaign.entries.live().order_by("-position").first()
            store.undo_last(campaign, owner)
            store.append(campaign, [Entry(last.kind, last.data)], owner)  # the writer's worker
            states.forget_in_process()
            cache.clear()
            before = states.entries_applied()
            first = timed(client, url)
            applied += states.entries_applied() - before
            warm = statistics.median(timed(client, url) for _ in range(5))
            ratios.append(first / warm)
        results[label] = (statistics.median(ratios), min(ratios), max(ratios), applied)
    return results


def standings_after_a_play(campaigns, pages_by_label):
    """A play log's standings right after a play is logged (the writes since named only that
    play: its stored tally extended by it), × warm, median of 5: on the worker that showed them
    before, and on another (its memo and per-process cache empty)."""
    from django.core.cache import cache

    from campaigns import states, store
    from campaigns.models import Campaign
    from campaigns.rules.base import Entry

    owner = campaigns["owner"]
    results = {}
    for label, key in (("100 plays: standings", "log"), ("5,000 plays: standings", "log_5000")):
        _, client, url = pages_by_label[label]
        for elsewhere in (False, True):
            ratios = []
            for _ in range(5):
                campaign = Campaign.objects.get(pk=campaigns[key].pk)
                last = campaign.entries.live().order_by("-position").first()
                store.undo_last(campaign, owner)  # the log one play short of its size (its limit)
                timed(client, url)  # shown before, at this version
                store.append(campaign, [Entry(last.kind, last.data)], owner)  # then the play logged
                if elsewhere:
                    states.forget_in_process()
                    cache.clear()
                first = timed(client, url)
                warm = statistics.median(timed(client, url) for _ in range(5))
                ratios.append(first / warm)
            where = "another worker" if elsewhere else "the same worker"
            results[f"{label}, {where}"] = (statistics.median(ratios), min(ratios), max(ratios))
    return results


def live_refresh_on_another_worker(campaigns):
    """With a shared cache (CACHE_URL: several app servers), a write as a table makes it: the
    recording phone is sent to its page (Play; a log's play page) and renders the new version's
    kept part, then another phone's live refresh comes to a worker whose memo is empty (the
    cache shared). × that refresh's warm time, median of 5, and the checkpoints it read."""
    from django.urls import reverse

    from campaigns import states, store
    from campaigns.models import Campaign
    from campaigns.rules.base import Entry

    owner = campaigns["owner"]
    client = client_for(owner)
    results = {}
    for label, key in (
        ("Risk Legacy (15 games)", "risk"), ("Dawnguard (12 sittings)", "dawnguard"), ("100 plays", "log"),
        ("Risk Legacy (500 games)", "risk_500"), ("Dawnguard (480 sittings)", "dawnguard_480"),
        ("5,000 plays", "log_5000"),
    ):
        ratios, read = [], 0
        for _ in range(5):
            campaign = Campaign.objects.get(pk=campaigns[key].pk)
            seen = campaign.journal_version
            last = campaign.entries.live().order_by("-position").first()
            store.undo_last(campaign, owner)
            store.append(campaign, [Entry(last.kind, last.data)], owner)
            campaign.refresh_from_db()
            slug = campaign.slug
            if key.startswith("log"):
                number = campaign.games_played
                recorder = reverse("play_detail", kwargs={"slug": slug, "number": last.game_number})
                live = (f"{reverse('live', kwargs={'slug': slug})}?v={seen}&on=history"
                        f"&newest={number}&oldest={max(number - 19, 1)}&top=1")
            else:
                recorder = reverse("play", kwargs={"slug": slug})
                live = f"{reverse('live', kwargs={'slug': slug})}?v={seen}"
            timed(client, recorder)  # the recording phone's page, on the writer's worker
            states.forget_in_process()  # another worker: its memo empty, the cache shared
            before = states.checkpoints_read()
            first = timed(client, live)
            read += states.checkpoints_read() - before
            warm = statistics.median(timed(client, live) for _ in range(5))
            ratios.append(first / warm)
        results[label] = (statistics.median(ratios), min(ratios), max(ratios), read)
    return results


WORKER = """
import json, sys
sys.path[:0] = [sys.argv[2], sys.argv[3]]
from journal_bench import set_up_django
set_up_django()
from django.test.utils import override_settings
override_settings(ROOT_URLCONF="bench_urls").enable()
from django.contrib.auth import get_user_model
from django.test import Client
def peak_kb():
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
import time
warm = Client()
warm.force_login(get_user_model().objects.get(pk=int(sys.argv[4])))
assert warm.get("/stats/").status_code == 200  # code imported, templates compiled: not counted
client = Client()
client.force_login(get_user_model().objects.get(pk=int(sys.argv[1])))
before = peak_kb()
start = time.perf_counter()
assert client.get("/stats/", HTTP_ACCEPT_ENCODING=sys.argv[5]).status_code == 200
elapsed = (time.perf_counter() - start) * 1000
print(json.dumps([before, peak_kb(), elapsed]))
"""


def stats_memory(user, warm_user) -> tuple[float, float, float]:
    """(MB resident before, peak MB after, ms) of a fresh worker serving /stats/ over 500
    campaigns, after the stats of one campaign (code imported, templates compiled)."""
    env = {**os.environ}
    done = subprocess.run(
        [sys.executable, "-c", WORKER, str(user.pk), str(ROOT), str(BENCH), str(warm_user.pk),
         PHONE_ENCODINGS],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    before, peak, elapsed = json.loads(done.stdout.strip().splitlines()[-1])
    return before / 1024, peak / 1024, elapsed


def main():
    set_up()
    print(f"load average before: {load_average()}")
    pages, campaigns, stats_users = build()
    figures = paired(pages)
    print(f"Pages paired with a bare view (each page request right after a bare one; median ratio of "
          f"{PAIRS} pairs a round, median and spread of {ROUNDS} rounds)")
    print(f"{'page':<44} {'x bare':>7} {'spread':>13} {'page ms':>8} {'bare ms':>8}")
    for label, (ratio, low, high, page, bare) in figures.items():
        print(f"{label:<44} {ratio:7.1f} {f'{low:.1f}-{high:.1f}':>13} {page:8.1f} {bare:8.2f}")
    print()
    by_label = {label: (label, client, url) for label, client, url in pages}
    print(
        "First page on another worker after a write (its memo and per-process cache empty), x its warm time:"
    )
    for label, (ratio, low, high, applied) in another_worker_after_a_write(campaigns, by_label).items():
        print(f"{label:<44} x{ratio:4.1f} ({low:.1f}-{high:.1f}), entries folded: {applied}")
    print()
    print("A play log's standings right after a play is logged, x its warm time:")
    for label, (ratio, low, high) in standings_after_a_play(campaigns, by_label).items():
        print(f"{label:<44} x{ratio:4.1f} ({low:.1f}-{high:.1f})")
    print()
    print("With a shared cache: another phone's live refresh on another worker after a write "
          "(the recording phone's page rendered first), x its warm time:")
    for label, (ratio, low, high, read) in live_refresh_on_another_worker(campaigns).items():
        print(f"{label:<44} x{ratio:4.1f} ({low:.1f}-{high:.1f}), checkpoints read: {read}")
    print()
    from campaigns.models import CampaignStatsRecord

    for kept in (True, False):
        runs = []
        for _ in range(3):
            if not kept:  # as after an import of 500 campaigns nobody has looked at the stats of
                CampaignStatsRecord.objects.filter(campaign__memberships__user=stats_users[500]).delete()
            runs.append(stats_memory(stats_users[500], stats_users[1]))
        before, peak = max(run[0] for run in runs), max(run[1] for run in runs)
        times = sorted(run[2] for run in runs)
        print(f"a fresh worker serving /stats/ over 500 campaigns, "
              f"{'their records kept' if kept else 'no record kept yet (the first view ever)'}: "
              f"{before:.0f} MB resident before, peak {peak:.0f} MB after (aim < 200 MB); "
              f"{times[1]:.0f} ms ({times[0]:.0f}-{times[2]:.0f}), median of 3 fresh workers (aim 300 ms)")
    print(f"load average after: {load_average()}")


if __name__ == "__main__":
    main()
