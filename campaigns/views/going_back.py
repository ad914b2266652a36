"""Back to before game N (campaigns/<slug>/back/): pick the point, see in players' words what
would go, confirm; what went is kept aside, restorable whole or downloadable as a journal
(campaigns/going_back.py)."""

import json

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from .. import going_back, registry, store
from ..access import campaign_for
from ..forms import ConfirmForm
from ..rules.base import RuleError
from ..web.htmx import render_page
from ..web.params import whole_number
from ..web.writes import Done, save_or_refuse

# Up to this many games the page lists them to choose from; a longer campaign's is typed.
GAMES_LISTED = 100


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def go_back(request, slug):
    access = campaign_for(request, slug, record=request.method == "POST")
    campaign = access.campaign
    if "download" in request.GET:
        try:
            data = going_back.journal_before_going_back(campaign)
        except RuleError as error:
            return HttpResponse(error.message, status=404, content_type="text/plain; charset=utf-8")
        response = HttpResponse(
            json.dumps(data, ensure_ascii=False, indent=2), content_type="application/json"
        )
        response["Content-Disposition"] = f'attachment; filename="{campaign.slug}-before-going-back.json"'
        return response
    words = registry.system_of(campaign).count_words
    before = whole_number(
        request.POST.get("before") if request.method == "POST" else request.GET.get("before")
    )
    form = ConfirmForm(request.POST if request.method == "POST" else None)
    going, refused = None, None
    if before is not None:
        try:
            going = going_back.preview(campaign, before)
        except RuleError as error:
            refused = error.message

    def page():
        described = [
            (number, store.describe(campaign, kind, data))
            for kind, data, number in (going.entries if going else [])
        ]
        context = {
            "campaign": campaign,
            "access": access,
            "form": form,
            "going": going,
            "before": before,
            "refused": refused,
            "described": described,
            "words": words,
            "unnamed": going.count - len(going.entries) if going else 0,
            "set_aside": going_back.set_aside(campaign),
            "games": range(1, campaign.games_played + 1) if campaign.games_played <= GAMES_LISTED else None,
        }
        return render_page(request, "campaigns/go_back.html", context)

    if request.method == "POST" and "restore" in request.POST:
        return save_or_refuse(
            request, form, page=page, save=lambda: going_back.restore(campaign, request.user),
            done=Done(reverse("history", args=[slug]), said=lambda kept: (
                f"Restored what going back set aside: {len(kept.entries)} entries"
                f"{', ' + words.of(len(kept.games)) if kept.games else ''}.")),
        )
    if request.method == "POST" and going is not None:
        seen = whole_number(request.POST.get("version"))
        return save_or_refuse(
            request,
            form,
            page=page,
            save=lambda: going_back.go_back(campaign, request.user, before, seen_version=seen),
            done=Done(
                reverse("history", args=[slug]),
                said=(
                    f"The campaign is as it was before {words.one} {before}. What went is set aside:"
                    " restore it or download it from the Go back page."
                ),
            ),
        )
    return page()
