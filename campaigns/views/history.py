"""The history page of a game system that has none of its own (the default of the shared
history/ address, campaigns.views.system_pages): its journal, described entry by entry and
grouped by game, newest first."""

from django.contrib.auth.decorators import login_required
from django.views.decorators.http import require_safe

from .. import store
from ..access import campaign_for
from ..rules import base
from ..web.htmx import render_page


@login_required
@require_safe
def journal_history(request, slug):
    """The history of a game without a board: its journal, described entry by entry and
    grouped by game, newest first (?player=Name filters)."""
    access = campaign_for(request, slug)
    context = {"campaign": access.campaign, "access": access, **_journal_history(request, access.campaign)}
    return render_page(request, "campaigns/history_detail.html", context, partial="timeline")


def _journal_history(request, campaign):
    """Each game's entries in words, newest game first; with ?player=, only the games whose
    entries name that player."""
    players = campaign.roster()
    player = request.GET.get("player") if request.GET.get("player") in players else None
    entries = campaign.live_entries()
    groups: dict[int | None, list[str]] = {}
    for entry, number in zip(entries, base.game_numbers(entries), strict=True):
        groups.setdefault(number, []).append(entry)
    journal_games = []
    for number, group in reversed(groups.items()):
        if player is not None and not any(base.mentions_player(entry.data, player) for entry in group):
            continue
        journal_games.append(
            {"number": number, "lines": [store.describe(campaign, entry.kind, entry.data) for entry in group]}
        )
    return {"players": players, "player": player, "journal_games": journal_games}
