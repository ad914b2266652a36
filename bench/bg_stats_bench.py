"""A BG Stats upload at the sizes a long log meets: the review page of a file of 4,000 Risk:
Skyrim plays, uploaded into an empty log and into a log that holds those 4,000 plays already
(every play of the file then matched against the log), side by side, with their ratio. A
file's plays are matched through one index of the log (rules/play_log/bg_stats.py, `Logged`),
so the ratio stays near 1 whatever the log's length: measured on SQLite (2026-12-04, a busy
2-core machine), 1.0 s into the empty log and 1.1 s into the full one (x1.14), against 3.5 s
(x3.6) with the file's plays compared with every play of the log. Nothing here passes or fails.

    python bench/bg_stats_bench.py [plays]
"""

import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path[:0] = [str(BENCH.parent), str(BENCH)]

from journal_bench import owner_account, set_up_django, side_by_side  # noqa: E402

PLAYS = 4_000
RUNS = 3


def main(plays: int = PLAYS) -> None:
    set_up_django()
    import json

    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.test import Client
    from django.urls import reverse

    from bench import big_journals
    from campaigns import exports, registry, states, stats, store

    owner = owner_account()
    full = store.import_journal(big_journals.play_log_journal(plays), owner)
    system = registry.system_of(full)
    record = stats.campaign_record(full.slug, full.name, system, states.state(full))
    body = json.dumps(exports.bg_stats_file(record, now="2026-12-01 10:00:00")).encode()
    empty = store.import_journal(big_journals.play_log_journal(0) | {"name": "Empty log"}, owner)
    client = Client()
    client.force_login(owner)

    def review(campaign):
        def post():
            file = SimpleUploadedFile("BGStatsExport.json", body, content_type="application/json")
            response = client.post(
                reverse("bg_stats_import", args=[campaign.slug]), {"upload": "1", "file": file}
            )
            assert response.status_code == 200 and b" plays of " in response.content, response.status_code

        return post

    timings = side_by_side(
        {"into an empty log": review(empty), f"into a {plays:,}-play log": review(full)}, RUNS
    )
    print(f"BG Stats review page, a file of {plays:,} plays ({len(body) / 1e6:.1f} MB), median of {RUNS}:")
    for name, ms in timings.items():
        print(f"  {name:>24}: {ms:8.0f} ms")
    into_empty, into_full = timings.values()
    print(f"  ratio (full / empty): {into_full / into_empty:.2f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else PLAYS)
