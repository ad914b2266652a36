import json
from collections import Counter

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.serializers.json import DjangoJSONEncoder
from django.db import transaction
from django.http import JsonResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.functional import SimpleLazyObject
from django.utils.http import urlencode
from django.views.decorators.http import require_http_methods, require_safe

from .. import care, registry, roster, states, store
from ..access import campaign_for, campaign_for_public_link
from ..forms import CampaignForm, JournalUploadForm, UndoForm
from ..models import Campaign
from ..rules import limits
from ..rules.base import RuleError
from ..rules.journal import parse_json
from ..web import kept
from ..web.htmx import render_page
from ..web.params import same_origin_path, whole_number
from ..web.throttle import allowed
from ..web.writes import Done, save_or_refuse, undo_or_refuse
from .rules import law_context


@require_safe
def home(request):
    """The user's campaigns (searched by name, filtered by game; the archived apart, the deleted
    ones still restorable last), or what the app is for a visitor."""
    if not request.user.is_authenticated:
        return render_page(request, "campaigns/home.html", {})
    query = " ".join(request.GET.get("q", "").split())[:100]
    keys = {key for key, _ in registry.choices()}
    game = request.GET.get("game", "") if request.GET.get("game", "") in keys else ""
    found = Campaign.objects.for_user(request.user).order_by("-last_played_on", "-created_at")
    if query:
        found = found.filter(name__icontains=query)
    if game:
        found = found.filter(system=game)
    campaigns = list(found)
    # Each card's count of games is the campaign's own column; a campaign saved before it
    # existed reads its state instead: those are folded together (two queries in all).
    states.timelines([campaign for campaign in campaigns if campaign.games_finished is None])
    # Two campaigns of one name are told apart by the day each was created.
    names = Counter(campaign.name.casefold() for campaign in campaigns)
    for campaign in campaigns:
        campaign.is_twin = names[campaign.name.casefold()] > 1
    context = {
        "campaigns": [campaign for campaign in campaigns if campaign.archived_at is None],
        "archived": [campaign for campaign in campaigns if campaign.archived_at is not None],
        "deleted": [
            (campaign, care.restorable_until(campaign)) for campaign in care.deleted_by(request.user)
        ],
        "query": query,
        "game": game,
        "games": registry.choices(),
        "searched": bool(query or game),
    }
    return render_page(request, "campaigns/home.html", context)


def _owned(owner, create, request=None, imported=False):
    """A new campaign (`create()`), its owner linked to their own roster name when the roster
    has one (their username, first or full name, as the invite link offers it): one write.
    Within the account's bounds: campaigns owned, and journal imports an hour."""
    care.check_room_for_one_more(owner)
    if imported and not allowed(
        request, f"import:{owner.pk}", limits.IMPORTS_AN_HOUR, 3600, per_account=True
    ):
        raise RuleError(
            f"You imported {limits.IMPORTS_AN_HOUR} journals in the last hour, the most one account may:"
            " wait a while and try again.",
            field="journal",
        )
    with transaction.atomic():
        campaign = create()
        own = roster.matching_player(campaign, owner)
        if own is not None:
            roster.link_player(campaign, own, owner)
    return campaign


def _playing_as(campaign, user) -> str:
    name = campaign.players.filter(user=user).values_list("name", flat=True).first()
    return f": you play as {name}" if name else ""


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def campaign_create(request):
    """Start a campaign, or create one from an uploaded journal."""
    form = CampaignForm(request.POST if "create" in request.POST else None)
    upload_form = JournalUploadForm(
        request.POST if "import" in request.POST else None,
        request.FILES if "import" in request.POST else None,
    )

    def page():
        return render_page(
            request, "campaigns/campaign_create.html", {"form": form, "upload_form": upload_form}
        )

    if form.is_bound:
        return save_or_refuse(
            request,
            form,
            save=lambda: _owned(
                request.user, lambda: store.create_campaign(owner=request.user, **form.cleaned_data)
            ),
            page=page,
            done=Done(
                lambda campaign: campaign.get_absolute_url(),
                said=lambda campaign: (
                    f"{campaign.name} is ready{_playing_as(campaign, request.user)}. "
                    "Add your players and invite your group."
                ),
            ),
        )
    if upload_form.is_bound:  # a refused upload is below the first form: its focus brings it into view
        return save_or_refuse(
            request,
            upload_form,
            save=lambda: _owned(
                request.user,
                lambda: store.import_journal(
                    parse_json(upload_form.cleaned_data["journal"].read()),
                    owner=request.user,
                    time_zone=upload_form.cleaned_data["time_zone"],
                ),
                request,
                imported=True,
            ),
            page=page,
            done=Done(
                lambda campaign: campaign.get_absolute_url(),
                said=lambda campaign: (
                    f"{campaign.name} was imported with"
                    f" {registry.system_of(campaign).count_words.of(campaign.games_played)}."
                ),
            ),
        )
    return page()


def _detail_context(access, as_of=None):
    campaign = access.campaign
    system = registry.system_of(campaign)

    def from_state() -> dict:
        current = states.state(campaign)
        return {
            # The docs/journal.md state, built only if the system's overview template reads it (a
            # play log's overview reads the fold instead: its JSON grows with every play).
            "state": SimpleLazyObject(lambda: campaign.rules.state_json(current)),
            "law": law_context(campaign, current),
            **system.overview(access, current),
        }

    return {
        "campaign": campaign,
        "access": access,
        "system": system,
        "players": SimpleLazyObject(lambda: list(campaign.players.all())),  # read only if shown
        "recent": kept.recent_entries(campaign, 1),  # whether there is an entry to undo
        # Read by the kept parts only (the overview's and the house rules'), for a system that
        # says so: made only when one is rendered.
        **(kept.when_rendered(from_state) if system.overview_kept else from_state()),
    }


@login_required
@require_safe
def campaign_detail(request, slug):
    """A campaign's page: where it stands now."""
    access = campaign_for(request, slug)
    return render_page(request, "campaigns/campaign_detail.html", _detail_context(access))


@require_safe
def campaign_public(request, token):
    """The read-only page anyone with the public link may see."""
    access = campaign_for_public_link(token)
    return render_page(request, "campaigns/campaign_detail.html", _detail_context(access))


@login_required
@require_safe
def journal_download(request, slug):
    """The campaign's journal as a JSON file."""
    campaign = campaign_for(request, slug).campaign

    def text() -> list[bytes]:
        return [(json.dumps(store.export_journal(campaign), indent=2, ensure_ascii=False) + "\n").encode()]

    response = kept.download(request, campaign, "journal", text,
                             content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{campaign.slug}.journal.json"'
    return response


@login_required
@require_safe
def state_json(request, slug):
    """The derived state, as `campaign_state` prints it (?as_of=N for the state after game N)."""
    campaign = campaign_for(request, slug).campaign
    as_of = request.GET.get("as_of")
    if as_of is not None:
        as_of = whole_number(as_of)
        if as_of is None or as_of > campaign.games_played:
            return JsonResponse(
                {"error": f"as_of must be a game number from 0 to {campaign.games_played}"}, status=400
            )
    as_of = states.game_or_now(campaign, as_of)  # as of the last game: the state now, kept once

    def text() -> list[bytes]:
        state = states.state_json(campaign, as_of)
        return [json.dumps(state, ensure_ascii=False, cls=DjangoJSONEncoder).encode()]

    return kept.download(request, campaign, "state.json", text, as_of, content_type="application/json")


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def undo(request, slug):
    """Ask, then take back the entry the page showed, if it is still the journal's last."""
    access = campaign_for(request, slug, record=True)
    campaign = access.campaign
    back = request.POST.get("next") or request.GET.get("next")
    if not same_origin_path(back):
        back = campaign.get_absolute_url()
    if request.method == "POST":
        return _undo_entry(request, campaign, back)
    last = campaign.entries.live().select_related("recorded_by").order_by("-position").first()
    return render_page(
        request,
        "campaigns/undo_confirm.html",
        {"campaign": campaign, "access": access, "last": last, "back": back,
         "last_text": store.describe(campaign, last.kind, last.data) if last else None},
    )


def _undo_entry(request, campaign, back):
    form = UndoForm(request.POST)

    def unnamed():
        # The confirmation names the entry; a POST that does not cannot be tied to one.
        messages.error(
            request, "Nothing was undone: the undo did not say which entry to take back. Check it here."
        )
        return redirect(f"{reverse('undo', args=[campaign.slug])}?{urlencode({'next': back})}")

    return undo_or_refuse(request, campaign, form, back=back, page=unnamed)
