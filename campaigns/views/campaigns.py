import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, JsonResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_GET, require_http_methods

from .. import store
from ..access import campaign_for, campaign_for_public_link
from ..forms import CampaignForm, JournalUploadForm, add_rule_error
from ..models import Campaign
from ..rules.base import RuleError
from ..rules.journal import parse_json


@require_GET
def home(request):
    """The user's campaigns, or what the app is for a visitor."""
    campaigns = Campaign.objects.for_user(request.user).order_by("-last_played_on", "-created_at")
    return TemplateResponse(request, "campaigns/home.html", {"campaigns": campaigns})


@login_required
@require_http_methods(["GET", "POST"])
def campaign_create(request):
    """Start a campaign, or create one from an uploaded journal."""
    form = CampaignForm(request.POST if "create" in request.POST else None)
    upload_form = JournalUploadForm(
        request.POST if "import" in request.POST else None, request.FILES if "import" in request.POST else None
    )
    if form.is_bound and form.is_valid():
        campaign = store.create_campaign(owner=request.user, **form.cleaned_data)
        messages.success(request, f"{campaign.name} is ready. Add your players and invite your group.")
        return redirect(campaign)
    if upload_form.is_bound and upload_form.is_valid():
        try:
            data = parse_json(upload_form.cleaned_data["journal"].read())
            campaign = store.import_journal(data, owner=request.user)
        except RuleError as error:
            add_rule_error(upload_form, error)
        else:
            messages.success(request, f"{campaign.name} was imported with {campaign.games_played} games.")
            return redirect(campaign)
    return TemplateResponse(request, "campaigns/campaign_create.html", {"form": form, "upload_form": upload_form})


def _detail_context(access, as_of=None):
    campaign = access.campaign
    current = store.state(campaign)
    return {
        "campaign": campaign,
        "access": access,
        "state": campaign.rules.state_json(current),
        "phase": getattr(current, "phase", None),
        "players": list(campaign.players.all()),
        "recent": list(campaign.entries.live().order_by("-position")[:1]),
    }


@login_required
@require_GET
def campaign_detail(request, slug):
    """A campaign's page: where it stands now."""
    access = campaign_for(request, slug)
    return TemplateResponse(request, "campaigns/campaign_detail.html", _detail_context(access))


@require_GET
def campaign_public(request, token):
    """The read-only page anyone with the public link may see."""
    access = campaign_for_public_link(token)
    return TemplateResponse(request, "campaigns/campaign_detail.html", _detail_context(access))


@login_required
@require_GET
def journal_download(request, slug):
    """The campaign's journal as a JSON file."""
    campaign = campaign_for(request, slug).campaign
    body = json.dumps(store.export_journal(campaign), indent=2, ensure_ascii=False)
    response = HttpResponse(body + "\n", content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{campaign.slug}.journal.json"'
    return response


@login_required
@require_GET
def state_json(request, slug):
    """The derived state, as `campaign_state` prints it (?as_of=N for the state after game N)."""
    campaign = campaign_for(request, slug).campaign
    as_of = request.GET.get("as_of")
    if as_of is not None:
        if not as_of.isdigit() or int(as_of) > campaign.games_played:
            return JsonResponse({"error": f"as_of must be a game number from 0 to {campaign.games_played}"}, status=400)
        as_of = int(as_of)
    return JsonResponse(store.state_json(campaign, as_of), json_dumps_params={"ensure_ascii": False})


@login_required
@require_http_methods(["GET", "POST"])
def undo(request, slug):
    """Ask, then take back the journal's last entry."""
    access = campaign_for(request, slug, record=True)
    campaign = access.campaign
    last = campaign.entries.live().order_by("-position").first()
    back = request.POST.get("next") or request.GET.get("next")
    if not url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}):
        back = campaign.get_absolute_url()
    if request.method == "POST":
        undone = store.undo_last(campaign, request.user)
        if undone is None:
            messages.info(request, "There is nothing to undo.")
        else:
            messages.success(request, f"Undone: {store.describe(campaign, undone.kind, undone.data)}.")
        return redirect(back)
    return TemplateResponse(
        request,
        "campaigns/undo_confirm.html",
        {"campaign": campaign, "access": access, "last": last, "back": back,
         "last_text": store.describe(campaign, last.kind, last.data) if last else None},
    )
