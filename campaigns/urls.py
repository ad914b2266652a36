from django.contrib.auth import views as auth_views
from django.urls import path

from .views import accounts, campaigns, members, roster

urlpatterns = [
    path("", campaigns.home, name="home"),
    path("accounts/signup/", accounts.signup, name="signup"),
    path("accounts/login/", auth_views.LoginView.as_view(redirect_authenticated_user=True), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/password/", auth_views.PasswordChangeView.as_view(), name="password_change"),
    path("accounts/password/done/", auth_views.PasswordChangeDoneView.as_view(), name="password_change_done"),
    path("campaigns/new/", campaigns.campaign_create, name="campaign_create"),
    path("campaigns/<slug:slug>/", campaigns.campaign_detail, name="campaign_detail"),
    path("campaigns/<slug:slug>/journal.json", campaigns.journal_download, name="journal_download"),
    path("campaigns/<slug:slug>/state.json", campaigns.state_json, name="state_json"),
    path("campaigns/<slug:slug>/undo/", campaigns.undo, name="undo"),
    path("campaigns/<slug:slug>/players/", roster.roster, name="roster"),
    path("campaigns/<slug:slug>/players/<int:player_id>/rename/", roster.player_rename, name="player_rename"),
    path("campaigns/<slug:slug>/players/<int:player_id>/delete/", roster.player_delete, name="player_delete"),
    path("campaigns/<slug:slug>/players/<int:player_id>/link/", roster.player_link, name="player_link"),
    path("campaigns/<slug:slug>/members/", members.members, name="members"),
    path("campaigns/<slug:slug>/members/invite/", members.invite_regenerate, name="invite_regenerate"),
    path("campaigns/<slug:slug>/members/public/", members.public_link, name="public_link"),
    path("campaigns/<slug:slug>/members/<int:membership_id>/role/", members.member_role, name="member_role"),
    path("campaigns/<slug:slug>/members/<int:membership_id>/remove/", members.member_remove, name="member_remove"),
    # -- at the table (issue 4)
    # -- review: board, history, stats, exports (issue 5)
    path("join/<str:token>/", members.join, name="join"),
    path("p/<str:token>/", campaigns.campaign_public, name="campaign_public"),
]
