from django.contrib.auth import views as auth_views
from django.urls import path

from .views import accounts, campaigns, members, roster, table_play
from .views import review as review_views  # issue 5: the board, a territory's history, the history
from .views import table_setup  # issue 4: the setup, a game's start, recruitment
from .views import pwa, stats  # issue 5: stats, exports, the installable app

urlpatterns = [
    path("", campaigns.home, name="home"),
    path("accounts/signup/", accounts.signup, name="signup"),
    path("accounts/login/", accounts.LoginView.as_view(), name="login"),
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
    path("campaigns/<slug:slug>/setup/", table_setup.setup_edit, name="setup_edit"),
    path("campaigns/<slug:slug>/setup/chart/", table_setup.trade_in_chart_edit, name="trade_in_chart_edit"),
    path("campaigns/<slug:slug>/games/new/", table_setup.game_start, name="game_start"),
    path("campaigns/<slug:slug>/recruitment/", table_setup.recruitment, name="recruitment"),
    path("campaigns/<slug:slug>/play/", table_play.table, name="table"),
    path("campaigns/<slug:slug>/play/live/", table_play.live, name="live"),
    path("campaigns/<slug:slug>/play/events/", table_play.event_add, name="event_add"),
    path("campaigns/<slug:slug>/play/packets/", table_play.packet_add, name="packet_add"),
    path("campaigns/<slug:slug>/play/end/", table_play.game_end, name="game_end"),
    path("campaigns/<slug:slug>/play/rewards/", table_play.reward_add, name="reward_add"),
    path("campaigns/<slug:slug>/play/world/", table_play.world_name, name="world_name"),
    # -- review: board, history, stats, exports (issue 5)
    path("campaigns/<slug:slug>/board/", review_views.board, name="board"),
    path("campaigns/<slug:slug>/board/<slug:territory>/", review_views.territory_history, name="territory_history"),
    path("campaigns/<slug:slug>/history/", review_views.history, name="history"),
    path("stats/", stats.stats_detail, name="stats"),
    path("campaigns/<slug:slug>/plays.csv", stats.plays_csv, name="plays_csv"),
    path("campaigns/<slug:slug>/bgstats.json", stats.plays_bgstats, name="plays_bgstats"),
    path("manifest.webmanifest", pwa.manifest, name="manifest"),
    path("sw.js", pwa.service_worker, name="service_worker"),
    path("offline/", pwa.offline, name="offline"),
    path("join/<slug:token>/", members.join, name="join"),
    path("p/<slug:token>/", campaigns.campaign_public, name="campaign_public"),
]
