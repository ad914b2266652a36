"""Throughput under gunicorn as docs/deploying.md deploys it (3 workers of 4 threads) against a
bare view, on this machine.

Starts gunicorn (bench_settings: the app plus the bare view) on the bench's own SQLite file
(or DATABASE_URL), logs in one account, then for each page runs a fixed number of clients for a
few seconds (a sync worker closes each connection after its answer), right after the same for
the bare view, 3 rounds: the page's requests a second as a % of the bare view's (median and
spread). The clients run on the same 2 cores as the server: the figures are for comparing, not
for capacity (see load.py).
"""

import gzip
import http.client
import os
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path[:0] = [str(ROOT), str(BENCH)]
BARE = "/bench/bare/"
# gunicorn as docs/deploying.md deploys it
DEPLOYED = ["--workers", "3", "--threads", "4", "--keep-alive", "5"]


def deployed_env() -> dict:
    """The environment docs/deploying.md gives it: one cache in files for the machine's workers
    (a fresh directory, unless CACHE_URL names one already)."""
    if os.environ.get("CACHE_URL") or os.environ.get("BENCH_CACHE_PER_PROCESS"):
        return {}
    import tempfile

    return {"CACHE_URL": f"file://{tempfile.mkdtemp(prefix='ledger-bench-cache-')}"}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Gunicorn:
    """gunicorn serving the app (bench_settings) with `workers` sync workers on a free port
    (or with `arguments` instead: ["--workers", "3", "--threads", "4"])."""

    def __init__(self, workers=2, extra_env=None, arguments=None):
        from django.conf import settings

        self.port = free_port()
        env = {**os.environ, "DJANGO_SETTINGS_MODULE": "bench_settings", "DJANGO_DEBUG": "0",
               "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost", "DJANGO_SECURE_SSL_REDIRECT": "0",
               **(extra_env or {})}
        if settings.DATABASES["default"]["ENGINE"].endswith("sqlite3"):
            env["SQLITE_PATH"] = str(settings.DATABASES["default"]["NAME"])
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gunicorn",
                "tracker.wsgi",
                "--pythonpath",
                f"{ROOT},{BENCH}",
                "--bind",
                f"127.0.0.1:{self.port}",
                *(arguments or ["--workers", str(workers)]),
                "--log-level",
                "warning",
                "--timeout",
                "60",
            ],
            cwd=ROOT,
            env=env,
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    break
            except OSError:
                time.sleep(0.2)

    def cpu_seconds(self) -> float:
        """The CPU time (user and system) the server has used so far: its master and workers."""
        tick = os.sysconf("SC_CLK_TCK")
        total = 0
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except OSError:  # a process gone meanwhile
                continue
            pid, parent = int(stat.parent.name), int(fields[1])
            if self.process.pid in (pid, parent):
                total += int(fields[11]) + int(fields[12])  # utime, stime
        return total / tick

    def stop(self):
        self.process.terminate()
        self.process.wait(20)


def session_cookie(user) -> str:
    from django.test import Client

    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}"


# What a phone's browser says it reads: every answer over 200 bytes comes compressed.
PHONE_ENCODINGS = "gzip, deflate, br, zstd"


class Connection:
    """One phone's persistent connection (keep-alive), logged in by its cookie, accepting gzip
    as a browser does (the body handed back decompressed, as the browser reads it)."""

    def __init__(self, port, cookie):
        self.port, self.cookie = port, cookie
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def request(self, method, path, body=None, headers=None):
        all_headers = {"Cookie": self.cookie, "Host": "127.0.0.1", "Accept-Encoding": PHONE_ENCODINGS,
                       **(headers or {})}
        if body is not None:
            all_headers["Content-Type"] = "application/x-www-form-urlencoded"
        for attempt in range(2):
            try:
                self.conn.request(method, path, body=body, headers=all_headers)
                response = self.conn.getresponse()
                content = response.read()
                if response.getheader("Content-Encoding") == "gzip":
                    content = gzip.decompress(content)
                return response.status, content, response
            except (http.client.HTTPException, OSError):
                self.conn.close()
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
                if attempt:
                    raise
        raise AssertionError("unreachable")


def requests_a_second(port, cookie, path, clients=4, seconds=4.0) -> float:
    done = [0] * clients
    stop = time.monotonic() + seconds

    def client(index):
        connection = Connection(port, cookie)
        while time.monotonic() < stop:
            status, _, _ = connection.request("GET", path)
            assert status in (200, 204), (path, status)
            done[index] += 1

    threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return sum(done) / seconds


def main():
    import json

    from journal_bench import import_text, set_up_django, skyrim_log

    set_up_django()
    from django.contrib.auth import get_user_model
    from django.urls import reverse

    from bench.big_journals import demo_journal
    from campaigns import store

    owner = get_user_model().objects.get_or_create(username="bench-servers")[0]
    risk = store.import_journal(json.loads(demo_journal("risk_legacy_15_games.json").read_text()), owner)
    dawnguard = store.import_journal(json.loads(demo_journal("dawnguard_campaign.json").read_text()), owner)
    log = import_text(json.dumps(skyrim_log(1000)), owner)
    pages = [
        ("Risk Legacy overview", risk.get_absolute_url()),
        ("Risk Legacy play", reverse("play", args=[risk.slug])),
        ("Risk Legacy history", reverse("history", args=[risk.slug])),
        ("Risk Legacy board", reverse("board", args=[risk.slug])),
        ("Risk Legacy state.json", reverse("state_json", args=[risk.slug])),
        ("live poll, unchanged", f"{reverse('live', args=[risk.slug])}?v={risk.journal_version}"),
        ("Dawnguard overview", dawnguard.get_absolute_url()),
        ("Dawnguard play", reverse("play", args=[dawnguard.slug])),
        ("1,000 plays: history", reverse("history", args=[log.slug])),
    ]
    cookie = session_cookie(owner)
    server = Gunicorn(arguments=DEPLOYED, extra_env=deployed_env())
    try:
        print(f"load average before: {' '.join(f'{v:.1f}' for v in os.getloadavg())}")
        for _, path in [("bare", BARE), *pages]:  # every worker warm
            for _ in range(4):
                Connection(server.port, cookie).request("GET", path)
        shares = {label: [] for label, _ in pages}
        bare_rates = []
        for _ in range(3):
            for label, path in pages:
                bare = requests_a_second(server.port, cookie, BARE)
                page = requests_a_second(server.port, cookie, path)
                bare_rates.append(bare)
                shares[label].append(100 * page / bare)
        print("Throughput under gunicorn (3 workers of 4 threads, 4 clients, 4 s each, "
              "each page right after the bare view, 3 rounds)")
        print(f"bare view: {statistics.median(bare_rates):.0f} requests/s (median)")
        for label, values in shares.items():
            print(
                f"{label:<28} {statistics.median(values):5.1f} % of "
                f"the bare view's ({min(values):.1f}-{max(values):.1f})"
            )
        print(f"load average after: {' '.join(f'{v:.1f}' for v in os.getloadavg())}")
    finally:
        server.stop()


if __name__ == "__main__":
    main()
