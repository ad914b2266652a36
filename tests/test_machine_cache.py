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


def test_every_key_a_page_keeps_is_one_the_memory_knows(tmp_path, settings, client, owner):
    """KEPT_PREFIXES is a list kept by hand: with the machine cache as the app's, the pages, the
    live refresh, the downloads and the stats keep nothing under a key it does not name, but
    what changes (the session)."""
    from django.core.cache import caches
    from django.urls import reverse

    from campaigns import states

    from tests.factories import CampaignFactory
    from tests.systems.play_log.views.helpers import play_log_with

    settings.CACHES = {"default": {"BACKEND": "campaigns.web.machine_cache.MachineCache",
                                   "LOCATION": str(tmp_path)}}
    settings.SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
    written = []
    real_set = machine_cache.MachineCache.set

    def recording_set(self, key, *args, **kwargs):
        written.append(key)
        return real_set(self, key, *args, **kwargs)

    machine_cache.MachineCache.set = recording_set
    try:
        client.force_login(owner)
        log = play_log_with(5, owner)
        risk = CampaignFactory(owner=owner, after=3)
        states.forget_in_process()
        pages = (log.get_absolute_url(), reverse("history", args=[log.slug]), reverse("standings", args=[log.slug]),
                 reverse("state_json", args=[log.slug]), reverse("plays_bgstats", args=[log.slug]), reverse("stats"),
                 risk.get_absolute_url(), reverse("play", args=[risk.slug]), reverse("history", args=[risk.slug]),
                 f"{reverse('state_json', args=[risk.slug])}?as_of=1")
        for url in pages:
            assert client.get(url, HTTP_ACCEPT_ENCODING="gzip").status_code == 200, url
        live = f"{reverse('live', args=[log.slug])}?v=1&on=history"
        assert client.get(live, HTTP_HX_REQUEST="true").status_code == 200
    finally:
        machine_cache.MachineCache.set = real_set
        caches["default"].clear()
    kept = [key for key in written if not key.startswith("django.contrib.sessions")]
    assert kept and all(key.startswith(machine_cache.KEPT_PREFIXES) for key in kept), kept
    assert {key.split(":")[0].split(".")[0] for key in kept} >= {"kept", "template", "state"}
