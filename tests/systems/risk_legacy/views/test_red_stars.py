"""Four Red Stars win at once, through the Play page (docs/rules.md, corrections of 2026-12-02): a
Red Star token bought or won is logged with its own form, each player offered with the Red Stars
they hold; the fourth says who won, later events are refused by its rule (a ruling may still
record one), and the end must name that winner."""

from campaigns.models import Campaign

from tests.systems.risk_legacy.views.helpers import end_data, entries, playing, post, state_now


def four_red_stars_for_ana(client, owner):
    campaign = playing(owner)  # game 1: Ana, Ben, Cid, Dee, Eve, none has signed yet
    client.force_login(owner)
    page = client.get(f"/campaigns/{campaign.slug}/play/")
    form = next(f for f in page.context["event_forms"] if f.event_type == "red_star_token")
    assert ("Ana", "Ana (2 Red Stars)") in form.fields["player"].choices  # her HQ and her token from the start
    assert post(client, "event_add", campaign, {"event_type": "red_star", "red_star-player": "Ana",
                                                "red_star-from": "Ben"}).status_code == 302
    response = post(client, "event_add", campaign, {"event_type": "red_star_token",
                                                    "red_star_token-player": "Ana", "red_star_token-how": "bought"})
    assert response.status_code == 302
    return campaign


def test_a_fourth_red_star_wins_at_once_and_the_page_says_so(client, owner):
    campaign = four_red_stars_for_ana(client, owner)
    assert state_now(campaign).last_game.won_by_red_stars == "Ana"
    html = client.get(f"/campaigns/{campaign.slug}/play/").content.decode()
    assert "Ana has four Red Stars" in html
    before = entries(campaign)
    scar = {"event_type": "scar", "scar-player": "Cid", "scar-territory": "Siberia", "scar-scar": "Bunker"}
    response = post(client, "event_add", campaign, scar)
    page = response.content.decode()
    assert response.status_code == 200 and entries(campaign) == before
    assert "Ana took a fourth Red Star and won game 1 at once" in page
    assert "Rulebook: <cite>Game Over!</cite>" in page and 'name="ruled"' in page


def test_the_end_of_a_game_won_by_red_stars_names_that_winner(client, owner):
    campaign = four_red_stars_for_ana(client, owner)
    before = entries(campaign)
    response = post(client, "game_end", campaign, end_data(["held_on", "won", "held_on", "held_on", "held_on"]))
    assert response.status_code == 200 and entries(campaign) == before
    assert "Ana took a fourth Red Star, so won game 1" in response.content.decode()
    response = post(client, "game_end", campaign, end_data(["won", "held_on", "held_on", "held_on", "held_on"]))
    assert response.status_code == 302
    assert Campaign.objects.get(pk=campaign.pk).games_played == 1
    assert state_now(campaign).last_game.winner == "Ana"
