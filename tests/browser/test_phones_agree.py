"""Two phones at 390×844 on each system's Play page ("Phones disagree"): phone A
acts, and within one poll (2 seconds) phone B's board, header count and every form show the
campaign as it is now, while what B half-filled keeps its values and its focus. A refresh
morphs the page in place: what did not change is the same element as before (a screen reader
hears one line, not the page again), and a tap on A leaves the focus on the control tapped."""

import re

import pytest
from playwright.sync_api import expect

from campaigns import store
from campaigns.models import Campaign, Membership
from campaigns.rules.base import Entry

from tests.browser.fixtures import PHONE, log_in
from tests.conftest import load_journal
from tests.factories import UserFactory
from tests.rows import row_id
from tests.systems.dawnguard.browser.helpers import first_sitting
from tests.systems.risk_legacy.browser.helpers import game_one_started

ONE_POLL = 4500  # ms: the poll runs every 2 seconds; one poll and its answer, on a busy machine


def two_phones(new_phone, campaign, path):
    """Olive's phone A and Ben's phone B (a member), both open on `path` of the campaign."""
    Membership.objects.get_or_create(
        campaign=campaign, user=UserFactory(username="ben"), defaults={"role": Membership.Role.MEMBER}
    )
    phones = []
    for username in ("olive", "ben"):
        phone = new_phone(viewport=PHONE)
        log_in(phone, username)
        phone.goto(f"/campaigns/{campaign.slug}/{path}")
        phones.append(phone)
    return phones


def focused_id(phone):
    return phone.evaluate("document.activeElement && document.activeElement.id")


def remember(phone, selector, name):
    """Keep a handle on an element, to tell later whether a refresh rebuilt it."""
    phone.evaluate(f"window[{name!r}] = document.querySelector({selector!r})")


def still_the_same(phone, selector, name):
    return phone.evaluate(f"window[{name!r}] === document.querySelector({selector!r})")


def test_dawnguard_phone_b_follows_phone_a_and_keeps_its_half_filled_form(new_phone, shoot):
    olive = UserFactory(username="olive")
    campaign = first_sitting(olive)
    store.append(campaign, [
        Entry("event", {"type": "pledge", "player": "Ben", "side": "vigilants"}),
        Entry("event", {"type": "pledge", "player": "Cid", "side": "vigilants"}),
    ], olive)
    phone_a, phone_b = two_phones(new_phone, campaign, "play/")
    for phone in (phone_a, phone_b):
        expect(phone.locator(".page-head .subtitle")).to_have_text("Sitting 1 in progress")

    # Phone B half-fills the fort card form: Ben's chip, a card name, the focus in it.
    phone_b.locator("#dg-fort-card summary").click()
    cards = phone_b.locator("#dg-fort-card")
    cards.get_by_role("radio", name=re.compile(r"\bBen\b")).check()
    cards.get_by_label("Card").fill("Crossb")
    card_id = cards.get_by_label("Card").get_attribute("id")
    expect(phone_b.locator("#dg-pledge").get_by_role("radio", name=re.compile(r"\bAna\b"))).to_have_count(1)
    expect(phone_b.locator("#dg-fort-stars-form")).to_contain_text("0 of 3 stars to level 1")
    remember(phone_b, "#dg-chapter-complete", "chapter")

    # Phone A: Ana pledges to Clan Volkihar (tapped), then two stars go on the Hall.
    pledges = phone_a.locator("#dg-pledge")
    pledges.get_by_role("radio", name=re.compile(r"\bAna\b")).check()
    pledges.get_by_role("button", name="Clan Volkihar").click()
    expect(phone_a.get_by_text("Recorded: Ana pledges to Clan Volkihar")).to_be_visible()
    # Everyone has pledged: the pledges are gone, and the focus is where they stood (the next
    # form's first control), not thrown to the page.
    expect(phone_a.locator("#dg-pledge")).to_have_count(0)
    expect(phone_a.locator("#dg-feed summary")).to_be_focused()
    store.append(campaign, [Entry("event", {"type": "fort_stars", "player": "Ben", "count": 2})], olive)

    # Phone B, within one poll: the pledge chips no longer offer Ana, the stars form says 2 of 3,
    # the board shows Ana's side and the one line says what changed.
    expect(phone_b.locator("#dg-fort-stars-form")).to_contain_text("2 of 3 stars to level 1", timeout=ONE_POLL)
    expect(phone_b.locator("#dg-pledge").get_by_role("radio", name=re.compile(r"\bAna\b"))).to_have_count(0)
    expect(phone_b.locator(".dg-hero", has_text="Sigrid")).to_contain_text("Clan Volkihar")
    expect(phone_b.locator("#live-changed[role=status]")).to_contain_text("Updated just now")
    # ... and keeps what it half-filled, with the focus where it was; what did not change is
    # the same element (morphed, not rebuilt).
    expect(cards.get_by_label("Card")).to_have_value("Crossb")
    expect(cards.get_by_role("radio", name=re.compile(r"\bBen\b"))).to_be_checked()
    assert focused_id(phone_b) == card_id
    assert still_the_same(phone_b, "#dg-chapter-complete", "chapter")
    shoot(phone_b, "phones-agree-dawnguard-b-390")

    # Phone A completes the chapter: phone B's sitting forms go, its header counts the sitting.
    phone_a.get_by_role("link", name="Chapter 1 is complete…").click()  # it asks first
    phone_a.get_by_role("button", name="Yes: chapter 1 is complete").click()
    expect(phone_a.get_by_text("Recorded: The chapter is complete.")).to_be_visible()
    expect(phone_b.locator(".page-head .subtitle")).to_have_text("1 sitting played", timeout=ONE_POLL)
    expect(phone_b.get_by_role("heading", name="During the sitting")).to_have_count(0)
    expect(phone_b.get_by_role("link", name="Start chapter 2")).to_be_visible()


def test_risk_legacy_phone_b_follows_phone_a_and_keeps_its_half_filled_form(new_phone, shoot):
    olive = UserFactory(username="olive")
    campaign = game_one_started(olive)
    phone_a, phone_b = two_phones(new_phone, campaign, "play/")
    seats = [seat.player for seat in store_state(campaign).last_game.seats]
    scarred_by, keeps = seats[0], seats[-1]

    # Phone B half-fills the scar form and leaves the focus on the territory.
    phone_b.get_by_text("A scar was placed").click()
    phone_b.get_by_label("Played by").select_option(keeps)
    territory = phone_b.get_by_label("Territory").first
    territory.select_option("Siberia")
    territory.focus()
    territory_id = territory.get_attribute("id")
    apart = "optgroup[label^='Already placed'] option"
    expect(phone_b.get_by_label("Played by").locator(apart, has_text=scarred_by)).to_have_count(0)
    remember(phone_b, "#play-recent h2", "recent")

    # Phone A records a scar on Egypt by tapping.
    phone_a.get_by_text("A scar was placed").click()
    phone_a.get_by_label("Played by").select_option(scarred_by)
    phone_a.get_by_label("Territory").first.select_option("Egypt")
    phone_a.get_by_label(re.compile("^Scar:?$")).select_option("Bunker")
    phone_a.get_by_role("button", name="Record").first.click()
    expect(phone_a.get_by_text(f"Recorded: {scarred_by} scarred Egypt: Bunker.")).to_be_visible()
    expect(phone_a.locator("details.event-form", has_text="A scar was placed").get_by_role("button", name="Record")).to_be_focused()

    # Phone B, within one poll: the status line says it, the scar form puts the player who
    # scarred apart (a second scar needs a card) and Egypt with the scarred territories.
    expect(phone_b.locator("#live-changed[role=status]")).to_contain_text(
        f"Updated just now: {scarred_by} scarred Egypt", timeout=ONE_POLL
    )
    expect(phone_b.get_by_label("Played by").locator(apart, has_text=scarred_by)).to_have_count(1)
    expect(territory.locator("optgroup", has=phone_b.locator("option", has_text="Egypt"))).not_to_have_attribute(
        "label", re.compile("Africa")
    )
    expect(phone_b.locator("#play-recent")).to_contain_text("Egypt")
    # ... and keeps its choices and its focus; the recent entries' card is updated, not rebuilt.
    chosen = "s => s.selectedOptions[0].textContent.trim()"
    assert phone_b.get_by_label("Played by").evaluate(chosen).startswith(keeps)
    assert territory.evaluate(chosen) == "Siberia"
    assert focused_id(phone_b) == territory_id
    assert still_the_same(phone_b, "#play-recent h2", "recent")
    shoot(phone_b, "phones-agree-risk-legacy-b-390")


def store_state(campaign):
    from campaigns import states

    return states.state(Campaign.objects.get(pk=campaign.pk))


def log_a_play_through_the_store(campaign, number, user):
    """Phone A logs a play (the last one again, as play `number`)."""
    campaign = Campaign.objects.get(pk=campaign.pk)
    last = store.export_journal(campaign)["games"][-1]
    store.append(campaign, [Entry("game", {**last, "number": number})], user)


@pytest.mark.parametrize(
    ("journal", "fill"),
    [
        pytest.param("risk_skyrim_plays.json", (row_id("seats", 1, "territories"), "23"), id="risk-skyrim"),
        pytest.param("captain_america_plays.json", ("#id_rooms_captain_america", "17"), id="captain-america"),
    ],
)
def test_a_play_log_s_list_and_form_follow_phone_a(new_phone, shoot, journal, fill):
    olive = UserFactory(username="olive")
    campaign = store.import_journal(load_journal(journal), owner=olive)
    number = store_state(campaign).next_number
    phone_a, phone_b = two_phones(new_phone, campaign, "games/new/")
    # Phone B has the overview open in another tab, and half-fills the form in this one.
    overview = phone_b.context.new_page()
    overview.goto(f"/campaigns/{campaign.slug}/")
    latest = number - 1
    expect(overview.locator(f"#play-{latest}")).to_be_visible()
    remember(overview, f"#play-{latest}", "latest")
    field, typed = fill
    phone_b.locator(field).fill(typed)
    phone_b.locator(field).focus()

    # Phone A logs a play (its form, then its save).
    log_a_play_through_the_store(campaign, number, olive)

    # Phone B's list gets the new play on top, the plays it showed untouched; its form takes
    # the next number, keeps what was typed and the focus.
    expect(overview.locator(f"#play-{number}")).to_be_visible(timeout=ONE_POLL)
    assert overview.locator("#plays > li").first.get_attribute("id") == f"play-{number}"
    assert still_the_same(overview, f"#play-{latest}", "latest")
    expect(overview.locator("#plays-live[role=status]")).to_contain_text(f"Updated just now: play {number} logged.")
    expect(overview.locator("#campaign-count")).to_contain_text(f"{number} plays logged")
    expect(phone_b.locator("#plays-live")).to_contain_text(f"this one will be play {number + 1}", timeout=ONE_POLL)
    expect(phone_b.get_by_role("heading", name=f"Log play {number + 1}")).to_be_visible()
    expect(phone_b.locator(field)).to_have_value(typed)
    assert focused_id(phone_b) == field.removeprefix("#")
    # The score preview is morphed too: the region stays, its one status line says the score.
    preview = "#sk-preview" if "skyrim" in journal else "#ca-preview"
    remember(phone_b, preview, "preview")
    with phone_b.expect_response(lambda response: response.request.method == "POST"):
        phone_b.locator(field).dispatch_event("change")
    phone_b.wait_for_timeout(300)  # the answer's morph
    assert still_the_same(phone_b, preview, "preview")
    expect(phone_b.locator(f"{preview} [role=status]")).to_have_count(1)
    shoot(overview, f"phones-agree-{journal.split('_plays')[0]}-list-390")
    shoot(phone_b, f"phones-agree-{journal.split('_plays')[0]}-form-390")
