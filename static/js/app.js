// Small enhancements; every page works without them.
// Copy buttons: <button data-copy-target="id-of-input">Copy</button>
document.addEventListener("click", async (event) => {
  const button = event.target.closest("[data-copy-target]");
  if (!button) return;
  const field = document.getElementById(button.dataset.copyTarget);
  if (!field) return;
  field.select();
  try {
    await navigator.clipboard.writeText(field.value);
  } catch {
    document.execCommand("copy");
  }
  const label = button.textContent;
  button.textContent = "Copied";
  setTimeout(() => { button.textContent = label; }, 1500);
});

// A new campaign's table is in this phone's time zone (the form's hidden time_zone field;
// without JavaScript it is UTC until changed on the campaign's page of care).
function fillBrowserZone() {
  let zone = "";
  try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone || ""; } catch { return; }
  for (const field of document.querySelectorAll("input[data-browser-zone]")) if (!field.value) field.value = zone;
}
document.addEventListener("DOMContentLoaded", fillBrowserZone);

// The game-start form (campaigns/systems/risk_legacy/templates/risk_legacy/game_start.html).
// Tapping an HQ start redraws the seats with that seat's list folded, so the page shrinks above
// the thumb and the phone is left wherever the shorter page ends. Bring the seat choosing next
// into view instead (or "Start game N" once every seat has its start).
let startTapped = false;

document.addEventListener("change", (event) => {
  startTapped = event.target.matches(".start-list input[type=radio]");
});

document.addEventListener("htmx:afterSettle", () => {
  if (!startTapped) return;
  startTapped = false;
  const next = document.querySelector("#seats .start-list[open]")?.closest(".seat")
    || document.querySelector(".save-bar");
  next?.scrollIntoView({ block: "start" });
});

// ---- A refresh shows the table as it is now, and keeps what the player is filling in ---------
// The Play pages' live refresh (every 2 s when another phone recorded) and a tap's answer are
// morphed into the page (htmx's idiomorph extension, hx-swap="morph:outerHTML"): what stays is
// updated in place, not rebuilt, so every form shows the campaign as it is now, the focus stays
// where it was and a screen reader hears only what changed. The morph would also put the
// server's value back into a field the player changed but has not sent (words typed, boxes
// ticked, a choice made): such a field is marked on input and stays the player's until its form
// is sent (the answer's fresh form then shows). Words typed keep their field (idiomorph leaves
// its value alone); a ticked box or a choice is put back after the swap by its form, name and
// value, since a box may now stand elsewhere (a choice gone is gone). A fold the player opened
// stays open.
const edited = new WeakSet();
const NOT_TYPED = new Set(["hidden", "submit", "button", "reset", "image"]);
const isCheckable = (control) => control.type === "checkbox" || control.type === "radio";

function markEdited(control) {
  if (!control.form || !control.name || NOT_TYPED.has(control.type)) return;
  // Ticking a radio button unticks the others of its group: the whole group is the player's.
  const group = control.type === "radio"
    ? [...control.form.elements].filter((other) => other.type === "radio" && other.name === control.name)
    : [control];
  group.forEach((member) => edited.add(member));
}

document.addEventListener("input", (event) => markEdited(event.target));
document.addEventListener("change", (event) => markEdited(event.target));
// A form sent starts afresh: its answer's values are the ones to show.
document.addEventListener("submit", (event) => {
  for (const control of event.target.elements) edited.delete(control);
}, true);

// A fold the player opened (a tap on its summary) stays open; the folds the page opens itself
// (the seat choosing its HQ start next) follow the page.
const foldedByPlayer = new WeakSet();
document.addEventListener("click", (event) => {
  const summary = event.target.closest?.("summary");
  if (summary?.parentElement?.tagName === "DETAILS") foldedByPlayer.add(summary.parentElement);
  // A link to a form inside a fold opens it too ("Put stars on the fort").
  const link = event.target.closest?.("a[href^='#']");
  const fold = link && document.getElementById(link.getAttribute("href").slice(1))?.closest("details");
  if (fold) foldedByPlayer.add(fold);
});

function keptByPlayer(attribute, element, update) {
  if (element.tagName === "DETAILS") return attribute === "open" && update === "remove" && foldedByPlayer.has(element);
  if (attribute !== "value" || !edited.has(element)) return false;
  return element.tagName === "TEXTAREA" || (element.tagName === "INPUT" && !isCheckable(element));
}

if (window.Idiomorph) {
  Idiomorph.defaults.callbacks.beforeAttributeUpdated = (attribute, element, update) => (
    keptByPlayer(attribute, element, update) ? false : undefined
  );
}

const formOf = (control) => control.form?.getAttribute("action") || "";
let choices = null;

// A refresh never goes back in time: a poll answered before this phone's own tap landed (or
// while it is on its way) would morph an older page over the newer one: it is dropped, and the
// next poll asks from the version the page shows.
const liveVersion = (text) => Number(/\/live\/\?v=(\d+)/.exec(text || "")?.[1] || 0);

document.addEventListener("htmx:beforeSwap", (event) => {
  choices = null;
  if (!event.detail.shouldSwap) return; // the poll's 204: nothing changed
  const sender = event.detail.requestConfig?.elt;
  if (sender?.matches?.("[hx-trigger^='every']")) {
    const shown = liveVersion(sender.getAttribute("hx-get"));
    const fresh = liveVersion(event.detail.serverResponse); // 0: no page (signed out meanwhile)
    const tapOnItsWay = tapped && Date.now() - tapped.at < 10000;
    if (fresh && (tapOnItsWay || fresh <= shown)) {
      event.detail.shouldSwap = false;
      return;
    }
  }
  choices = [...document.querySelectorAll("input[type=checkbox], input[type=radio], select")]
    .filter((control) => edited.has(control))
    .map((control) => ({
      form: formOf(control),
      name: control.name,
      ...(control.tagName === "SELECT"
        ? { selected: [...control.selectedOptions].map((option) => option.value) }
        : { value: control.value, checked: control.checked }),
    }));
});

document.addEventListener("htmx:afterSwap", () => {
  // Fired once per swapped element, every one of them in place by the first.
  if (!choices?.length) return;
  const kept = choices;
  choices = null;
  const named = (saved) => [...document.getElementsByName(saved.name)].filter((control) => formOf(control) === saved.form);
  // Unticked boxes first: ticking a radio button then unticks the others of its group.
  for (const saved of kept.sort((a, b) => Boolean(a.checked) - Boolean(b.checked))) {
    if ("selected" in saved) {
      for (const select of named(saved).filter((control) => control.tagName === "SELECT")) {
        for (const option of select.options) option.selected = saved.selected.includes(option.value);
        edited.add(select);
      }
    } else {
      const box = named(saved).find((control) => isCheckable(control) && control.value === saved.value);
      if (box) {
        box.checked = saved.checked;
        edited.add(box);
      }
    }
  }
});

// After a tap the focus goes back to the control tapped (the page is morphed, so it usually
// never left it); a refresh never moves it. If the tapped control is gone (its step is over: the
// last pledge, a chapter completed), an answer's autofocus (a refusal, a result) has it, else
// the first control where it stood (in the next part of the page still there).
// A form that comes back refused (its answer is the page itself, not a redirect) holds what the
// player sent: it stays theirs, so a refresh does not empty it while they fix it.
const FOCUSABLE = "a[href], button:not([disabled]), input:not([type=hidden]):not([disabled]), select, textarea, summary";
let tapped = null;

function identity(control) {
  const form = control.form || control.closest("form");
  return {
    action: form?.getAttribute("action") || "",
    name: control.getAttribute("name") || "",
    value: control.getAttribute("value") || "",
    text: control.textContent.replace(/\s+/g, " ").trim(),
  };
}

const sameControl = (one, other) => one.action === other.action && one.name === other.name && one.value === other.value;

document.addEventListener("submit", (event) => {
  const control = event.submitter || document.activeElement;
  const form = event.target;
  if (!control || control === document.body) {
    tapped = { form, at: Date.now(), action: form.getAttribute("action") || "" };
    return;
  }
  // The parts of the page after the form, by id: where the focus goes if the control is gone.
  const after = [...document.querySelectorAll("#main [id]")]
    .filter((part) => !part.contains(form) && !form.contains(part)
      && form.compareDocumentPosition(part) & Node.DOCUMENT_POSITION_FOLLOWING)
    .map((part) => part.id);
  tapped = { form, at: Date.now(), ...identity(control), after };
});

function focusWhereItWas(wanted) {
  const candidates = [...document.querySelectorAll("#main button, #main input[type=submit]")];
  const found = candidates.find((candidate) => sameControl(identity(candidate), wanted) && identity(candidate).text === wanted.text)
    || candidates.find((candidate) => sameControl(identity(candidate), wanted));
  if (found) return found.focus({ preventScroll: true });
  for (const id of wanted.after) {
    const part = document.getElementById(id);
    const control = part && (part.matches(FOCUSABLE) ? part : part.querySelector(FOCUSABLE));
    if (control && control.offsetParent !== null) return control.focus({ preventScroll: true });
  }
}

document.addEventListener("htmx:afterSettle", (event) => {
  // Only the answer to the form sent (a poll may settle meanwhile).
  if (!tapped || event.detail.requestConfig?.elt !== tapped.form) return;
  const wanted = tapped;
  tapped = null;
  const xhr = event.detail.xhr;
  const asked = event.detail.requestConfig?.path;
  if (xhr && asked && new URL(xhr.responseURL, location.href).pathname === new URL(asked, location.href).pathname) {
    for (const form of document.querySelectorAll("#main form")) {
      if ((form.getAttribute("action") || "") === wanted.action) [...form.elements].forEach(markEdited);
    }
  }
  if (wanted.name === undefined) return;
  const active = document.activeElement;
  if (active && active !== document.body && document.getElementById("main")?.contains(active)) {
    if (sameControl(identity(active), wanted) || active.matches("[autofocus]")) return;
  }
  focusWhereItWas(wanted);
});

// ---- A tap's confirmation shows where the player is, never over a control --------------------
// The server puts messages at the top of the page, which is out of view after a tap low on a
// long page (a form re-renders the page in place). Move "Recorded: …" and the reminders into the
// status region (#toasts in base.html, outside #main so that a swap keeps it and a screen reader
// hears what arrives), shown at the top of the screen below the top bar, or at the bottom when
// the top would lie over a control on the screen (the one just tapped above all): a toast never
// covers a control, and only its ✕ takes a tap (the rest lets taps through). They leave by
// themselves, reminders later, unless the pointer or the focus is on them; ✕ dismisses one. A
// reminder that matters also stays on the page (Dawnguard's "Just now" on the board). A refusal
// (class error) stays at the top, focused. Without JavaScript, every message stays at the top.
const CONTROLS = "button, a.button, input:not([type=hidden]), select, textarea, summary, [role=button]";

function overlaps(a, b) {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

function shown(control) {
  // A control inside a closed <details> keeps a box in Chromium, but nobody can see it.
  return control.checkVisibility ? control.checkVisibility({ visibilityProperty: true }) : true;
}

function controlsUnder(box) {
  const focused = document.activeElement;
  let count = 0;
  for (const control of document.querySelectorAll(CONTROLS)) {
    if (control.closest("#toasts")) continue;
    const rect = control.getBoundingClientRect();
    if (!rect.width || !rect.height || !overlaps(rect, box) || !shown(control)) continue;
    if (control === focused) return Infinity;
    count += 1;
  }
  return count;
}

function placeToasts(region) {
  // At the top (below the top bar while it shows) unless that lies over a control; else at the
  // bottom; else in the first band between controls tall enough, nearest the control that has
  // the focus; else wherever it covers fewest, never the focused one.
  const list = region?.querySelector(".toast-list");
  if (!list) return;
  list.classList.remove("visually-hidden");
  const bar = document.querySelector(".topbar")?.getBoundingClientRect();
  const top = Math.max(0, bar ? bar.bottom : 0);
  region.style.setProperty("--toast-top", `${top}px`);
  const height = list.getBoundingClientRect().height + 8;
  const bottom = window.innerHeight - height - 12;
  const candidates = [top, bottom];
  for (const control of document.querySelectorAll(CONTROLS)) {
    const rect = control.getBoundingClientRect();
    if (!rect.height || !shown(control)) continue;
    if (rect.bottom > top && rect.bottom + 4 < bottom) candidates.push(rect.bottom + 4);  // just below it
    if (rect.top - height - 4 > top && rect.top - height - 4 < bottom) candidates.push(rect.top - height - 4);  // just above
  }
  const focused = document.activeElement?.getBoundingClientRect();
  const middle = focused ? (focused.top + focused.bottom) / 2 : top;
  let best = null;
  candidates.forEach((at, index) => {
    const under = controlsUnder({ left: 0, right: window.innerWidth, top: at, bottom: at + height });
    const rank = [under, index < 2 ? index - 2 : Math.abs(at - middle)];
    if (!best || rank[0] < best.rank[0] || (rank[0] === best.rank[0] && rank[1] < best.rank[1])) {
      best = { at, rank };
    }
  });
  // Nowhere free with the reminders too: they also stay on the page (the board's "Just now"),
  // so the toast keeps only its confirmation in sight (screen readers still hear them all).
  const reminders = [...list.querySelectorAll(".message.info:not(.visually-hidden)")];
  if (best.rank[0] > 0 && reminders.length && list.querySelector(".message.success")) {
    reminders.forEach((reminder) => reminder.classList.add("visually-hidden"));
    placeToasts(region);
    return;
  }
  // Nowhere free even for the confirmation alone (a screen full of controls): the page shows
  // what changed (the board, "Just recorded"), and the toast is heard, not seen, rather than
  // lie over a control; a scroll places it again.
  if (best.rank[0] > 0) {
    list.classList.add("visually-hidden");
    region.style.setProperty("--toast-top", "-10000px");
    return;
  }
  region.style.setProperty("--toast-top", `${best.at}px`);
}

const TOAST_SECONDS = { success: 6, info: 15 };

function dismissToast(toast) {
  const list = toast.parentElement;
  toast.remove();
  if (list && !list.children.length) list.remove();
}

function showToasts() {
  const region = document.getElementById("toasts");
  const arrived = [...document.querySelectorAll("#main .messages .message:not(.error)")];
  if (!region || !arrived.length) return;
  // The newest tap's words replace what an earlier tap said.
  region.replaceChildren();
  const list = document.createElement("ul");
  list.className = "messages toast-list";
  for (const message of arrived) {
    const listInMain = message.closest(".messages");
    message.classList.add("toast");
    const close = document.createElement("button");
    close.type = "button";
    close.className = "toast-close";
    close.setAttribute("aria-label", "Dismiss");
    close.textContent = "✕";
    close.addEventListener("click", () => dismissToast(message));
    message.append(close);
    list.append(message);
    if (!listInMain.children.length) (listInMain.closest("[role=status]") || listInMain).remove();
    const kind = message.classList.contains("success") ? "success" : "info";
    let timer = null;
    const start = () => { timer = setTimeout(() => dismissToast(message), TOAST_SECONDS[kind] * 1000); };
    const stop = () => clearTimeout(timer);
    message.addEventListener("pointerenter", stop);
    message.addEventListener("pointerleave", start);
    message.addEventListener("focusin", stop);
    message.addEventListener("focusout", start);
    start();
  }
  region.append(list);
  placeToasts(region);
}

showToasts();
document.addEventListener("htmx:afterSettle", showToasts);
// The page moves under a toast (another phone's refresh, a scroll, a turned phone): place it again.
let replacing = null;
function placeToastsSoon() {
  clearTimeout(replacing);
  replacing = setTimeout(() => placeToasts(document.getElementById("toasts")), 120);
}
document.addEventListener("htmx:afterSettle", placeToastsSoon);
addEventListener("scroll", placeToastsSoon, { passive: true });
addEventListener("resize", placeToastsSoon);
// A page kept for the back button must not bring back old confirmations.
document.addEventListener("htmx:beforeHistorySave", () => document.getElementById("toasts")?.replaceChildren());

// ---- The campaign's tabs: one row, the current tab in view ---------------------------------
// On a narrow phone the tab bar scrolls sideways (ledger.css); bring the current tab into view,
// sideways only (the page itself never moves for it).
function showCurrentTab() {
  const bar = document.querySelector("nav.tabs");
  const current = bar?.querySelector("[aria-current=page]");
  if (!current || bar.scrollWidth <= bar.clientWidth) return;
  const left = current.offsetLeft - bar.offsetLeft;
  if (left < bar.scrollLeft || left + current.offsetWidth > bar.scrollLeft + bar.clientWidth) {
    bar.scrollLeft = left - (bar.clientWidth - current.offsetWidth) / 2;
  }
}

showCurrentTab();
document.addEventListener("htmx:afterSettle", showCurrentTab);

// ---- When things happened: "3 minutes ago" from the time the page carries -------------------
// A kept page part is the same for every viewer of a journal version, so it carries the time
// itself (<time datetime data-ago>); it is said relative to now here, and again every 30 s.
const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
function sayAgo() {
  const now = Date.now();
  for (const time of document.querySelectorAll("time[data-ago]")) {
    const seconds = Math.round((new Date(time.dateTime).getTime() - now) / 1000);
    const minutes = Math.round(seconds / 60), hours = Math.round(minutes / 60), days = Math.round(hours / 24);
    time.textContent = Math.abs(seconds) < 45 ? "just now"
      : Math.abs(minutes) < 60 ? relative.format(minutes, "minute")
      : Math.abs(hours) < 24 ? relative.format(hours, "hour")
      : relative.format(days, "day");
  }
}
sayAgo();
document.addEventListener("htmx:afterSettle", sayAgo);
setInterval(sayAgo, 30000);

// ---- Only a pressed button saves ----------------------------------------------------------------
// htmx sends with a form's values the last submit button that had the focus: a live preview
// (hx-trigger="change") sent as the player tabs onto "Save play 8" would carry "save". A request
// that is not the form's own submit carries no button (the server also never saves on one:
// campaigns/web/htmx.py, saves).
document.addEventListener("htmx:configRequest", (event) => {
  const form = event.detail.elt;
  if (!(form instanceof HTMLFormElement) || event.detail.triggeringEvent?.type === "submit") return;
  for (const button of form.querySelectorAll("button[name], input[type=submit][name]")) {
    const { name } = button;
    if (event.detail.formData?.has(name) && !form.querySelector(`:not(button)[name="${CSS.escape(name)}"]:not([type=submit])`)) {
      event.detail.formData.delete(name);
    }
  }
});

// Enter in a field sends the form with the button the player sees: the first one is the hidden
// no-JavaScript "Check", which would post the whole page for a preview already shown.
document.addEventListener("keydown", (event) => {
  const field = event.target;
  if (event.key !== "Enter" || event.isComposing || !(field instanceof HTMLInputElement) || !field.form) return;
  if (["button", "submit", "checkbox", "radio", "file", "reset"].includes(field.type)) return;
  const buttons = [...field.form.querySelectorAll("button:not([type=button]), input[type=submit]")];
  const visible = buttons.filter((button) => !button.closest(".no-js-only") && !button.disabled);
  if (!buttons.some((button) => button.closest(".no-js-only")) || visible.length === 0) return;
  event.preventDefault();
  if (visible.length === 1) field.form.requestSubmit(visible[0]);
});
