"""Deleting a logged play on a phone at 390×844, with JavaScript and without: the confirm page,
the history after it, and the refusal when the play is gone (screenshots checked by axe-core
where JavaScript runs)."""

import pytest
from playwright.sync_api import expect

from campaigns import store

from tests.browser.fixtures import log_in
from tests.conftest import load_journal
from tests.factories import UserFactory


@pytest.mark.parametrize("javascript", [pytest.param(True, id="htmx"), pytest.param(False, id="no-js")])
def test_delete_a_play_then_find_it_refused(new_phone, shoot, javascript, no_console_error):
    olive = UserFactory(username="olive")
    campaign = store.import_journal(load_journal("risk_skyrim_plays.json"), olive)
    how = "htmx" if javascript else "no-js"
    phone = new_phone(javascript=javascript)
    log_in(phone, "olive")

    phone.goto(f"/campaigns/{campaign.slug}/games/2/")
    phone.get_by_role("link", name="Delete this play").click()
    expect(phone.get_by_role("heading", name="Delete play 2?")).to_be_visible()
    shoot(phone, f"play-delete-01-confirm-{how}")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.get_by_role("button", name="Delete play 2").click()
    expect(phone.get_by_text("Play 2 was deleted.")).to_be_visible()
    shoot(phone, f"play-delete-02-history-{how}")

    # The refusal answers 404 (the play is gone), which the browser logs.
    no_console_error.expect(f"404 (Not Found) at {phone.url.split('/campaigns/')[0]}/campaigns/{campaign.slug}/games/2/delete/")
    phone.goto(f"/campaigns/{campaign.slug}/games/2/delete/")
    expect(phone.get_by_role("alert")).to_contain_text(
        "Nothing was deleted: play 2 was deleted already."
    )
    expect(phone.get_by_role("button", name="Delete play 2")).to_have_count(0)
    shoot(phone, f"play-delete-03-refused-{how}")
    assert campaign.entries.filter(kind="deletion").count() == 1
