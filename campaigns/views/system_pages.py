"""The pages every game system has at the same address (play/, games/new/, setup/,
history/, ...: campaigns.systems.base.SHARED_PAGES), each answered by the campaign's system's
view (its GameSystem.pages)."""

from django.contrib.auth.views import redirect_to_login
from django.http import Http404

from .. import registry
from ..access import campaign_for
from ..web import live
from .history import journal_history

# What a system that has no page of its own of that name shows.
DEFAULT_PAGES = {"history": journal_history}
# What a signed-out visitor gets instead of a page (else the login page, back to this one).
SIGNED_OUT_PAGES = {"live": live.signed_out}


def system_page(name: str):
    """The view of page `name`: the campaign's system's, a 404 when its system has none."""

    def view(request, slug, **kwargs):
        if not request.user.is_authenticated:
            # Nothing is looked up: the same answer for every campaign, existing or not,
            # whatever its game, so a visitor learns nothing of one.
            signed_out = SIGNED_OUT_PAGES.get(name)
            return signed_out(request, slug) if signed_out else redirect_to_login(request.get_full_path())
        system = campaign_for(request, slug).campaign.system  # a stranger's 404, memoised for the page
        page = registry.get(system).pages.get(name) or DEFAULT_PAGES.get(name)
        if page is None:
            raise Http404("This campaign's game has no such page.")
        return page(request, slug, **kwargs)

    view.__name__ = view.__qualname__ = f"{name}_page"
    return view
