from django.contrib.auth import views as auth_views
from django.urls import include, path

from . import registry
from .systems.base import SHARED_PAGES
from .views import accounts, campaigns, care, going_back, journal_append, members, pwa, roster, rules, stats
from .views.system_pages import system_page

urlpatterns = [
    path("", campaigns.home, name="home"),
    path("accounts/signup/", accounts.signup, name="signup"),
    path("accounts/login/", accounts.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/password/", auth_views.PasswordChangeView.as_view(), name="password_change"),
    path("accounts/password/done/", auth_views.PasswordChangeDoneView.as_view(), name="password_change_done"),
    path("accounts/", accounts.account, name="account"),
    path("accounts/data.json", accounts.my_data, name="my_data"),
    path("accounts/delete/", accounts.delete_account, name="account_delete"),
    path("accounts/password/reset/", accounts.PasswordResetView.as_view(), name="password_reset"),
    path(
        "accounts/password/reset/sent/",
        auth_views.PasswordResetDoneView.as_view(),
        name="password_reset_done",
    ),
    path(
        "accounts/reset/<uidb64>/<token>/",
        accounts.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "accounts/reset/done/",
        auth_views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
    path("campaigns/new/", campaigns.campaign_create, name="campaign_create"),
    path("campaigns/<slug:slug>/", campaigns.campaign_detail, name="campaign_detail"),
    path("campaigns/<slug:slug>/journal.json", campaigns.journal_download, name="journal_download"),
    path("campaigns/<slug:slug>/state.json", campaigns.state_json, name="state_json"),
    path("campaigns/<slug:slug>/journal/append/", journal_append.journal_append, name="journal_append"),
    path("campaigns/<slug:slug>/undo/", campaigns.undo, name="undo"),
    path("campaigns/<slug:slug>/back/", going_back.go_back, name="go_back"),
    path("campaigns/<slug:slug>/rules/", rules.rules_page, name="rules"),
    path("campaigns/<slug:slug>/players/", roster.roster, name="roster"),
    path("campaigns/<slug:slug>/players/<int:player_id>/rename/", roster.player_rename, name="player_rename"),
    path("campaigns/<slug:slug>/players/<int:player_id>/delete/", roster.player_delete, name="player_delete"),
    path("campaigns/<slug:slug>/players/<int:player_id>/link/", roster.player_link, name="player_link"),
    path("campaigns/<slug:slug>/settings/", care.campaign_settings, name="campaign_settings"),
    path("campaigns/<slug:slug>/restore/", care.campaign_restore, name="campaign_restore"),
    path("campaigns/<slug:slug>/members/", members.members, name="members"),
    path("campaigns/<slug:slug>/members/invite/", members.invite_regenerate, name="invite_regenerate"),
    path("campaigns/<slug:slug>/members/public/", members.public_link, name="public_link"),
    path("campaigns/<slug:slug>/members/<int:membership_id>/role/", members.member_role, name="member_role"),
    path(
        "campaigns/<slug:slug>/members/<int:membership_id>/remove/",
        members.member_remove,
        name="member_remove",
    ),
    # -- the pages every game system has at the same address, answered by its system's view
    *[
        path(f"campaigns/<slug:slug>/{address}", system_page(name), name=name)
        for name, address in SHARED_PAGES.items()
    ],
    # -- each registered system's own pages (its GameSystem.urlpatterns)
    *[path("campaigns/<slug:slug>/", include(list(system.urlpatterns))) for system in registry.systems()],
    path("stats/", stats.stats_detail, name="stats"),
    path("campaigns/<slug:slug>/plays.csv", stats.plays_csv, name="plays_csv"),
    path("campaigns/<slug:slug>/bgstats.json", stats.plays_bgstats, name="plays_bgstats"),
    path("manifest.webmanifest", pwa.manifest, name="manifest"),
    path("sw.js", pwa.service_worker, name="service_worker"),
    path("offline/", pwa.offline, name="offline"),
    path("join/<slug:token>/", members.join, name="join"),
    path("p/<slug:token>/", campaigns.campaign_public, name="campaign_public"),
]
