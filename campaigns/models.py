"""A campaign is its journal: the entries stored here, folded by the rules layer.

Nothing derived is stored by hand: the state comes from folding the entries (campaigns.states
keeps the folds; campaigns.store writes the journal), except the figures the home page lists
(games played and finished, last played), which the store refreshes on every write.
"""

import functools
import secrets
import zoneinfo
from zoneinfo import ZoneInfo

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.text import slugify

from . import registry
from .compiled import Compiled, id_marker
from .rules import base, limits


@functools.cache
def time_zones() -> tuple[str, ...]:
    """Every IANA time zone this machine knows, sorted (what a campaign's table may be in)."""
    return tuple(sorted(zoneinfo.available_timezones() - {"localtime", "Factory"}))


def zone_name(name: str) -> str | None:
    """The time zone `name` names, as the table's (None: no zone of that name)."""
    return name if name in time_zones() else None


def new_token() -> str:
    return secrets.token_urlsafe(24)


class CampaignQuerySet(models.QuerySet):
    def for_user(self, user):
        """The campaigns this user belongs to, in any role (a deleted one is no longer there)."""
        if not user.is_authenticated:
            return self.none()
        return self.filter(memberships__user=user, deleted_at__isnull=True)

    def in_play(self):
        """Those not archived: what the lists and the stats show."""
        return self.filter(archived_at__isnull=True)

    def locked(self, campaign):
        """The campaign, its row locked until the transaction ends (on SQLite the IMMEDIATE
        transaction already holds the database's write lock): every write to its journal or
        roster takes it first, so two phones' writes are checked one after the other."""
        found = _LOCKED.results(campaign.pk, using=self.db)
        if not found:
            raise Campaign.DoesNotExist(f"No campaign {campaign.pk} to lock.")
        return found[0]


class Campaign(models.Model):
    name = models.CharField(max_length=limits.CAMPAIGN_NAME_MAX_CHARS)
    slug = models.SlugField(max_length=120, unique=True)
    # Its game system's key; the choices are the registry's (settings.GAME_SYSTEMS), read when
    # asked, so a new game or a renamed one needs no migration.
    system = models.CharField(max_length=20, choices=registry.choices)
    created_at = models.DateTimeField(auto_now_add=True)
    # Bumped by every write to the journal or roster: cached states are keyed by it.
    journal_version = models.PositiveIntegerField(default=0)
    games_played = models.PositiveSmallIntegerField(default=0)
    # The games played to their end (a game in progress is not one yet), as the fold counts
    # them: the one count of games every page shows, without folding. None until the journal
    # is next written for a campaign recorded before this was kept.
    games_finished = models.PositiveSmallIntegerField(null=True, blank=True)
    last_played_on = models.DateField(null=True, blank=True)
    invite_token = models.CharField(max_length=64, unique=True, default=new_token)
    # The optional read-only link; null while it is off.
    public_token = models.CharField(max_length=64, unique=True, null=True, blank=True)
    # Archived (out of the lists and the stats, read-only, kept whole) since; null: in play.
    archived_at = models.DateTimeField(null=True, blank=True)
    # Deleted by its owner at; restorable for DELETED_KEPT (campaigns/care.py), then gone.
    deleted_at = models.DateTimeField(null=True, blank=True, db_index=True)
    # The table's time zone (IANA, "America/Los_Angeles"): the day a form offers, "today", the
    # times the pages and exports show (campaigns/access.py activates it for the request).
    time_zone = models.CharField(max_length=limits.TIME_ZONE_MAX_CHARS, default="UTC")

    objects = CampaignQuerySet.as_manager()

    class Meta:
        ordering = ["-last_played_on", "-created_at"]

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return reverse("campaign_detail", args=[self.slug])

    @property
    def zone(self) -> ZoneInfo:
        return ZoneInfo(zone_name(self.time_zone) or "UTC")

    @property
    def rules(self):
        """The rules module of this campaign's game system."""
        return registry.system_of(self).rules

    def roster(self) -> list[str]:
        """The roster's names, in order (one query)."""
        return list(self.players.values_list("name", flat=True))

    def live_entries(self) -> list[base.Entry]:
        """The journal as the rules read it: its live entries, in order (one query)."""
        return [
            base.Entry(kind, data)
            for kind, data in self.entries.live().order_by("position").values_list("kind", "data")
        ]

    @classmethod
    def unique_slug(cls, name: str) -> str:
        base = slugify(name)[:100] or "campaign"
        slug, n = base, 1
        while cls.objects.filter(slug=slug).exists():
            n += 1
            slug = f"{base}-{n}"
        return slug


# Every write's first query (`CampaignQuerySet.locked`), compiled once (campaigns/compiled.py).
_LOCKED = Compiled(lambda pk: Campaign.objects.select_for_update().filter(pk=pk)[:1], id_marker())


class Membership(models.Model):
    class Role(models.TextChoices):
        OWNER = "owner", "Owner"
        MEMBER = "member", "Member"
        VIEWER = "viewer", "Viewer"

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.MEMBER)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["campaign", "user"], name="one_membership_per_user")]
        ordering = ["joined_at"]

    def __str__(self):
        return f"{self.user} in {self.campaign} ({self.role})"

    @property
    def can_record(self) -> bool:
        return self.role in (self.Role.OWNER, self.Role.MEMBER)

    @property
    def is_owner(self) -> bool:
        return self.role == self.Role.OWNER


class Player(models.Model):
    """A name on the campaign's roster; it may be linked to an account."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=limits.PLAYER_NAME_MAX_CHARS)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="players"
    )
    position = models.PositiveSmallIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["campaign", "name"], name="unique_player_name"),
            models.UniqueConstraint(
                fields=["campaign", "user"], condition=Q(user__isnull=False), name="one_player_per_account"
            ),
        ]
        ordering = ["position", "id"]

    def __str__(self):
        return self.name


class EntryQuerySet(models.QuerySet):
    def live(self):
        """The entries that make the journal now (undone ones are kept for the record)."""
        return self.filter(undone_at__isnull=True)


class Entry(models.Model):
    """One line of a campaign's journal, in the rules layer's terms (kind + data)."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="entries")
    position = models.PositiveIntegerField()
    kind = models.CharField(max_length=20)
    game_number = models.PositiveSmallIntegerField(null=True, blank=True)
    data = models.JSONField()
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    recorded_at = models.DateTimeField(auto_now_add=True)
    undone_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    undone_at = models.DateTimeField(null=True, blank=True)
    # Undone by going back to before a game (store.go_back): set aside with the entries undone
    # at the same moment, restorable whole while nothing was recorded after them.
    set_aside = models.BooleanField(default=False)

    objects = EntryQuerySet.as_manager()

    class Meta:
        constraints = [
            # One live entry per place in a campaign's journal: the database's own guard
            # against two writers appending at once.
            models.UniqueConstraint(
                fields=["campaign", "position"],
                condition=Q(undone_at__isnull=True),
                name="one_entry_per_position",
            ),
        ]
        indexes = [
            models.Index(fields=["campaign", "position"]),
            # A play's entries by kind (its logging by number, its corrections and deletions
            # by kind): a long log's page reads its twenty plays' entries, not all 5,000.
            models.Index(fields=["campaign", "kind", "game_number"], name="entry_by_kind_and_game"),
        ]
        ordering = ["position"]

    def __str__(self):
        return f"{self.campaign} #{self.position} {self.kind}"


class Tap(models.Model):
    """One tap on a table form, by its key (a uuid the form carries): the answer its write
    gave, kept with the entries in the same transaction, so that the same tap sent again (a
    resubmitted form, a retry after a lost answer, a replay from the phone's queue) gets that
    answer instead of logging twice (campaigns.store, campaigns.web.taps). A key names a tap
    of one account in one campaign: the same key from another is another tap."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    # The form's key, a dot and 16 hex digits of what it said (campaigns.web.taps.tap_key).
    key = models.CharField(max_length=81)
    # What the write answered: {"to": the page it sent the phone to, "said": [[level, text], ...]}.
    answer = models.JSONField(default=dict)
    tapped_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["campaign", "user", "key"], name="one_answer_per_tap")]

    def __str__(self):
        return f"{self.campaign} tap {self.key}"


class CampaignSnapshot(models.Model):
    """A campaign's checkpoint: its folded state as of one journal version, which any process
    on any app server reads instead of folding the journal again, and then applies only the
    live entries after `through_position` (the tail: the writes since, a few at most). A write
    adds its entries and keeps this row as it is, so what it stores grows by the entry; the
    checkpoint is written again once the tail is long (campaigns/states.py).

    A small state (`state_bytes`) is written again with every write, as cheap as its entry.
    `state_format` is the rules' STATE_FORMAT it was pickled under (another one is never read);
    `last_game` the last game's number, as the fold counted it. `folds_from`: the version of the
    last write that changed what came before (the roster, going back): a checkpoint or a state
    from before it is never read. `tail_undone_at`: the version of the last undo of an entry
    after the checkpoint: a state kept by a writer from before it is never extended."""

    campaign = models.OneToOneField(
        Campaign, primary_key=True, on_delete=models.CASCADE, related_name="snapshot"
    )
    journal_version = models.PositiveIntegerField()
    state_format = models.PositiveSmallIntegerField()
    last_game = models.PositiveIntegerField(default=0)
    state = models.BinaryField()
    through_position = models.IntegerField(default=-1)  # -1: folds no entry
    state_bytes = models.PositiveIntegerField(default=0)  # the pickled state's size
    folds_from = models.PositiveIntegerField(default=0)
    tail_undone_at = models.PositiveIntegerField(default=0)

    def __str__(self):
        return f"{self.campaign_id} at version {self.journal_version}"


class CampaignStatsRecord(models.Model):
    """What a campaign contributes to its players' stats (campaigns/contributions.py), kept for
    the journal version, name and address `key` names: a worker that never read the campaign
    (a fresh one after a deploy or a restart, another app server) reads this small row instead
    of the campaign's state. `parts` is pickled; a row whose key is not the campaign's now (a
    write since, a rename, another record format) is never read, and is written again by the
    next stats page that works the campaign's record out."""

    campaign = models.OneToOneField(
        Campaign, primary_key=True, on_delete=models.CASCADE, related_name="stats_record"
    )
    key = models.CharField(max_length=300)
    parts = models.BinaryField()

    def __str__(self):
        return f"{self.campaign_id}: {self.key}"


class StandingsTallyRecord(models.Model):
    """A play log's standings as counted at journal version `version` (a pickled
    `StandingsTally`, tens of KB at 5,000 plays), kept for the address, name and format `key`
    names: the first standings after a play is logged, on any worker or app server, count the
    plays logged since (campaigns/systems/play_log/views/standings.py), not the whole log. A
    row whose key is not the campaign's now is never read."""

    campaign = models.OneToOneField(Campaign, primary_key=True, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=300)
    version = models.PositiveIntegerField()
    tally = models.BinaryField()

    def __str__(self):
        return f"{self.campaign_id} v{self.version}: {self.key}"


class JournalChange(models.Model):
    """The play numbers one journal write named (a play logged, corrected, deleted, restored,
    or the entry undone), under the version it made: a page at an earlier version redraws or
    counts those plays alone (`store.changes_since`: a play log's live refresh, its standings).
    Written with the write, in its transaction; a campaign keeps its latest few."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="+")
    version = models.PositiveIntegerField()
    numbers = models.JSONField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["campaign", "version"], name="one_change_per_journal_version")
        ]

    def __str__(self):
        return f"{self.campaign_id} v{self.version}: {self.numbers}"
