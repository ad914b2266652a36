"""Medians over repeated runs: importing a 15-game Risk Legacy journal, folding it, and
reading the cached state; then a long play log: importing 100 and 1,000 Risk: Skyrim plays,
the peak memory of a fresh process importing 1,000 plays and showing their first page, and
the overview of a 100- and a 1,000-play log, cold and warm, with their ratios side by side.
Every page as a ratio to a bare Django view, paired: bench/paired_bench.py.
Run with `make bench`; docs/speed.md quotes the figures. Nothing here is a pass or fail: the
figures depend on the machine, their ratios much less.

It uses its own throwaway SQLite file (WAL, as in production) unless DATABASE_URL is set.
"""

import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
JOURNAL = ROOT / "campaigns" / "systems" / "risk_legacy" / "journals" / "risk_legacy_15_games.json"
RUNS = 30


def median_ms(action, runs=RUNS):
    timings = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        timings.append((time.perf_counter() - start) * 1000)
    return statistics.median(timings)


def set_up_django():
    """Django on a throwaway database, answering test-client requests as in production."""
    workdir = tempfile.mkdtemp(prefix="ledger-bench-")
    os.environ.setdefault("SQLITE_PATH", str(Path(workdir) / "bench.sqlite3"))
    os.environ.setdefault("DJANGO_SECRET_KEY", "bench-only-" + "x" * 50)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tracker.settings")
    os.environ.setdefault("DJANGO_ALLOWED_HOSTS", "testserver")
    os.environ.setdefault("DJANGO_SECURE_SSL_REDIRECT", "0")
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.test.utils import override_settings

    # Pages name static files without a collected manifest (as the tests do).
    override_settings(
        STORAGES={**settings.STORAGES, "staticfiles": {
            "BACKEND": "campaigns.web.static_files.KeptStaticFilesStorage"}}
    ).enable()
    call_command("migrate", verbosity=0)


def main():
    set_up_django()
    from campaigns import registry, states, store
    from campaigns.models import Campaign
    from campaigns.rules import base, journal

    data = json.loads(JOURNAL.read_text())
    system, _, players, entries = journal.read(data, [registered.rules for registered in registry.systems()])

    imported = []
    import_ms = median_ms(lambda: imported.append(store.import_journal(data)))
    fold_ms = median_ms(lambda: base.fold(system, players, entries))
    campaign = Campaign.objects.get(pk=imported[-1].pk)
    states.state(campaign)  # warm the cache, as the first page view after a write does
    read_ms = median_ms(lambda: states.state(campaign), runs=1000)
    json_ms = median_ms(lambda: states.state_json(campaign), runs=200)

    def read_in_a_fresh_process():
        states.forget_in_process()
        states.state(campaign, as_of=7)

    shared_ms = median_ms(read_in_a_fresh_process, runs=200)

    print(f"journal: {JOURNAL.relative_to(ROOT)} ({len(data['games'])} games, {len(entries)} entries)")
    print(f"import_journal (parse, fold, save)  median {import_ms:8.2f} ms   (aim < 300 ms)")
    print(f"fold the whole journal              median {fold_ms:8.2f} ms")
    print(f"cached state read                   median {read_ms:8.3f} ms   (aim < 1 ms)")
    print(
        f"cached state read, other process    median {shared_ms:8.3f} "
        "ms   (a state as of game 7, unpickled from Django's cache)"
    )
    print(f"state as campaign_state JSON        median {json_ms:8.3f} ms")
    print()
    long_play_log()
    # Every page against a bare view, paired: bench/paired_bench.py (also in `make bench`).


# A long play log ----------------------------------------------------------------------------

PLAYERS = ["Ana", "Ben", "Cid", "Dee", "Eve"]
SHORT, LONG = 100, 1_000


def skyrim_log(plays: int, seed: int = 7) -> dict:
    """A Risk: Skyrim journal of random plays, each one checked by the rules layer as it is
    drawn (a play the rules refuse is drawn again), in all three modes with 2 to 5 seats."""
    from campaigns.rules import risk_skyrim as rules
    from campaigns.rules.base import Entry, RuleError

    rng = random.Random(seed)
    state = rules.new_state(PLAYERS)
    games = []
    while len(games) < plays:
        number = len(games) + 1
        mode = rng.choice(list(rules.MODES))
        count = rng.choice(list(rules.PLAYER_COUNTS[mode]))
        seated = zip(rng.sample(PLAYERS, count), rng.sample(rules.FACTIONS, count))
        winner = rng.randrange(count)
        seats, territories_left = [], rules.TERRITORIES
        for index, (player, faction) in enumerate(seated):
            seat = {"player": player, "faction": faction}
            if mode == rules.CHAOS:
                held = rng.randint(0, territories_left // 2)
                territories_left -= held
                forts, portals = min(held, rng.randint(0, 1)), min(held, rng.randint(0, 1))
                seat.update(territories=held, forts=forts, portals=portals)
            elif mode == rules.DOVAHKIIN:
                seat.update(victory_points=10 if index == winner else rng.randint(0, 9), hero_alive=True)
            else:
                seat["territories"] = rules.TERRITORIES if index == winner else 0
                if index != winner:
                    seat["eliminated_in_turn"] = rng.randint(1, 20)
            seats.append(seat)
        day = 1 + number % 28
        played_on = f"{2010 + number // 336}-{1 + (number // 28) % 12:02d}-{day:02d}"
        game = {"number": number, "played_on": played_on, "mode": mode, "seats": seats}
        try:
            rules.apply(state, Entry("game", game))
        except RuleError:
            continue
        games.append(game)
    return {"format": "campaign-journal/1", "system": rules.KEY, "name": f"{plays} plays",
            "players": PLAYERS, "games": games}


def side_by_side(actions: dict, runs: int) -> dict:
    """The median milliseconds of each action, their runs taken in turn (100 plays, 1,000
    plays, 100, ...) so that a machine busy for a while slows both alike and the ratio holds."""
    timings = {key: [] for key in actions}
    for _ in range(runs):
        for key, action in actions.items():
            start = time.perf_counter()
            action()
            timings[key].append((time.perf_counter() - start) * 1000)
    return {key: statistics.median(values) for key, values in timings.items()}


def import_text(text: str, owner):
    """What `import_journal` and the upload do: parse, check every rule, fold, save."""
    from campaigns import store
    from campaigns.rules import journal

    return store.import_journal(journal.parse_json(text), owner)


def overview_timer(campaign, owner):
    """(folded, cold, warm): the overview page as a server process answers it
    - folded: with nothing kept in the process nor cached (a worker that did not serve the
      write: the writer's snapshot read from the database, nothing folded),
    - cold: first in a new process whose shared cache holds the state (unpickled from it, as
      the Risk Legacy figures above count "other process"),
    - warm: after that (the timeline kept in the process)."""
    from django.core.cache import cache
    from django.test import Client

    from campaigns import states

    client = Client()
    client.force_login(owner)
    url = campaign.get_absolute_url()

    def folded():
        states.forget_in_process()
        cache.clear()
        assert client.get(url).status_code == 200

    def cold():
        states.forget_in_process()
        assert client.get(url).status_code == 200

    def warm():
        assert client.get(url).status_code == 200

    return folded, cold, warm


def owner_account(name="bench"):
    from django.contrib.auth import get_user_model

    return get_user_model().objects.get_or_create(username=name)[0]


def long_play_log():
    owner = owner_account()
    texts = {plays: json.dumps(skyrim_log(plays)) for plays in (SHORT, LONG)}
    exported = {plays: len(json.dumps(json.loads(text), indent=2)) for plays, text in texts.items()}
    imported = {}
    def importer(plays):
        return lambda: imported.__setitem__(plays, import_text(texts[plays], owner))

    import_ms = side_by_side({plays: importer(plays) for plays in texts}, runs=7)
    timers = {plays: overview_timer(imported[plays], owner) for plays in texts}
    folded_ms = side_by_side({plays: timers[plays][0] for plays in texts}, runs=9)
    cold_ms = side_by_side({plays: timers[plays][1] for plays in texts}, runs=9)
    for plays in texts:
        timers[plays][2]()  # the timeline kept in the process from here on
    warm_ms = side_by_side({plays: timers[plays][2] for plays in texts}, runs=21)
    peak_rss_mb, traced_mb = memory_in_a_fresh_process()

    def row(what, short, long, aim):
        print(f"{what:<38} {short:9.1f} ms {long:9.1f} ms   x{long / short:5.1f}   ({aim})")

    print(f"A long play log: random Risk: Skyrim plays ({SHORT} and {LONG:,}; exported "
          f"{exported[SHORT] / 1024:.0f} KB and {exported[LONG] / 1024:.0f} KB)")
    print(f"{'':<38} {SHORT:>9} pl {LONG:>9,} pl   ratio")
    row("import_journal (parse, fold, save)", import_ms[SHORT], import_ms[LONG], "aim: about x10")
    row("overview, cold (new process)", cold_ms[SHORT], cold_ms[LONG], "aim: at most x3")
    row("overview, warm", warm_ms[SHORT], warm_ms[LONG], "aim: at most x3")
    row("overview, nothing kept (snapshot)", folded_ms[SHORT], folded_ms[LONG], "the writer's snapshot read")
    print(f"peak memory of a fresh process importing {LONG:,} plays and showing their overview: "
          f"{peak_rss_mb:.0f} MB resident (aim < 300 MB), of which {traced_mb:.0f} MB allocated by Python "
          f"for the import and the page")
    return imported


def memory_in_a_fresh_process() -> tuple[float, float]:
    """(peak resident MB, peak MB Python allocated while importing and showing the page) of a
    new process that imports the 1,000-play log and shows its overview once."""
    answer = subprocess.run(
        [sys.executable, __file__, "--memory", str(LONG)], capture_output=True, text=True, check=True
    )
    peak_rss_mb, traced_mb = answer.stdout.split()[-2:]
    return float(peak_rss_mb), float(traced_mb)


def memory_child(plays: int) -> None:
    set_up_django()
    owner = owner_account()
    text = json.dumps(skyrim_log(plays))
    tracemalloc.start()
    campaign = import_text(text, owner)
    folded, _, _ = overview_timer(campaign, owner)
    folded()
    traced_peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    peak_rss_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KB on Linux
    print(f"{peak_rss_kb / 1024:.1f} {traced_peak / (1024 * 1024):.1f}")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--memory"]:
        memory_child(int(sys.argv[2]))
    else:
        main()
