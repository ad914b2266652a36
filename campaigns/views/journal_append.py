"""A journal appended to an existing campaign (sync without overwrites): the upload page.

The checks and the write are the store's (`store.append_journal`: the journal must start with
exactly the campaign's own entries; the rest goes through the rules in one transaction)."""

from django.contrib.auth.decorators import login_required
from django.views.decorators.http import require_http_methods

from .. import store
from ..access import campaign_for
from ..forms import JournalUploadForm
from ..rules.journal import parse_json
from ..web.htmx import render_page
from ..web.writes import Done, save_or_refuse


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def journal_append(request, slug):
    """Upload a journal that continues this campaign: what it holds after the campaign's own
    games is appended, all or nothing; the campaign's own export changes nothing and says so."""
    access = campaign_for(request, slug, record=request.method == "POST")
    campaign = access.campaign
    form = JournalUploadForm(request.POST, request.FILES) if request.method == "POST" else JournalUploadForm()
    form.fields["journal"].help_text = (
        f"A journal (.json) that starts with {campaign.name}'s games, from another phone or a backup."
    )

    def page():
        return render_page(
            request, "campaigns/journal_append.html", {"campaign": campaign, "access": access, "form": form}
        )

    if request.method != "POST":
        return page()

    def save():
        return store.append_journal(campaign, parse_json(form.cleaned_data["journal"].read()), request.user)

    return save_or_refuse(
        request,
        form,
        save=save,
        page=page,
        done=Done(
            lambda appended: campaign.get_absolute_url(),
            said=lambda appended: store.appended_sentence(campaign, appended),
        ),
    )
