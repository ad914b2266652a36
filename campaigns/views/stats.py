"""The stats page (who wins, across the user's campaigns) and a campaign's plays as downloads
(CSV, BG Stats): the counting is campaigns/stats.py, the files campaigns/exports.py."""

import csv
import hashlib
import io
import json
from collections import Counter
from typing import NamedTuple

from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.core.paginator import Paginator
from django.template.loader import render_to_string
from django.utils import formats, timezone
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_safe

from .. import charts, contributions, exports, registry, states, stats
from ..access import campaign_for
from ..models import Campaign, Player
from ..web import kept
from ..web.htmx import render_page
from ..web.params import whole_number

# The game-by-game table beside the wins chart shows this many games a page.
GAMES_A_PAGE = 50
# Where a kept BG Stats export's time goes: each download fills in its own. No text the journal
# holds can contain a NUL (rules/limits.py refuses it), so no player's or comment's text is it.
EXPORTED_AT = "\x00exported-at"
# The wins-over-time chart draws this many players at most (its colours run out after).
CHART_PLAYERS = charts.SERIES_COLOURS


def campaign_record(campaign: Campaign, *, timeline=None) -> stats.CampaignRecord:
    """A campaign's plays from its cached state (never a fresh fold when it is cached)."""
    timeline = timeline or states.timeline(campaign)
    system = registry.system_of(campaign)
    return stats.campaign_record(campaign.slug, campaign.name, system, timeline.current)


def _roster_names(campaigns):
    rows = Player.objects.filter(campaign__in=campaigns).values_list(
        "campaign__slug", "name", "user_id", "user__username"
    )
    return [stats.RosterName(*row) for row in rows]


def _colours(summary: stats.Summary) -> dict[str, str]:
    """The CSS colour class of each charted player: given by name, so that a player keeps
    their colour when the filter changes."""
    return charts.series_classes((player.key, player.label) for player in summary.competitors)


def _charts(summary: stats.Summary, colours: dict[str, str], one_campaign: bool):
    if one_campaign:
        x_labels = [f"Game {point.play.number}" for point in summary.timeline]
    else:
        # Each day formatted once: 7,500 games over 500 campaigns are played on far fewer days.
        days = {point.play.date for point in summary.timeline}
        shown = {day: formats.date_format(day) for day in days}
        x_labels = [shown[point.play.date] for point in summary.timeline]
    charted = summary.competitors[:CHART_PLAYERS]
    wins_chart = charts.wins_over_time(
        [(p.label, summary.cumulative_wins[p.key], colours[p.key]) for p in charted], x_labels
    )
    rate_chart = charts.win_rate_bars(
        [(p.label, p.wins, p.games, colours.get(p.key, "series-none")) for p in summary.competitors]
    )
    return wins_chart, rate_chart


# The rendered stats page is kept per viewer and per journal version of every campaign in it
# (with their names and rosters): a view over 500 campaigns that nothing changed since reads the
# campaigns' ids and versions and the linked roster names (two small queries) and one cached
# page body, the campaign chooser included; no campaign is loaded and nothing is rendered again.
RESULTS_FORMAT = 2
RESULTS_SECONDS = 60 * 60 * 24


class Choice(NamedTuple):
    """A campaign as the chooser shows it: its row (`_campaign_rows`), and its label."""

    pk: int
    slug: str
    name: str
    journal_version: int
    label: str = ""  # its name, with the day it was created when another has the same name


def _campaign_rows(user) -> list[tuple[int, str, str, int]]:
    """(pk, slug, name, journal version) of each campaign in the stats, in the chooser's order:
    plain rows, all a kept page's key needs (500 campaigns are read on every view)."""
    return list(
        Campaign.objects.for_user(user).in_play().order_by("name", "pk")
        .values_list("pk", "slug", "name", "journal_version")
    )


def _choices(rows) -> list[Choice]:
    """The chooser's campaigns, labelled: worked out only when the page is rendered again."""
    names = Counter(name.casefold() for _, _, name, _ in rows)
    # The day a campaign was created tells apart two of the same name: read for those alone.
    alike = [pk for pk, _, name, _ in rows if names[name.casefold()] > 1]
    created = dict(Campaign.objects.filter(pk__in=alike).values_list("pk", "created_at")) if alike else {}
    return [
        Choice(pk, slug, name, version,
               f"{name} (created {formats.date_format(timezone.localtime(created[pk]), 'j M Y, H:i')})"
               if pk in created else name)
        for pk, slug, name, version in rows
    ]


def _page_key(user, rows, chosen, asked) -> str:
    """What the page depends on: the viewer, the choice, the page of games, each campaign's
    journal version and name (every roster change but a link bumps the version), and the roster
    names linked to accounts, with the accounts' names (a small query, joined on the viewer's
    memberships: the rest of the rosters is read only when the results are worked out). The
    rows are the database's tuples, whose repr is C's."""
    linked = Player.objects.filter(campaign__memberships__user=user, user__isnull=False).values_list(
        "campaign_id", "name", "user_id", "user__username"
    )
    seen = (RESULTS_FORMAT, user.pk, chosen.pk if chosen else None, asked, rows, sorted(linked))
    return "stats-page:" + hashlib.blake2b(repr(seen).encode(), digest_size=20).hexdigest()


def _results_context(user, chosen: Choice | None, asked: int | None) -> dict:
    """The counting behind the page, done when its kept copy is missing (the campaigns loaded)."""
    campaigns = list(Campaign.objects.for_user(user).in_play().order_by("name", "pk"))
    chosen_campaign = next((c for c in campaigns if chosen and c.pk == chosen.pk), None)
    in_scope = [chosen_campaign] if chosen_campaign else campaigns
    summary = stats.summarize(
        contributions.records(in_scope),  # each campaign's, kept per journal version
        # Every campaign's roster, even when one is shown: a name linked in another campaign
        # still says whose it is.
        stats.people(_roster_names(campaigns)),
        me=user.pk,
        order=[system.key for system in registry.systems()],
    )
    # The game-by-game table, latest first, a page at a time (?games=N): never every game.
    games_table = Paginator(summary.timeline[::-1], GAMES_A_PAGE).get_page(asked or 1)
    colours = _colours(summary)
    wins_chart, rate_chart = _charts(summary, colours, one_campaign=chosen is not None)
    return {
        "chosen_campaign": chosen_campaign,
        "summary": summary,
        "games_table": games_table,
        "games_asked": asked is not None,
        "player_rows": [(player, colours.get(player.key)) for player in summary.players],
        "wins_chart": wins_chart,
        "rate_chart": rate_chart,
        "charted_players": len(colours),
        "players_columns": 1 + 3 * bool(summary.competitive_games) + bool(summary.coop_sittings),
    }


@login_required
@require_safe
def stats_detail(request):
    """Who wins: players, factions and head-to-head across the user's campaigns (or one)."""
    rows = _campaign_rows(request.user)
    asked_for = request.GET.get("campaign")
    chosen = next((Choice(*row) for row in rows if row[1] == asked_for), None)
    asked = whole_number(request.GET.get("games"))
    context = {"campaigns": rows, "chosen": chosen}  # outside the kept parts: whether there are any
    key = _page_key(request.user, rows, chosen, asked)
    kept = cache.get(key)
    if kept is None:
        if rows:
            context |= {"campaigns": _choices(rows)} | _results_context(request.user, chosen, asked)
        # The chooser and the results, each kept (an htmx change of campaign swaps the results).
        kept = {
            part: render_to_string(f"campaigns/stats_detail.html#{part}", context, request)
            for part in ("stats-chooser", "stats-results")
        }
        cache.set(key, kept, RESULTS_SECONDS)
    context |= {
        "chooser_html": mark_safe(kept["stats-chooser"]),
        "results_html": mark_safe(kept["stats-results"]),
    }  # noqa: S308
    return render_page(request, "campaigns/stats_detail.html", context, partial="stats-results")


@login_required
@require_safe
def plays_csv(request, slug):
    """The campaign's plays as CSV: one row per seat per game."""
    campaign = campaign_for(request, slug).campaign

    def rows() -> list[bytes]:
        body = io.StringIO()
        csv.writer(body).writerows(exports.csv_rows(campaign_record(campaign)))
        return [(exports.CSV_BOM + body.getvalue()).encode()]

    response = kept.download(request, campaign, "plays.csv", rows, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{campaign.slug}-plays.csv"'
    return response


def _identities(user, campaign: Campaign) -> dict[str, str]:
    """Each roster name of `campaign` -> the person its BG Stats player is (one query): the
    account a name is linked to (or, unlinked, the one account that uses that name in the
    user's campaigns, as the stats page counts it), else that roster player alone, so two
    people named alike in two campaigns stay two."""
    rows = list(
        Player.objects.filter(campaign__in=Campaign.objects.for_user(user).in_play()).values_list(
            "pk", "campaign__slug", "name", "user_id", "user__username"
        )
    )
    persons = stats.people(stats.RosterName(*row[1:]) for row in rows)
    identities = {}
    for pk, slug, name, _, _ in rows:
        if slug == campaign.slug:
            person = persons[(slug, name)]
            identities[name] = person.key if person.account_id is not None else f"player:{pk}"
    return identities


@login_required
@require_safe
def plays_bgstats(request, slug):
    """The campaign's plays as a file the BG Stats app imports."""
    campaign = campaign_for(request, slug).campaign
    me = campaign.players.filter(user=request.user).values_list("name", flat=True).first()
    identities = _identities(request.user, campaign)

    def file() -> list[bytes]:
        # Kept per journal version as the bytes around the export's time (a 5,000-play file is
        # 6 MB): each download joins them with its own time, neither searching nor encoding it.
        data = exports.bg_stats_file(campaign_record(campaign), me=me, now=EXPORTED_AT, identities=identities)
        text = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
        return [part.encode() for part in text.split(json.dumps(EXPORTED_AT))]

    now = json.dumps(timezone.localtime().strftime("%Y-%m-%d %H:%M:%S")).encode()  # always 21 bytes
    response = kept.download(request, campaign, "bgstats", file, me, sorted(identities.items()),
                             content_type="application/json; charset=utf-8", filler=now)
    response["Content-Disposition"] = f'attachment; filename="{campaign.slug}-bgstats.json"'
    return response
