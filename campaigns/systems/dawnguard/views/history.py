"""Looking back at a Dawnguard campaign: the overview's context and the history page.

Both read what the fold recorded (campaigns/systems/dawnguard/history.py) and never apply a
rule: the overview asks the rules layer's helpers about the state it is given, the history
reads what the fold recorded of each sitting in the cached state (no query per sitting).
"""

from dataclasses import replace

from django.contrib.auth.decorators import login_required
from django.utils.functional import SimpleLazyObject
from django.views.decorators.http import require_safe

from .... import states
from ....access import campaign_for
from ....rules import dawnguard as rules
from ....web.htmx import render_page
from ....web.pages import asked_page, page_of
from .. import charts
from .. import history as looking_back
from .play import sitting_phase


def overview(access, state) -> dict:
    """What the overview shows besides the state's JSON: where the campaign stands (its next
    step), the sitting within its chapter, the forts' progress and the heroes' sides."""
    chapter_sittings = [game for game in state.games if game.chapter == state.chapter]
    fort = rules.fort_progress(state)
    return {
        "phase": sitting_phase(state),
        "sitting_in_chapter": len(chapter_sittings),
        "last_sitting": state.games[-1] if state.games else None,
        "vigilant_fort": fort,
        "castle_name": rules.CASTLE,
        "heroes": [
            {
                "player": hero.player, "hero": hero.hero, "race": hero.race, "level": hero.level,
                "side": rules.side_label(hero.side, state.chapter),
                "pledged": hero.side is not None, "vampire": hero.is_vampire, "hunger": hero.hunger,
                # One pip per place on the Vampirism card: filled up to the hunger.
                "pips": [index < (hero.hunger or 0) for index in range(rules.MAX_HUNGER)],
            }
            for hero in state.heroes.values()
        ],
        "max_hunger": rules.MAX_HUNGER,
        "markers": {"hall": state.hall_markers, "castle": state.castle_markers},
        "balance_in_play": rules.balance_in_play(state),
        "threat": {
            "deck": state.threat_deck,
            "board": state.board_threat,
            "left": rules.threat_tokens_left(state),
            "in_box": rules.THREAT_TOKENS_IN_BOX,
        },
        # Each card drawn, and whether its drawer holds it as a Follower (no one else may draw it).
        "fort_cards": [
            (player, [(card, state.followers.get(card.casefold()) == player) for card in cards])
            for player, cards in state.fort_cards.items()
            if cards
        ],
    }


SITTINGS_A_PAGE = 20


class _Sittings(list):
    """The chapters shown on one page of sittings, with the page (for its links)."""

    page = None


def _page(chapters, asked):
    """The chapters holding the page `asked` of the sittings (in the order played; the last
    page when none is asked), each with only its sittings on that page."""
    numbers = [sitting.number for chapter in chapters for sitting in chapter.sittings]
    page = page_of(numbers, SITTINGS_A_PAGE, asked, last_first=True)
    shown = set(page.object_list)
    kept = _Sittings()
    for chapter in chapters:
        sittings = [sitting for sitting in chapter.sittings if sitting.number in shown]
        if sittings:
            shown_chapter = replace(chapter, sittings=sittings)
            shown_chapter.sittings_played = len(chapter.sittings)  # on every page
            kept.append(shown_chapter)
    kept.page = page
    return kept


def _charts(state) -> dict:
    """The fort's and the balance's charts, and the fort's table as runs of alike sittings."""
    points = looking_back.fort_points(state) if state.games else []
    rows = looking_back.balance_rows(state)
    return {
        "fort_runs": charts.runs(
            points[1:], lambda point: (point.chapter, point.fort, point.level, point.stars)
        ),
        "fort_chart": charts.fort_levels(points) if points else None,
        "balance_chart": charts.balance_bars(rows) if rows else None,
    }


@login_required
@require_safe
def history(request, slug):
    """Chapter by chapter, sitting by sitting, what happened; the Vigilants' fort and the
    chapter 1 balance as charts with their numbers (?player=Name: the sittings they played)."""
    access = campaign_for(request, slug, system=rules.KEY)
    campaign = access.campaign
    state = states.state(campaign)
    player = request.GET.get("player") if request.GET.get("player") in state.players else None
    asked = asked_page(request)
    context = {
        "campaign": campaign,
        "access": access,
        "players": state.players,
        "player": player,
        # Worked out only when the kept timeline is rendered (it reads every happening).
        "setup": SimpleLazyObject(lambda: looking_back.setup_lines(state)),
        # A page of sittings (?page=N), opening on the latest: 480 sittings render 20 at a time.
        "chapters": SimpleLazyObject(lambda: _page(looking_back.chapters(state, player), asked)),
        "page_asked": asked,
        "sittings_played": len(state.games),
        # The charts, worked out only when their kept part is rendered (once per journal version).
        "looking": SimpleLazyObject(lambda: _charts(state)),
        "hall_name": rules.HALL,
        "castle_name": rules.CASTLE,
    }
    return render_page(request, "dawnguard/history.html", context, partial="timeline")
