"""The installable app: the manifest, the service worker at the site's root and the offline page."""

import json
import re
import shutil
import subprocess

import pytest
from django.contrib.staticfiles import finders
from django.urls import reverse


@pytest.fixture
def worker(client, db):
    return client.get(reverse("service_worker")).content.decode()


def test_the_manifest_describes_the_app(client, db):
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["name"] == "Legacy Ledger"
    assert (manifest["start_url"], manifest["display"]) == ("/", "standalone")
    assert manifest["theme_color"] == "#9b2226"
    sizes = {icon["sizes"]: icon for icon in manifest["icons"] if icon["purpose"] == "any"}
    assert set(sizes) == {"192x192", "512x512", "any"}
    assert sizes["any"]["type"] == "image/svg+xml"
    # A maskable icon for the installed app (Lighthouse): full-bleed PNGs.
    maskable = {icon["sizes"] for icon in manifest["icons"] if icon["purpose"] == "maskable"}
    assert maskable == {"192x192", "512x512"}
    for icon in manifest["icons"]:
        assert finders.find(icon["src"].removeprefix("/static/")), icon["src"]


@pytest.mark.parametrize("name", ["icon-{size}", "icon-maskable-{size}"])
@pytest.mark.parametrize("size", [192, 512])
def test_the_png_icons_are_the_sizes_they_claim(size, name):
    with open(finders.find(f"img/{name.format(size=size)}.png"), "rb") as png:
        header = png.read(24)
    assert header[:8] == b"\x89PNG\r\n\x1a\n"
    assert (int.from_bytes(header[16:20], "big"), int.from_bytes(header[20:24], "big")) == (size, size)


def test_the_service_worker_is_served_from_the_root_as_javascript(client, db):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/javascript; charset=utf-8"
    assert "no-cache" in response["Cache-Control"]
    assert b'addEventListener("fetch"' in response.content


def test_the_service_worker_never_answers_or_keeps_a_non_get_request(worker):
    handler = worker.split('self.addEventListener("fetch"', 1)[1].split("\n});", 1)[0]
    # The first thing the fetch handler does with a method: anything but GET goes to the network,
    # before any answer from (or write to) a cache can happen. A form sent as a whole page is
    # answered by the network itself, or, with no signal, by a page saying it was not recorded.
    method_check = handler.index('if (request.method !== "GET") {')
    returned = handler.index("\n    return;", method_check)
    branch = handler[method_check:returned]
    assert "cache" not in handler[:method_check]
    assert "caches.match" not in branch and "cache.put" not in branch
    assert "event.respondWith(fetch(request).catch(() => notSent()));" in branch
    assert branch.count("respondWith") == 1
    assert "not recorded" in worker.split("function notSent()", 1)[1].split("\n}", 1)[0]


# The worker run in Node with a fake browser around it: which requests it answers and keeps.
HARNESS = r"""
const source = require("fs").readFileSync(process.argv[1], "utf8");
const listeners = {}, kept = [], deleted = [];
const cache = {
  put: async (key) => { kept.push(typeof key === "string" ? key : key.url); },
  match: async () => undefined, addAll: async () => {}, keys: async () => [],
};
globalThis.caches = {
  open: async () => cache, match: async () => undefined, keys: async () => [],
  delete: async (name) => { deleted.push(name); return true; },
};
globalThis.self = {
  location: { origin: "https://ledger.test" },
  addEventListener: (type, listener) => { listeners[type] = listener; },
  skipWaiting: async () => {}, clients: { claim: async () => {}, matchAll: async () => [] },
};
globalThis.fetch = async () => ({
  status: 200, ok: true, redirected: false, type: "basic",
  headers: new Headers({ "Content-Type": "text/html; charset=utf-8" }), clone() { return this; },
});
new Function(source)();
(async () => {
  const results = [];
  for (const [method, path, mode] of JSON.parse(process.argv[2])) {
    let answer = null;
    const waits = [];
    kept.length = 0; deleted.length = 0;
    listeners.fetch({
      request: { method, mode, url: "https://ledger.test" + path },
      respondWith: (promise) => { answer = promise; }, waitUntil: (promise) => waits.push(promise),
    });
    if (answer) await answer;
    await Promise.all(waits);
    results.push({ answered: answer !== null, kept: [...kept], deleted: [...deleted] });
  }
  console.log(JSON.stringify(results));
})();
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js to run the worker")
def test_the_service_worker_in_a_fake_browser(worker, tmp_path):
    script = tmp_path / "sw.js"
    script.write_text(worker)
    requests = [
        ["POST", "/campaigns/thursday-earth/players/", "navigate"],
        ["PUT", "/campaigns/thursday-earth/", "same-origin"],
        ["POST", "/accounts/logout/", "navigate"],
        ["GET", "/accounts/login/", "navigate"],
        ["GET", "/campaigns/thursday-earth/", "navigate"],
        ["GET", "/campaigns/thursday-earth/", "cors"],
        ["GET", "/stats/?campaign=thursday-earth", "navigate"],
        ["GET", "/join/some-token/", "navigate"],
        ["GET", "/static/css/ledger.css", "no-cors"],
        ["POST", "/accounts/signup/", "navigate"],
        ["POST", "/accounts/password/", "navigate"],
    ]
    output = subprocess.run(
        ["node", "-e", HARNESS, str(script), json.dumps(requests)], capture_output=True, text=True, check=True
    ).stdout
    results = json.loads(output)
    post, put, logout, login, page, htmx, stats, join, static, signup, password = results
    for untouched in (put, htmx):
        assert untouched == {"answered": False, "kept": [], "deleted": []}
    # A form sent as a whole page: answered by the network (else "not recorded"), never kept.
    assert post == {"answered": True, "kept": [], "deleted": []}
    # Whenever the account changes (a POST under /accounts/), the kept pages are forgotten.
    for changed in (logout, signup, password):
        assert changed == {"answered": True, "kept": [], "deleted": ["ledger-pages-v1"]}
    assert login["answered"] and login["kept"] == []  # offline it gets the offline page, never a copy
    assert join["answered"] and join["kept"] == []
    assert page["kept"] == ["https://ledger.test/campaigns/thursday-earth/"]
    assert stats["kept"] == ["https://ledger.test/stats/?campaign=thursday-earth"]
    assert static["answered"] and static["kept"] == ["https://ledger.test/static/css/ledger.css"]


def test_the_service_worker_keeps_no_account_page(worker):
    assert 'const NEVER_KEPT = ["/accounts/", "/admin/"];' in worker
    kept = re.search(r"function isKeptPage\(url\) \{(.*?)\n\}", worker, re.S).group(1)
    assert kept.index("NEVER_KEPT") < kept.index("KEPT_PAGES")
    assert "return false" in kept


def test_the_service_worker_forgets_kept_pages_whenever_the_account_changes(worker):
    """Any POST under /accounts/ (the fake browser above runs it, where Node is)."""
    assert 'request.method === "POST" && url.pathname.startsWith("/accounts/")' in worker
    assert "caches.delete(PAGES)" in worker


def test_the_service_worker_keeps_only_good_html_answers(worker):
    keepable = re.search(r"function isWorthKeeping\(response\) \{(.*?)\n\}", worker, re.S).group(1)
    for condition in ("response.status === 200", "!response.redirected", 'type.startsWith("text/html")'):
        assert condition in keepable


def test_the_offline_page_is_public_and_names_no_one(client, owner):
    client.force_login(owner)
    response = client.get(reverse("offline"))
    html = response.content.decode()
    assert response.status_code == 200
    assert "You are offline" in html and 'id="saved-pages"' in html
    assert "olive" not in html and "Log out" not in html
    client.logout()
    assert client.get(reverse("offline")).status_code == 200


def test_pages_link_the_manifest_and_register_the_worker(client, owner):
    client.force_login(owner)
    html = client.get(reverse("home")).content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in html
    assert re.search(r'<link rel="apple-touch-icon" href="/static/img/icon-192\.png">', html)
    assert '<script src="/static/js/sw-register.js" data-service-worker="/sw.js" defer></script>' in html


def test_the_top_bar_links_stats_for_logged_in_users_only(client, owner):
    assert 'href="/stats/"' not in client.get(reverse("login")).content.decode()
    client.force_login(owner)
    assert '<a href="/stats/">Stats</a>' in client.get(reverse("home")).content.decode()
    assert '<a href="/stats/" aria-current="page">Stats</a>' in client.get(reverse("stats")).content.decode()


def test_the_register_script_uses_no_eval_and_no_inline_markup():
    with open(finders.find("js/sw-register.js")) as source:
        script = source.read()
    assert "innerHTML" not in script and "eval(" not in script and "new Function" not in script


def test_a_signed_in_accounts_pages_are_private(client, owner):
    from tests.factories import CampaignFactory

    campaign = CampaignFactory(name="Friday Earth", owner=owner, players=["Ana", "Ben"])
    client.force_login(owner)
    for url in (reverse("home"), reverse("campaign_detail", args=[campaign.slug]), reverse("history", args=[campaign.slug])):
        assert "private" in client.get(url)["Cache-Control"], url
