"""The roster: its one rule, and its writes (adding, renaming, linking, removing a player, and
names joining with a journal write).

Each write takes the campaign's lock (`Campaign.objects.locked`, as the store's journal writes
do), so it queues with them, and bumps the journal version and folds the journal again
(campaigns.states keeps it), so no state of the old roster is served again.
A name is renamed everywhere the journal mentions it; a name that has played stays.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import F

from . import states
from .models import Campaign, Entry, Player
from .rules import base, limits
from .rules.base import RuleError


def refuse_name_on_the_roster(locked: Campaign, name: str, *, field: str = "name", exclude=None) -> None:
    """The roster's one rule, for every write that names a player (a roster name added or
    renamed, a newcomer typed at the table): a name is on it once, in any case."""
    others = locked.players.filter(name__iexact=name)
    if exclude is not None:
        others = others.exclude(pk=exclude.pk)
    if others.exists():
        raise RuleError(f"{name} is already on the roster.", field=field)


def join_roster(locked: Campaign, names) -> list[str]:
    """Add to the locked campaign's roster those of `names` it lacks (ignoring case); the
    names added. Inside the caller's transaction (a journal write's: both saved, or neither)."""
    roster = locked.roster()
    on_roster = {name.casefold() for name in roster}
    new_players = list(dict.fromkeys(name for name in names if name.casefold() not in on_roster))
    for name in new_players:
        limits.check_player_name(name, field=None)
    if new_players:
        Player.objects.bulk_create(
            Player(campaign=locked, name=name, position=len(roster) + i) for i, name in enumerate(new_players)
        )
        # A new roster: the state cached for the old one is not folded on.
        Campaign.objects.filter(pk=locked.pk).update(journal_version=F("journal_version") + 1)
        locked.refresh_from_db(fields=["journal_version"])
        states.roster_changed(locked)
    return new_players


def add_player(campaign: Campaign, name: str) -> Player:
    name = name.strip()
    if not name:
        raise RuleError("A player needs a name.", field="name")
    limits.check_player_name(name)
    with transaction.atomic():
        locked = Campaign.objects.locked(campaign)
        refuse_name_on_the_roster(locked, name)
        position = locked.players.count()
        player = Player.objects.create(campaign=locked, name=name, position=position)
        Campaign.objects.filter(pk=locked.pk).update(journal_version=F("journal_version") + 1)
        states.refold(locked)
    return player


def rename_player(campaign: Campaign, player: Player, new_name: str) -> None:
    """Rename a roster name everywhere the journal mentions it."""
    new_name = new_name.strip()
    if not new_name:
        raise RuleError("A player needs a name.", field="name")
    limits.check_player_name(new_name)
    with transaction.atomic():
        locked = Campaign.objects.locked(campaign)
        refuse_name_on_the_roster(locked, new_name, exclude=player)
        old_name = player.name
        renamed_entries = []
        for entry in locked.entries.only("data"):
            renamed = base.rename_player(entry.data, old_name, new_name)
            if renamed != entry.data:
                entry.data = renamed
                renamed_entries.append(entry)
        # One UPDATE for the lot, not one per entry that names the player.
        Entry.objects.bulk_update(renamed_entries, ["data"], batch_size=500)
        player.name = new_name
        player.save(update_fields=["name"])
        # The renamed journal is folded again (it always folds: names are opaque to rules)
        # and kept as the campaign's snapshot.
        Campaign.objects.filter(pk=locked.pk).update(journal_version=F("journal_version") + 1)
        states.refold(locked)


def link_player(campaign: Campaign, player: Player, user) -> None:
    """Link a roster name to an account (None: unlink it). An account plays under one name
    per campaign, so its other name is unlinked; under the campaign's lock, so two phones
    linking at once cannot both hold the account."""
    with transaction.atomic():
        locked = Campaign.objects.locked(campaign)
        if user is not None:
            locked.players.filter(user=user).exclude(pk=player.pk).update(user=None)
        player.user = user
        player.save(update_fields=["user"])


def matching_player(campaign: Campaign, user) -> Player | None:
    """The unlinked roster name that is this account's name (its username, first name or
    full name, ignoring case), to offer when the account joins."""
    names = {name.casefold() for name in (user.get_username(), user.first_name, user.get_full_name()) if name}
    for player in campaign.players.filter(user__isnull=True):
        if player.name.casefold() in names:
            return player
    return None


def player_in_journal(campaign: Campaign, name: str) -> bool:
    return any(
        base.mentions_player(data, name) for data in campaign.entries.values_list("data", flat=True)
    )


def delete_player(campaign: Campaign, player: Player) -> None:
    with transaction.atomic():
        locked = Campaign.objects.locked(campaign)
        if player_in_journal(locked, player.name):
            raise RuleError(f"{player.name} has played in this campaign, so the name stays on the roster.")
        player.delete()
        Campaign.objects.filter(pk=locked.pk).update(journal_version=F("journal_version") + 1)
        states.refold(locked)
