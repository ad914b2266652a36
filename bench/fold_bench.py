"""How a journal at the upload limits costs against one a tenth its size, for every system:
importing it, folding it, and the first page of its campaign in a process that
did not import it (nothing folded or cached there: its journal read and folded).

Each figure is taken in a fresh process (`python bench/fold_bench.py` starts them), so its
peak resident memory is that of a server worker doing just that. The journals are drawn by
bench/big_journals.py: Risk Legacy 500 and 50 games, Dawnguard 480 and 48 sittings, a Risk:
Skyrim play log 5,000 and 500 plays. Before each page is timed, the same page of a small
campaign is shown once in that process (templates compiled, code imported), so the time is
the page's own. Each figure is the median of three processes, the two sizes taken in turn
(this machine is shared and noisy: a single run can be off by x2). Nothing here is a pass or
fail: the aim is at most x15 for x10 the journal and under 200 MB, ratios mattering more than
times on a shared machine.

    python bench/fold_bench.py            every system, both sizes, every page (a few minutes)
    python bench/fold_bench.py dawnguard  one system

It uses its own throwaway SQLite file (WAL, as in production) unless DATABASE_URL is set.
"""

from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import big_journals  # noqa: E402

# system -> (generator, full size, the pages shown first in a new process)
SYSTEMS = {
    "risk-legacy": (big_journals.risk_legacy_journal, big_journals.RISK_LEGACY_GAMES,
                    ("campaign_detail", "play", "board", "history", "state_json", "stats", "plays_csv")),
    "dawnguard": (big_journals.dawnguard_journal, big_journals.DAWNGUARD_SITTINGS,
                  ("campaign_detail", "play", "history", "state_json", "stats", "plays_csv")),
    "play-log": (big_journals.play_log_journal, big_journals.PLAY_LOG_PLAYS,
                 ("campaign_detail", "history", "standings", "state_json", "stats", "plays_csv")),
}
SMALL = {"risk-legacy": "risk_legacy_15_games.json", "dawnguard": "dawnguard_campaign.json",
         "play-log": "risk_skyrim_plays.json"}
FOLDS = 3  # folds timed in one process (the median)
REPEATS = 3  # fresh processes per figure and size (the median time, the highest peak memory)


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KB on Linux


# In a child process ---------------------------------------------------------------------


def _django():
    from bench.journal_bench import set_up_django

    set_up_django()


def child_import(path: str, owner_name: str) -> dict:
    _django()
    from bench.journal_bench import import_text, owner_account

    owner = owner_account(owner_name)
    text = Path(path).read_text()
    start = time.perf_counter()
    campaign = import_text(text, owner)
    return {"ms": (time.perf_counter() - start) * 1000, "slug": campaign.slug}


def child_fold(path: str) -> dict:
    from bench.journal_bench import set_up_django

    set_up_django()
    from campaigns import registry
    from campaigns.rules import base, journal

    rules = [registered.rules for registered in registry.systems()]
    system, _, players, entries = journal.read(json.loads(Path(path).read_text()), rules)
    timings = []
    for _ in range(FOLDS):
        start = time.perf_counter()
        base.fold(system, players, entries)
        timings.append((time.perf_counter() - start) * 1000)
    return {"ms": statistics.median(timings)}


def child_page(slug: str, owner_name: str, page: str, warm_slug: str, warm_owner: str) -> dict:
    _django()
    from django.test import Client
    from django.urls import reverse

    from bench.journal_bench import owner_account

    client = Client()

    def url(on: str) -> str:
        return reverse("stats") if page == "stats" else reverse(page, args=[on])

    # The small campaign's page first (its own owner, so /stats/ reads only it): code
    # imported, templates compiled, not counted.
    client.force_login(owner_account(warm_owner))
    warm = client.get(url(warm_slug))
    assert warm.status_code == 200, (page, warm.status_code)
    client.force_login(owner_account(owner_name))
    before = peak_rss_mb()
    start = time.perf_counter()
    response = client.get(url(slug))
    ms = (time.perf_counter() - start) * 1000
    assert response.status_code == 200, (page, response.status_code)
    return {"ms": ms, "bytes": len(response.content), "rss_before": before}


def child(argv: list[str]) -> None:
    action, *args = argv
    answer = {"child_import": child_import, "child_fold": child_fold, "child_page": child_page}[action](*args)
    answer["rss"] = peak_rss_mb()
    print(json.dumps(answer))


# The parent --------------------------------------------------------------------------------


def run(*args: str, env: dict) -> dict:
    done = subprocess.run([sys.executable, __file__, *args], capture_output=True, text=True, env=env)
    if done.returncode:
        raise SystemExit(f"{' '.join(args)} failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def main(systems: list[str]) -> None:
    workdir = Path(tempfile.mkdtemp(prefix="ledger-fold-bench-"))
    env = {**os.environ, "SQLITE_PATH": str(workdir / "bench.sqlite3")}
    print(f"Each figure in a fresh process (median of {REPEATS}, the two sizes taken in turn);")
    print("pages shown first in a process that did not import the journal; MB: peak resident of that process")
    print(f"{'':<34} {'1x':>16} {'10x':>16}   ratio")
    for system in systems:
        make, full, pages = SYSTEMS[system]
        sizes = (full // 10, full)
        paths, kilobytes, campaigns = {}, {}, {}
        for size in sizes:
            text = json.dumps(make(size), indent=2, ensure_ascii=False)
            paths[size] = workdir / f"{system}-{size}.json"
            paths[size].write_text(text)
            kilobytes[size] = len(text) // 1024
        # (what, size) -> the child's arguments; each import makes a campaign of its own.
        results: dict[str, dict[int, list[dict]]] = {}
        for repeat in range(REPEATS):
            for size in sizes:
                owner = f"{system}-{size}-{repeat}"  # an account per campaign: /stats/ reads its own
                imported = run("child_import", str(paths[size]), owner, env=env)
                campaigns.setdefault(size, (imported["slug"], owner))  # the first one's pages are shown
                results.setdefault("import (parse, fold, save)", {}).setdefault(size, []).append(imported)
                folded = run("child_fold", str(paths[size]), env=env)
                results.setdefault("fold (rules only)", {}).setdefault(size, []).append(folded)
        small_journal = str(big_journals.demo_journal(SMALL[system]))
        small = run("child_import", small_journal, f"{system}-small", env=env)  # shown first
        for page in pages:
            for _ in range(REPEATS):
                for size in sizes:
                    slug, owner = campaigns[size]
                    shown = run("child_page", slug, owner, page, small["slug"], f"{system}-small", env=env)
                    results.setdefault(f"first {page}", {}).setdefault(size, []).append(shown)
        print(f"{system} ({sizes[0]} and {sizes[1]}: {kilobytes[sizes[0]]} KB and {kilobytes[sizes[1]]} KB)")
        for what, by_size in results.items():
            (one_ms, one_mb), (ten_ms, ten_mb) = (_summary(by_size[size]) for size in sizes)
            print(f"  {what:<32} {one_ms:8.0f} ms {one_mb:4.0f} MB {ten_ms:8.0f} ms {ten_mb:4.0f} MB"
                  f"   x{ten_ms / max(one_ms, 0.01):5.1f}")


def _summary(runs: list[dict]) -> tuple[float, float]:
    """The median time and the highest peak memory of a measurement's runs."""
    return statistics.median(run["ms"] for run in runs), max(run["rss"] for run in runs)


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1].startswith("child_"):
        child(sys.argv[1:])
    else:
        main(sys.argv[1:] or list(SYSTEMS))
