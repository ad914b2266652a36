from django.contrib import admin
from django.templatetags.static import static
from django.urls import include, path
from django.views.generic import RedirectView


class FaviconRedirect(RedirectView):
    """The icon's hashed static URL, looked up per request (the manifest exists only after
    collectstatic, not when the URLconf is imported)."""

    permanent = True

    def get_redirect_url(self, *args, **kwargs):
        return static("img/icon-192.png")


urlpatterns = [
    path("admin/", admin.site.urls),
    # Browsers ask for /favicon.ico on their own, whatever the page's <link rel="icon"> says.
    path("favicon.ico", FaviconRedirect.as_view()),
    path("", include("campaigns.urls")),
]

# No handler403/404/500: Django's default views render templates/403.html, 404.html and 500.html.
