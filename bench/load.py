"""How many game nights at once one app server holds: a bounded load of simulated
tables against gunicorn as docs/deploying.md deploys it (3 workers of 4 threads) on 127.0.0.1,
on this machine.

Each table is a Captain America log with 4 phones that open its overview and then poll its live
refresh every 2 seconds as the page does (`play/live/?v=<version>&on=overview` with the plays
the list shows: an empty 204 while nothing changed, what changed after a change) and one tap
every 4 to 6 seconds (the log-a-play form fetched, then a play posted through it: a write
under the campaign's lock). The number of tables grows each step
(4, 8, 12, 18, 27, ... up to --most) for --seconds each, after a warm-up that is not counted;
a step holds when no request failed, the polls' 95th percentile stays under 1 s and the taps'
under 2 s. The phones are threads of this process, on the same 2 cores as the server: the
estimate is a floor.

    .venv/bin/python bench/load.py [--most 64] [--seconds 20]      (DATABASE_URL for PostgreSQL)
"""

import argparse
import json
import os
import random
import re
import statistics
import sys
import threading
import time
import urllib.parse
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path[:0] = [str(ROOT), str(BENCH)]

from servers import DEPLOYED, Connection, Gunicorn, deployed_env, session_cookie  # noqa: E402

HTMX = {"HX-Request": "true"}
PHONES = 4
# What a log's list of plays shows, in the hidden inputs its poll sends (and each answer updates).
SHOWN = re.compile(rb'id="plays-(newest|oldest|top)" name="\w+" value="(\d*)"')


def play(number: int) -> dict:
    """A legal 4-player Captain America play as its form sends it (one hero a row)."""
    heroes = {f"heroes-{row}-player": name for row, name in enumerate(("Ana", "Ben", "Cid", "Dee"))}
    return {"number": str(number), "played_on": "2026-11-28", "players": "4",
            "heroes-TOTAL_FORMS": "4", "heroes-INITIAL_FORMS": "0", **heroes,
            "teams-TOTAL_FORMS": "2", "teams-INITIAL_FORMS": "0",
            "winter_soldier": "captain-america", "quinjet": "iron-man",
            "rooms_captain_america": "18", "rooms_iron_man": "12", "action": "save"}


class Table:
    def __init__(self, campaign, cookie):
        from django.urls import reverse

        self.slug = campaign.slug
        self.cookie = cookie
        self.version = campaign.journal_version
        self.next_number = campaign.games_played + 1
        self.overview = campaign.get_absolute_url()
        self.live = reverse("live", args=[self.slug])
        self.form = reverse("game_start", args=[self.slug])


def percentile(values, share):
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def run_step(port, tables, seconds):
    polls, taps, errors = [], [], []
    lock = threading.Lock()
    stop = time.monotonic() + seconds

    def phone(table, offset):
        connection = Connection(port, table.cookie)
        time.sleep(offset)
        # The phone opens the overview, then polls as its page does: with what its list of
        # plays shows (hx-include), updated by each answer, so a refresh redraws what changed.
        _, page, _ = connection.request("GET", table.overview)
        seen = int(re.search(rb"live/\?v=(\d+)", page).group(1))
        shown = dict(SHOWN.findall(page))
        while time.monotonic() < stop:
            started = time.monotonic()
            try:
                sent = {name.decode(): value.decode() for name, value in shown.items()}
                query = urllib.parse.urlencode({"v": seen, "on": "overview", **sent})
                status, body, _ = connection.request("GET", f"{table.live}?{query}", headers=HTMX)
                if status == 200:
                    found = re.search(rb"v=(\d+)", body)
                    seen = int(found.group(1)) if found else seen
                    shown.update(SHOWN.findall(body))
                elif status != 204:
                    raise AssertionError(status)
                with lock:
                    polls.append(time.monotonic() - started)
            except Exception as error:  # noqa: BLE001 - counted, the load goes on
                with lock:
                    errors.append(repr(error))
            time.sleep(max(0.0, 2.0 - (time.monotonic() - started)))

    def tapper(table, offset):
        connection = Connection(port, table.cookie)
        time.sleep(offset)
        while time.monotonic() < stop:
            started = time.monotonic()
            try:
                status, body, response = connection.request("GET", table.form)
                token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', body).group(1).decode()
                tap_key = re.search(rb'name="tap" value="([^"]+)"', body).group(1).decode()
                csrf = re.search(r"csrftoken=([^;]+)", response.headers.get("Set-Cookie", "") or "")
                if csrf:
                    connection.cookie = f"{table.cookie}; csrftoken={csrf.group(1)}"
                data = urllib.parse.urlencode(
                    {**play(table.next_number), "csrfmiddlewaretoken": token, "tap": tap_key}
                )
                status, _, _ = connection.request("POST", table.form, body=data)
                if status != 302:
                    raise AssertionError(f"tap answered {status}")
                table.next_number += 1
                with lock:
                    taps.append(time.monotonic() - started)
            except Exception as error:  # noqa: BLE001
                with lock:
                    errors.append(repr(error))
            time.sleep(max(0.0, random.uniform(4, 6) - (time.monotonic() - started)))

    threads = []
    for table in tables:
        for index in range(PHONES):
            threads.append(threading.Thread(target=phone, args=(table, random.uniform(0, 2))))
        threads.append(threading.Thread(target=tapper, args=(table, random.uniform(0, 4))))
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return polls, taps, errors


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--most", type=int, default=64)
    parser.add_argument("--seconds", type=float, default=20)
    args = parser.parse_args()

    from journal_bench import set_up_django

    set_up_django()
    from django.contrib.auth import get_user_model

    from bench.big_journals import demo_journal
    from campaigns import store

    journal = json.loads(demo_journal("captain_america_plays.json").read_text())
    server = Gunicorn(arguments=DEPLOYED, extra_env=deployed_env())
    try:
        print(f"load average before: {' '.join(f'{v:.1f}' for v in os.getloadavg())}")
        print(f"{'tables':>6} {'phones':>6} {'req/s':>7} {'poll p50':>9} {'poll p95':>9} {'tap p50':>8} "
              f"{'tap p95':>8} {'errors':>6} {'cpu/req':>8}  held")
        def tables_of(count, step):
            tables = []
            for index in range(count):
                owner = get_user_model().objects.create(username=f"load-{step}-{index}")
                tables.append(Table(store.import_journal(journal, owner), session_cookie(owner)))
            return tables

        # Both workers warm first (code imported, templates compiled): not counted.
        run_step(server.port, tables_of(2, "warm"), 8)
        count, held = 4, 0
        while count <= args.most:
            tables = tables_of(count, count)
            cpu_before = server.cpu_seconds()
            polls, taps, errors = run_step(server.port, tables, args.seconds)
            requests = len(polls) + 2 * len(taps)
            # The server's own CPU per request answered (its workers', not the phones').
            cpu_per_request = (server.cpu_seconds() - cpu_before) / max(requests, 1) * 1000
            rate = requests / args.seconds
            ok = not errors and percentile(polls, 0.95) < 1.0 and percentile(taps, 0.95) < 2.0
            print(
                f"{count:6} {count * PHONES:6} {rate:7.1f} {statistics.median(polls or [0]) * 1000:7.0f}ms "
                f"{percentile(polls, 0.95) * 1000:7.0f}ms {statistics.median(taps or [0]) * 1000:6.0f}ms "
                f"{percentile(taps, 0.95) * 1000:6.0f}ms {len(errors):6} {cpu_per_request:6.2f}ms"
                f"  {'yes' if ok else 'no'}",
                flush=True,
            )
            if errors:
                print("  first error:", errors[0])
            if not ok:
                break
            held = count
            count = count * 3 // 2 if count >= 8 else count * 2  # 4, 8, 12, 18, 27, 40, ...
        print(f"held: {held} tables ({held * PHONES} phones polling every 2 s, a tap every 4-6 s per table)")
        print(f"load average after: {' '.join(f'{v:.1f}' for v in os.getloadavg())}")
    finally:
        server.stop()


if __name__ == "__main__":
    main()
