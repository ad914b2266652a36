"""What makes the site an installable app that reads offline: its manifest, its service
worker and the page shown offline when nothing better was kept.

All three are public (no login): a browser fetches them on its own, before and after the
user logs in, and they say nothing about anyone's campaigns.
"""

from django.contrib.staticfiles import finders
from django.http import Http404, HttpResponse, JsonResponse
from django.templatetags.static import static
from django.urls import reverse
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe

from ..web.htmx import render_page

THEME_COLOUR = "#9b2226"
BACKGROUND_COLOUR = "#f6f1e7"


@require_safe
@cache_control(max_age=60 * 60)
def manifest(request):
    """The web app manifest: the name, icons and colours a phone installs the app with."""
    data = {
        "id": "/",
        "name": "Legacy Ledger",
        "short_name": "Ledger",
        "description": "Your legacy campaigns at the table: every scar, city, signature and play.",
        "start_url": reverse("home"),
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "icons": [
            {"src": static("img/icon-192.png"), "sizes": "192x192", "type": "image/png", "purpose": "any"},
            {"src": static("img/icon-512.png"), "sizes": "512x512", "type": "image/png", "purpose": "any"},
            {"src": static("img/icon.svg"), "sizes": "any", "type": "image/svg+xml", "purpose": "any"},
            # Full-bleed, the drawing inside the middle 80 %: a phone may crop it to any shape.
            {
                "src": static("img/icon-maskable-192.png"),
                "sizes": "192x192",
                "type": "image/png",
                "purpose": "maskable",
            },
            {
                "src": static("img/icon-maskable-512.png"),
                "sizes": "512x512",
                "type": "image/png",
                "purpose": "maskable",
            },
        ],
    }
    return JsonResponse(data, content_type="application/manifest+json")


@require_safe
@cache_control(no_cache=True)
def service_worker(request):
    """The service worker, from the site's root so that its scope is the whole site."""
    # Read from static/ (not collected: this URL is not a static file's) on every request:
    # browsers ask for it rarely, and a changed byte is how they learn of a new version.
    path = finders.find("js/sw.js")
    if path is None:  # pragma: no cover - the file ships with the app
        raise Http404("No service worker.")
    with open(path, "rb") as source:
        return HttpResponse(source.read(), content_type="text/javascript; charset=utf-8")


@require_safe
def offline(request):
    """The page the service worker shows offline when it kept no copy of the page asked for."""
    return render_page(request, "offline.html")
