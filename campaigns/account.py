"""An account's own data, and its end: "Download my data" (every campaign it belongs to, each as
its journal, and the account, in one file) and "Delete my account" (each campaign it owns
handed over to a member of the owner's choice, or deleted with it; its roster names stay in the
journals as names, its taps and memberships go).
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from . import care, store
from .models import Campaign, Membership
from .rules.base import RuleError

FORMAT = "legacy-ledger-account/1"
#: What a campaign owned by an account being deleted becomes instead of another member's.
DELETE_IT = "delete"


def data_of(user) -> dict:
    """The account and every campaign it belongs to (archived ones too; not a deleted one),
    each with the account's role and its journal as `export_journal` writes it."""
    memberships = Membership.objects.filter(user=user, campaign__deleted_at__isnull=True).select_related(
        "campaign"
    )
    return {
        "format": FORMAT,
        "exported_at": timezone.now().isoformat(timespec="seconds"),
        "account": {
            "username": user.get_username(),
            "email": user.email,
            "joined": user.date_joined.isoformat(timespec="seconds"),
        },
        "campaigns": [
            {
                "role": membership.role,
                "archived": membership.campaign.archived_at is not None,
                "roster_name": membership.campaign.players.filter(user=user)
                .values_list("name", flat=True)
                .first(),
                "journal": store.export_journal(membership.campaign),
            }
            for membership in memberships.order_by("campaign__name", "campaign__pk")
        ],
    }


def owned(user) -> list[Campaign]:
    """The campaigns in play or archived the account owns (one it deleted goes with it)."""
    return list(
        Campaign.objects.filter(
            memberships__user=user, memberships__role=Membership.Role.OWNER, deleted_at__isnull=True
        )
    )


def delete_account(user, next_owners: dict[int, str]) -> None:
    """Delete the account. `next_owners` says, for each campaign it owns (by id), the membership
    id of its next owner, or DELETE_IT: a campaign with nobody named is refused, nothing done."""
    campaigns = owned(user)
    with transaction.atomic():
        for campaign in campaigns:
            choice = next_owners.get(campaign.pk)
            if choice == DELETE_IT:
                campaign.delete()
                continue
            successor = campaign.memberships.exclude(user=user).filter(pk=choice).first() if choice else None
            if successor is None:
                raise RuleError(f"Say who owns {campaign.name} after you, or that it goes with you.",
                                field=f"campaign_{campaign.pk}")
            care.hand_over(campaign, successor)
        # What it deleted and could still restore goes with it: nobody else could.
        Campaign.objects.filter(
            memberships__user=user, memberships__role=Membership.Role.OWNER, deleted_at__isnull=False
        ).delete()
        user.delete()
