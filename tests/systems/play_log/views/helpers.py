"""Helpers the tests of this folder share (not test modules importing each other)."""

import copy
import datetime

from campaigns import exports, registry, states, stats, store
from campaigns.models import Membership
from campaigns.rules import play_log

from tests.conftest import load_journal
from tests.factories import MembershipFactory


def cut(name, plays):
    data = load_journal(name)
    data["games"] = data["games"][:plays]
    return data


def bg_stats_file_of(name):
    """The BG Stats file Legacy Ledger writes of the whole demo log (as a group would have it
    in BG Stats), as bytes."""
    campaign = store.import_journal(load_journal(name))
    system = registry.system_of(campaign)
    record = stats.campaign_record(campaign.slug, campaign.name, system, states.state(campaign))
    data = exports.bg_stats_file(record, now="2026-12-01 10:00:00")
    campaign.delete()
    return data


SKYRIM_FACTIONS = ("Stormcloak", "Thalmor", "Orcs", "Imperial")


def skyrim_log(plays: int, players=("Ana", "Ben", "Cid"), name="Long log") -> dict:
    """A Risk: Skyrim journal of `plays` Chaos plays; play n is won by players[n % len]."""
    games = []
    for number in range(1, plays + 1):
        winner = number % len(players)
        games.append({
            "number": number,
            "played_on": f"2026-{1 + (number - 1) // 28 % 12:02d}-{1 + (number - 1) % 28:02d}",
            "mode": "chaos",
            "seats": [
                {"player": player, "faction": SKYRIM_FACTIONS[index],
                 "territories": 14 if index == winner else 10, "forts": 2, "portals": 1}
                for index, player in enumerate(players)
            ],
        })
    return {"format": "campaign-journal/1", "system": "risk-skyrim", "name": name, "players": list(players),
            "setup": {}, "games": games}


def import_log(data, owner):
    campaign = store.import_journal(data, owner=owner)
    MembershipFactory(campaign=campaign, role=Membership.Role.VIEWER)
    return campaign


def _play_logs() -> dict[str, str]:
    """Each play-log system of the registry (its pages are the play-log kind's) -> its shipped
    journal's file name."""
    from campaigns.systems.play_log.views.standings import standings

    return {
        system.key: system.demo_journals[0].name
        for system in registry.systems()
        if system.pages.get("standings") is standings and system.demo_journals
    }


JOURNALS = _play_logs()


def long_log(plays, owner, system="risk-skyrim"):
    """A log of `plays` plays of the system's shipped journal over and over, renumbered and
    dated one day after another (so a play logged next comes after every one), with a viewer."""
    data = load_journal(JOURNALS[system])
    shipped = data["games"]
    data["games"] = [
        {**copy.deepcopy(shipped[n % len(shipped)]), "number": n + 1,
         "played_on": (datetime.date(2021, 1, 1) + datetime.timedelta(days=n)).isoformat()}
        for n in range(plays)
    ]
    data["name"] = f"{plays} plays"
    return import_log(data, owner)


def play_log_with(plays, owner, system="risk-skyrim"):
    """A log of `plays` plays (the shipped journal's plays over and over, renumbered), with
    play 2 corrected and play 3 deleted."""
    data = load_journal(JOURNALS[system])
    shipped = data["games"]
    data["games"] = [{**copy.deepcopy(shipped[n % len(shipped)]), "number": n + 1} for n in range(plays)]
    data["name"] = f"{plays} plays"
    campaign = store.import_journal(data, owner)
    corrected = {**data["games"][1], "played_on": "2020-02-02"}
    store.append(campaign, [play_log.correction_entry(2, corrected), play_log.deletion_entry(3)], owner)
    return campaign


