"""Deleting a logged play (games/<n>/delete/): a journal entry like any other, checked by the
rules under the campaign's lock, shown in the history, and taken back by undo."""

from django.contrib.auth.decorators import login_required
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from .... import states, store
from ....access import campaign_for
from ....rules import play_log
from ....rules.base import GAME_KIND, RuleError
from ....web.htmx import render_page
from ....web.writes import append_or_refuse
from ..forms import DeletePlayForm


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def delete_play(request, slug, number):
    """Ask, then delete play `number` (a "deletion" entry); a play that is not there (never
    logged, or deleted already, maybe by another phone a moment ago) is refused with the rule's
    words and nothing is saved."""
    access = campaign_for(request, slug, record=True)
    campaign = access.campaign
    form = DeletePlayForm(number, request.POST if request.method == "POST" else None)

    def page():
        state = states.state(campaign)
        refusal = form.refusal.message if form.refusal is not None else _refusal(state, number)
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
        return render_page(request, "play_log/play_delete.html", context, status=status)

    if request.method != "POST":
        return page()
    return append_or_refuse(
        request,
        campaign,
        form,
        page=page,
        redirect_to=reverse("history", args=[campaign.slug]),
        success=f"Play {number} was deleted. “Undo last entry” on the overview takes it back.",
    )


def _refusal(state, number: int) -> str | None:
    """Why play `number` cannot be deleted, in the rule's words; None when it can."""
    try:
        play_log.logged_play(state, {"number": number}, play_log.DELETION)
    except RuleError as error:
        return error.message
    return None
