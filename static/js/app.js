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
