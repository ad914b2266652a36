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
