// Installs the service worker (static/js/sw.js) that keeps the pages you opened readable
// offline, and says so on the page when the phone is offline. Every page works without it.
(() => {
  const script = document.currentScript;
  const workerUrl = (script && script.dataset.serviceWorker) || "/sw.js";

  if ("serviceWorker" in navigator) {
    window.addEventListener("load", () => {
      navigator.serviceWorker.register(workerUrl).catch(() => {
        // No worker (a private window, an old browser): the site simply needs the network.
      });
    });
  }

  // Whenever the signed-in account changes, however it changed (login, logout, sign-up, a new
  // password, an account deleted, a session that ended), the pages kept for the last one are
  // forgotten: on a shared phone nobody reads another's campaigns offline. (The worker also
  // forgets them on every POST under /accounts/.)
  document.addEventListener("DOMContentLoaded", async () => {
    // The offline page is the worker's copy, made for no account: it says nothing of who is in.
    if (!("caches" in window) || document.body.dataset.page === "offline") return;
    const now = document.querySelector('meta[name="ledger-account"]')?.content || "";
    let last = null;
    try {
      last = localStorage.getItem("ledger-account");
      localStorage.setItem("ledger-account", now);
    } catch {
      return; // no storage: the worker's own rule still holds
    }
    if (last === null || last === now) return;
    for (const name of await caches.keys()) if (name.startsWith("ledger-pages-")) await caches.delete(name);
  });

  // Offline, pages come from the phone's copy, which may be out of date: say so.
  function showConnection() {
    const main = document.getElementById("main");
    if (!main) return;
    let notice = document.getElementById("offline-notice");
    if (!notice) {
      notice = document.createElement("p");
      notice.id = "offline-notice";
      notice.className = "notice";
      notice.setAttribute("role", "status");
      notice.textContent = "You are offline: pages read from this phone's copy may be out of date.";
      main.prepend(notice);
    }
    notice.hidden = navigator.onLine || document.body.dataset.page === "offline";
  }
  window.addEventListener("online", showConnection);
  window.addEventListener("offline", showConnection);
  document.addEventListener("DOMContentLoaded", showConnection);

  // On the offline page: list the pages this phone kept, so there is somewhere to go.
  document.addEventListener("DOMContentLoaded", async () => {
    const list = document.getElementById("saved-pages");
    if (!list || !("caches" in window)) return;
    const names = (await caches.keys()).filter((name) => name.startsWith("ledger-pages-"));
    const pages = [];
    for (const name of names) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        const html = response ? await response.text() : "";
        const title = new DOMParser().parseFromString(html, "text/html").title || request.url;
        const home = new URL(request.url).pathname === "/";
        pages.push({ url: request.url, title: home ? "Your campaigns" : title.replace(/ · Legacy Ledger$/, "") });
      }
    }
    pages.sort((a, b) => a.title.localeCompare(b.title));
    for (const page of pages) {
      const item = document.createElement("li");
      const link = document.createElement("a");
      link.href = page.url;
      link.textContent = page.title;
      item.append(link);
      list.append(item);
    }
    const empty = document.getElementById("saved-pages-empty");
    if (empty) empty.hidden = pages.length > 0;
    list.hidden = pages.length === 0;
  });
})();
