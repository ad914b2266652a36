// No signal, no lost tap: a tap on a table form that cannot reach the server is kept
// on this phone (IndexedDB) and shown where it would appear, marked "on this phone, not sent
// yet", with a count in the header; when the signal returns the kept taps are sent in the order
// they were tapped, each once. Every page works without this file (without JavaScript a form
// simply posts, and a phone without signal says it could not send).
//
// - A table form is a POST form carrying a tap key (<input name="tap">, {% tap %} in its
//   template; campaigns/web/writes.py): each tap gets a new key here, and the key travels with
//   the kept tap, so a retry after a lost answer never logs twice (the server answers a key it
//   recorded with its first answer).
// - Kept: offline (navigator.onLine false) the tap is kept at once; online, a tap whose request
//   fails (htmx:sendError) is kept. What cannot be kept (no IndexedDB, storage full) is said:
//   "Not recorded".
// - The queue belongs to the account and the campaign it was made for (<meta name=
//   "ledger-account">, the campaign's address); only that account sends it, on that campaign's
//   pages. Signing out asks first when taps would be lost, then empties the queue.
// - Sending: a fresh page is fetched first for its CSRF token (and to see that the session is
//   still open: if not, the player is asked to sign in, then it sends); then each tap in turn.
//   A refusal (the rule's sentence, or "another phone moved on") stops the queue: the player
//   drops it, changes it (its form opened, filled) or drops it and everything after it.
// - Live refresh: while offline the Play page's poll is not sent; the header says "Offline
//   since 21:04"; it resumes by itself when the signal returns.
(() => {
  const DB_NAME = "ledger-offline";
  const STORE = "taps";
  const UNSENT_FIELDS = new Set(["csrfmiddlewaretoken"]);
  const account = document.querySelector('meta[name="ledger-account"]')?.content || "";
  let offlineSince = navigator.onLine ? null : new Date();
  let sending = false;
  let held = false; // a refused tap being changed: nothing after it is sent until it is
  let sessionEnded = false;
  let toldWaiting = false;
  const submitted = new WeakMap(); // form -> the tap it is sending (kept if its request fails)

  // ---- The store ---------------------------------------------------------------------------
  function openDb() {
    return new Promise((resolve, reject) => {
      if (!window.indexedDB) {
        reject(new Error("this phone's browser has no storage for it"));
        return;
      }
      const request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = () => {
        const store = request.result.createObjectStore(STORE, { keyPath: "id", autoIncrement: true });
        store.createIndex("account", "account");
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error || new Error("storage refused"));
    });
  }

  async function withStore(mode, act) {
    const db = await openDb();
    return new Promise((resolve, reject) => {
      const transaction = db.transaction(STORE, mode);
      const result = act(transaction.objectStore(STORE));
      transaction.oncomplete = () => { db.close(); resolve(result.result ?? result); };
      transaction.onerror = () => { db.close(); reject(transaction.error || new Error("storage refused")); };
      transaction.onabort = () => { db.close(); reject(transaction.error || new Error("storage full")); };
    });
  }

  async function allTaps() {
    if (!account) return [];
    try {
      const taps = await withStore("readonly", (store) => store.index("account").getAll(account));
      return taps.sort((a, b) => a.id - b.id);
    } catch {
      return [];
    }
  }

  const putTap = (tap) => withStore("readwrite", (store) => store.put(tap));
  const deleteTaps = (ids) => withStore("readwrite", (store) => { for (const id of ids) store.delete(id); return {}; });

  // ---- Where we are --------------------------------------------------------------------------
  function campaignOf(path) {
    const match = /^\/campaigns\/([^/]+)\//.exec(path);
    return match && match[1] !== "new" ? match[1] : null;
  }

  function here() {
    return campaignOf(location.pathname);
  }

  function newKey() {
    if (crypto.randomUUID) return crypto.randomUUID();
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  function isTableForm(form) {
    return form instanceof HTMLFormElement && (form.getAttribute("method") || "").toLowerCase() === "post"
      && form.querySelector('input[name="tap"]') !== null;
  }

  function formAction(form) {
    return new URL(form.getAttribute("action") || location.href, location.href).pathname;
  }

  // The hidden fields that tell forms sharing an address apart (Risk Legacy's event_type).
  function formSignature(pairs) {
    return pairs.filter(([name]) => !["csrfmiddlewaretoken", "tap"].includes(name)).map(([n, v]) => `${n}=${v}`);
  }

  // What the tap says, in the form's own words: its title, then the choices made, each seat's
  // as one "Olga (Stormcloak, territories 7)", numbers with their label, dates as a day. A form
  // of buttons alone says what its button says (its aria-label: "Put 1 token on the deck").
  function describe(form, submitter) {
    const card = form.closest("section, .card");
    const title = form.closest("details")?.querySelector("summary")?.textContent
      || (card && !form.contains(card) ? card.querySelector("h2")?.textContent : null)
      || document.querySelector("#main h1")?.textContent || "An entry";
    const said = [];
    const seats = new Map(); // a seat's fieldset -> what its controls say
    for (const control of form.elements) {
      if (!control.name || control.disabled || ["hidden", "submit", "button"].includes(control.type)) continue;
      if ((control.type === "checkbox" || control.type === "radio") && !control.checked) continue;
      const text = controlWords(control);
      if (!text || text === "Choose…") continue;
      const seat = control.closest("fieldset.seat");
      if (seat && seat.querySelector("select")?.value === "") continue; // a seat nobody sits in
      if (seat) {
        if (!seats.has(seat)) { seats.set(seat, []); said.push(seat); }
        seats.get(seat).push(text);
      } else if (!said.includes(text)) said.push(text);
    }
    const parts = said.map((part) => {
      if (typeof part === "string") return part;
      const [who, ...rest] = seats.get(part);
      return rest.length ? `${who} (${rest.join(", ")})` : who;
    });
    const action = (submitter?.getAttribute("aria-label") || submitter?.textContent || "").replace(/\s+/g, " ").trim();
    const words = title.replace(/\s+/g, " ").trim();
    if (!parts.length) return submitter?.getAttribute("aria-label") ? action : (action ? `${words} (${action})` : words);
    const shown = parts.slice(0, 8).join(", ");
    return `${words}: ${shown}${parts.length > 8 ? ` and ${parts.length - 8} more` : ""}`;
  }

  function controlWords(control) {
    let text = "";
    if (control.tagName === "SELECT") {
      text = [...control.selectedOptions].filter((o) => o.value !== "").map((o) => o.textContent).join(", ");
    } else if (control.type === "checkbox" || control.type === "radio") text = control.labels?.[0]?.textContent || control.value;
    else text = control.value;
    text = (text || "").replace(/\s+/g, " ").trim();
    if (!text) return "";
    if (control.type === "date") {
      const day = new Date(`${text}T12:00:00`);
      return Number.isNaN(day.getTime()) ? text : day.toLocaleDateString(undefined, { day: "numeric", month: "short", year: "numeric" });
    }
    if (control.type === "number" || control.inputMode === "numeric") {
      const label = (control.labels?.[0]?.textContent || "").replace(/\s+/g, " ").replace(/[:*]/g, "").trim().toLowerCase();
      return label ? `${label} ${text}` : text;
    }
    return text;
  }

  // ---- Keeping a tap ---------------------------------------------------------------------------
  async function keep(record) {
    try {
      await putTap(record);
      say(`Kept on this phone, not sent yet: ${record.label}. It will be sent when the signal returns.`, "info");
    } catch (error) {
      say(`Not recorded: ${record.label}. This phone could not keep it (${error.message || "storage full"}); `
        + "tap it again when you have signal.", "error");
    }
    await render();
  }

  function tapOf(form, submitter) {
    const fields = [...new FormData(form, submitter || undefined).entries()]
      .filter(([, value]) => typeof value === "string");
    return {
      account,
      campaign: campaignOf(formAction(form)) || here(),
      action: formAction(form),
      page: location.pathname,
      fields,
      tap: form.querySelector('input[name="tap"]').value,
      at: new Date().toISOString(),
      label: describe(form, submitter),
    };
  }

  // Capture phase: before htmx (or the browser) sends the form.
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!isTableForm(form)) return;
    if (event.defaultPrevented) return;
    form.querySelector('input[name="tap"]').value = newKey(); // a new tap, a new key
    const record = tapOf(form, event.submitter);
    if (!navigator.onLine || sessionEnded) {
      event.preventDefault();
      event.stopPropagation();
      if (!account) {
        say("Not recorded: you are offline and not signed in on this phone.", "error");
        return;
      }
      keep(record);
      form.reset();
      form.closest("details")?.removeAttribute("open");
      nextPlay(form);
      return;
    }
    submitted.set(form, record);
  }, true);

  // A play log's form for a new play (its save button says "Save play N", #play-number-save)
  // logs play N: kept offline, the next tap on it logs play N + 1.
  function nextPlay(form) {
    const field = form.querySelector("#play-number-save") && form.querySelector('input[name="number"]');
    if (!field) return;
    field.value = String(Number(field.value) + 1);
    for (const shown of document.querySelectorAll("#play-number-title, #play-number-save")) shown.textContent = field.value;
  }

  // The kept page (a reload offline) shows the play number it was served with: the next play
  // is the one after the last kept from this form.
  function numberPlays(kept) {
    for (const save of document.querySelectorAll("form #play-number-save")) {
      const form = save.closest("form");
      const field = form.querySelector('input[name="number"]');
      if (!field) continue;
      const numbers = kept.filter((tap) => tap.action === formAction(form))
        .map((tap) => Number(tap.fields.find(([name]) => name === "number")?.[1]));
      const next = Math.max(Number(field.value), ...numbers.filter(Number.isFinite).map((n) => n + 1));
      if (String(next) === field.value) continue;
      field.value = String(next);
      for (const shown of document.querySelectorAll("#play-number-title, #play-number-save")) shown.textContent = field.value;
    }
  }

  // The form that sent an htmx request (once swapped away, htmx names the body instead).
  function senderForm(event) {
    const sender = event.detail.requestConfig?.elt || event.detail.elt;
    return sender?.closest?.("form") || null;
  }

  document.addEventListener("htmx:sendError", (event) => {
    const form = senderForm(event);
    const record = form && submitted.get(form);
    if (!record || (event.detail.requestConfig?.verb || "").toLowerCase() !== "post") {
      if (isPoll(event.detail.elt)) wentOffline();
      return;
    }
    const sent = event.detail.requestConfig?.parameters;
    const sentKey = sent && (sent.get ? sent.get("tap") : sent.tap);
    if (sentKey && sentKey !== record.tap) return; // a preview (hx-trigger="change"), not the tap
    submitted.delete(form);
    wentOffline();
    keep(record);
  });

  document.addEventListener("htmx:afterRequest", (event) => {
    const form = senderForm(event);
    // Any answer from the server says the signal is back: send what is kept (a tap kept while
    // the phone still thought it was online has no "online" event to wait for).
    if (event.detail.successful && offlineSince && navigator.onLine) {
      offlineSince = null; // a request failed, but the server answers again
      render();
    }
    if (event.detail.successful && !form) sendKept();
    if (!form || !submitted.has(form) || !event.detail.successful) return;
    const record = submitted.get(form);
    submitted.delete(form);
    // Recorded: the write redirected to its page (a refusal shows the form again, from its own URL).
    const answeredFrom = event.detail.xhr?.responseURL ? new URL(event.detail.xhr.responseURL).pathname : record.action;
    if (held && answeredFrom !== record.action) {
      held = false; // the changed tap went through: the rest may follow
      sendKept();
    }
  });

  // ---- Showing kept taps -------------------------------------------------------------------------
  // A refusal or a tap not kept stays at the top (outside #main, so a refreshed page keeps it)
  // until dismissed; what went well shows at the bottom for a moment, as a tap's confirmation.
  function say(text, level) {
    if (level === "error") {
      document.getElementById("offline-alert")?.remove();
      const alert = document.createElement("div");
      alert.id = "offline-alert";
      alert.className = "offline-alert";
      alert.setAttribute("role", "alert");
      const item = document.createElement("p");
      item.className = "message error";
      item.textContent = text;
      const close = document.createElement("button");
      close.type = "button";
      close.className = "toast-close";
      close.setAttribute("aria-label", "Dismiss");
      close.textContent = "✕";
      close.addEventListener("click", () => alert.remove());
      item.append(close);
      alert.append(item);
      (headerStatus() || document.getElementById("main"))?.after(alert);
      return;
    }
    const region = document.getElementById("toasts");
    if (!region) return;
    const list = document.createElement("ul");
    list.className = "messages toast-list offline-messages";
    const item = document.createElement("li");
    item.className = `message toast ${level}`;
    item.textContent = text;
    list.append(item);
    region.replaceChildren(list);
    setTimeout(() => list.remove(), 8000);
  }

  function plural(count) {
    return `${count} ${count === 1 ? "entry" : "entries"}`;
  }

  function headerStatus() {
    let status = document.getElementById("offline-status");
    if (!status) {
      const bar = document.querySelector(".topbar");
      if (!bar) return null;
      status = document.createElement("p");
      status.id = "offline-status";
      status.className = "offline-status";
      status.setAttribute("role", "status");
      bar.after(status);
    }
    return status;
  }

  function pendingItem(tap) {
    const item = document.createElement("li");
    item.className = "pending";
    item.dataset.tap = tap.tap;
    const text = document.createElement("span");
    text.textContent = tap.label;
    const mark = document.createElement("span");
    mark.className = "pending-mark";
    mark.textContent = "on this phone, not sent yet";
    item.append(text, " ", mark);
    if (tap.refusal) {
      item.classList.add("refused");
      const why = document.createElement("p");
      why.className = "pending-refusal";
      why.textContent = `Not recorded: ${tap.refusal}`;
      const choices = document.createElement("div");
      choices.className = "actions pending-choices";
      for (const [label, act] of [["Drop it", "drop"], ["Change it", "change"], ["Drop it and everything after it", "drop-rest"]]) {
        const button = document.createElement("button");
        button.type = "button";
        button.className = `button small ${act === "change" ? "" : "secondary"}`.trim();
        button.dataset.pendingAct = act;
        button.dataset.pendingId = tap.id;
        button.textContent = label;
        choices.append(button);
      }
      item.append(why, choices);
    }
    return item;
  }

  async function render() {
    const taps = await allTaps();
    const campaign = here();
    const mine = campaign ? taps.filter((tap) => tap.campaign === campaign) : taps;
    document.querySelectorAll(".pending, #offline-pending").forEach((node) => node.remove());
    const status = headerStatus();
    if (status) {
      const parts = [];
      if (offlineSince) parts.push(`Offline since ${offlineSince.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", hour12: false })}`);
      // What holds the taps: no signal, a signed-out session, or a refusal the player must answer.
      const waiting = sessionEnded ? "waiting to be sent"
        : mine[0]?.refusal ? "held: the first was refused"
        : offlineSince || !navigator.onLine ? "waiting for signal" : "being sent";
      if (mine.length) parts.push(`${plural(mine.length)} ${waiting}`);
      if (sessionEnded && mine.length) parts.push("sign in to send them");
      status.textContent = parts.join(" · ");
      status.hidden = parts.length === 0;
      if (sessionEnded && mine.length) {
        const link = document.createElement("a");
        link.href = `/accounts/login/?next=${encodeURIComponent(location.pathname)}`;
        link.textContent = "Sign in";
        status.append(" ", link);
      }
    }
    numberPlays(mine);
    if (!campaign || !mine.length) return;
    // Where an entry would appear: the Play page's "Just recorded" list, newest first; else a
    // card of its own at the top of the page.
    const recent = document.querySelector("#play-recent");
    let list = recent?.querySelector("ol.recent");
    if (recent && !list) {
      list = document.createElement("ol");
      list.className = "recent";
      recent.querySelector("h2")?.after(list);
      recent.querySelector("p.muted")?.setAttribute("hidden", "");
    }
    if (!list) {
      const card = document.createElement("section");
      card.id = "offline-pending";
      card.className = "card offline-pending";
      const heading = document.createElement("h2");
      heading.textContent = "On this phone, not sent yet";
      list = document.createElement("ol");
      list.className = "recent";
      card.append(heading, list);
      const head = document.querySelector("#main .page-head");
      if (head) head.after(card); else document.getElementById("main")?.prepend(card);
    }
    for (const tap of mine) list.prepend(pendingItem(tap));
  }

  document.addEventListener("click", async (event) => {
    const button = event.target.closest("[data-pending-act]");
    if (!button) return;
    const taps = await allTaps();
    const index = taps.findIndex((tap) => String(tap.id) === button.dataset.pendingId);
    if (index < 0) return;
    const tap = taps[index];
    const act = button.dataset.pendingAct;
    if (act === "drop-rest") {
      const rest = taps.slice(index).filter((other) => other.campaign === tap.campaign);
      await deleteTaps(rest.map((other) => other.id));
      say(`Dropped ${plural(rest.length)} kept on this phone.`, "info");
    } else if (act === "change") {
      held = taps.slice(index + 1).some((other) => other.campaign === tap.campaign);
      await change(tap);
    } else {
      await deleteTaps([tap.id]);
      say(`Dropped: ${tap.label}.`, "info");
    }
    await render();
    if (act !== "change") sendKept();
  });

  // "Change it": the tap leaves the queue only once its form is open, filled with what was kept.
  // Not on this page, the page it was tapped on opens, and the form there.
  async function change(tap) {
    if (openFilled(tap)) {
      await deleteTaps([tap.id]);
      return;
    }
    if (location.pathname !== tap.page) {
      tap.changing = true;
      await putTap(tap);
      location.assign(tap.page);
      return;
    }
    held = false;
    delete tap.changing;
    await putTap(tap);
    say(`Its form is not on this page now: ${tap.label}. It stays kept: drop it, or record it again where it belongs.`, "error");
  }

  // A tap whose change opened this page: its form, filled.
  async function changeOnArrival() {
    const taps = await allTaps();
    const tap = taps.find((kept) => kept.changing && kept.page === location.pathname);
    if (!tap) return;
    held = taps.some((other) => other.id > tap.id && other.campaign === tap.campaign);
    await change(tap);
  }

  // "Change it": the tap's form on this page, filled as it was tapped, opened and focused; false
  // when this page has none. Its form is the one at the tap's address with the same hidden
  // fields (forms sharing an address differ there: Risk Legacy's event_type), or else the one
  // form there with hidden fields of the same names: a play log's form now logs a later play
  // (another phone logged the kept one's number), and keeps its own number.
  function openFilled(tap) {
    const hiddenOf = (form) => [...new FormData(form)]
      .filter(([name]) => form.querySelector(`[name="${CSS.escape(name)}"]`)?.type === "hidden");
    const candidates = [...document.querySelectorAll("form")]
      .filter((candidate) => isTableForm(candidate) && formAction(candidate) === tap.action);
    const keptHidden = tap.fields.filter(([name]) => candidates.some(
      (candidate) => candidate.querySelector(`[name="${CSS.escape(name)}"]`)?.type === "hidden"));
    const names = (pairs) => [...new Set(formSignature(pairs).map((pair) => pair.split("=")[0]))].sort().join("&");
    const exact = candidates.filter((candidate) => formSignature(hiddenOf(candidate)).join("&") === formSignature(keptHidden).join("&"));
    const alike = candidates.filter((candidate) => names(hiddenOf(candidate)) === names(keptHidden));
    const form = exact[0] || (alike.length === 1 ? alike[0] : null);
    if (!form) return false;
    const values = new Map();
    for (const [name, value] of tap.fields) values.set(name, [...(values.get(name) || []), value]);
    for (const control of form.elements) {
      if (!control.name || !values.has(control.name) || ["hidden", "submit", "button"].includes(control.type)) continue;
      const wanted = values.get(control.name);
      if (control.type === "checkbox" || control.type === "radio") control.checked = wanted.includes(control.value);
      else if (control.tagName === "SELECT") for (const option of control.options) option.selected = wanted.includes(option.value);
      else control.value = wanted.shift() ?? control.value;
    }
    form.closest("details")?.setAttribute("open", "");
    const first = form.querySelector("input:not([type=hidden]), select, textarea");
    first?.focus();
    first?.scrollIntoView({ block: "center" });
    form.dispatchEvent(new Event("change", { bubbles: true })); // the live score follows
    return true;
  }

  // ---- Sending when the signal returns ---------------------------------------------------------
  async function freshToken(page) {
    const response = await fetch(page, { credentials: "same-origin", cache: "no-store" });
    if (new URL(response.url).pathname.startsWith("/accounts/login/")) return { signedOut: true };
    const doc = new DOMParser().parseFromString(await response.text(), "text/html");
    const who = doc.querySelector('meta[name="ledger-account"]')?.content || "";
    if (who !== account) return { signedOut: true };
    const token = doc.querySelector('input[name="csrfmiddlewaretoken"]')?.value;
    return { token };
  }

  // The server names each write's outcome in a header (campaigns/web/outcome.py): recorded,
  // refused (with the form's sentence) or moved on (with why). Only "recorded" lets a kept tap
  // go; an answer that names none (a page from somewhere else) keeps it.
  async function sendOne(tap, token) {
    const body = new URLSearchParams();
    for (const [name, value] of tap.fields) if (!UNSENT_FIELDS.has(name)) body.append(name, value);
    body.append("csrfmiddlewaretoken", token);
    const response = await fetch(tap.action, {
      method: "POST",
      body,
      credentials: "same-origin",
      headers: { "X-CSRFToken": token, "Ledger-Queue": "1" },
    });
    if (new URL(response.url).pathname.startsWith("/accounts/login/")) return { signedOut: true };
    const outcome = response.headers.get("Ledger-Outcome");
    let said = response.headers.get("Ledger-Said") || "";
    try { said = decodeURIComponent(said); } catch { said = ""; }
    if (outcome === "recorded") return { sent: true };
    if (outcome === "refused") return { refused: said || "the rules refused it." };
    if (outcome === "moved-on") {
      const first = "Another phone moved the campaign on first.";
      return { refused: !said ? first : /another phone/i.test(said) ? said : `${said} ${first}` };
    }
    if (response.status === 403) return { refused: "this account may not record here (anymore)." };
    return { refused: response.ok ? "the server did not say it was recorded." : `the server answered ${response.status}.` };
  }

  async function sendKept() {
    // One sending at a time; none behind a refusal or a tap being changed, nor before the
    // player signs in again (which opens a new page, and so starts afresh).
    if (sending || held || sessionEnded || !navigator.onLine || !account) return;
    sending = true;
    let sent = 0;
    let refused = false;
    let taps = null;
    try {
      const campaign = here();
      taps = (await allTaps()).filter((tap) => !campaign || tap.campaign === campaign);
      if (!taps.length || taps[0].refusal) return;
      const fresh = await freshToken(taps[0].page);
      if (fresh.signedOut) {
        sessionEnded = true;
        say(`Your session has ended: sign in to send the ${plural(taps.length)} kept on this phone.`, "error");
        return;
      }
      sessionEnded = false;
      for (const tap of taps) {
        const outcome = await sendOne(tap, fresh.token);
        if (outcome.signedOut) {
          sessionEnded = true;
          say("Your session has ended: sign in to send what is kept on this phone.", "error");
          break;
        }
        if (outcome.refused) {
          tap.refusal = outcome.refused.replace(/\.?$/, ".");
          await putTap(tap);
          say(`Not recorded: ${tap.label}. ${tap.refusal} Nothing after it was sent.`, "error");
          refused = true;
          break;
        }
        await deleteTaps([tap.id]);
        sent += 1;
      }
    } catch {
      // The signal went again: what is left stays kept, and goes next time.
    } finally {
      sending = false;
      taps = null;
    }
    if (sent && !refused) document.getElementById("offline-alert")?.remove();
    if (sent) say(`Sent ${plural(sent)} kept on this phone.`, "success");
    if (sent || refused) {
      refreshPage(); // the campaign as it stands now: what was sent, what another phone did
    } else {
      await render();
    }
  }

  // Sent taps are ordinary entries now: the page is fetched afresh (the whole page, as a
  // reload would have it) and its <main> put in place of this one's.
  async function refreshPage() {
    try {
      const response = await fetch(location.href, { credentials: "same-origin", cache: "no-store" });
      const doc = new DOMParser().parseFromString(await response.text(), "text/html");
      const fresh = doc.getElementById("main");
      const main = document.getElementById("main");
      if (response.ok && fresh && main) {
        main.replaceWith(fresh);
        if (window.htmx) window.htmx.process(fresh);
        document.title = doc.title || document.title;
      }
    } catch {
      // Offline again: the page stays as it is.
    }
    await render();
  }

  // ---- Live refresh while offline ----------------------------------------------------------------
  function isPoll(element) {
    return Boolean(element?.getAttribute?.("hx-trigger")?.includes("every"));
  }

  function wentOffline() {
    if (!offlineSince) offlineSince = new Date();
    render();
  }

  document.addEventListener("htmx:beforeRequest", (event) => {
    // Offline, htmx sends nothing: the poll waits quietly for the signal instead of failing
    // every 2 seconds, a form's live preview waits for the next change, and a link opens as a
    // whole page, which the service worker answers with the page it kept.
    if (navigator.onLine) return;
    event.preventDefault();
    const link = event.detail.elt?.closest?.("a[href]");
    if (link && (event.detail.requestConfig?.verb || "get") === "get") {
      location.href = link.href;
    } else if (!isPoll(event.detail.elt) && !toldWaiting) {
      toldWaiting = true; // once while offline: a preview asks again on every change
      say("Offline: this part of the page waits for the signal (what you tap on a form is kept).", "info");
    }
  });

  window.addEventListener("offline", wentOffline);
  window.addEventListener("online", () => {
    offlineSince = null;
    toldWaiting = false;
    render();
    sendKept();
  });

  // ---- Signing out ---------------------------------------------------------------------------------
  document.addEventListener("submit", async (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || new URL(form.action, location.href).pathname !== "/accounts/logout/") return;
    if (form.dataset.confirmed) return;
    event.preventDefault();
    event.stopPropagation();
    const taps = await allTaps();
    if (taps.length && !window.confirm(`${plural(taps.length)} kept on this phone, not sent yet, would be lost. Sign out anyway?`)) return;
    if (taps.length) await deleteTaps(taps.map((tap) => tap.id)).catch(() => undefined);
    form.dataset.confirmed = "yes";
    form.submit();
  }, true);

  document.addEventListener("htmx:afterSettle", render);
  document.addEventListener("DOMContentLoaded", async () => {
    await changeOnArrival();
    render();
    sendKept();
  });
  // A page that does not poll still tries again now and then.
  setInterval(sendKept, 20000);
})();
