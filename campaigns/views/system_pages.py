"""The pages every game system has at the same address (play/, games/new/, setup/,
history/, ...: campaigns.systems.base.SHARED_PAGES), each answered by the campaign's system's
view (its GameSystem.pages)."""

from django.contrib.auth.views import redirect_to_login
from django.http import Http404

from .. import registry
from ..access import campaign_for
from ..models import Campaign
from .history import journal_history

# What a system that has no page of its own of that name shows.
DEFAULT_PAGES = {"history": journal_history}


def system_page(name: str):
    """The view of page `name`: the campaign's system's, a 404 when its system has none."""

    def view(request, slug, **kwargs):
        if request.user.is_authenticated:
            system = campaign_for(request, slug).campaign.system  # a stranger's 404, memoised for the page
        else:
            # The page itself sends a visitor to log in (or, polled, says they are signed
            # out): the same for every campaign, existing or not, so nothing is revealed.
            system = Campaign.objects.filter(slug=slug).values_list("system", flat=True).first()
        page = registry.get(system).pages.get(name) or DEFAULT_PAGES.get(name) if system else None
        if page is None:
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            raise Http404("This campaign's game has no such page.")
        return page(request, slug, **kwargs)

    view.__name__ = view.__qualname__ = f"{name}_page"
    return view
