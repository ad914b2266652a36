"""Every campaign URL looks its campaign up here, scoped to the user asking.

A stranger gets 404 (the campaign's existence is not revealed), a viewer who tries to change
something gets 403, and an anonymous visitor has been sent to log in by @login_required
before reaching this.
"""

from dataclasses import dataclass

from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.utils import timezone

from .compiled import Compiled, id_marker, text_marker
from .models import Campaign, Membership

ARCHIVED = "This campaign is archived: nothing is recorded in it until its owner brings it back to play."


# The account's membership of the campaign at an address, and the campaign with it (one per
# account and campaign): compiled once, every campaign page asks it (campaigns/compiled.py).
_MEMBERSHIP = Compiled(
    lambda slug, user_id: Membership.objects.select_related("campaign").filter(
        campaign__slug=slug, campaign__deleted_at__isnull=True, user_id=user_id
    )[:1],
    text_marker(), id_marker(),
)


@dataclass(frozen=True)
class Access:
    campaign: Campaign
    membership: Membership | None  # None when reached through the public read-only link

    @property
    def can_record(self) -> bool:
        """A member or the owner, while the campaign is in play (an archived one is read-only)."""
        return self.membership is not None and self.membership.can_record and not self.is_archived

    @property
    def is_archived(self) -> bool:
        return self.campaign.archived_at is not None

    @property
    def is_owner(self) -> bool:
        return self.membership is not None and self.membership.is_owner


def campaign_for(
    request, slug: str, *, record: bool = False, owner: bool = False, system: str | None = None
) -> Access:
    """The campaign `slug` as the request's user may see it.

    record=True: the user must be allowed to record (owner or member); owner=True: the owner;
    system="dawnguard": a page of that game system only (another system's campaign is a 404).
    The membership is looked up once per request: a shared page that dispatches to its
    system's view (campaigns.views.system_pages) costs no second query.
    """
    memo = request.__dict__.setdefault("_memberships", {})
    if slug not in memo:
        found = _MEMBERSHIP.results(slug, request.user.pk) if request.user.is_authenticated else []
        memo[slug] = found[0] if found else None
    membership = memo[slug]
    if membership is None or (system is not None and membership.campaign.system != system):
        raise Http404("No such campaign.")
    if owner and not membership.is_owner:
        raise PermissionDenied("Only the campaign's owner can do that.")
    if record and not membership.can_record:
        raise PermissionDenied("Viewers can look but not record.")
    if record and membership.campaign.archived_at is not None:
        raise PermissionDenied(ARCHIVED)
    timezone.activate(membership.campaign.zone)  # the table's days and times (TableTimeMiddleware ends it)
    return Access(membership.campaign, membership)


def campaign_for_public_link(token: str) -> Access:
    campaign = Campaign.objects.filter(public_token=token, deleted_at__isnull=True).first()
    if campaign is None or not token:
        raise Http404("No such campaign.")
    timezone.activate(campaign.zone)
    return Access(campaign, None)
