from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from ..access import campaign_for
from ..forms import PlayerForm
from ..models import Player
from ..roster import add_player, delete_player, link_player, rename_player
from ..rules.base import RuleError
from ..web.htmx import render_page
from ..web.params import whole_number
from ..web.writes import Done, page_url_on_get, save_or_refuse


def _roster_page(request, access, add_form=None, rename_forms=None, status=200):
    campaign = access.campaign
    players = list(campaign.players.select_related("user"))
    rename_forms = rename_forms or {}
    rows = [
        {
            "player": player,
            "form": rename_forms.get(player.pk)
            or PlayerForm(initial={"name": player.name}, prefix=f"p{player.pk}"),
        }
        for player in players
    ]
    linked_users = {player.user_id for player in players if player.user_id}
    members = [m for m in campaign.memberships.select_related("user") if m.user_id not in linked_users]
    return render_page(
        request,
        "campaigns/roster_edit.html",
        {
            "campaign": campaign,
            "access": access,
            "rows": rows,
            "add_form": add_form or PlayerForm(),
            "unlinked_members": members,
        },
        status=status,
    )


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def roster(request, slug):
    """The campaign's players: add one (members), or just look (viewers)."""
    if request.method in ("GET", "HEAD"):
        return _roster_page(request, campaign_for(request, slug))
    access = campaign_for(request, slug, record=True)
    form = PlayerForm(request.POST)
    return save_or_refuse(
        request,
        form,
        save=lambda: add_player(access.campaign, form.cleaned_data["name"]),
        page=lambda: _roster_page(request, access, add_form=form),
        done=Done(reverse("roster", args=[slug]), said=lambda player: f"{player.name} joined the roster."),
    )


@login_required
@page_url_on_get("roster")
def player_rename(request, slug, player_id):
    """Rename a player everywhere the journal names them."""
    access = campaign_for(request, slug, record=True)
    player = get_object_or_404(Player, pk=player_id, campaign=access.campaign)
    form = PlayerForm(request.POST, prefix=f"p{player.pk}")
    old_name = player.name
    return save_or_refuse(
        request,
        form,
        save=lambda: rename_player(access.campaign, player, form.cleaned_data["name"]),
        page=lambda: _roster_page(request, access, rename_forms={player.pk: form}),
        done=Done(reverse("roster", args=[slug]), said=lambda _: f"{old_name} is now {player.name}."),
    )


@login_required
@page_url_on_get("roster")
def player_delete(request, slug, player_id):
    """Take a name off the roster, if it never played."""
    access = campaign_for(request, slug, record=True)
    player = get_object_or_404(Player, pk=player_id, campaign=access.campaign)
    try:
        delete_player(access.campaign, player)
    except RuleError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, f"{player.name} was taken off the roster.")
    return redirect("roster", slug=slug)


@login_required
@page_url_on_get("roster")
def player_link(request, slug, player_id):
    """Link a roster name to a member's account (or unlink it)."""
    access = campaign_for(request, slug, record=True)
    player = get_object_or_404(Player, pk=player_id, campaign=access.campaign)
    user_id = request.POST.get("user", "")
    if user_id == "":
        link_player(access.campaign, player, None)
        messages.success(request, f"{player.name} is no longer linked.")
        return redirect("roster", slug=slug)
    user_id = whole_number(user_id)
    membership = (
        access.campaign.memberships.filter(user_id=user_id).select_related("user").first()
        if user_id
        else None
    )
    if membership is None:
        messages.error(
            request, "Only a member of this campaign can be linked to a player: choose one from the list."
        )
        return _roster_page(request, access, status=400)
    link_player(access.campaign, player, membership.user)
    messages.success(request, f"{player.name} is now linked to {membership.user}.")
    return redirect("roster", slug=slug)
