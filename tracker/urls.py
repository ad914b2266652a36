from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("", include("campaigns.urls")),
]

handler403 = "campaigns.views.errors.permission_denied"
handler404 = "campaigns.views.errors.page_not_found"
handler500 = "campaigns.views.errors.server_error"
