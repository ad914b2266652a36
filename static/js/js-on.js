// Runs first, before the page is drawn: marks <html> so the stylesheet can hide what only a
// page without JavaScript needs (the "Show", "Count" and "Update choices" buttons of forms
// that htmx submits on every change). Without JavaScript the class is never set.
document.documentElement.classList.add("js");
