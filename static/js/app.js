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

// ---- What a player is filling in survives a swap they did not ask for ----------------------
// The Play pages refresh their board every 2 s when another phone records, and a tap on one
// form redraws the page around the others: either would throw away boxes ticked and words typed
// but not sent yet (the day turn's feeding places, a half-filled form). Before such a swap, note
// what the player changed in each form; after it, put it back into the fresh copy of the same
// form. "The same" means the same address and the same labels: a form whose questions changed
// (another Vampire must feed now) starts afresh, as does the form that was sent, and every form
// after a link (the player asked for a fresh page).
const UNKEPT_TYPES = new Set(["hidden", "submit", "button", "reset", "image", "file"]);

function formKey(form) {
  const labels = [...form.querySelectorAll("label, legend")]
    .map((label) => label.textContent.replace(/\s+/g, " ").trim()).join("|");
  // Forms sharing an address tell themselves apart by a hidden field (Risk Legacy's event_type);
  // the CSRF token is drawn anew on every page.
  const hidden = [...form.querySelectorAll("input[type=hidden]:not([name=csrfmiddlewaretoken])")]
    .map((input) => `${input.name}=${input.value}`).join("&");
  return `${(form.getAttribute("method") || "get").toLowerCase()} ${form.getAttribute("action") || ""} ${hidden} ${labels}`;
}

function changedControls(form) {
  const changed = [];
  const seen = {};
  for (const control of form.elements) {
    if (!control.name || UNKEPT_TYPES.has(control.type)) continue;
    const index = (seen[control.name] = (seen[control.name] ?? -1) + 1);
    if (control.type === "checkbox" || control.type === "radio") {
      if (control.checked !== control.defaultChecked) {
        changed.push({ name: control.name, value: control.value, checked: control.checked });
      }
    } else if (control.tagName === "SELECT") {
      const options = [...control.options];
      if (options.some((option) => option.selected !== option.defaultSelected)) {
        changed.push({ name: control.name, index, selected: options.filter((o) => o.selected).map((o) => o.value) });
      }
    } else if (control.value !== control.defaultValue) {
      changed.push({ name: control.name, index, text: control.value });
    }
  }
  return changed;
}

function restoreControls(form, changed) {
  const named = (name) => [...form.elements].filter((control) => control.name === name);
  // Unticked boxes first: ticking a radio button then unticks the others of its group.
  for (const saved of [...changed].sort((a, b) => Boolean(a.checked) - Boolean(b.checked))) {
    if ("checked" in saved) {
      const box = named(saved.name).find((control) => control.value === saved.value);
      if (box) box.checked = saved.checked;
    } else if ("selected" in saved) {
      const select = named(saved.name)[saved.index];
      for (const option of select?.options ?? []) option.selected = saved.selected.includes(option.value);
    } else {
      const field = named(saved.name)[saved.index];
      if (field) field.value = saved.text;
    }
  }
  // A form folded away in a <details> would hide what was kept: open it.
  form.closest("details")?.setAttribute("open", "");
}

let keptForms = null;

document.addEventListener("htmx:beforeSwap", (event) => {
  keptForms = null;
  if (!event.detail.shouldSwap) return; // the poll's 204: nothing changed
  const sender = event.detail.requestConfig?.elt;
  if (!sender || sender.closest("a")) return;
  const sentForm = sender.closest("form");
  const target = event.detail.target;
  const forms = [...target.querySelectorAll("form")];
  if (target.matches("form")) forms.push(target);
  keptForms = forms
    .filter((form) => form !== sentForm)
    .map((form) => ({ key: formKey(form), changed: changedControls(form) }))
    .filter((kept) => kept.changed.length);
});

document.addEventListener("htmx:afterSwap", () => {
  // Fired once per swapped element, every one of them in place by the first.
  if (!keptForms?.length) return;
  const fresh = [...document.querySelectorAll("form")];
  for (const kept of keptForms) {
    const form = fresh.find((candidate) => formKey(candidate) === kept.key);
    if (!form) continue;
    fresh.splice(fresh.indexOf(form), 1);
    restoreControls(form, kept.changed);
  }
  keptForms = null;
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
// On a narrow phone the tab bar scrolls sideways (app.css); bring the current tab into view,
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
