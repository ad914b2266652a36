"""BG Stats plays brought into a Risk: Skyrim log on a phone (390x844): upload the group's BG
Stats export, see which plays are new, map a BG Stats player who is not on the roster, answer
the mode BG Stats did not note, and add the plays; then read one of them."""

import json
import re

import pytest
from playwright.sync_api import expect

from campaigns import states, store
from campaigns.models import Campaign

from tests.browser.fixtures import log_in, phone_shot
from tests.conftest import load_journal
from tests.factories import UserFactory
from tests.systems.play_log.views.helpers import bg_stats_file_of, cut

SKYRIM = "risk_skyrim_plays.json"


@pytest.fixture
def skyrim_log(transactional_db):
    owner = UserFactory(username="sigrid")
    data = cut(SKYRIM, 3)
    return store.import_journal(data, owner=owner)


def test_bringing_bg_stats_plays_into_a_skyrim_log(new_phone, shoot, skyrim_log, tmp_path):
    export = bg_stats_file_of(SKYRIM)
    for player in export["players"]:
        if player["name"] == "Eve":
            player["name"] = "Evelyn"  # not on the roster: added
    export["plays"][-1].pop("board")  # its mode not noted: asked
    path = tmp_path / "BGStatsExport.json"
    path.write_text(json.dumps(export), encoding="utf-8")

    page = new_phone()
    log_in(page, "sigrid")
    page.goto(f"/campaigns/{skyrim_log.slug}/")
    page.get_by_role("link", name="Bring in BG Stats plays").click()
    expect(page.get_by_role("heading", name="Plays from BG Stats")).to_be_visible()
    shoot(page, "bg-stats-1-upload")
    page.locator("#id_file").set_input_files(str(path))
    page.get_by_role("button", name="Show the plays").click()
    # Evelyn is not on the roster, so the plays she sat in are new until she is mapped.
    expect(page.get_by_role("heading", name=re.compile(r"8 plays of .*: 6 new"))).to_be_visible()
    expect(page.get_by_text("In the log: play 1")).to_be_visible()
    evelyn = page.get_by_label(re.compile(r"^Evelyn:?$"))
    expect(evelyn).to_have_value("+")
    shoot(page, "bg-stats-2-review")
    evelyn.select_option("Eve")  # the group knows her as Eve
    mode = page.get_by_label(re.compile(r"^Mode of the play of"))
    phone_shot(page, "bg-stats-3-question", at=mode)
    mode.select_option("chaos")
    page.get_by_role("button", name=re.compile(r"^Add \d+ new plays$")).click()
    expect(page.get_by_role("status").filter(has_text="Brought in from BG Stats: 5 plays")).to_be_visible()
    shoot(page, "bg-stats-4-history")

    campaign = Campaign.objects.get(pk=skyrim_log.pk)
    state = states.state(campaign)
    assert state.games_played == 8 and "Evelyn" not in campaign.roster()
    assert state.games[-1].mode == "chaos" and state.play_data(8)["bg_stats"]["uuid"]
    page.goto(f"/campaigns/{skyrim_log.slug}/games/8/")
    expect(page.get_by_role("heading", name="Brought in from BG Stats")).to_be_visible()
    shoot(page, "bg-stats-5-play")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert not page.csp_errors
    assert load_journal(SKYRIM)  # the demo journal is untouched
