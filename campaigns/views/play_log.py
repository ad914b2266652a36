"""Pages every play log shares (risk-skyrim, captain-america), answered from its state and the
shared play-log rules (rules/play_log.py), never naming a system: deleting a logged play.

A deletion is a journal entry like any other: checked by the rules under the campaign's lock,
shown in the history, and taken back by undo.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from .. import store
from ..access import campaign_for
from ..rules import play_log
from ..rules.base import GAME_KIND, RuleError
from ..web.htmx import render_page


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def delete_play(request, slug, number):
    """Ask, then delete play `number` (a "deletion" entry); a play that is not there (never
    logged, or deleted already, maybe by another phone a moment ago) is refused with the rule's
    words and nothing is saved."""
    access = campaign_for(request, slug, record=True)
    campaign = access.campaign
    refusal = None
    if request.method == "POST":
        try:
            store.append(campaign, [play_log.deletion_entry(number)], request.user)
        except RuleError as error:
            refusal = error.message
        else:
            messages.success(
                request, f"Play {number} was deleted. “Undo last entry” on the overview takes it back."
            )
            return redirect(reverse("history", args=[campaign.slug]))
    state = store.state(campaign)
    if refusal is None:
        refusal = _refusal(state, number)
    data = state.play_data(number) if refusal is None else None
    context = {
        "campaign": access.campaign,
        "access": access,
        "number": number,
        "refusal": refusal,
        "play": data,
        "play_text": store.describe(campaign, GAME_KIND, data) if data else None,
        "play_url": reverse("play_detail", args=[campaign.slug, number]),
    }
    # A play that is not there is a page that is not there, said in the rule's words.
    status = 404 if refusal is not None and request.method != "POST" else 200
    return render_page(request, "campaigns/play_delete.html", context, status=status)


def _refusal(state, number: int) -> str | None:
    """Why play `number` cannot be deleted, in the rule's words; None when it can."""
    try:
        play_log.logged_play(state, {"number": number}, play_log.DELETION)
    except RuleError as error:
        return error.message
    return None
