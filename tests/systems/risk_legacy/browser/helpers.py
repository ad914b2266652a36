"""Helpers the tests of this folder share (not test modules importing each other)."""

from campaigns.rules import journal

from tests.conftest import load_journal
from tests.factories import CampaignFactory
from tests.journal_files import RULES


def game_one_started(owner):
    system, title, players, entries = journal.read(load_journal("risk_legacy_15_games.json"), RULES)
    first_game = next(i for i, e in enumerate(entries) if e.kind == "game")
    return CampaignFactory(name=title, system=system.KEY, owner=owner, players=players, entries=entries[: first_game + 1])


def settled(page):
    """Wait until no htmx request is on its way (a swap would replace what we look at)."""
    for _ in range(200):  # not wait_for_function: its polling evaluates a string, which the CSP forbids
        if page.evaluate("document.querySelector('.htmx-request') === null"):
            return page
        page.wait_for_timeout(25)
    raise AssertionError("htmx is still busy")


def choose(page, select, value):
    """Pick an option once the seats are still, and wait for the seats it changes: a select
    replaced by a swap in between would lose the choice."""
    settled(page).select_option(select, value)
    return settled(page)


def console_errors(page):
    """The page's console errors: none, not even an aborted request (a newer ask waits for the
    one in flight, hx-sync "queue last")."""
    return page.csp_errors


def pick_start(page, seat, territory):
    """Tap a legal HQ start (its list opened first when folded) and wait for the seats it changes."""
    start_list = settled(page).locator(f"#seat-{seat} .start-list")
    if start_list.get_attribute("open") is None:
        start_list.locator("summary").click()
    start_list.locator(f"label.chip:has(input[value='{territory}'])").click()
    return settled(page)


def scar_twice(page, territories=("Peru", "Iceland"), player="Cid"):
    """`player` places a Bunker on each of `territories` through the Play page's scar form: the
    first is recorded, the second (a second scar in one game) refused beside the form."""
    import re

    from playwright.sync_api import expect

    from tests.browser.fixtures import open_fold

    for territory in territories:
        scar = page.locator("details", has_text="A scar was placed")
        open_fold(scar)
        scar.get_by_label("Played by").select_option(player)
        scar.get_by_label("Territory").first.select_option(territory)
        scar.get_by_label(re.compile("^Scar:?$")).select_option("Bunker")
        scar.get_by_role("button", name="Record").click()
        if territory == territories[0]:
            expect(page.get_by_text(f"Recorded: {player} scarred {territory}: Bunker.")).to_be_visible()
    return page.locator("details", has_text="A scar was placed")
