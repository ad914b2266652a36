"""Medians over repeated runs: importing a 15-game Risk Legacy journal, folding it, and
reading the cached state. Run with `make bench`; the README quotes the figures.

It uses its own throwaway SQLite file (WAL, as in production) unless DATABASE_URL is set.
"""

import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
JOURNAL = ROOT / "tests" / "data" / "risk_legacy_15_games.json"
RUNS = 30


def median_ms(action, runs=RUNS):
    timings = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        timings.append((time.perf_counter() - start) * 1000)
    return statistics.median(timings)


def main():
    workdir = tempfile.mkdtemp(prefix="ledger-bench-")
    os.environ.setdefault("SQLITE_PATH", str(Path(workdir) / "bench.sqlite3"))
    os.environ.setdefault("DJANGO_SECRET_KEY", "bench-only-" + "x" * 50)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tracker.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from campaigns import store
    from campaigns.models import Campaign
    from campaigns.rules import base, journal

    data = json.loads(JOURNAL.read_text())
    system, _, players, entries = journal.read(data)

    imported = []
    import_ms = median_ms(lambda: imported.append(store.import_journal(data)))
    fold_ms = median_ms(lambda: base.fold(system, players, entries))
    campaign = Campaign.objects.get(pk=imported[-1].pk)
    store.state(campaign)  # warm the cache, as the first page view after a write does
    read_ms = median_ms(lambda: store.state(campaign), runs=1000)
    json_ms = median_ms(lambda: store.state_json(campaign), runs=200)

    def read_in_a_fresh_process():
        store.forget_in_process_states()
        store.state(campaign, as_of=7)

    shared_ms = median_ms(read_in_a_fresh_process, runs=200)

    print(f"journal: {JOURNAL.relative_to(ROOT)} ({len(data['games'])} games, {len(entries)} entries)")
    print(f"import_journal (parse, fold, save)  median {import_ms:8.2f} ms   (aim < 300 ms)")
    print(f"fold the whole journal              median {fold_ms:8.2f} ms")
    print(f"cached state read                   median {read_ms:8.3f} ms   (aim < 1 ms)")
    print(f"cached state read, other process    median {shared_ms:8.3f} ms   (one state unpickled from Django's cache)")
    print(f"state as campaign_state JSON        median {json_ms:8.3f} ms")


if __name__ == "__main__":
    main()
