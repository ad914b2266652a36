"""Where the journal meets the database: appending to it and reading it.

Each write runs in one transaction that first locks the campaign (a row lock on PostgreSQL;
on SQLite the IMMEDIATE transaction already holds the database's write lock), takes the
journal's timeline as it is now (campaigns.states.for_writing: the writer's own, extended in
place), applies the new entries through the rules layer and only then saves. So two phones
submitting at once are checked one after the other, and the second sees the first's entry.
campaigns.states keeps the folds (a checkpoint and the entries after it) and answers every
page; the roster's writes are campaigns.roster.

    append, undo_last          a write to the journal, under the lock (with `tap=`: once per tap)
    changes_since              the plays those writes changed since a version a phone shows
    create_campaign, import_journal, export_journal
    describe, recent_entries   the journal in players' words
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from . import registry, roster, states
from .compiled import Compiled, id_marker, text_marker
from .models import Campaign, Entry, JournalChange, Membership, Player, Tap
from .rules import base, journal, limits
from .rules.base import Timeline


class ConcurrentWrite(Exception):
    """Someone else changed the campaign first (only reachable if locking is bypassed)."""


class AlreadyTapped(Exception):
    """This tap (its key, by this account, in this campaign) was already recorded: nothing
    was written again; `answer` is what the first write answered."""

    def __init__(self, answer: dict):
        super().__init__("already recorded")
        self.answer = answer


def _tapper(user, tap: str | None):
    """The account a tap key is kept for, or None when there is no key to keep."""
    return user if tap and user is not None and user.is_authenticated else None


def _check_tap(locked: Campaign, user, tap: str | None) -> None:
    """Under the lock: raise AlreadyTapped when this account's tap was recorded here before
    (a request with the same key still in flight holds the lock until it has recorded it)."""
    if _tapper(user, tap) is None:
        return
    seen = _TAP_ANSWER.results(locked.pk, user.pk, tap)
    if seen:
        raise AlreadyTapped(seen[0])


# The lookups every write makes, compiled once (campaigns/compiled.py): its tap's answer, if
# recorded, and the journal's last live entry.
_TAP_ANSWER = Compiled(
    lambda campaign_id, user_id, key: Tap.objects.filter(campaign_id=campaign_id, user_id=user_id, key=key)
    .order_by("pk")
    .values_list("answer", flat=True)[:1],
    id_marker(), id_marker(1), text_marker(),
)
_LAST_ENTRY = Compiled(
    lambda campaign_id: Entry.objects.live()
    .filter(campaign_id=campaign_id)
    .order_by("-position")
    .values_list("position", "game_number")[:1],
    id_marker(),
)


# How long a tap's answer is kept: far longer than a resubmitted form, a retry or a phone's
# offline queue waits to send it again. Older ones go as the same account taps again here.
TAP_ANSWERS_KEPT = timedelta(days=30)


def _keep_tap(locked: Campaign, user, tap: str | None, answer: dict | None) -> None:
    """Record the tap with the write, in its transaction: `answer` is what it answers; this
    account's taps here older than TAP_ANSWERS_KEPT are dropped (one indexed delete), so the
    table never grows without end."""
    if _tapper(user, tap) is not None:
        Tap.objects.create(campaign=locked, user=user, key=tap, answer=answer if answer is not None else {})
        Tap.objects.filter(
            campaign=locked, user=user, tapped_at__lt=timezone.now() - TAP_ANSWERS_KEPT
        ).delete()


def _record_progress(campaign: Campaign, folded: Timeline, appended: list[base.Entry] | None = None) -> None:
    """Bump the version (so no state kept for the last one is read as this one's) and refresh
    the two figures the campaign list shows without folding every campaign. `appended`: the
    entries a write added after the journal `campaign` (locked) had: its last game, if it holds
    one, is the journal's last, else the day last played stands; any other write reads it."""
    campaign.games_played = folded.games_played
    campaign.games_finished = folded.current.games_finished
    games = [entry.data for entry in appended or () if entry.kind == base.GAME_KIND]
    if appended is None or games:
        last_game = games[-1] if games else (
            campaign.entries.live()
            .filter(kind=base.GAME_KIND)
            .order_by("-position")
            .values_list("data", flat=True)
            .first()
        )
        played_on = last_game.get("played_on") if last_game else None
        campaign.last_played_on = Campaign._meta.get_field("last_played_on").to_python(played_on)
    campaign.journal_version = F("journal_version") + 1
    campaign.save(update_fields=["games_played", "games_finished", "last_played_on", "journal_version"])
    if not isinstance(campaign.journal_version, int):  # a database that returns nothing from an UPDATE
        campaign.refresh_from_db(fields=["journal_version"])


def _rewrite(campaign: Campaign, folded: Timeline) -> None:
    """A write that changed what came before: its progress, and `folded` the new checkpoint."""
    _record_progress(campaign, folded)
    states.rewritten(campaign, folded)


def append(
    campaign: Campaign,
    entries: list[base.Entry],
    user=None,
    *,
    guard=None,
    tap=None,
    answer=None,
    new_players=(),
) -> Timeline:
    """Check the entries against the campaign's rules and add them to its journal.

    Raises RuleError, and saves nothing, when one breaks a rule (or holds a text or number
    the limits refuse: a form that forgot a max_length still cannot reach the database with it).
    `guard(state)`, when given, is asked first, under the lock, with the state as it is then:
    it raises RuleError when the state is no longer the one the entries were made from (a
    correction of a play another phone corrected meanwhile), so no write overwrites one unseen.
    `answer(folded)`, when given, makes the write's answer under the lock (the timeline it is
    handed is the writer's own, to be read there and then: the next write changes it); `tap`, a
    key naming the tap that sent the entries: recorded with them, with that answer; the same
    user's same key in this campaign again appends nothing and raises AlreadyTapped with the
    first write's answer.
    `new_players`: names added to the roster in the same write, just before the entries (a
    player joining at the table with a name typed there): both saved, or neither.
    """
    for entry in entries:
        limits.check_values(entry.data)
    for name in new_players:
        limits.check_player_name(name, field="new_player")
    with transaction.atomic():
        locked = Campaign.objects.locked(campaign)
        _check_tap(locked, user, tap)
        if new_players:
            for name in new_players:
                roster.refuse_name_on_the_roster(locked, name, field="new_player")
            roster.join_roster(locked, new_players)
        # The write's own timeline, extended in place (never copied: nothing else holds it).
        working = states.for_writing(locked)
        if guard is not None:
            guard(working.timeline.current)
        games_before = working.timeline.games_played
        folded = base.extend(locked.rules, working.timeline, entries)
        if folded.games_played > games_before:
            limits.check_games_kept(folded.games_played, limits.max_games(locked.rules))
        last = _LAST_ENTRY.results(locked.pk)
        position, game_number = (last[0][0] + 1, last[0][1]) if last else (0, None)
        recorder = user if user is not None and user.is_authenticated else None
        try:
            Entry.objects.bulk_create(
                _rows(locked, entries, recorder, first_position=position, game_number=game_number)
            )
        except IntegrityError as error:  # pragma: no cover - the lock makes this unreachable
            raise ConcurrentWrite(str(error)) from error
        _record_progress(locked, folded, entries)
        states.written(locked, working, position + len(entries) - 1)
        _keep_changed(locked, [entry.data for entry in entries])
        made = answer(folded) if answer is not None else None
        _keep_tap(locked, user, tap, made)
    _copy_progress(locked, campaign)
    return folded


def _copy_progress(locked: Campaign, campaign: Campaign) -> None:
    """The caller's campaign object learns what the write changed."""
    for name in ("journal_version", "games_played", "games_finished", "last_played_on"):
        setattr(campaign, name, getattr(locked, name))


@dataclass
class Undone:
    kind: str
    data: dict
    game_number: int | None


class NotTheLastEntry(Exception):
    """The entry a player asked to undo is no longer the journal's last live one (another
    phone undid it, or recorded after it): nothing was undone."""

    def __init__(self, asked: Entry | None, last: Entry | None):
        super().__init__("not the last entry")
        self.asked = asked  # the entry the player saw (None if it no longer exists)
        self.last = last  # the journal's last live entry now (None if the journal is empty)


def undo_last(
    campaign: Campaign, user, entry_id: int | None = None, *, tap=None, answer=None
) -> Undone | None:
    """Take back the journal's last entry; it is kept, marked with who undid it and when.

    With `entry_id` (the entry the player was shown), only that entry is taken back, and only
    if it is still the last live one when the campaign's lock is held: five phones confirming
    the same undo at once take back one entry, and the other four get NotTheLastEntry.
    `tap` and `answer(undone)`: as for `append` (an undo that took nothing back keeps no tap).
    """
    with transaction.atomic():
        locked = Campaign.objects.locked(campaign)
        _check_tap(locked, user, tap)
        last = locked.entries.live().select_related("recorded_by").order_by("-position").first()
        if entry_id is not None and (last is None or last.pk != entry_id):
            asked = locked.entries.select_related("undone_by").filter(pk=entry_id).first()
            raise NotTheLastEntry(asked, last)
        if last is None:
            return None
        last.undone_at = timezone.now()
        last.undone_by = user
        last.save(update_fields=["undone_at", "undone_by"])
        read = states.checkpoint(locked.pk)
        if read is not None and read.usable and last.position > read.through:
            # After the checkpoint: it stands, and the tail without the entry is the journal.
            working = states.for_writing(locked, ignore_kept=True)
            _record_progress(locked, working.timeline)
            states.written(locked, working, working.through, undone=True)
        else:
            _rewrite(locked, base.fold(locked.rules, locked.roster(), locked.live_entries()))
        _keep_changed(locked, [last.data])
        undone = Undone(last.kind, last.data, last.game_number)
        _keep_tap(locked, user, tap, answer(undone) if answer is not None else None)
    _copy_progress(locked, campaign)
    return undone


# What each journal write changed, by the version it made (a row, written with the write): a
# phone's live refresh at an earlier version redraws those plays only, not every play it shows,
# and a long log's standings count the plays logged since. A version bumped by any other write
# (a roster name, going back) has no row, so a page across it redraws or counts everything, as
# without them; so does a write of more entries than CHANGED_MAX, or a phone further behind
# than the CHANGED_VERSIONS a campaign keeps.
CHANGED_MAX, CHANGED_VERSIONS = 32, 16


def _keep_changed(locked: Campaign, written: list[dict]) -> None:
    """Inside the write, its version bumped: the play numbers its entries name (a play logged,
    corrected, deleted, restored, or the entry undone); every CHANGED_VERSIONS versions, the
    campaign's rows older than those gone (one more statement then, not with each write)."""
    version = locked.journal_version
    if version % CHANGED_VERSIONS == 0:
        JournalChange.objects.filter(campaign=locked, version__lte=version - CHANGED_VERSIONS).delete()
    if len(written) <= CHANGED_MAX:
        named = (data.get("number") for data in written if isinstance(data, dict))
        numbers = sorted({number for number in named if isinstance(number, int)})
        JournalChange.objects.create(campaign=locked, version=version, numbers=numbers)


def changes_since(campaign: Campaign, seen: int | None) -> set[int] | None:
    """The play numbers the journal writes since version `seen` named (a play logged,
    corrected, deleted, restored or undone; one query); None when a write between changed
    something else (it has no row), or `seen` is too far behind or not earlier."""
    version = campaign.journal_version
    if seen is None or not 0 < version - seen <= CHANGED_VERSIONS:
        return None
    found = list(
        JournalChange.objects.filter(campaign=campaign, version__gt=seen, version__lte=version).values_list(
            "numbers", flat=True
        )
    )
    if len(found) < version - seen:
        return None
    return {number for numbers in found for number in numbers}


def refold_after(locked: Campaign) -> None:
    """Inside a write that changed which entries are live (going back, restoring what it set
    aside), under the lock: fold the journal again and record it as the campaign's progress."""
    _rewrite(locked, base.fold(locked.rules, locked.roster(), locked.live_entries()))


def copy_progress(locked: Campaign, campaign: Campaign) -> None:
    """After such a write: the caller's campaign object learns what it changed."""
    _copy_progress(locked, campaign)


# Two groups naming a campaign alike at the same moment: the second's address is taken between
# looking it up and saving it. It tries the next free one, this many times at most.
SLUG_ATTEMPTS = 64


def _new_campaign(**fields) -> Campaign:
    """A new campaign at an address no other has (inside the caller's transaction): when another
    campaign of the same name took the address meanwhile (PostgreSQL lets both look it up
    before either saves), the next free one is tried, in a savepoint, never an error."""
    for attempt in range(1, SLUG_ATTEMPTS + 1):
        try:
            with transaction.atomic():
                return Campaign.objects.create(slug=Campaign.unique_slug(fields["name"]), **fields)
        except IntegrityError:
            if attempt == SLUG_ATTEMPTS:
                raise


def create_campaign(
    *, name: str, system: str, owner, players: list[str] = (), time_zone: str = "UTC"
) -> Campaign:
    limits.check_campaign_name(name)
    for player in players:
        limits.check_player_name(player, field="players")
    with transaction.atomic():
        campaign = _new_campaign(name=name, system=system, games_finished=0, time_zone=time_zone)
        Membership.objects.create(campaign=campaign, user=owner, role=Membership.Role.OWNER)
        Player.objects.bulk_create(
            Player(campaign=campaign, name=player, position=i) for i, player in enumerate(players)
        )
        states.rewritten(campaign, base.fold(campaign.rules, list(players), []))  # its first checkpoint
    return campaign


def import_journal(data, owner=None, time_zone: str = "UTC") -> Campaign:
    """Create a campaign from a journal (a parsed JSON value): all of it or, on a RuleError,
    nothing; its table in `time_zone`."""
    known = [registered.rules for registered in registry.systems()]
    system, name, players, entries, folded = journal.load(data, known)
    with transaction.atomic():
        campaign = _new_campaign(name=name, system=system.KEY, time_zone=time_zone)
        if owner is not None:
            Membership.objects.create(campaign=campaign, user=owner, role=Membership.Role.OWNER)
        Player.objects.bulk_create(
            Player(campaign=campaign, name=player, position=i) for i, player in enumerate(players)
        )
        Entry.objects.bulk_create(_rows(campaign, entries, owner))
        _rewrite(campaign, folded)
    return campaign


@dataclass(frozen=True)
class Appended:
    """What appending a journal to a campaign added: its entries and games after the
    campaign's own, and the roster names the journal brought (none when it held nothing new)."""

    entries: int
    games: int
    players: tuple[str, ...]


def append_journal(campaign: Campaign, data, user=None) -> Appended:
    """Append to `campaign` what a journal (a parsed JSON value, docs/journal.md) holds after the
    campaign's own entries: a phone that logged games elsewhere, or a backup restored after a
    lost evening, catches the campaign up (sync without overwrites).

    The journal must be of the campaign's game and start with exactly its entries (checked
    under the campaign's lock, so two uploads at once are checked one after the other); the rest
    goes through the rules layer (`append`), with the journal's new roster names, in one
    transaction: all of it or, on a RuleError, nothing. A journal that holds nothing more (the
    campaign's own export) changes nothing: `Appended(0, 0, ())`.
    """
    rules = campaign.rules
    if isinstance(data, dict) and data.get("system") != rules.KEY and data.get("system") in {
        system.key for system in registry.systems()
    }:
        raise base.RuleError(
            f"This journal is a {registry.get(data['system']).label} campaign's; "
            f"{campaign.name} is {rules.LABEL}. Nothing was appended."
        )
    _, _, players, theirs = journal.read(data, [rules])
    with transaction.atomic():
        locked = Campaign.objects.locked(campaign)
        ours = rules.journal_entries(
            journal.write(rules, locked.name, locked.roster(), locked.live_entries())
        )
        rest = journal.continuation(rules, ours, theirs, campaign=locked.name)
        if not rest:
            return Appended(0, 0, ())
        new_players = roster.join_roster(locked, players)
        append(locked, rest, user)
    _copy_progress(locked, campaign)
    return Appended(len(rest), sum(entry.kind == base.GAME_KIND for entry in rest), tuple(new_players))


def append_with_players(campaign: Campaign, players, make_entries, user=None) -> Appended:
    """Add `players` the roster lacks and append the entries `make_entries(state)` makes from
    the state as it is under the campaign's lock (numbered after the plays logged meanwhile,
    leaving out what another phone brought in first), in one transaction: all or nothing.
    Plays brought in from BG Stats take this way (campaigns/systems/play_log/views/bg_stats.py)."""
    with transaction.atomic():
        locked = Campaign.objects.locked(campaign)
        new_players = roster.join_roster(locked, players)
        entries = make_entries(states.timeline(locked).current)
        if not entries:
            transaction.set_rollback(True)
            return Appended(0, 0, ())
        append(locked, entries, user)
    _copy_progress(locked, campaign)
    return Appended(len(entries), sum(entry.kind == base.GAME_KIND for entry in entries), tuple(new_players))


def appended_sentence(campaign: Campaign, appended: Appended) -> str:
    """What an append did, in players' words (the upload page's message, the command's output)."""
    if not appended.entries:
        return f"The journal holds nothing {campaign.name} does not already have: nothing was changed."
    words = registry.system_of(campaign).count_words
    entries = f"{appended.entries} {'entry' if appended.entries == 1 else 'entries'}"
    if appended.games:
        entries = f"{words.of(appended.games)} ({entries})"
    joined = f"; new on the roster: {', '.join(appended.players)}" if appended.players else ""
    return f"Appended to {campaign.name}: {entries}{joined}."


def _rows(campaign, entries, user, *, first_position=0, game_number=None):
    numbers = base.game_numbers(entries, game_number)
    return [
        Entry(
            campaign=campaign,
            position=first_position + offset,
            kind=entry.kind,
            game_number=number,
            data=entry.data,
            recorded_by=user,
        )
        for offset, (entry, number) in enumerate(zip(entries, numbers))
    ]


def export_journal(campaign: Campaign) -> dict:
    return journal.write(campaign.rules, campaign.name, campaign.roster(), campaign.live_entries())


def describe(campaign: Campaign, kind: str, data: dict) -> str:
    """A short sentence for one journal entry, as the history and undo pages show it."""
    return base.describe_entry(campaign.rules, base.Entry(kind, data))


def recent_entries(campaign: Campaign, count: int) -> list[dict]:
    """The journal's last entries, newest first, worded for people (one query)."""
    rows = campaign.entries.live().select_related("recorded_by").order_by("-position")[:count]
    return [
        {
            "text": describe(campaign, row.kind, row.data),
            "kind": row.kind,
            "data": row.data,
            "game": row.game_number,
            "recorded_by": row.recorded_by,
            "recorded_at": row.recorded_at,
        }
        for row in rows
    ]
