"""The cache comes from the environment (CACHE_URL, tracker/settings.py): db:// is a table in
the database that migrate creates, redis:// Django's Redis cache, file:///dir files every worker
on the machine reads (campaigns/web/machine_cache.py), unset a cache per process."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

CHECK = """
import django
django.setup()
from django.conf import settings
from django.core.cache import cache
from django.core.management import call_command
print(settings.CACHES["default"]["BACKEND"].rsplit(".", 1)[-1])
print(settings.SESSION_ENGINE.rsplit(".", 1)[-1])
if settings.CACHES["default"]["BACKEND"].endswith("DatabaseCache"):
    call_command("migrate", verbosity=0)
    cache.set("shared", 42)
    print(cache.get("shared"))
"""


def _settings_with(cache_url, tmp_path):
    env = {**os.environ, "CACHE_URL": cache_url, "DJANGO_SETTINGS_MODULE": "tracker.settings",
           "SQLITE_PATH": str(tmp_path / "db.sqlite3"), "DATABASE_URL": ""}
    return subprocess.run([sys.executable, "-c", CHECK], cwd=ROOT, env=env, capture_output=True, text=True)


@pytest.mark.parametrize(
    ("cache_url", "printed"),
    [("", ["LocMemCache", "db"]), ("db://", ["DatabaseCache", "cached_db", "42"]),
     ("redis://127.0.0.1:6379/3", ["RedisCache", "cached_db"])],
)
@pytest.mark.slow
def test_the_cache_is_chosen_from_the_environment(tmp_path, cache_url, printed):
    done = _settings_with(cache_url, tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == printed


def test_an_unknown_cache_url_is_refused(tmp_path):
    done = _settings_with("memcached://x", tmp_path)
    assert done.returncode != 0 and "CACHE_URL" in done.stderr


SHARE = """
import sys
import django
django.setup()
from django.core.cache import cache
if sys.argv[1] == "set":
    cache.set("kept:a-page", "<p>rendered once</p>", 60)
print(cache.get("kept:a-page"))
"""


@pytest.mark.slow
def test_a_file_cache_is_one_for_every_worker_on_the_machine(tmp_path):
    """CACHE_URL=file:///dir: what one process keeps, another reads (gunicorn's workers)."""
    env = {**os.environ, "CACHE_URL": f"file://{tmp_path / 'cache'}", "DJANGO_SETTINGS_MODULE": "tracker.settings",
           "SQLITE_PATH": str(tmp_path / "db.sqlite3"), "DATABASE_URL": ""}
    done = _settings_with(f"file://{tmp_path / 'cache'}", tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["MachineCache", "cached_db"]
    runs = [subprocess.run([sys.executable, "-c", SHARE, step], cwd=ROOT, env=env, capture_output=True, text=True)
            for step in ("set", "get")]
    assert all(run.returncode == 0 for run in runs), runs[0].stderr + runs[1].stderr
    assert [run.stdout.split() for run in runs] == [["<p>rendered", "once</p>"]] * 2


SIGN_OUT = """
import sys
import django
django.setup()
from django.contrib.sessions.backends.cached_db import SessionStore
if sys.argv[1] == "sign in":
    session = SessionStore()
    session["who"] = "ana"
    session.create()
    print(session.session_key)
elif sys.argv[1] == "read":
    print(SessionStore(session_key=sys.argv[2]).get("who", "nobody"))
else:
    SessionStore(session_key=sys.argv[2]).flush()  # what signing out does
"""


@pytest.mark.slow
def test_a_session_ended_on_one_worker_is_ended_on_every_other(tmp_path):
    """With a shared cache, sessions are read from it: a sign-out on one worker (the session
    flushed) is seen by another at once, which read it from the cache before."""
    env = {**os.environ, "CACHE_URL": f"file://{tmp_path / 'cache'}", "DJANGO_SETTINGS_MODULE": "tracker.settings",
           "SQLITE_PATH": str(tmp_path / "db.sqlite3"), "DATABASE_URL": ""}
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)

    def worker(*args):
        done = subprocess.run([sys.executable, "-c", SIGN_OUT, *args], cwd=ROOT, env=env, capture_output=True,
                              text=True)
        assert done.returncode == 0, done.stderr
        return done.stdout.strip()

    key = worker("sign in")
    assert worker("read", key) == "ana"
    worker("sign out", key)
    assert worker("read", key) == "nobody"
