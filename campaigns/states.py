"""The folded states of a campaign, kept: what every page reads, and the store writes into.

Pages read through `state(campaign, as_of)`, the state now or as of game n (or, for a page
that needs them all, `timeline(campaign)`, and `timelines(campaigns)` for a list of several;
`state_json` is the docs/journal.md `campaign_state`). What is kept, and where, is this module's
business alone: the store takes a writer's timeline from it and hands back what it wrote
(`for_writing`, `written`, `rewritten`, inside the write's transaction), and a state is folded
from the journal (`Campaign.live_entries`) only when nothing holds it.
"""

from __future__ import annotations

import pickle
import threading
from collections import OrderedDict
from dataclasses import dataclass

from django.core.cache import cache
from django.db import transaction
from django.db.models import OuterRef, Q, Subquery

from .models import Campaign, CampaignSnapshot, Entry, Player
from .rules import base
from .rules.base import Timeline

CACHE_SECONDS = 60 * 60 * 24


# A state is folded once per write, for every process and every app server, and a write costs
# what its entries cost, however long the journal:
# - the campaign's snapshot (CampaignSnapshot) is a checkpoint: the pickled state as of one
#   journal version and the last entry it folds. A reader unpickles it and applies the live
#   entries after it (the tail: at most TAIL_MAX, a handful in practice), one query each;
# - a writer (campaigns/store.py, under the campaign's lock) extends a timeline of its own,
#   kept in its process for the next write (`for_writing` / `written`): it is never handed to a
#   reader, so it is changed in place, never copied, and a write stores only its entries. The
#   checkpoint is written again once CHECKPOINT_AFTER entries follow it, after the write's
#   commit (outside the lock), and by every write when the state is small (SMALL_STATE_BYTES:
#   as cheap as the entry, and no reader applies a tail); a write that changed what came before
#   (the roster, undoing an entry the checkpoint folds, going back) folds the journal and keeps
#   a new one (`rewritten`);
# - in each process, the last few timelines readers asked for, as Python objects, keyed by
#   (campaign, journal version), least recently used dropped first: a page view after the
#   first costs no query, no fold and no unpickling.
# Only a campaign with no usable checkpoint (written before checkpoints were kept) is folded from
# its journal. A state as of an earlier game is worked out when first asked (`Timeline.as_of`: a
# play log derives it, any other campaign folds its entries up to that game) and kept in Django's
# cache on its own key (a shared cache when CACHE_URL names one: tracker/settings.py): no fold
# keeps a state per game, so a 500-game campaign is one state, not 501.
# States read from any of these are shared: callers must not change them.
_memo: OrderedDict[tuple[int, int], Timeline] = OrderedDict()
MEMO_SIZE = 32
_memo_lock = threading.Lock()

# The tail after which a write's commit writes the checkpoint again, and the tail a write never
# leaves behind it (should the checkpoint after a commit not have been written: a process that
# stopped in between), writing it under the lock then.
CHECKPOINT_AFTER = 32
TAIL_MAX = 128
# A state this small (pickled) is kept as the checkpoint by every write, in its transaction: as
# cheap as the entry (well under a millisecond), and no reader ever applies an entry after it.
SMALL_STATE_BYTES = 64 * 1024

# How many journal entries this process's reads have applied (folds from the journal), so a
# test or a debug header (campaigns/fold_count.py) can tell a fold from a snapshot read; and how
# many tail entries they applied after a checkpoint (never more than TAIL_MAX a read).
_applied = [0]
_tail_applied = [0]
_checkpoints_read = [0]


def entries_applied() -> int:
    """The journal entries this process has folded to answer reads, since it started."""
    return _applied[0]


def tail_entries_applied() -> int:
    """The entries after a checkpoint this process has applied to answer reads."""
    return _tail_applied[0]


def checkpoints_read() -> int:
    """The checkpoints this process has unpickled to answer reads (each a whole state)."""
    return _checkpoints_read[0]


def _state_key(campaign: Campaign, as_of: int) -> str:
    return f"state:{base.STATE_FORMAT}:{campaign.pk}:{campaign.journal_version}:{as_of}"


def _derives_states(campaign: Campaign) -> bool:
    """Whether the campaign's states as of each game are worked out from the state now."""
    return campaign.rules.state_as_of is not None


def _in_process(campaign_id: int, version: int) -> Timeline | None:
    """The timeline kept in this process for this version; a hit is the most recently used."""
    with _memo_lock:
        folded = _memo.get((campaign_id, version))
        if folded is not None:
            _memo.move_to_end((campaign_id, version))
        return folded


def _remember_in_process(campaign_id: int, version: int, folded: Timeline) -> None:
    with _memo_lock:
        _memo[(campaign_id, version)] = folded
        _memo.move_to_end((campaign_id, version))
        while len(_memo) > MEMO_SIZE:
            _memo.popitem(last=False)


# Checkpoints -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Checkpoint:
    """What a campaign's snapshot row says, its state left unread."""

    version: int
    through: int  # the last entry's position it folds (-1: none)
    last_game: int
    folds_from: int  # no state folded before this version is read (the roster changed, ...)
    tail_undone_at: int  # no writer's state from before this version is extended
    state_bytes: int = 0

    @property
    def usable(self) -> bool:
        return self.version >= self.folds_from


_CHECKPOINT_FIELDS = (
    "journal_version", "through_position", "last_game", "folds_from", "tail_undone_at", "state_bytes"
)


def checkpoint(campaign_id: int) -> Checkpoint | None:
    """The campaign's checkpoint as its snapshot row says (one query, the state not read)."""
    row = (
        CampaignSnapshot.objects.filter(pk=campaign_id, state_format=base.STATE_FORMAT)
        .values_list(*_CHECKPOINT_FIELDS)
        .first()
    )
    return Checkpoint(*row) if row else None


def _tails(after: dict[int, int]) -> tuple[dict[int, list[tuple[int, base.Entry]]], dict[int, int]]:
    """The live entries of each campaign after a position (campaign pk -> position), with their
    positions, in order, and the version of each one's checkpoint as that same query saw it
    (for those it found entries of): one query for them all."""
    found: dict[int, list[tuple[int, base.Entry]]] = {campaign_id: [] for campaign_id in after}
    seen: dict[int, int] = {}
    if not after:
        return found, seen
    wanted = Q()
    for campaign_id, position in after.items():
        wanted |= Q(campaign_id=campaign_id, position__gt=position)
    checkpoint_now = CampaignSnapshot.objects.filter(pk=OuterRef("campaign_id")).values("journal_version")[:1]
    rows = (
        Entry.objects.live()
        .filter(wanted)
        .annotate(checkpoint=Subquery(checkpoint_now))
        .order_by("campaign_id", "position")
        .values_list("campaign_id", "position", "kind", "data", "checkpoint")
    )
    for campaign_id, position, kind, data, version in rows:
        found[campaign_id].append((position, base.Entry(kind, data)))
        seen[campaign_id] = version
    return found, seen


def _extend(rules, folded: Timeline, tail: list[tuple[int, base.Entry]]) -> Timeline:
    _tail_applied[0] += len(tail)
    return base.extend(rules, folded, [entry for _, entry in tail])


def _from_checkpoints(campaigns: list[Campaign], *, keep: bool = True) -> dict[int, Timeline]:
    """The timelines of these campaigns read from their checkpoints and the tails after them
    (two queries: the tail's query sees whether the checkpoint is still the one read; a third
    when a tail is empty); `keep`: kept in the process. Campaigns with no usable checkpoint are left out."""
    by_pk = {campaign.pk: campaign for campaign in campaigns}
    found: dict[int, Timeline] = {}
    for _ in range(2):  # once more for those whose checkpoint was written while they were read
        rows = CampaignSnapshot.objects.filter(campaign_id__in=by_pk, state_format=base.STATE_FORMAT)
        tailed: dict[int, tuple[Timeline, Checkpoint]] = {}
        for campaign_id, blob, *fields in rows.values_list("campaign_id", "state", *_CHECKPOINT_FIELDS):
            read = Checkpoint(*fields)
            if not read.usable:
                continue  # the roster changed after it: folded below
            campaign = by_pk[campaign_id]
            _checkpoints_read[0] += 1
            folded = base.new_timeline(campaign.rules, pickle.loads(blob), last_game=read.last_game)
            if read.version >= campaign.journal_version:
                # Nothing after it (or a write committed since the campaign was read: its
                # checkpoint is the newer state, kept under the version it folds).
                found[campaign_id] = folded
                if keep:
                    _remember_in_process(campaign_id, read.version, folded)
            else:
                tailed[campaign_id] = (folded, read)
        if not tailed:
            break
        tails, still = _tails({campaign_id: read.through for campaign_id, (_, read) in tailed.items()})
        if unseen := [campaign_id for campaign_id in tailed if campaign_id not in still]:
            # No entry after it (an undo took them back): whether it is still the checkpoint.
            still.update(
                CampaignSnapshot.objects.filter(pk__in=unseen).values_list("campaign_id", "journal_version")
            )
        for campaign_id, (folded, read) in tailed.items():
            if still.get(campaign_id) != read.version:
                continue  # a checkpoint written between the two reads: read again
            campaign = by_pk.pop(campaign_id)
            found[campaign_id] = _extend(campaign.rules, folded, tails[campaign_id])
            if keep:
                _remember_in_process(campaign_id, campaign.journal_version, found[campaign_id])
        by_pk = {pk: by_pk[pk] for pk in tailed if pk in by_pk}
        if not by_pk:
            break
    return found


def _keep_checkpoint(campaign_id: int, version: int, through: int, folded: Timeline, **more) -> None:
    blob = pickle.dumps(folded.current, pickle.HIGHEST_PROTOCOL)
    fields = {
        "journal_version": version,
        "state_format": base.STATE_FORMAT,
        "through_position": through,
        "last_game": folded.last_game,
        "state": blob,
        "state_bytes": len(blob),
        **more,
    }
    if not CampaignSnapshot.objects.filter(pk=campaign_id).update(**fields):
        CampaignSnapshot.objects.create(campaign_id=campaign_id, **fields)


def _last_position(campaign: Campaign) -> int:
    last = campaign.entries.live().order_by("-position").values_list("position", flat=True).first()
    return -1 if last is None else last


def rewritten(campaign: Campaign, folded: Timeline) -> None:
    """Inside a write that changed what came before (a new campaign, an import, the roster,
    undoing an entry the checkpoint folds, going back), its version bumped: `folded`, the whole
    journal folded, is the new checkpoint, and nothing folded before it is read again; once
    committed, this process's readers have it."""
    version = campaign.journal_version
    _keep_checkpoint(
        campaign.pk, version, _last_position(campaign), folded, folds_from=version, tail_undone_at=0
    )
    _drop_writer(campaign.pk)
    transaction.on_commit(lambda: _remember_in_process(campaign.pk, version, folded))


def roster_changed(campaign: Campaign) -> None:
    """Inside a write that changed the roster, its version bumped: no state folded before it is
    read or extended (the writer that goes on folds the journal and keeps a new checkpoint)."""
    CampaignSnapshot.objects.filter(pk=campaign.pk).update(folds_from=campaign.journal_version)
    _drop_writer(campaign.pk)


def refold(campaign: Campaign) -> None:
    """After a write that changed the roster but not through the store (inside its transaction,
    the version already bumped): fold the journal again and keep it as the checkpoint."""
    campaign.refresh_from_db(fields=["journal_version"])
    rewritten(campaign, base.fold(campaign.rules, campaign.roster(), campaign.live_entries()))


# A writer's own timelines ------------------------------------------------------------------


@dataclass
class Working:
    """A write's own timeline of a campaign's journal, which no reader holds: the write changes
    it in place. `version` and `through` (the last entry's position) are what it folds;
    `checkpoint` the campaign's as the write began; `folded`: folded from the journal (no
    usable checkpoint), so the write keeps a checkpoint."""

    timeline: Timeline
    version: int
    through: int
    checkpoint: Checkpoint | None
    folded: bool = False


# Per process, the writers' timelines of the campaigns written last (one each); a write takes
# its campaign's out while it runs (under the campaign's lock, so no other write in this
# process or any other changes that journal meanwhile) and puts it back once committed.
_writers: OrderedDict[int, Working] = OrderedDict()
WRITERS_KEPT = 16


def _drop_writer(campaign_id: int) -> None:
    with _memo_lock:
        _writers.pop(campaign_id, None)


def _keep_writer(campaign_id: int, working: Working) -> None:
    with _memo_lock:
        _writers[campaign_id] = working
        _writers.move_to_end(campaign_id)
        while len(_writers) > WRITERS_KEPT:
            _writers.popitem(last=False)


def for_writing(locked: Campaign, *, ignore_kept: bool = False) -> Working:
    """Under the campaign's lock: a timeline of its journal as it is now for the write to extend
    in place. The one this process kept after its last write here, brought up to date with the
    entries written since by others (one query, two when there are some); else the checkpoint
    and its tail (one query, two with a tail); else the journal folded. `ignore_kept`: not the
    kept one (an undo: it holds the undone entry)."""
    with _memo_lock:
        kept = _writers.pop(locked.pk, None)
    if ignore_kept:
        kept = None
    row = (
        CampaignSnapshot.objects.filter(pk=locked.pk, state_format=base.STATE_FORMAT)
        .values_list(*_CHECKPOINT_FIELDS, *(() if kept is not None else ("state",)))
        .first()
    )
    read = Checkpoint(*row[: len(_CHECKPOINT_FIELDS)]) if row else None
    if read is not None and read.usable:
        if (
            kept is not None
            and max(read.folds_from, read.tail_undone_at) <= kept.version <= locked.journal_version
        ):
            if kept.version < locked.journal_version:
                tail = _tails({locked.pk: kept.through})[0][locked.pk]
                _extend(locked.rules, kept.timeline, tail)
                kept.through = tail[-1][0] if tail else kept.through
                kept.version = locked.journal_version
            kept.checkpoint = read
            return kept
        blob = (
            row[-1]
            if kept is None
            else (CampaignSnapshot.objects.filter(pk=locked.pk).values_list("state", flat=True).first())
        )
        folded = base.new_timeline(locked.rules, pickle.loads(blob), last_game=read.last_game)
        # A checkpoint of the version the campaign is at folds every live entry: no tail to read.
        tail = (
            _tails({locked.pk: read.through})[0][locked.pk] if read.version < locked.journal_version else []
        )
        _extend(locked.rules, folded, tail)
        return Working(folded, locked.journal_version, tail[-1][0] if tail else read.through, read)
    roster, entries = locked.roster(), locked.live_entries()
    folded = _fold(locked.rules, roster, entries)
    return Working(folded, locked.journal_version, _last_position(locked), read, folded=True)


def written(locked: Campaign, working: Working, through: int, *, undone: bool = False) -> None:
    """Inside the write that extended `working`, its rows saved and its version bumped; `through`:
    the position of the journal's last live entry now. Once committed, this process keeps the
    timeline for its next write here. What is stored: a small state is kept as the checkpoint
    now (SMALL_STATE_BYTES); a larger one is left as it is, so the write stores its entries
    only, until CHECKPOINT_AFTER entries follow it (then it is written after the commit) or
    TAIL_MAX (then now); a timeline folded from the journal is kept as the checkpoint now.
    `undone`: the write undid an entry after the checkpoint (no writer's timeline from before it
    is extended)."""
    working.version, working.through = locked.journal_version, through
    read = working.checkpoint
    rewrite = working.folded or read is None or not read.usable
    if rewrite or read.state_bytes <= SMALL_STATE_BYTES or through - read.through >= TAIL_MAX:
        _keep_checkpoint(
            locked.pk, working.version, through, working.timeline,
            folds_from=working.version if rewrite else read.folds_from,
            tail_undone_at=0 if rewrite else working.version if undone else read.tail_undone_at,
        )
        transaction.on_commit(lambda: _keep_writer(locked.pk, working))
        return
    if undone:
        CampaignSnapshot.objects.filter(pk=locked.pk).update(tail_undone_at=working.version)
    if through - read.through >= CHECKPOINT_AFTER:
        transaction.on_commit(lambda: _checkpoint_after_commit(locked.pk, working), robust=True)
    else:
        transaction.on_commit(lambda: _keep_writer(locked.pk, working))


def _checkpoint_after_commit(campaign_id: int, working: Working) -> None:
    """The writer's timeline, still its own, written as the checkpoint (outside the lock: a
    write committed meanwhile or an undo after it leaves the row as it is), then kept."""
    version = working.version
    blob = pickle.dumps(working.timeline.current, pickle.HIGHEST_PROTOCOL)
    CampaignSnapshot.objects.filter(
        pk=campaign_id, journal_version__lt=version, folds_from__lte=version, tail_undone_at__lte=version
    ).update(
        journal_version=version,
        through_position=working.through,
        last_game=working.timeline.last_game,
        state=blob,
        state_bytes=len(blob),
    )
    _keep_writer(campaign_id, working)


def forget_in_process() -> None:
    """Drop the in-process timelines (as a fresh server process would start)."""
    with _memo_lock:
        _memo.clear()
        _journals.clear()
        _writers.clear()


def timeline(campaign: Campaign) -> Timeline:
    """The folded journal: from this process, else the campaign's checkpoint, else folded."""
    return timelines([campaign])[campaign.pk]


def _fold(campaign_system, roster: list[str], entries: list[base.Entry]) -> Timeline:
    _applied[0] += len(entries)
    return base.fold(campaign_system, roster, entries)


def timelines(campaigns: list[Campaign]) -> dict[int, Timeline]:
    """The folded journals of several campaigns (campaign pk -> Timeline): those kept in the
    process as they are, the others from their checkpoints (two or three queries in all), and
    only those without one folded from two queries in all, however many campaigns there are."""
    folded = {}
    for campaign in campaigns:
        kept = _in_process(campaign.pk, campaign.journal_version)
        if kept is not None:
            folded[campaign.pk] = kept
    missing = [campaign for campaign in campaigns if campaign.pk not in folded]
    if missing:
        folded.update(_from_checkpoints(missing))
        missing = [campaign for campaign in missing if campaign.pk not in folded]
    if missing:
        rosters: dict[int, list[str]] = {campaign.pk: [] for campaign in missing}
        for campaign_id, name in Player.objects.filter(campaign__in=missing).values_list(
            "campaign_id", "name"
        ):
            rosters[campaign_id].append(name)
        entries: dict[int, list[base.Entry]] = {campaign.pk: [] for campaign in missing}
        rows = Entry.objects.live().filter(campaign__in=missing).order_by("campaign_id", "position")
        for campaign_id, kind, data in rows.values_list("campaign_id", "kind", "data"):
            entries[campaign_id].append(base.Entry(kind, data))
        for campaign in missing:
            folded[campaign.pk] = _fold(campaign.rules, rosters[campaign.pk], entries[campaign.pk])
            _remember_in_process(campaign.pk, campaign.journal_version, folded[campaign.pk])
    return folded


def each_state(campaigns: list[Campaign], chunk: int = 50):
    """(campaign, its state now) for each campaign, one at a time, for a page that reads many
    states once (the stats): those kept in the process, then the checkpoints read a chunk at a
    time (never all held at once, nor kept in the process to push out the campaigns being
    played), then the few without one, folded."""
    rest = []
    for campaign in campaigns:
        kept = _in_process(campaign.pk, campaign.journal_version)
        if kept is not None:
            yield campaign, kept.current
        else:
            rest.append(campaign)
    unread = {campaign.pk: campaign for campaign in rest}
    for start in range(0, len(rest), chunk):
        part = _from_checkpoints(rest[start:start + chunk], keep=False)
        while part:
            campaign_id, folded = part.popitem()
            yield unread.pop(campaign_id), folded.current
    for campaign in unread.values():
        yield campaign, timeline(campaign).current


# The journals read to work out states as of earlier games (the board's slider asks for one
# after another), kept for the last few campaign versions.
_journals: OrderedDict[tuple[int, int], tuple[list[str], list[base.Entry]]] = OrderedDict()
JOURNALS_KEPT = 4


def _journal(campaign: Campaign) -> tuple[list[str], list[base.Entry]]:
    """The roster and live entries of the campaign at its version: those the writer's fold in
    this process kept, else read once (two queries) and kept."""
    key = (campaign.pk, campaign.journal_version)
    folded = _in_process(*key)
    if folded is not None and folded.entries is not None:
        return folded.players, folded.entries
    with _memo_lock:
        kept = _journals.get(key)
        if kept is not None:
            _journals.move_to_end(key)
            return kept
    kept = (campaign.roster(), campaign.live_entries())
    with _memo_lock:
        _journals[key] = kept
        while len(_journals) > JOURNALS_KEPT:
            _journals.popitem(last=False)
    return kept


def game_or_now(campaign: Campaign, as_of: int | None) -> int | None:
    """The game a state "as of game `as_of`" is of: None (the state now) for the last game or later."""
    return None if as_of is not None and as_of >= campaign.games_played else as_of


def state(campaign: Campaign, as_of: int | None = None):
    """The state now, or right after game `as_of` (read-only: shared with other readers).

    The state now is the writer's fold (kept in the process, else its snapshot). A state as of
    an earlier game is worked out the first time it is asked (a play log derives it from the
    state now; any other campaign folds its entries up to that game, from the timeline in
    memory when it kept them, else from the database) and cached on its own key, so the next
    page view unpickles it, here or in another process sharing the cache."""
    as_of = game_or_now(campaign, as_of)
    if as_of is None or _derives_states(campaign):
        return timeline(campaign).as_of(as_of)
    key = _state_key(campaign, as_of)
    then = cache.get(key)
    if then is None:
        players, entries = _journal(campaign)
        then = _fold(campaign.rules, players, base.entries_until(entries, as_of)).current
        cache.set(key, then, CACHE_SECONDS)
    return then


def state_json(campaign: Campaign, as_of: int | None = None) -> dict:
    """The docs/journal.md `campaign_state` now, or as of game `as_of`."""
    return campaign.rules.state_json(state(campaign, as_of))
