"""Deleting a logged play (games/<n>/delete/) and restoring a deleted one (games/<n>/restore/):
journal entries like any other, checked by the rules under the campaign's lock, shown in the
history, and taken back by undo."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from .... import states, store
from ....access import campaign_for
from ....rules import play_log
from ....rules.base import GAME_KIND, RuleError
from ....web.htmx import render_page
from ....web.writes import Done, Step, append_or_refuse
from ..forms import DeletePlayForm, RestorePlayForm


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
        done=Done(reverse("history", args=[campaign.slug]),
                  said=f"Play {number} was deleted. “Undo last entry” on the overview takes it back."),
    )


def _refusal(state, number: int) -> str | None:
    """Why play `number` cannot be deleted, in the rule's words; None when it can."""
    try:
        play_log.logged_play(state, {"number": number}, play_log.DELETION)
    except RuleError as error:
        return error.message
    return None


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def restore_play(request, slug, number):
    """Restore deleted play `number` (a "restoration" entry, one tap on its page: nothing is
    lost by it, and undo takes it back). A GET goes to the play's page; a play that is not
    deleted (restored a moment ago on another phone) is refused with the rule's words."""
    access = campaign_for(request, slug, record=True)
    campaign = access.campaign
    play_url = reverse("play_detail", args=[campaign.slug, number])
    if request.method != "POST":
        return redirect(play_url)
    if states.state(campaign).play_data(number) is None:
        raise Http404("No such play.")
    form = RestorePlayForm(number, request.POST)

    def refused():
        messages.error(request, f"Play {number} was not restored: {form.refusal.message}.")
        return redirect(play_url)

    return append_or_refuse(
        request,
        campaign,
        form,
        page=refused,
        done=Done(
            play_url,
            said=(
                f"Play {number} is restored: it counts again. "
                "“Undo last entry” on the overview takes it back."
            ),
        ),
        # Restored a moment ago on another phone: its page shows it as it stands.
        step=Step(
            lambda now: (
                None if now.is_deleted(number) else f"Play {number} is not deleted, so nothing was restored."
            )
        ),
    )
