"""The cache comes from the environment (CACHE_URL, tracker/settings.py): db:// is a table in
the database that migrate creates, redis:// Django's Redis cache, unset a cache per process."""

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
    [("", ["LocMemCache"]), ("db://", ["DatabaseCache", "42"]), ("redis://127.0.0.1:6379/3", ["RedisCache"])],
)
@pytest.mark.slow
def test_the_cache_is_chosen_from_the_environment(tmp_path, cache_url, printed):
    done = _settings_with(cache_url, tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == printed


def test_an_unknown_cache_url_is_refused(tmp_path):
    done = _settings_with("memcached://x", tmp_path)
    assert done.returncode != 0 and "CACHE_URL" in done.stderr
