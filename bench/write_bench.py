"""What a write costs at a campaign's length: logging one entry into a short campaign and into
one at the upload limit, paired (a short write, then a long one, the ratio taken pair by pair),
the median ratio of each round and its spread over three rounds, for each game:

    a play log       100 plays    and 5,000
    Risk Legacy       15 games    and   500
    Dawnguard         12 sittings and   480

Each campaign is imported without its last entries, which are then appended one by one through
the store (each its own committed transaction, as a phone's write: the checkpoint written again
after the commit once the tail is long, its cost in the slowest write). Also an undo of the
last entry and the entry again, paired the same way. Aim: within 1.5x at the limit.

Run by `make bench`; docs/speed.md quotes the figures. Nothing here passes or fails. Its own
throwaway SQLite file unless DATABASE_URL is set.
"""

import statistics
import sys
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path[:0] = [str(ROOT), str(BENCH)]

import big_journals  # noqa: E402

ROUNDS, PAIRS = 3, 11
# Each game's short length and its upload limit (bench/big_journals.py, as the tests' limits).
SIZES = {"play log": (100, big_journals.PLAY_LOG_PLAYS), "Risk Legacy": (15, big_journals.RISK_LEGACY_GAMES),
         "Dawnguard": (12, big_journals.DAWNGUARD_SITTINGS)}


def held_out(make, size: int, owner):
    """(campaign, entries): the journal of `size` games imported without its last entries,
    and those entries (enough for every pair of every round)."""
    from campaigns import registry, store
    from campaigns.models import Campaign
    from campaigns.rules import journal

    data = make(size)
    known = [registered.rules for registered in registry.systems()]
    system, name, players, entries = journal.read(data, known)
    held = ROUNDS * PAIRS
    head = entries[:-held]
    campaign = store.import_journal(journal.write(system, f"{name} ({size})", players, head), owner)
    return Campaign.objects.get(pk=campaign.pk), entries[-held:]


def timed(action) -> float:
    start = time.perf_counter()
    action()
    return (time.perf_counter() - start) * 1000


def main():
    from journal_bench import owner_account, set_up_django

    set_up_django()
    from campaigns import store

    owner = owner_account("bench-writes")
    makers = {
        "play log": big_journals.play_log_journal,
        "Risk Legacy": big_journals.risk_legacy_journal,
        "Dawnguard": big_journals.dawnguard_journal,
    }
    print(f"A write at a campaign's length, paired with one at its short length ({PAIRS} pairs a round, "
          f"median and spread of {ROUNDS} rounds; ms: median, slowest)")
    print(f"{'write':<44} {'x short':>7} {'spread':>11} {'short ms':>9} {'long ms':>9} {'slowest':>8}")
    for label, (short_size, long_size) in SIZES.items():
        short, short_entries = held_out(makers[label], short_size, owner)
        long, long_entries = held_out(makers[label], long_size, owner)
        ratios, short_ms, long_ms = [], [], []
        undo_ratios, undo_short, undo_long = [], [], []
        for round_number in range(ROUNDS):
            pairs, undo_pairs = [], []
            for pair in range(PAIRS):
                index = round_number * PAIRS + pair
                a = timed(lambda: store.append(short, [short_entries[index]], owner))
                b = timed(lambda: store.append(long, [long_entries[index]], owner))
                pairs.append(b / a)
                short_ms.append(a)
                long_ms.append(b)

                def again(campaign, entry):
                    store.undo_last(campaign, owner)
                    store.append(campaign, [entry], owner)

                c = timed(lambda: again(short, short_entries[index]))
                d = timed(lambda: again(long, long_entries[index]))
                undo_pairs.append(d / c)
                undo_short.append(c)
                undo_long.append(d)
            ratios.append(statistics.median(pairs))
            undo_ratios.append(statistics.median(undo_pairs))
        for what, values, a, b in (
            (f"{label}: log an entry, {long_size} vs {short_size}", ratios, short_ms, long_ms),
            (f"{label}: undo it and log it again", undo_ratios, undo_short, undo_long),
        ):
            print(f"{what:<44} {statistics.median(values):7.2f} {f'{min(values):.2f}-{max(values):.2f}':>11} "
                  f"{statistics.median(a):9.1f} {statistics.median(b):9.1f} {max(b):8.1f}")


if __name__ == "__main__":
    main()
