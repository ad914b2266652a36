"""A campaign's own page of care (campaigns/<slug>/settings/): its owner renames it, hands it
over, archives or brings it back, deletes it (restorable for 30 days, from the home page); a
member or viewer leaves it. The rules of each are campaigns/care.py's."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.dateformat import format as format_date
from django.views.decorators.http import require_http_methods, require_POST

from .. import care
from ..access import campaign_for
from ..forms import ConfirmForm, DeleteCampaignForm, HandOverForm, RenameForm, TimeZoneForm
from ..models import Membership
from ..rules.base import RuleError
from ..web.htmx import render_page
from ..web.writes import Done, save_or_refuse

ACTIONS = ("rename", "set_time_zone", "hand_over", "archive", "unarchive", "delete", "leave")


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def campaign_settings(request, slug):
    action = next((name for name in ACTIONS if name in request.POST), None)
    access = campaign_for(request, slug, owner=action not in (None, "leave"))
    campaign = access.campaign
    posted = request.POST if action else None
    rename = RenameForm(posted if action == "rename" else None, initial={"name": campaign.name})
    zone = TimeZoneForm(
        posted if action == "set_time_zone" else None, initial={"time_zone": campaign.time_zone}
    )
    hand_over = HandOverForm(campaign, posted if action == "hand_over" else None)
    delete = DeleteCampaignForm(posted if action == "delete" else None)
    leave = ConfirmForm(posted if action == "leave" else None)

    def page():
        context = {
            "campaign": campaign,
            "access": access,
            "rename": rename,
            "zone": zone,
            "hand_over": hand_over,
            "delete": delete,
            "leave": leave,
            "restorable_days": care.DELETED_KEPT.days,
        }
        return render_page(request, "campaigns/campaign_settings.html", context)

    here = reverse("campaign_settings", args=[slug])
    if action == "rename":
        return save_or_refuse(
            request,
            rename,
            page=page,
            save=lambda: care.rename(campaign, rename.cleaned_data["name"], request.user),
            done=Done(here, said=lambda renamed: f"The campaign is now called {renamed.name}."),
        )
    if action == "set_time_zone":
        return save_or_refuse(
            request,
            zone,
            page=page,
            save=lambda: care.set_time_zone(campaign, zone.cleaned_data["time_zone"]),
            done=Done(
                here,
                said=lambda changed: f"The table's time zone is now {changed.time_zone.replace('_', ' ')}.",
            ),
        )
    if action == "hand_over":

        def handed():
            to = (
                campaign.memberships.select_related("user")
                .filter(pk=hand_over.cleaned_data["member"])
                .first()
            )
            if to is None:
                raise RuleError("Only someone who belongs to this campaign can own it.", field="member")
            care.hand_over(campaign, to)
            return to

        return save_or_refuse(
            request,
            hand_over,
            page=page,
            save=handed,
            done=Done(
                here, said=lambda to: f"{to.user.get_username()} owns {campaign.name} now; you are a member."
            ),
        )
    if action in ("archive", "unarchive"):
        care.set_archived(campaign, action == "archive")
        messages.success(
            request,
            f"{campaign.name} is archived: read-only, out of your lists and stats."
            if action == "archive"
            else f"{campaign.name} is back in play.",
        )
        return redirect(here)
    if action == "delete":
        until = format_date(care.restorable_until(None), "j M Y")
        return save_or_refuse(
            request,
            delete,
            page=page,
            save=lambda: care.delete(campaign, delete.cleaned_data["confirm_name"]),
            done=Done(
                reverse("home"),
                said=f"{campaign.name} is deleted. You can restore it from your campaigns"
                f" until {until}; then it is gone.",
            ),
        )
    if action == "leave":
        return save_or_refuse(
            request, leave, page=page, save=lambda: care.leave(access.membership),
            done=Done(reverse("home"), said=f"You left {campaign.name}."),
        )
    return page()


@login_required
@require_POST
def campaign_restore(request, slug):
    """Bring back a campaign its owner deleted (the home page lists them): a stranger gets 404
    and a member 403, as on every campaign page; a campaign in play is simply opened."""
    membership = (
        Membership.objects.select_related("campaign").filter(campaign__slug=slug, user=request.user).first()
    )
    if membership is None or (membership.campaign.deleted_at is not None and not membership.is_owner):
        raise Http404("No such campaign.")
    if not membership.is_owner:
        raise PermissionDenied("Only the campaign's owner can do that.")
    campaign = membership.campaign
    if campaign.deleted_at is None:
        return redirect(campaign.get_absolute_url())
    try:
        care.restore(request.user, slug)
    except RuleError as error:
        messages.error(request, error.message)
        return redirect("home")
    messages.success(request, f"{campaign.name} is restored, as it was.")
    return redirect(campaign.get_absolute_url())
