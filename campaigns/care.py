"""Looking after a campaign over the months: renamed, put in its table's time zone, handed over,
left, archived and deleted
(restorable for DELETED_KEPT, then gone). None of it touches the journal.

Each change takes the campaign's lock, as every write does, and refuses what it cannot do with a
sentence (RuleError, said beside the form's field). A change that shows on the campaign's pages
(its name, archived or not) moves the journal version on with the snapshot, whose state is the
same: every kept page and cached part keyed by the version is made again, nothing is folded.
"""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.db.models import F
from django.db.models.functions import Lower
from django.utils import timezone

from .models import Campaign, CampaignSnapshot, Membership, zone_name
from .rules import limits
from .rules.base import RuleError

#: How long a deleted campaign can be restored by its owner; after that it is gone for good.
DELETED_KEPT = timedelta(days=30)


def _touch(locked: Campaign) -> None:
    """The campaign's pages change (not its journal): the version moves on, the snapshot with it."""
    Campaign.objects.filter(pk=locked.pk).update(journal_version=F("journal_version") + 1)
    CampaignSnapshot.objects.filter(pk=locked.pk, journal_version=locked.journal_version).update(
        journal_version=F("journal_version") + 1
    )
    locked.refresh_from_db(fields=["journal_version"])


def _shown_change(campaign: Campaign, **fields) -> Campaign:
    """Change fields the campaign's pages show, under its lock, the version moved on with them."""
    with transaction.atomic():
        locked = Campaign.objects.locked(campaign)
        Campaign.objects.filter(pk=locked.pk).update(**fields)
        _touch(locked)
    campaign.refresh_from_db(fields=[*fields, "journal_version"])
    return campaign


def rename(campaign: Campaign, name: str, user) -> Campaign:
    """Give the campaign a new name (its address stays): not empty, within the limit, and not
    the name of another campaign the owner belongs to (no same-name twins in their lists)."""
    name = " ".join(name.split())
    if not name:
        raise RuleError("A campaign needs a name.", field="name")
    limits.check_text(name, limits.CAMPAIGN_NAME_MAX_CHARS, "The name", field="name")
    twins = Campaign.objects.for_user(user).exclude(pk=campaign.pk).annotate(folded=Lower("name"))
    if twins.filter(folded=name.lower()).exists():
        raise RuleError(f"You already have a campaign called {name}: choose another name.", field="name")
    return _shown_change(campaign, name=name)


def check_room_for_one_more(owner) -> None:
    """Refuse a new campaign (created or imported) past the campaigns one account may own."""
    owned = Campaign.objects.filter(memberships__user=owner, memberships__role=Membership.Role.OWNER).count()
    if owned >= limits.CAMPAIGNS_OWNED_MAX:
        raise RuleError(
            f"You own {owned} campaigns, the most one account may: delete one you no longer need"
            " (or hand it over) first."
        )


def set_time_zone(campaign: Campaign, name: str) -> Campaign:
    """Put the table in the time zone `name` (an IANA name this machine knows)."""
    if zone_name(name) is None:
        raise RuleError("Choose the table's time zone from the list.", field="time_zone")
    return _shown_change(campaign, time_zone=name)


def hand_over(campaign: Campaign, to: Membership) -> None:
    """Make another member (or viewer) of the campaign its owner; the owner stays as a member."""
    with transaction.atomic():
        locked = Campaign.objects.locked(campaign)
        if to.campaign_id != locked.pk:
            raise RuleError("Only someone who belongs to this campaign can own it.", field="member")
        if to.role == Membership.Role.OWNER:
            raise RuleError("They own it already.", field="member")
        locked.memberships.filter(role=Membership.Role.OWNER).update(role=Membership.Role.MEMBER)
        Membership.objects.filter(pk=to.pk).update(role=Membership.Role.OWNER)


def leave(membership: Membership) -> None:
    """A member or viewer leaves the campaign; its owner hands it over first (a campaign always
    has its owner). Their roster name stays on the roster and in the journal, as a name."""
    if membership.is_owner:
        raise RuleError("You own this campaign: hand it over to another member before you leave.")
    with transaction.atomic():
        Campaign.objects.locked(membership.campaign)
        membership.campaign.players.filter(user=membership.user).update(user=None)
        membership.delete()


def set_archived(campaign: Campaign, archived: bool) -> None:
    """Archive (out of the lists and the stats, read-only, kept whole) or bring back to play."""
    with transaction.atomic():
        locked = Campaign.objects.locked(campaign)
        if (locked.archived_at is not None) == archived:
            return
        Campaign.objects.filter(pk=locked.pk).update(archived_at=timezone.now() if archived else None)
        _touch(locked)
    campaign.refresh_from_db(fields=["archived_at", "journal_version"])


def delete(campaign: Campaign, typed_name: str) -> None:
    """Delete the campaign, its owner having typed its name: gone from every page at once,
    restorable by the owner for DELETED_KEPT."""
    if " ".join(typed_name.split()).casefold() != campaign.name.casefold():
        raise RuleError(f"Type the campaign's name, {campaign.name}, to delete it.", field="confirm_name")
    with transaction.atomic():
        locked = Campaign.objects.locked(campaign)
        Campaign.objects.filter(pk=locked.pk).update(deleted_at=timezone.now())
    purge()  # those deleted long ago go as another is deleted (and nightly: purge_deleted_campaigns)


def deleted_by(user):
    """The campaigns `user` owns and deleted less than DELETED_KEPT ago, the last deleted first
    (an older one is gone, whether `purge` has run yet or not)."""
    return Campaign.objects.filter(
        memberships__user=user,
        memberships__role=Membership.Role.OWNER,
        deleted_at__gte=timezone.now() - DELETED_KEPT,
    ).order_by("-deleted_at")


def restore(user, slug: str) -> Campaign:
    """Bring back a campaign `user` owns and deleted less than DELETED_KEPT ago."""
    campaign = deleted_by(user).filter(slug=slug).first()
    if campaign is None:
        raise RuleError("There is no deleted campaign of yours to restore there (after 30 days it is gone).")
    Campaign.objects.filter(pk=campaign.pk).update(deleted_at=None)
    campaign.deleted_at = None
    return campaign


def restorable_until(campaign: Campaign | None):
    """The last moment a deleted campaign (None: one deleted now) can be restored."""
    return (campaign.deleted_at if campaign is not None else timezone.now()) + DELETED_KEPT


def purge(now=None) -> int:
    """Delete for good the campaigns deleted more than DELETED_KEPT ago (one indexed delete):
    run as a campaign is deleted, and by `manage.py purge_deleted_campaigns`."""
    cutoff = (now or timezone.now()) - DELETED_KEPT
    _, deleted = Campaign.objects.filter(deleted_at__lt=cutoff).delete()
    return deleted.get(Campaign._meta.label, 0)
