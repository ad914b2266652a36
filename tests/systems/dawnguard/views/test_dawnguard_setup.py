"""The Dawnguard setup page (heroes with race and level, fort thresholds, chapter 1's checklist,
the thresholds corrected later) and starting a sitting (the current chapter, the next after
chapter_complete, chapter 2 played alone): each refusal shown beside its field, nothing saved."""

import re

import pytest
from django.urls import reverse

from campaigns import states, store
from campaigns.models import Campaign, Membership
from campaigns.rules import dawnguard as dg
from campaigns.rules.base import Entry

from tests.factories import CampaignFactory, MembershipFactory
from tests.journal_files import demo_journals
from tests.query_counts import count_queries
from tests.rows import row_name, rows_post

PLAYERS = ["Ana", "Ben", "Cid", "Eve"]
HEROES = [
    {"player": "Ana", "hero": "Sigrid", "race": "Redguard"},
    {"player": "Ben", "hero": "Faendal", "race": "Bosmer"},
    {"player": "Cid", "hero": "Lucien", "race": "Nord"},
]
THRESHOLDS = {"hall_of_the_vigilant": [3, 5], "fort_dawnguard": [3, 5, 7]}
ALONE_THRESHOLDS = {"fort_dawnguard": [3, 5, 7]}
PLEDGES = [
    {"type": "pledge", "player": "Ana", "side": "volkihar"},
    {"type": "pledge", "player": "Ben", "side": "vigilants"},
    {"type": "pledge", "player": "Cid", "side": "vigilants"},
]


def new_campaign(owner, *entries):
    campaign = CampaignFactory(name="Dawnguard Fridays", system=dg.KEY, owner=owner, players=PLAYERS)
    if entries:
        store.append(campaign, list(entries), owner)
    return campaign


def set_up(owner, *entries):
    return new_campaign(owner, Entry("setup", {"heroes": HEROES, "fort_thresholds": THRESHOLDS}), *entries)


def set_up_alone(owner, *entries):
    """Set up for chapter 2 played alone: Fort Dawnguard's and Castle Volkihar's thresholds."""
    return new_campaign(owner, Entry("setup", {"heroes": HEROES, "fort_thresholds": ALONE_THRESHOLDS}), *entries)


def sitting(number, chapter=1):
    return Entry("game", {"number": number, "played_on": "2026-11-27", "chapter": chapter})


def events(*items):
    return [Entry("event", item) for item in items]


def state_of(campaign):
    return states.state(Campaign.objects.get(pk=campaign.pk))


def entry_count(campaign):
    return campaign.entries.live().count()


def hero_field(index, part):
    """The field `part` of the hero row of the roster's player `index` (from 0)."""
    return row_name("heroes", index + 1, part)


def errors_beside(form, name):
    """The errors beside the field `name`: the form's own, or one of its rows'."""
    for owner in (form, *(row for rows in form.formsets.values() for row in rows.forms)):
        for field in owner.fields:
            if owner.add_prefix(field) == name:
                return owner.errors.get(field)
    raise KeyError(name)


def setup_post(**changes):
    data = rows_post("heroes", [
        {"hero": "Sigrid", "race": "Redguard", "level": "1"},
        {"hero": "Faendal", "race": "Bosmer", "level": "1"},
        {"hero": "", "race": "", "level": "1"},
        {"hero": "", "race": "", "level": "1"},
    ])
    data |= {"hall_of_the_vigilant": "3, 5", "fort_dawnguard": "3 5 7"}
    return data | changes


def setup_url(campaign):
    return reverse("setup_edit", args=[campaign.slug])


def start_url(campaign):
    return reverse("game_start", args=[campaign.slug])


# The setup ----------------------------------------------------------------------------------


def test_the_setup_page_asks_each_players_hero_and_shows_chapter_1s_checklist(as_owner, owner):
    campaign = new_campaign(owner)
    html = as_owner.get(setup_url(campaign)).content.decode()
    for player in PLAYERS:
        assert '<span class="seat-no" aria-hidden="true">' in html and f"</span> {player}</legend>" in html
    assert '<datalist id="dg-races">' in html and '<option value="Argonian">' in html
    assert "Hall of the Vigilant: stars for each level" in html
    assert "Put 3 markers on the Castle Volkihar card and 3 on the Hall of the Vigilant card." in html
    assert '<span class="badge">556</span> for all players' in html
    # The ticks help the table only: no box is sent.
    assert '<input type="checkbox">' in html and 'type="checkbox" name=' not in html


def test_saving_the_setup_appends_it_and_goes_on_to_the_first_sitting(as_owner, owner):
    campaign = new_campaign(owner)
    response = as_owner.post(setup_url(campaign), setup_post())
    assert response.status_code == 302 and response["Location"] == start_url(campaign)
    state = state_of(campaign)
    assert [(h.player, h.hero, h.race, h.level) for h in state.heroes.values()] == [
        ("Ana", "Sigrid", "Redguard", 1),
        ("Ben", "Faendal", "Bosmer", 1),
    ]
    assert state.fort_thresholds == THRESHOLDS
    # Level 1 is left out of the journal, as docs/journal.md writes a hero.
    setup = store.export_journal(Campaign.objects.get(pk=campaign.pk))["setup"]
    assert setup["heroes"][0] == {"player": "Ana", "hero": "Sigrid", "race": "Redguard"}
    assert setup["heroes"][1] == {"player": "Ben", "hero": "Faendal", "race": "Bosmer"}


@pytest.mark.parametrize(
    "changes, field, message",
    [
        (
            {hero_field(1, "level"): "3"},
            hero_field(1, "level"),
            "every hero starts at level 1, not 3: &quot;All characters start from scratch, even if you are "
            "playing with characters from a previous game&quot;",
        ),
        ({hero_field(1, "level"): "0"}, hero_field(1, "level"), "every hero starts at level 1, not 0"),
        ({"fort_dawnguard": "3, 0"}, "fort_dawnguard", "the Fort Dawnguard thresholds must list the stars"),
        ({"hall_of_the_vigilant": "3, 500"}, "hall_of_the_vigilant", "no level of a fort card asks for more"),
        ({"hall_of_the_vigilant": "three"}, "hall_of_the_vigilant", "Type the stars printed on the card"),
        ({hero_field(0, "race"): ""}, hero_field(0, "race"), "Which race is Sigrid?"),
    ],
)
def test_a_refused_setup_shows_the_rule_beside_its_field_and_saves_nothing(
    as_owner, owner, changes, field, message
):
    campaign = new_campaign(owner)
    response = as_owner.post(setup_url(campaign), setup_post(**changes))
    assert response.status_code == 200
    html = response.content.decode()
    assert message in html
    assert f'id="id_{field}_error"' in html or 'aria-invalid="true"' in html
    assert errors_beside(response.context["setup_form"], field)
    assert entry_count(campaign) == 0


def test_a_setup_with_no_hero_is_refused_with_the_rule(as_owner, owner):
    campaign = new_campaign(owner)
    empty = setup_post(**{hero_field(0, "hero"): "", hero_field(0, "race"): "",
                          hero_field(1, "hero"): "", hero_field(1, "race"): ""})
    html = as_owner.post(setup_url(campaign), empty).content.decode()
    assert "Give at least one player a hero: the campaign starts with at least one" in html
    assert entry_count(campaign) == 0


def test_a_second_setup_is_refused_and_the_saved_one_shown(as_owner, owner):
    campaign = set_up(owner)
    html = as_owner.post(setup_url(campaign), setup_post()).content.decode()
    assert "Someone already saved the setup" in html
    assert entry_count(campaign) == 1


def test_viewers_see_the_setup_but_cannot_save_it(client, owner):
    campaign = set_up(owner)
    viewer = MembershipFactory(campaign=campaign, role=Membership.Role.VIEWER).user
    client.force_login(viewer)
    html = client.get(setup_url(campaign)).content.decode()
    assert "Sigrid" in html and "Correct the thresholds" not in html
    assert client.post(setup_url(campaign), setup_post()).status_code == 403


# Chapter 2 played alone is set up apart (docs/rules.md, corrected 2026-12-02) --------------------------------


def alone_post(**changes):
    data = setup_post(mode="alone", fort_dawnguard="3, 5, 7")
    del data["hall_of_the_vigilant"]
    return data | changes


def test_the_setup_for_chapter_2_alone_asks_fort_dawnguard_only_never_the_hall(as_owner, owner):
    campaign = new_campaign(owner)
    html = as_owner.get(setup_url(campaign)).content.decode()
    assert "Play chapter 2 alone instead (a standalone scenario)" in html
    html = as_owner.get(setup_url(campaign) + "?mode=alone").content.decode()
    assert "Fort Dawnguard: stars for each level" in html and "Castle Volkihar: stars" not in html
    assert 'name="hall_of_the_vigilant"' not in html and "Hall of the Vigilant: stars" not in html
    assert "Setting up chapter 2 played alone" in html and "Setting up chapter 1" not in html
    assert '<span class="badge">577</span> for Vampire players' in html
    assert "Each player levels up twice" in html
    assert '<input type="hidden" name="mode" value="alone">' in html
    assert "Begin the campaign with chapter 1 instead" in html


def test_a_setup_for_chapter_2_alone_goes_on_to_chapter_2_played_alone(as_owner, owner):
    campaign = new_campaign(owner)
    response = as_owner.post(setup_url(campaign), alone_post())
    assert response.status_code == 302 and response["Location"] == start_url(campaign)
    state = state_of(campaign)
    assert state.fort_thresholds == ALONE_THRESHOLDS and state.vigilant_fort.name == "Fort Dawnguard"
    html = as_owner.get(start_url(campaign)).content.decode()
    assert "Sitting 1: chapter 2 played alone" in html and "Begin with chapter 1 instead" not in html
    html = as_owner.get(setup_url(campaign)).content.decode()
    assert 'name="fix-fort_dawnguard"' in html and 'name="fix-castle_volkihar"' not in html
    assert 'name="fix-hall_of_the_vigilant"' not in html


def test_a_refused_setup_for_chapter_2_alone_shows_the_rule_beside_fort_dawnguard_and_saves_nothing(
    as_owner, owner
):
    campaign = new_campaign(owner)
    response = as_owner.post(setup_url(campaign), alone_post(fort_dawnguard="4, 0"))
    assert response.status_code == 200
    message = "the Fort Dawnguard thresholds must list the stars printed on its card (whole numbers above 0)"
    assert response.context["setup_form"].errors["fort_dawnguard"] == [message]
    html = response.content.decode()
    assert message in html and "Setting up chapter 2 played alone" in html
    assert entry_count(campaign) == 0


def test_a_level_other_than_1_is_refused_in_the_rulebooks_words_and_nothing_saved(as_owner, owner):
    campaign = new_campaign(owner)
    response = as_owner.post(setup_url(campaign), alone_post(**{hero_field(0, "level"): "5"}))
    message = ('every hero starts at level 1, not 5: "All characters start from scratch, even if you are '
               'playing with characters from a previous game"')
    assert errors_beside(response.context["setup_form"], hero_field(0, "level")) == [message]
    assert entry_count(campaign) == 0


def test_the_thresholds_of_chapter_2_alone_are_corrected(as_owner, owner):
    campaign = set_up_alone(owner)
    url = reverse("dawnguard_thresholds", args=[campaign.slug])
    response = as_owner.post(url, {"fix-fort_dawnguard": "4, 6, 8"}, follow=True)
    assert "The fort thresholds are corrected. Fort Dawnguard is at level 0 with 0 stars." in response.content.decode()
    assert state_of(campaign).fort_thresholds == {"fort_dawnguard": [4, 6, 8]}


# The thresholds corrected -------------------------------------------------------------------


def test_the_set_up_campaign_shows_its_heroes_and_a_thresholds_correction(as_owner, owner):
    campaign = set_up(owner)
    html = as_owner.get(setup_url(campaign)).content.decode()
    assert "Lucien" in html and "Correct the thresholds" in html
    assert 'value="3, 5, 7"' in html


def test_correcting_the_thresholds_recounts_the_stars_on_the_fort(as_owner, owner):
    stars = {"type": "fort_stars", "player": "Ben", "count": 2}
    campaign = set_up(owner, sitting(1), *events(*PLEDGES, stars))
    url = reverse("dawnguard_thresholds", args=[campaign.slug])
    corrected = {"fix-hall_of_the_vigilant": "2, 4", "fix-fort_dawnguard": "3, 5, 7"}
    response = as_owner.post(url, corrected, follow=True)
    html = response.content.decode()
    assert "The fort thresholds are corrected. Hall of the Vigilant is at level 1 with 0 stars." in html
    state = state_of(campaign)
    assert state.vigilant_fort.gold == 1 and state.fort_thresholds["hall_of_the_vigilant"] == [2, 4]


def test_a_refused_correction_is_shown_beside_its_fort_and_nothing_saved(as_owner, owner):
    stars = {"type": "fort_stars", "player": "Ben", "count": 7}
    campaign = set_up(owner, sitting(1), *events(*PLEDGES, stars))
    before = entry_count(campaign)
    url = reverse("dawnguard_thresholds", args=[campaign.slug])
    response = as_owner.post(url, {"fix-hall_of_the_vigilant": "2, 3", "fix-fort_dawnguard": "3, 5, 7"})
    html = response.content.decode()
    assert "the Hall of the Vigilant has had 7 stars put on it, more than the 5 these thresholds take" in html
    assert response.context["thresholds_form"].errors["hall_of_the_vigilant"]
    assert entry_count(campaign) == before


def test_a_correction_that_changes_nothing_is_refused_by_the_rule_and_nothing_saved(as_owner, owner):
    campaign = set_up(owner)
    before = entry_count(campaign)
    same = {f"fix-{fort}": ", ".join(map(str, stars)) for fort, stars in THRESHOLDS.items()}
    response = as_owner.post(reverse("dawnguard_thresholds", args=[campaign.slug]), same)
    assert "These are the thresholds already in use: nothing to correct" in response.content.decode()
    assert entry_count(campaign) == before


def test_the_correction_url_answers_a_get_with_the_setup_page(as_owner, owner):
    campaign = set_up(owner)
    response = as_owner.get(reverse("dawnguard_thresholds", args=[campaign.slug]))
    assert response.status_code == 302 and response["Location"] == setup_url(campaign)


# Starting a sitting -------------------------------------------------------------------------


def test_before_the_setup_the_start_page_leads_to_it(as_owner, owner):
    campaign = new_campaign(owner)
    html = as_owner.get(start_url(campaign)).content.decode()
    assert "Set up the campaign first" in html and setup_url(campaign) in html


def test_the_first_sitting_shows_chapter_1s_checklist_and_reading(as_owner, owner):
    campaign = set_up(owner)
    html = as_owner.get(start_url(campaign)).content.decode()
    assert "Sitting 1: chapter 1" in html
    assert '<span class="badge">556</span>' in html
    # Set up for chapter 1: chapter 2 alone is set up apart, with its own forts (docs/rules.md, 2026-12-01).
    assert "Playing chapter 2 alone instead?" in html and "chapter 2 played alone" not in html
    response = as_owner.post(start_url(campaign), {"chapter": "1", "mode": "", "played_on": "2026-11-27"})
    assert response.status_code == 302 and response["Location"] == reverse("play", args=[campaign.slug])
    assert state_of(campaign).games[-1].chapter == 1


def test_chapter_2_alone_asks_each_players_side_and_starts_with_them(as_owner, owner):
    campaign = set_up_alone(owner)
    html = as_owner.get(start_url(campaign)).content.decode()
    assert "Sitting 1: chapter 2 played alone" in html
    assert "Each player’s side" in html and "Sigrid" in html
    assert '<span class="badge">577</span> for Vampire players' in html
    assert "levels up twice" in html
    data = {"chapter": "2", "mode": "alone", "played_on": "2026-11-27",
            **rows_post("sides", [{"side": "volkihar"}, {"side": "dawnguard"}, {"side": "dawnguard"}])}
    response = as_owner.post(start_url(campaign), data, follow=True)
    page = response.content.decode()
    assert "Sitting 1 of chapter 2 has started." in page
    assert "Ana: Draw a Vampirism card." in page
    state = state_of(campaign)
    assert state.standalone and state.heroes["Ana"].hunger == 0 and state.heroes["Cid"].level == 3


def test_chapter_2_alone_refuses_a_player_without_a_side_beside_their_choice(as_owner, owner):
    campaign = set_up_alone(owner)
    data = {"chapter": "2", "mode": "alone", "played_on": "2026-11-27",
            **rows_post("sides", [{"side": "volkihar"}, {"side": "dawnguard"}, {}])}
    response = as_owner.post(start_url(campaign), data)
    html = response.content.decode()
    assert "Cid must choose a side too: every player chooses one in chapter 2 played alone" in html
    assert errors_beside(response.context["form"], row_name("sides", 3, "side"))  # Cid's
    assert entry_count(campaign) == 1


def test_a_start_without_a_date_is_refused_beside_it(as_owner, owner):
    campaign = set_up(owner)
    response = as_owner.post(start_url(campaign), {"chapter": "1", "mode": "", "played_on": ""})
    assert response.context["form"].errors["played_on"]
    assert entry_count(campaign) == 1


def test_the_next_chapter_after_chapter_complete_shows_the_hall_flipping_and_the_totals(as_owner, owner):
    campaign = set_up(
        owner,
        sitting(1),
        *events(
            *PLEDGES,
            {"type": "fort_stars", "player": "Ben", "count": 4},
            {"type": "marker", "icon": "threat"},
            {"type": "chapter_complete"},
        ),
    )
    html = as_owner.get(start_url(campaign)).content.decode()
    assert "Sitting 2: chapter 2" in html and "Chapter 1 is complete: this sitting opens chapter 2." in html
    assert "flips to Fort Dawnguard: its stars and gold are cleared" in html
    assert "Chapter 1 ended with 2 markers on the Hall of the Vigilant card and 4 markers" in html
    assert '<span class="badge">578</span> for Dawnguard players' in html
    assert "standalone" not in html
    as_owner.post(start_url(campaign), {"chapter": "2", "mode": "", "played_on": "2026-11-28"})
    state = state_of(campaign)
    assert state.chapter == 2
    assert (state.vigilant_fort.name, state.vigilant_fort.gold) == ("Fort Dawnguard", 0)


def test_a_chapter_goes_on_over_several_sittings(as_owner, owner):
    campaign = set_up(owner, sitting(1), *events(*PLEDGES))
    html = as_owner.get(start_url(campaign)).content.decode()
    assert "Sitting 2: chapter 1" in html and "Chapter 1 goes on" in html
    as_owner.post(start_url(campaign), {"chapter": "1", "mode": "", "played_on": "2026-11-28"})
    assert state_of(campaign).games_played == 2


def test_a_start_for_the_next_chapter_before_this_one_is_complete_is_refused_and_nothing_saved(
    as_owner, owner
):
    campaign = set_up(owner, sitting(1), *events(*PLEDGES))
    response = as_owner.post(start_url(campaign), {"chapter": "2", "mode": "", "played_on": "2026-11-28"})
    assert ("Chapters are played in order: chapter 1 is not complete yet (mark it complete at the end of "
            "its last sitting first). Nothing you entered was saved.") in response.content.decode()
    assert state_of(campaign).games_played == 1


def test_a_start_for_a_chapter_the_campaign_has_left_is_refused_and_nothing_saved(as_owner, owner):
    # Another phone completed chapter 1 (and this page still offers it).
    campaign = set_up(owner, sitting(1), *events(*PLEDGES, {"type": "chapter_complete"}))
    response = as_owner.post(start_url(campaign), {"chapter": "1", "mode": "", "played_on": "2026-11-28"})
    assert "The campaign moved on since this page was shown" in response.content.decode()
    assert state_of(campaign).games_played == 1


def test_two_phones_starting_the_same_sitting_start_it_once(as_owner, owner):
    campaign = set_up(owner, sitting(1), *events(*PLEDGES))
    tap = {"number": "2", "chapter": "1", "mode": "", "played_on": "2026-11-28"}
    assert as_owner.post(start_url(campaign), tap).status_code == 302
    response = as_owner.post(start_url(campaign), tap)
    assert "Sitting 2 was already started (on another phone?). Nothing you entered was saved." in (
        response.content.decode()
    )
    assert state_of(campaign).games_played == 2


def test_the_start_page_answers_htmx_with_its_part(as_owner, owner):
    campaign = set_up(owner)
    response = as_owner.get(start_url(campaign) + "?mode=alone", headers={"HX-Request": "true"})
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="dg-start">') and "<html" not in html


def test_viewers_cannot_start_a_sitting(client, owner):
    campaign = set_up(owner)
    viewer = MembershipFactory(campaign=campaign, role=Membership.Role.VIEWER).user
    client.force_login(viewer)
    assert "Start sitting 1" not in client.get(start_url(campaign)).content.decode()
    assert client.post(start_url(campaign), {"chapter": "1", "played_on": "2026-11-27"}).status_code == 403


def test_the_play_tab_is_current_on_the_setup_and_start_pages(as_owner, owner):
    campaign = set_up(owner)
    for url in (setup_url(campaign), start_url(campaign)):
        html = as_owner.get(url).content.decode()
        assert 'aria-current="page"' in html and ">Play<" in html


# Query counts: bounded, and flat in the number of sittings -----------------------------------


@pytest.mark.parametrize("page", ["setup_edit", "game_start"])
@pytest.mark.parametrize("cold", [False, True], ids=["cached", "cold-cache"])
def test_the_setup_and_start_pages_query_the_same_for_1_and_12_sittings(as_owner, owner, page, cold):
    one = set_up(owner, sitting(1), *events(*PLEDGES))
    twelve = set_up(owner, sitting(1), *events(*PLEDGES), *[sitting(n) for n in range(2, 13)])
    counts = []
    for campaign in (one, twelve):
        counts.append(count_queries(as_owner, reverse(page, args=[campaign.slug]), cold=cold))
    assert counts[0] == counts[1] <= 8


def test_the_setup_form_queries_a_bounded_count(as_owner, owner):
    campaign = new_campaign(owner)
    assert count_queries(as_owner, setup_url(campaign)) <= 8


def test_the_demo_campaign_goes_on_in_chapter_3(as_owner, owner):
    """The demo's Dawnguard campaign stops in chapter 3, so a group trying the app can carry on
    at the table: its setup page shows the heroes, and the next sitting goes on with chapter 3."""
    import json

    (demo,) = [path for path in demo_journals() if path.name == "dawnguard_campaign.json"]
    campaign = store.import_journal(json.loads(demo.read_text(encoding="utf-8")), owner=owner)
    assert dg.sitting_phase(state_of(campaign)) == "playing"
    assert "Talen-Jei" in as_owner.get(setup_url(campaign)).content.decode()
    assert "Sitting 6: chapter 3" in as_owner.get(start_url(campaign)).content.decode()
    assert as_owner.get(reverse("play", args=[campaign.slug])).status_code == 200


def test_after_chapter_3_no_sitting_starts(as_owner, owner):
    campaign = set_up(
        owner,
        sitting(1),
        *events(*PLEDGES, {"type": "chapter_complete"}),
        sitting(2, chapter=2),
        *events({"type": "chapter_complete"}),
        sitting(3, chapter=3),
        *events({"type": "chapter_complete"}),
    )
    assert "The campaign is over" in as_owner.get(start_url(campaign)).content.decode()
    response = as_owner.post(start_url(campaign), {"number": "4", "chapter": "3", "played_on": "2026-11-28"})
    assert "the campaign is over: chapter 3 is complete" in response.content.decode()
    assert state_of(campaign).games_played == 3


def test_once_set_up_the_play_page_links_to_the_thresholds_and_a_get_on_their_form_opens_the_page(as_owner, owner):
    campaign = set_up(owner, sitting(1))
    setup = reverse("setup_edit", args=[campaign.slug])
    html = as_owner.get(reverse("play", args=[campaign.slug])).content.decode()
    assert f'href="{setup}#thresholds"' in html and "(correct the thresholds)" in html
    assert 'id="thresholds"' in as_owner.get(setup).content.decode()
    response = as_owner.get(reverse("dawnguard_thresholds", args=[campaign.slug]))
    assert response.status_code == 302 and response["Location"] == setup


def test_before_the_setup_the_overview_leads_straight_to_it(as_owner, owner):
    campaign = new_campaign(owner)
    html = as_owner.get(reverse("campaign_detail", args=[campaign.slug])).content.decode()
    setup = reverse("setup_edit", args=[campaign.slug])
    assert f'<a class="card next-step" href="{setup}">' in html and "Set up the heroes and forts" in html
    campaign = set_up(owner)
    html = as_owner.get(reverse("campaign_detail", args=[campaign.slug])).content.decode()
    assert f'<a class="card next-step" href="{reverse("play", args=[campaign.slug])}">' in html


def test_the_threshold_fields_take_a_comma_on_a_phone(as_owner, owner):
    """"3, 5" is typed on the full keyboard: inputmode=numeric gives a pad with no comma."""
    html = as_owner.get(setup_url(new_campaign(owner))).content.decode()
    for key in ("hall_of_the_vigilant", "fort_dawnguard"):
        field = re.search(rf'<input type="text" name="{key}"[^>]*>', html).group(0)
        assert "inputmode" not in field
