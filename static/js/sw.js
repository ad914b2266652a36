// Legacy Ledger's service worker: the pages you opened stay readable when the phone is offline.
//
// Served from /sw.js (the site's root, see campaigns/views/pwa.py) so that it controls the
// whole site. What it does, and does not:
// - Opening a page of the app (a GET navigation to the home page, the stats or a campaign):
//   network first. A good answer (200, HTML, not a redirect to the login page) is kept; when
//   the network fails, the kept copy is shown, or else the offline page.
// - Static files: the kept copy at once, refreshed from the network behind it.
// - Everything else goes to the network untouched and is never kept: every POST (the
//   forms) and every other non-GET, htmx's partial requests and downloads. Pages under
//   /accounts/ and /admin/ are never kept either (offline, they get the offline page).
// - A POST under /accounts/ (login, logout, sign-up, a new password, an account deleted)
//   empties the kept pages, so that the next person on a shared phone does not read the last
//   one's campaigns offline; each page also forgets them when it sees another account
//   (sw-register.js).
// - A form sent as a whole page (a POST navigation) that cannot reach the server gets a short
//   page saying it was not recorded, instead of the browser's error. A tap on a table form is
//   kept by the page itself (static/js/offline.js, IndexedDB), not here: this worker keeps no
//   form and sends none.
const VERSION = "v1";
const PAGES = `ledger-pages-${VERSION}`;
const ASSETS = `ledger-assets-${VERSION}`;
const OFFLINE_URL = "/offline/";
const NEVER_KEPT = ["/accounts/", "/admin/"];
// These follow campaigns/urls.py: the home page, the stats, a campaign's pages, a public link.
const KEPT_PAGES = [/^\/$/, /^\/stats\/$/, /^\/campaigns\/[^/]+\//, /^\/p\/[^/]+\/$/];

self.addEventListener("install", (event) => {
  event.waitUntil(keepOfflinePage().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(
      names.filter((name) => name.startsWith("ledger-") && ![PAGES, ASSETS].includes(name))
        .map((name) => caches.delete(name)),
    );
    await self.clients.claim();
    await keepOpenPages();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method !== "GET") {
    // Never answered from or kept in a cache: forms always reach the server.
    if (request.method === "POST" && url.pathname.startsWith("/accounts/")) {
      event.waitUntil(caches.delete(PAGES));
    }
    if (request.method === "POST" && request.mode === "navigate") {
      event.respondWith(fetch(request).catch(() => notSent()));
    }
    return;
  }
  if (url.pathname.startsWith("/static/")) {
    event.respondWith(keptThenRefreshed(event));
  } else if (request.mode === "navigate") {
    event.respondWith(networkFirst(request, isKeptPage(url)));
  }
});

function isKeptPage(url) {
  if (NEVER_KEPT.some((prefix) => url.pathname.startsWith(prefix))) return false;
  return KEPT_PAGES.some((pattern) => pattern.test(url.pathname));
}

function isWorthKeeping(response) {
  const type = response.headers.get("Content-Type") || "";
  return response.status === 200 && !response.redirected && response.type === "basic" && type.startsWith("text/html");
}

async function networkFirst(request, keep) {
  try {
    const response = await fetch(request);
    if (keep && isWorthKeeping(response)) {
      const cache = await caches.open(PAGES);
      await cache.put(request.url, response.clone());
    }
    return response;
  } catch (offline) {
    const kept = keep ? await caches.match(request.url, { cacheName: PAGES, ignoreVary: true }) : undefined;
    return kept || (await caches.match(OFFLINE_URL, { cacheName: ASSETS })) || Response.error();
  }
}

// A whole-page form that could not be sent: say so (never a silent failure), in plain HTML.
function notSent() {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Not recorded · Legacy Ledger</title></head>
<body><main><h1>Not recorded</h1><p>This phone has no signal, so what you sent did not reach Legacy Ledger
and was not recorded. Go back and send it again when you have signal.</p></main></body></html>`;
  return new Response(html, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

async function keptThenRefreshed(event) {
  const cache = await caches.open(ASSETS);
  const kept = await cache.match(event.request);
  const refreshed = fetch(event.request).then(async (response) => {
    if (response.ok) await cache.put(event.request, response.clone());
    return response;
  });
  if (kept) {
    event.waitUntil(refreshed.catch(() => undefined));
    return kept;
  }
  return refreshed;
}

// The offline page, and the stylesheets, scripts and images it links to.
async function keepOfflinePage() {
  const cache = await caches.open(ASSETS);
  const response = await fetch(OFFLINE_URL, { cache: "reload" });
  if (!response.ok) return;
  const html = await response.clone().text();
  const assets = [...html.matchAll(/(?:href|src)="(\/static\/[^"?#]+)/g)].map((match) => match[1]);
  await cache.addAll([...new Set(assets)]);
  await cache.put(OFFLINE_URL, response);
}

// The page open while the worker first installs was loaded before it: keep it too.
async function keepOpenPages() {
  const windows = await self.clients.matchAll({ type: "window" });
  const cache = await caches.open(PAGES);
  await Promise.all(windows.map(async (client) => {
    const url = new URL(client.url);
    if (url.origin !== self.location.origin || !isKeptPage(url)) return;
    try {
      const response = await fetch(url.href, { credentials: "same-origin" });
      if (isWorthKeeping(response)) await cache.put(url.href, response);
    } catch (offline) {
      // Nothing to keep yet; the next visit will.
    }
  }));
}
