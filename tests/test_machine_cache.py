"""The machine's file cache (campaigns/web/machine_cache.py): Django's FileBasedCache, which
counts its files to cull them once a minute at most rather than on every `set`."""

from campaigns.web import machine_cache


def test_it_keeps_and_reads_as_djangos_does(tmp_path):
    cache = machine_cache.MachineCache(str(tmp_path), {})
    cache.set("kept:page", {"html": "<p>once</p>"}, 60)
    assert cache.get("kept:page") == {"html": "<p>once</p>"}
    assert cache.add("throttle", 1, 60) and not cache.add("throttle", 1, 60)
    assert cache.incr("throttle") == 2


def test_the_files_are_counted_once_a_minute_at_most(tmp_path, monkeypatch):
    cache = machine_cache.MachineCache(str(tmp_path), {"OPTIONS": {"MAX_ENTRIES": 10, "CULL_FREQUENCY": 2}})
    now = [1000.0]
    monkeypatch.setattr(machine_cache.time, "monotonic", lambda: now[0])
    listed = []
    real = cache._list_cache_files
    monkeypatch.setattr(cache, "_list_cache_files", lambda: listed.append(1) or real())
    for number in range(30):
        cache.set(f"k{number}", number)
    assert len(listed) == 1 and len(real()) == 30  # counted once, when there were none to cull
    now[0] += machine_cache.CULL_EVERY_SECONDS
    cache.set("one-more", 0)
    assert len(listed) == 2 and len(real()) == 31 - 15  # culled by half (CULL_FREQUENCY 2) before it


def test_what_is_kept_per_version_is_read_again_from_memory(tmp_path, monkeypatch):
    """A kept part's key names its journal version, so its value never changes: a worker that
    read or wrote it once reads it again without its file (even after the file is gone)."""
    writer = machine_cache.MachineCache(str(tmp_path), {})
    reader = machine_cache.MachineCache(str(tmp_path), {})  # another worker
    writer.set("kept:journal:9:1:4:-", "<p>v4</p>", 60)
    assert reader.get("kept:journal:9:1:4:-") == "<p>v4</p>"  # from the file, then remembered
    for path in tmp_path.iterdir():
        path.unlink()
    assert reader.get("kept:journal:9:1:4:-") == "<p>v4</p>"
    assert writer.get("kept:journal:9:1:4:-") == "<p>v4</p>"
    value = reader.get("kept:journal:9:1:4:-")
    assert value is not reader.get("kept:journal:9:1:4:-")  # a copy each time, as LocMemCache's


def test_what_changes_is_always_read_from_its_file(tmp_path):
    """A throttle's count or a session is read from its file every time: another worker's
    change (a count, a sign-out) is seen at once."""
    one = machine_cache.MachineCache(str(tmp_path), {})
    other = machine_cache.MachineCache(str(tmp_path), {})
    one.add("throttle:signup:1.2.3.4", 1, 60)
    assert other.incr("throttle:signup:1.2.3.4") == 2
    assert one.get("throttle:signup:1.2.3.4") == 2
    one.set("django.contrib.sessions.cached_dbabc", {"who": "ana"}, 60)
    assert other.get("django.contrib.sessions.cached_dbabc") == {"who": "ana"}
    other.delete("django.contrib.sessions.cached_dbabc")
    assert one.get("django.contrib.sessions.cached_dbabc") is None


def test_the_memory_is_bounded(tmp_path, monkeypatch):
    monkeypatch.setattr(machine_cache, "FRONT_ENTRIES", 3)
    cache = machine_cache.MachineCache(str(tmp_path), {})
    for number in range(5):
        cache.set(f"kept:page:{number}", "x", 60)
    cache.set("kept:large", "y" * (machine_cache.FRONT_LARGEST + 1), 60)
    assert [key for key, _ in cache._front] == ["kept:page:2", "kept:page:3", "kept:page:4"]
    cache.clear()
    assert not cache._front and cache.get("kept:page:4") is None
