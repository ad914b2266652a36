"""Four journals at the upload limits posted at once, and another user's pages meanwhile
(four such uploads at once leave other users' pages answering within 1 s).

Starts gunicorn as docs/deploying.md deploys it (`--workers 3 --threads 4`, gthread), then, for
each configuration compared, four fresh accounts each post a journal at the limits through
the import form (500 Risk Legacy games, 480 Dawnguard sittings, 5,000 plays, 500 Risk Legacy
games again), all at once, while another account asks for its campaign's overview and an
anonymous phone for the login page, one request after the other. It prints each upload's time
and the other pages' slowest and median answers while the uploads run. The same with 2 sync
workers (one request at a time each) shows why docs/deploying.md asks for threads. Nothing here
passes or fails; the bench's own SQLite file unless DATABASE_URL is set.

    python bench/uploads.py
"""

import http.client
import json
import os
import re
import statistics
import sys
import threading
import time
import uuid
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path[:0] = [str(ROOT), str(BENCH)]

from servers import Connection, Gunicorn, session_cookie  # noqa: E402

CSRF = re.compile(rb'name="csrfmiddlewaretoken" value="([^"]+)"')
CONFIGURATIONS = {
    "gthread, 3 workers x 4 threads (docs/deploying.md's)": ["--workers", "3", "--threads", "4"],
    "sync, 2 workers": ["--workers", "2"],
}


def journals() -> list[tuple[str, bytes]]:
    from bench import big_journals

    risk = json.dumps(big_journals.risk_legacy_journal()).encode()
    return [
        ("Risk Legacy, 500 games", risk),
        ("Dawnguard, 480 sittings", json.dumps(big_journals.dawnguard_journal()).encode()),
        ("Risk: Skyrim, 5,000 plays", json.dumps(big_journals.play_log_journal()).encode()),
        ("Risk Legacy, 500 games (again)", risk),
    ]


def upload(port, cookie, body: bytes) -> tuple[int, float]:
    """Post `body` through the import form as the account of `cookie`: (status, seconds)."""
    phone = Connection(port, cookie)
    status, page, response = phone.request("GET", "/campaigns/new/")
    assert status == 200, status
    token = CSRF.search(page).group(1).decode()
    csrf_cookie = re.search(r"csrftoken=([^;]+)", response.getheader("Set-Cookie", "") or "")
    boundary = uuid.uuid4().hex
    form = (
        f"--{boundary}\r\nContent-Disposition: form-data; name=\"csrfmiddlewaretoken\"\r\n\r\n{token}\r\n"
        f"--{boundary}\r\nContent-Disposition: form-data; name=\"import\"\r\n\r\n1\r\n"
        f"--{boundary}\r\nContent-Disposition: form-data; name=\"journal\"; filename=\"journal.json\"\r\n"
        f"Content-Type: application/json\r\n\r\n"
    ).encode() + body + f"\r\n--{boundary}--\r\n".encode()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
    cookies = cookie + (f"; csrftoken={csrf_cookie.group(1)}" if csrf_cookie else "")
    start = time.perf_counter()
    connection.request("POST", "/campaigns/new/", body=form, headers={
        "Cookie": cookies, "Host": "127.0.0.1", "Referer": f"http://127.0.0.1:{port}/campaigns/new/",
        "Content-Type": f"multipart/form-data; boundary={boundary}",
    })
    response = connection.getresponse()
    response.read()
    return response.status, time.perf_counter() - start


def asking(port, cookie, path, stop: threading.Event, times: list[float]):
    """One phone asking for `path`, one request after the other, until `stop`."""
    phone = Connection(port, cookie)
    while not stop.is_set():
        start = time.perf_counter()
        status, _, _ = phone.request("GET", path)
        times.append(time.perf_counter() - start)
        assert status == 200, (path, status)
        time.sleep(0.05)


def run(arguments, bodies, other_cookie, overview) -> None:
    from django.contrib.auth import get_user_model

    server = Gunicorn(arguments=arguments)
    try:
        for path in (overview, "/accounts/login/"):  # every worker warm
            for _ in range(6):
                Connection(server.port, other_cookie).request("GET", path)
        cookies = [
            session_cookie(get_user_model().objects.create(username=f"uploader-{uuid.uuid4().hex[:8]}"))
            for _ in bodies
        ]
        stop = threading.Event()
        seen = {"their campaign's overview": [], "the login page (signed out)": []}
        others = [
            threading.Thread(
                target=asking,
                args=(server.port, other_cookie, overview, stop, seen["their campaign's overview"]),
            ),
            threading.Thread(
                target=asking,
                args=(server.port, "", "/accounts/login/", stop, seen["the login page (signed out)"]),
            ),
        ]
        results = [None] * len(bodies)

        def post(index):
            results[index] = upload(server.port, cookies[index], bodies[index][1])

        posts = [threading.Thread(target=post, args=(i,)) for i in range(len(bodies))]
        for thread in others:
            thread.start()
        time.sleep(0.5)
        for label in seen:
            seen[label].clear()  # from the moment the uploads start
        for thread in posts:
            thread.start()
        for thread in posts:
            thread.join()
        stop.set()
        for thread in others:
            thread.join()
        for (label, body), (status, seconds) in zip(bodies, results, strict=True):
            print(f"  upload {label:<32} {len(body) // 1024:5d} KB  answered {status} in {seconds:5.1f} s")
        for label, times in seen.items():
            print(
                f"  meanwhile, {label:<30} {len(times):4d} answers, "
                f"median {1000 * statistics.median(times):6.0f} ms, "
                f"slowest {1000 * max(times):6.0f} ms (aim: within 1 s)"
            )
    finally:
        server.stop()


def main():
    from journal_bench import set_up_django

    set_up_django()
    from django.contrib.auth import get_user_model

    from bench.big_journals import demo_journal
    from campaigns import store

    other = get_user_model().objects.get_or_create(username="bench-other-group")[0]
    theirs = store.import_journal(json.loads(demo_journal("risk_legacy_15_games.json").read_text()), other)
    bodies = journals()
    print(f"load average before: {' '.join(f'{v:.1f}' for v in os.getloadavg())}")
    for label, arguments in CONFIGURATIONS.items():
        print(f"Four uploads at once, gunicorn {label}:")
        run(arguments, bodies, session_cookie(other), theirs.get_absolute_url())
    print(f"load average after: {' '.join(f'{v:.1f}' for v in os.getloadavg())}")


if __name__ == "__main__":
    main()
