from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect
from django.views.decorators.http import require_http_methods, require_safe

from .. import roster
from ..access import campaign_for
from ..forms import MemberRoleForm
from ..models import Campaign, Membership, new_token
from ..web.htmx import render_page
from ..web.writes import page_url_on_get


@login_required
@require_safe
def members(request, slug):
    """Who belongs to the campaign; the owner also manages links and roles here."""
    access = campaign_for(request, slug)
    campaign = access.campaign
    memberships = list(campaign.memberships.select_related("user"))
    context = {
        "campaign": campaign,
        "access": access,
        "memberships": memberships,
        "roles": Membership.Role.choices,
        "invite_url": request.build_absolute_uri(f"/join/{campaign.invite_token}/")
        if access.is_owner
        else None,
        "public_url": request.build_absolute_uri(f"/p/{campaign.public_token}/")
        if access.is_owner and campaign.public_token
        else None,
    }
    return render_page(request, "campaigns/members_edit.html", context)


@login_required
@page_url_on_get("members")  # e.g. after logging in again with next= this URL
def invite_regenerate(request, slug):
    """Make a new join link; the old one stops working."""
    campaign = campaign_for(request, slug, owner=True).campaign
    campaign.invite_token = new_token()
    campaign.save(update_fields=["invite_token"])
    messages.success(request, "A new invite link was made; the old one no longer works.")
    return redirect("members", slug=slug)


@login_required
@page_url_on_get("members")
def public_link(request, slug):
    """Turn the public read-only link on (a fresh one) or off."""
    campaign = campaign_for(request, slug, owner=True).campaign
    if request.POST.get("enable") == "1":
        campaign.public_token = new_token()
        messages.success(request, "Anyone with the public link can now read this campaign.")
    else:
        campaign.public_token = None
        messages.success(request, "The public link is off.")
    campaign.save(update_fields=["public_token"])
    return redirect("members", slug=slug)


@login_required
@page_url_on_get("members")
def member_role(request, slug, membership_id):
    """Change a member's role."""
    campaign = campaign_for(request, slug, owner=True).campaign
    membership = get_object_or_404(Membership, pk=membership_id, campaign=campaign)
    form = MemberRoleForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Choose owner, member or viewer.")
    elif (
        membership.user_id == request.user.id
        and form.cleaned_data["role"] != Membership.Role.OWNER
        and not (campaign.memberships.filter(role=Membership.Role.OWNER).exclude(pk=membership.pk).exists())
    ):
        messages.error(request, "A campaign needs an owner: make someone else owner first.")
    else:
        membership.role = form.cleaned_data["role"]
        membership.save(update_fields=["role"])
        messages.success(request, f"{membership.user} is now {membership.get_role_display().lower()}.")
    return redirect("members", slug=slug)


@login_required
@page_url_on_get("members")
def member_remove(request, slug, membership_id):
    """Remove someone from the campaign."""
    campaign = campaign_for(request, slug, owner=True).campaign
    membership = get_object_or_404(Membership, pk=membership_id, campaign=campaign)
    if membership.user_id == request.user.id:
        messages.error(request, "You own this campaign; you cannot remove yourself.")
    else:
        membership.delete()
        messages.success(request, f"{membership.user} was removed from {campaign.name}.")
    return redirect("members", slug=slug)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def join(request, token):
    """Join a campaign through its invite link."""
    campaign = Campaign.objects.filter(invite_token=token).first()
    if campaign is None:
        raise Http404("This invite link is no longer valid.")
    if campaign.memberships.filter(user=request.user).exists():
        return redirect(campaign)
    # The roster name that is this account's own, offered so joining links it in one tap.
    offered = roster.matching_player(campaign, request.user)
    if request.method == "POST":
        Membership.objects.get_or_create(
            campaign=campaign, user=request.user, defaults={"role": Membership.Role.MEMBER}
        )
        if offered is not None and request.POST.get("player") == str(offered.pk):
            roster.link_player(campaign, offered, request.user)
            messages.success(request, f"Welcome to {campaign.name}. You play as {offered.name}.")
        elif request.POST.get("player"):
            messages.success(request, f"Welcome to {campaign.name}.")
            messages.info(
                request,
                "That roster name was linked to another account meanwhile: "
                "ask the owner to link yours on the Players page.",
            )
        else:
            messages.success(request, f"Welcome to {campaign.name}.")
        return redirect(campaign)
    return render_page(request, "campaigns/join_confirm.html", {"campaign": campaign, "offered": offered})
