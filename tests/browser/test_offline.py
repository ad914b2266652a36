"""No signal, no lost tap, in Chromium on a 390×844 phone with Playwright's offline
mode: taps made offline are kept on the phone and shown as not sent yet (after a reload too,
from the service worker's kept page), then sent in order, once each, when the signal returns,
and another phone shows them. A tap that another phone made illegal meanwhile is refused with
the rule's sentence and stops the queue; nothing after it is sent."""

import re

import pytest
from django.contrib.sessions.models import Session
from playwright.sync_api import expect

from campaigns.models import Membership

from tests.browser.fixtures import log_in, table_of_two
from tests.factories import CampaignFactory, UserFactory
from tests.rows import row_id
from tests.systems.risk_legacy.browser.helpers import game_one_started


@pytest.fixture(autouse=True)
def the_browser_says_what_it_could_not_send(no_console_error):
    """Offline, the browser logs each request it could not send, and the service worker's
    answer for a page it cannot fetch (503): what these tests do on purpose."""
    no_console_error.expect("net::ERR_INTERNET_DISCONNECTED")
    no_console_error.expect("the server responded with a status of 503")
    # A request cut on purpose (the answer lost on the way back): htmx says so.
    no_console_error.expect("net::ERR_FAILED")
    no_console_error.expect("htmx:sendError")
    no_console_error.expect("htmx:afterRequest")

PENDING = "on this phone, not sent yet"


def kept_page_ready(phone, url):
    """Open `url` with the service worker in control, so that its page is kept for offline."""
    phone.goto(url)
    phone.wait_for_function("navigator.serviceWorker.controller !== null", timeout=15000)
    phone.reload()  # through the worker: kept


def scar(phone, player, territory, kind):
    phone.locator("summary", has_text="A scar was placed").click()
    form = phone.locator("details.event-form[open] form")
    form.get_by_label("Played by").select_option(player)
    form.get_by_label("Territory").first.select_option(territory)
    form.get_by_label(re.compile("^Scar:?$")).select_option(kind)
    form.get_by_role("button", name="Record").click()


def journal_texts(campaign):
    from campaigns import store

    return [store.describe(campaign, entry.kind, entry.data) for entry in campaign.entries.live().order_by("position")]


def test_risk_legacy_taps_kept_offline_arrive_in_order_once_each(new_phone, shoot):
    campaign, table = table_of_two(game_one_started)
    before = campaign.entries.live().count()

    phone = new_phone()
    log_in(phone, "olive")
    kept_page_ready(phone, table)
    other = new_phone()
    log_in(other, "ben")
    other.goto(table)

    polls = []
    phone.on("request", lambda request: "/play/live/" in request.url and polls.append(request.url))
    phone.context.set_offline(True)
    expect(phone.locator("#offline-status")).to_contain_text(re.compile(r"Offline since \d\d:\d\d"))
    polls.clear()
    scar(phone, "Cid", "Siberia", "Ammo Shortage")
    scar(phone, "Ana", "Peru", "Bunker")
    scar(phone, "Ben", "Egypt", "Bunker")
    expect(phone.locator("#offline-status")).to_contain_text("3 entries waiting for signal")
    pending = phone.locator("#play-recent li.pending")
    expect(pending).to_have_count(3)
    expect(pending.first).to_contain_text("Ben")  # newest first, as the list shows entries
    expect(pending.first).to_contain_text(PENDING)
    assert campaign.entries.live().count() == before

    phone.wait_for_timeout(2500)
    assert polls == []  # the live refresh waits quietly while offline
    phone.reload()  # the kept page, from the service worker
    expect(phone.get_by_text("Game 1 in progress")).to_be_visible()
    expect(phone.locator("#play-recent li.pending")).to_have_count(3)
    expect(phone.locator("#offline-status")).to_contain_text("3 entries waiting for signal")
    shoot(phone, "offline-01-kept-taps", accessible=False)

    phone.context.set_offline(False)
    expect(phone.locator("#play-recent li.pending")).to_have_count(0, timeout=10000)
    expect(phone.locator("#offline-status")).to_be_hidden()
    texts = journal_texts(campaign)
    assert len(texts) == before + 3
    assert texts[-3:] == ["Cid scarred Siberia: Ammo Shortage", "Ana scarred Peru: Bunker", "Ben scarred Egypt: Bunker"]
    expect(phone.locator("#play-recent")).to_contain_text("Ben scarred Egypt: Bunker")
    expect(other.locator("#play-recent")).to_contain_text("Ben scarred Egypt: Bunker", timeout=5000)
    expect(other.locator("#play-recent")).to_contain_text("Cid scarred Siberia: Ammo Shortage")
    shoot(phone, "offline-02-sent")
    # The live refresh resumed by itself: what the other phone records shows here.
    scar(other, "Dee", "Ural", "Ammo Shortage")
    expect(phone.locator("#play-recent")).to_contain_text("Dee scarred Ural: Ammo Shortage", timeout=5000)


def test_a_tap_this_phone_cannot_keep_says_it_was_not_recorded(new_phone):
    olive = UserFactory(username="olive")
    campaign = game_one_started(olive)
    table = f"/campaigns/{campaign.slug}/play/"
    phone = new_phone()
    phone.add_init_script("Object.defineProperty(window, 'indexedDB', { value: undefined })")  # no storage
    log_in(phone, "olive")
    kept_page_ready(phone, table)
    before = campaign.entries.live().count()
    phone.context.set_offline(True)
    scar(phone, "Cid", "Siberia", "Ammo Shortage")
    expect(phone.get_by_role("alert")).to_contain_text(
        "Not recorded: A scar was placed: Cid (Die Mechaniker), Siberia, Ammo Shortage. This phone could not keep it"
    )
    expect(phone.locator("#play-recent li.pending")).to_have_count(0)
    phone.context.set_offline(False)
    phone.wait_for_timeout(2500)
    assert campaign.entries.live().count() == before


def end_game_one(phone, table):
    phone.goto(table)
    phone.get_by_role("link", name="Enter the results").click()
    for player, result in [("Ana", "Held on"), ("Ben", "Won"), ("Cid", "Held on"), ("Dee", "Eliminated"), ("Eve", "Held on")]:
        phone.get_by_role("group", name=re.compile(f"^{player} ")).get_by_text(result, exact=True).click()
    phone.get_by_role("button", name="Record the end of game 1").click()
    expect(phone.get_by_text("Ben won: sign and choose one")).to_be_visible()


def test_a_tap_another_phone_made_illegal_is_refused_and_stops_the_queue(new_phone, shoot):
    campaign, table = table_of_two(game_one_started)

    phone = new_phone()
    log_in(phone, "olive")
    kept_page_ready(phone, table)
    phone.context.set_offline(True)
    scar(phone, "Cid", "Siberia", "Ammo Shortage")
    scar(phone, "Ana", "Peru", "Bunker")
    expect(phone.locator("#play-recent li.pending")).to_have_count(2)

    other = new_phone()  # online: ends the game meanwhile
    log_in(other, "ben")
    end_game_one(other, table)
    after_b = journal_texts(campaign)

    phone.context.set_offline(False)
    refused = phone.locator("#play-recent li.pending.refused")
    expect(refused).to_have_count(1, timeout=10000)
    expect(refused).to_contain_text("Cid")
    expect(refused).to_contain_text("No game is in progress.")
    expect(phone.locator("#play-recent li.pending")).to_have_count(2)  # nothing after it was sent
    expect(phone.get_by_role("alert")).to_contain_text("Nothing after it was sent.")
    assert journal_texts(campaign) == after_b  # nothing of A's sent, nothing of B's lost
    shoot(phone, "offline-03-refused")

    # Drop it: the next is sent, and refused for the same reason; drop it and all after it.
    refused.get_by_role("button", name="Drop it", exact=True).click()
    expect(refused).to_contain_text("Ana", timeout=10000)
    expect(phone.locator("#play-recent li.pending")).to_have_count(1)
    refused.get_by_role("button", name="Drop it and everything after it").click()
    expect(phone.locator("#play-recent li.pending")).to_have_count(0)
    expect(phone.locator("#offline-status")).to_be_hidden()
    assert journal_texts(campaign) == after_b
    assert journal_texts(campaign)[-1] == "Game over: Ben won; Dee eliminated"


def test_signing_out_says_how_many_taps_would_be_lost(new_phone):
    olive = UserFactory(username="olive")
    campaign = game_one_started(olive)
    table = f"/campaigns/{campaign.slug}/play/"
    phone = new_phone()
    log_in(phone, "olive")
    kept_page_ready(phone, table)
    phone.context.set_offline(True)
    scar(phone, "Cid", "Siberia", "Ammo Shortage")
    expect(phone.locator("#play-recent li.pending")).to_have_count(1)
    with phone.expect_event("dialog") as asked:
        phone.get_by_role("button", name="Log out").click(no_wait_after=True)
    assert asked.value.message == "1 entry kept on this phone, not sent yet, would be lost. Sign out anyway?"
    asked.value.dismiss()  # stay signed in: the tap stays kept
    expect(phone.locator("#play-recent li.pending")).to_have_count(1)
    assert phone.url.endswith(table)

    phone.context.set_offline(False)  # it is sent; then signing out asks nothing
    expect(phone.locator("#play-recent li.pending")).to_have_count(0, timeout=10000)
    phone.get_by_role("button", name="Log out").click()
    expect(phone.get_by_role("link", name="Log in")).to_be_visible()
    assert journal_texts(campaign)[-1] == "Cid scarred Siberia: Ammo Shortage"

    # Signing out with a tap kept, and saying yes: the queue is emptied. Offline, the sign-out
    # itself cannot reach the server: the service worker says so instead of failing silently.
    log_in(phone, "olive")
    phone.goto(table)
    phone.context.set_offline(True)
    scar(phone, "Ana", "Peru", "Bunker")
    expect(phone.locator("#play-recent li.pending")).to_have_count(1)
    phone.once("dialog", lambda dialog: dialog.accept())
    phone.get_by_role("button", name="Log out").click()
    expect(phone.get_by_role("heading", name="Not recorded")).to_be_visible()
    phone.context.set_offline(False)
    phone.goto(table)
    expect(phone.get_by_text("Game 1 in progress")).to_be_visible()
    expect(phone.locator("#play-recent li.pending")).to_have_count(0)
    assert journal_texts(campaign)[-1] == "Cid scarred Siberia: Ammo Shortage"


# The other systems: three taps offline, a reload, the signal back --------------------------


def offline_then_online(phone, other, url, tap_three, where, pending_count=3, shoot=None, name=None, after_reload=None):
    """Go offline on `url`, tap three entries (`tap_three`), reload the kept page (they show
    pending in `where`), come back online: the pending ones leave; `other` phone is checked by
    the caller."""
    kept_page_ready(phone, url)
    phone.context.set_offline(True)
    tap_three(phone)
    expect(phone.locator("#offline-status")).to_contain_text(f"{pending_count} entries waiting for signal")
    phone.reload()
    expect(phone.locator(f"{where} li.pending")).to_have_count(pending_count)
    expect(phone.locator(f"{where} li.pending").first).to_contain_text(PENDING)
    if after_reload is not None:
        after_reload()
    if shoot is not None:
        shoot(phone, name)
    phone.context.set_offline(False)
    expect(phone.locator(f"{where} li.pending")).to_have_count(0, timeout=15000)
    expect(phone.locator("#offline-status")).to_be_hidden()


def test_dawnguard_taps_kept_offline_arrive_in_order_once_each(new_phone, shoot):
    from tests.systems.dawnguard.browser.helpers import choose, first_sitting

    campaign, table = table_of_two(first_sitting)
    before = campaign.entries.live().count()
    phone, other = new_phone(), new_phone()
    log_in(phone, "olive")
    log_in(other, "ben")
    other.goto(table)

    def pledges(phone):
        for player, faction in (("Ana", "Clan Volkihar"), ("Ben", "Vigilants of Stendarr"), ("Cid", "Clan Volkihar")):
            choose(phone.locator("#dg-pledge"), player)
            phone.locator("#dg-pledge").get_by_role("button", name=faction).click()

    offline_then_online(phone, other, table, pledges, "#play-recent", shoot=shoot, name="offline-05-dawnguard-kept")
    texts = journal_texts(campaign)
    assert len(texts) == before + 3
    assert texts[-3:] == ["Ana pledges to Clan Volkihar", "Ben pledges to the Vigilants of Stendarr",
                          "Cid pledges to Clan Volkihar"]
    expect(phone.locator("#play-recent")).to_contain_text("Cid pledges to Clan Volkihar")
    expect(other.locator("#play-recent")).to_contain_text("Cid pledges to Clan Volkihar", timeout=5000)
    expect(other.locator("#play-recent")).to_contain_text("Ana pledges to Clan Volkihar")


def plays_logged(campaign):
    return [(entry.data.get("number"), entry.data.get("played_on"))
            for entry in campaign.entries.live().filter(kind="game").order_by("position")]


def test_captain_america_plays_kept_offline_arrive_in_order_once_each(new_phone, shoot):
    olive, ben = UserFactory(username="olive"), UserFactory(username="ben")

    campaign = CampaignFactory(
        name="Airport Nights", system="captain-america", owner=olive, players=["Ana", "Ben", "Cid", "Dee"])
    Membership.objects.create(campaign=campaign, user=ben, role=Membership.Role.MEMBER)
    phone, other = new_phone(), new_phone()
    log_in(phone, "olive")
    log_in(other, "ben")
    other.goto(f"/campaigns/{campaign.slug}/")

    def three_plays(phone):
        for day in (1, 2, 3):
            expect(phone.get_by_role("heading", name=f"Log play {day}")).to_be_visible()
            phone.locator("#id_played_on").fill(f"2026-11-0{day}")
            phone.locator(row_id("heroes", 1, "player")).select_option("Ana")
            phone.locator(row_id("heroes", 2, "player")).select_option("Ben")
            phone.locator(row_id("heroes", 3, "player")).select_option("Cid")
            phone.locator(row_id("heroes", 4, "player")).select_option("Dee")
            phone.locator("#id_winter_soldier_0").check()
            phone.locator("#id_quinjet_1").check()
            phone.locator("#id_rooms_captain_america").fill(str(17 + day))
            phone.locator("#id_rooms_iron_man").fill("12")
            phone.get_by_role("button", name=f"Log play {day}").click()

    phone.goto(f"/campaigns/{campaign.slug}/")
    phone.get_by_role("link", name="Log a play").click()
    offline_then_online(phone, other, phone.url, three_plays, "#offline-pending", shoot=shoot, name="offline-04-plays-kept",
                        after_reload=lambda: expect(phone.get_by_role("heading", name="Log play 4")).to_be_visible())
    assert plays_logged(campaign) == [(1, "2026-11-01"), (2, "2026-11-02"), (3, "2026-11-03")]
    expect(phone.get_by_role("heading", name="Log play 4")).to_be_visible()
    for number in (1, 2, 3):
        expect(other.locator(f"#play-{number}")).to_be_visible(timeout=5000)


def test_risk_skyrim_plays_kept_offline_arrive_in_order_once_each(new_phone):

    from tests.systems.risk_skyrim.browser.helpers import PLAYERS, count, mode, seat

    olive, ben = UserFactory(username="olive"), UserFactory(username="ben")
    campaign = CampaignFactory(name="Skyrim nights", system="risk-skyrim", owner=olive, players=PLAYERS)
    Membership.objects.create(campaign=campaign, user=ben, role=Membership.Role.MEMBER)
    phone, other = new_phone(), new_phone()
    log_in(phone, "olive")
    log_in(other, "ben")
    other.goto(f"/campaigns/{campaign.slug}/")

    def three_plays(phone):
        for day in (1, 2, 3):
            expect(phone.get_by_role("heading", name=f"Log play {day}")).to_be_visible()
            phone.locator("#id_played_on").fill(f"2026-11-0{day}")
            mode(phone, "Chaos")
            seat(phone, 1, "Ana", "Thalmor")
            seat(phone, 2, "Ben", "Orcs")
            for slot, (territories, forts, portals) in ((1, (20 + day, 4, 3)), (2, (16, 2, 3))):
                count(phone, slot, "territories", territories)
                count(phone, slot, "forts", forts)
                count(phone, slot, "portals", portals)
            phone.get_by_role("button", name=re.compile(r"^Save")).click()

    offline_then_online(phone, other, f"/campaigns/{campaign.slug}/games/new/", three_plays, "#offline-pending",
                        after_reload=lambda: expect(phone.get_by_role("button", name="Save play 4")).to_be_visible())
    assert plays_logged(campaign) == [(1, "2026-11-01"), (2, "2026-11-02"), (3, "2026-11-03")]
    expect(phone.get_by_role("heading", name="Log play 4")).to_be_visible()
    for number in (1, 2, 3):
        expect(other.locator(f"#play-{number}")).to_be_visible(timeout=5000)


def test_a_refused_tap_changed_then_the_rest_follow_it(new_phone):
    """A's scar on Siberia, kept offline, is refused: B scarred Siberia first. A changes it
    (its form opens filled), moves it to Peru and records it; then A's next kept tap follows."""
    campaign, table = table_of_two(game_one_started)
    phone = new_phone()
    log_in(phone, "olive")
    kept_page_ready(phone, table)
    phone.context.set_offline(True)
    scar(phone, "Cid", "Siberia", "Ammo Shortage")
    scar(phone, "Ben", "Egypt", "Bunker")

    other = new_phone()
    log_in(other, "ben")
    other.goto(table)
    scar(other, "Ana", "Siberia", "Bunker")
    expect(other.get_by_text("Recorded: Ana scarred Siberia: Bunker.")).to_be_visible()

    phone.context.set_offline(False)
    refused = phone.locator("#play-recent li.pending.refused")
    expect(refused).to_contain_text("Siberia already has a scar", timeout=10000)
    expect(phone.locator("#play-recent li.pending")).to_have_count(2)
    refused.get_by_role("button", name="Change it").click()
    form = phone.locator("details.event-form[open] form")
    expect(form.get_by_label("Played by")).to_have_value("Cid")
    expect(form.get_by_label("Territory").first).to_have_value("Siberia")
    expect(phone.locator("#play-recent li.pending")).to_have_count(1)  # Ben's, held behind it
    form.get_by_label("Territory").first.select_option("Peru")
    form.get_by_role("button", name="Record").click()
    expect(phone.locator("#play-recent li:not(.pending)", has_text="Ben scarred Egypt: Bunker")).to_be_visible(timeout=10000)
    expect(phone.locator("#play-recent li.pending")).to_have_count(0)
    assert journal_texts(campaign)[-3:] == [
        "Ana scarred Siberia: Bunker", "Cid scarred Peru: Ammo Shortage", "Ben scarred Egypt: Bunker",
    ]


def test_an_ended_session_asks_to_sign_in_then_sends(new_phone):
    from django.contrib.sessions.models import Session

    olive = UserFactory(username="olive")
    campaign = game_one_started(olive)
    table = f"/campaigns/{campaign.slug}/play/"
    phone = new_phone()
    log_in(phone, "olive")
    kept_page_ready(phone, table)
    phone.context.set_offline(True)
    scar(phone, "Cid", "Siberia", "Ammo Shortage")
    Session.objects.all().delete()  # the session ended meanwhile (expired, or a new password)
    before = campaign.entries.live().count()
    phone.context.set_offline(False)
    expect(phone.get_by_role("alert")).to_contain_text("Your session has ended: sign in to send the 1 entry", timeout=10000)
    expect(phone.locator("#offline-status")).to_contain_text("1 entry waiting to be sent · sign in to send them")
    assert campaign.entries.live().count() == before
    phone.locator("#offline-status").get_by_role("link", name="Sign in").click()
    phone.get_by_label(re.compile("^Username")).fill("olive")
    phone.get_by_label(re.compile(r"^Password:?$")).fill("correct horse battery")
    phone.get_by_role("button", name="Log in").click()
    expect(phone.get_by_text("Game 1 in progress")).to_be_visible()  # back where it was
    expect(phone.locator("#play-recent li:not(.pending)", has_text="Cid scarred Siberia")).to_be_visible(timeout=10000)
    expect(phone.locator("#play-recent li.pending")).to_have_count(0)
    assert journal_texts(campaign)[-1] == "Cid scarred Siberia: Ammo Shortage"
    assert campaign.entries.live().count() == before + 1


def test_a_tap_whose_answer_was_lost_is_sent_again_and_recorded_once(new_phone):
    """The phone thinks it is online; the tap reaches the server, but its answer never comes
    back. The phone keeps it and sends it again with the same key: the server answers with
    the first answer, and the journal has it once."""
    olive = UserFactory(username="olive")
    campaign = game_one_started(olive)
    table = f"/campaigns/{campaign.slug}/play/"
    phone = new_phone()
    log_in(phone, "olive")
    phone.goto(table)
    before = campaign.entries.live().count()

    def reached_but_lost(route):
        route.fetch()  # the server records it...
        route.abort()  # ...and the answer is lost on the way back

    phone.route("**/play/events/", reached_but_lost)
    scar(phone, "Cid", "Siberia", "Ammo Shortage")
    expect(phone.locator("#play-recent li.pending")).to_have_count(1)
    assert campaign.entries.live().count() == before + 1
    phone.unroute("**/play/events/")
    # The next answer from the server (the live poll) says the signal is back: it is sent again.
    expect(phone.locator("#play-recent li:not(.pending)", has_text="Cid scarred Siberia")).to_be_visible(timeout=10000)
    expect(phone.locator("#play-recent li.pending")).to_have_count(0)
    assert campaign.entries.live().count() == before + 1
    assert journal_texts(campaign).count("Cid scarred Siberia: Ammo Shortage") == 1


def kept_pages(phone) -> list[str]:
    return phone.evaluate("""async () => {
      const urls = [];
      for (const name of await caches.keys()) {
        if (!name.startsWith("ledger-pages-")) continue;
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    }""")


def test_the_kept_pages_are_forgotten_whenever_the_account_changes(new_phone):
    """Olive's campaign kept for offline; a new password (a POST under /accounts/) forgets it, and
    so does a page that sees the account has changed however it happened (here a session
    that ended on the server)."""
    olive = UserFactory(username="olive")
    campaign = CampaignFactory(name="Olive's table", owner=olive, players=["Ana", "Ben"])
    phone = new_phone()
    log_in(phone, "olive")
    overview = f"/campaigns/{campaign.slug}/"
    kept_page_ready(phone, overview)
    assert overview in kept_pages(phone)

    phone.goto("/accounts/password/")
    phone.locator("#id_old_password").fill("correct horse battery")
    phone.locator("#id_new_password1").fill("a-new-long-password-9")
    phone.locator("#id_new_password2").fill("a-new-long-password-9")
    phone.get_by_role("button", name="Change password").click()
    expect(phone.get_by_role("heading", name="Password changed")).to_be_visible()
    assert overview not in kept_pages(phone)

    kept_page_ready(phone, overview)
    assert overview in kept_pages(phone)
    Session.objects.all().delete()  # her session ends on the server: no POST of this phone said so
    phone.goto("/")
    expect(phone.get_by_role("link", name="Log in").first).to_be_visible()
    phone.wait_for_timeout(300)
    assert overview not in kept_pages(phone)
