"""The app's URLs plus the bare view every page is measured against (bench only: never in the
app's own URLs). Used in-process by bench/paired_bench.py and by the gunicorn servers of
bench/servers.py and bench/load.py (bench_settings.py points ROOT_URLCONF here)."""

from django.http import HttpResponse
from django.urls import include, path

from tracker import urls as project_urls


def bare_view(request):
    """The baseline: a tiny response through the whole middleware stack. It asks who is logged
    in, as every page does, so the session and user lookups are in the baseline and a page's
    ratio is what it adds to any logged-in request."""
    return HttpResponse(f"ok {request.user.is_authenticated}")


urlpatterns = [path("bench/bare/", bare_view), path("", include(project_urls.urlpatterns))]
handler403 = getattr(project_urls, "handler403", None)
handler404 = getattr(project_urls, "handler404", None)
handler500 = getattr(project_urls, "handler500", None)
