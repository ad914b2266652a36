"""BG Stats plays brought into a play log (plays/bg-stats/): upload a BG Stats export, see the
plays of this game with which are new and which are in the log already, say who each BG Stats
player is on the roster (a match suggested, the rest added) and what BG Stats did not say that
the rules need (a Skyrim play's mode), then append the new plays through the rules, all or
nothing (`store.append_with_players`). The reading and the checks are the rules layer's
(campaigns/rules/play_log/bg_stats.py); each log says how a BG Stats play is its game."""

from __future__ import annotations

import dataclasses
import datetime

from django.contrib.auth.decorators import login_required
from django.core import signing
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from .... import states, store
from ....access import campaign_for
from ....rules.base import GAME_KIND, Entry, RuleError
from ....rules.journal import parse_json
from ....rules.play_log import bg_stats
from ....web.htmx import render_page
from ....web.writes import Done, save_or_refuse
from ..forms import BgStatsPlaysForm, BgStatsUploadForm

SALT = "legacy-ledger.bg-stats-plays"


def _signed(campaign, plays) -> str:
    return signing.dumps(
        [dataclasses.asdict(play) for play in plays], salt=f"{SALT}:{campaign.pk}", compress=True
    )


def _unsigned(campaign, text: str):
    try:
        rows = signing.loads(text, salt=f"{SALT}:{campaign.pk}")
    except signing.BadSignature:
        return None
    return [
        bg_stats.BgPlay(**{**row, "seats": tuple(bg_stats.BgSeat(**seat) for seat in row["seats"])})
        for row in rows
    ]


def bg_stats_view(game: bg_stats.BgStatsGame):
    """The page of a log whose rules take BG Stats plays as `game` says."""

    @login_required
    @require_http_methods(["GET", "HEAD", "POST"])
    def bg_stats_import(request, slug):
        access = campaign_for(request, slug, record=request.method == "POST")
        campaign = access.campaign
        label = campaign.rules.LABEL
        upload = (
            BgStatsUploadForm(request.POST, request.FILES)
            if "upload" in request.POST
            else BgStatsUploadForm()
        )
        bg_plays = _unsigned(campaign, request.POST.get("plays", "")) if "append" in request.POST else None

        def page(plays=None, form=None, status=200, lost=None):
            context = {"campaign": campaign, "access": access, "upload": upload, "label": label, "lost": lost}
            if plays is not None:
                form = form or BgStatsPlaysForm(
                    plays, campaign.roster(), game.questions, initial={"plays": _signed(campaign, plays)}
                )
                context.update(_review(campaign, plays, form))
            return render_page(request, "play_log/bg_stats_import.html", context, status=status)

        if request.method != "POST":
            return page()
        if "append" in request.POST:
            if bg_plays is None:
                return page(
                    lost="The plays to bring in were lost or changed on the way: upload the file again."
                )
            form = BgStatsPlaysForm(bg_plays, campaign.roster(), game.questions, request.POST)

            def save():
                mapping = form.mapping()
                return store.append_with_players(
                    campaign,
                    form.added(),
                    lambda state: _entries(game, state, bg_plays, mapping, form),
                    request.user,
                )

            return save_or_refuse(
                request,
                form,
                save=save,
                page=lambda: page(bg_plays, form),
                done=Done(
                    lambda appended: reverse("history", args=[campaign.slug]),
                    said=lambda appended: _brought_in(campaign, appended),
                ),
            )
        if "upload" in request.POST and upload.is_valid():
            try:
                text = upload.cleaned_data["file"].read()
                plays = bg_stats.read_plays(_parsed(text), game, label)
            except RuleError as error:
                upload.add_refusal(error)
                upload.focus_first_error()
                return page()
            return page(plays)
        upload.focus_first_error()
        return page()

    return bg_stats_import


def _parsed(text):
    try:
        return parse_json(text)
    except RuleError as error:
        raise RuleError(
            f"This file is not a BG Stats export: {error.message.replace('the journal', 'it')}.", field="file"
        ) from None


def _entries(game, state, plays, mapping, form) -> list[Entry]:
    """The new plays as game entries of the log as it is now (numbered after its last play),
    leaving out those already in it (another phone's upload of the same file included)."""
    entries, seen, number, logged = [], set(), state.next_number, bg_stats.Logged(state)
    for index, play in enumerate(plays):
        if play.uuid in seen or logged.find(play, mapping) is not None:
            continue
        seen.add(play.uuid)
        for key in form.question_fields.get(index, []):
            if not form.cleaned_data.get(key):
                raise RuleError("BG Stats did not say: choose one.", field=key)
        entries.append(Entry(GAME_KIND, game.game(play, number, mapping, form.answers(index))))
        number += 1
    bg_stats.check_room(number - 1, len(entries))  # the last play's number: as many as a journal writes
    return entries


def _review(campaign, plays, form) -> dict:
    """The plays listed with what the log makes of them (new, or the play it already is)."""
    state = states.state(campaign)
    mapping = form.mapping() if form.is_bound and form.is_valid() else form.initial_mapping()
    rows, in_log = [], bg_stats.Logged(state)
    for index, play in enumerate(plays):
        logged = in_log.find(play, mapping)
        rows.append({
            "play": play,
            "date": datetime.date.fromisoformat(play.played_on),
            "logged": logged,
            "players": [mapping[seat.name] for seat in play.seats],
            "winners": [mapping[name] for name in play.winners],
            "scores": [(mapping[seat.name], seat.score) for seat in play.seats if seat.score is not None],
            "questions": [form[key] for key in form.question_fields.get(index, [])] if logged is None else [],
        })
    return {
        "form": form,
        "rows": rows,
        "new_count": sum(row["logged"] is None for row in rows),
        "player_fields": [form[key] for key in form.player_fields],
    }


def _brought_in(campaign, appended) -> str:
    if not appended.games:
        return "Every play in the file is in the log already: nothing was changed."
    plays = f"{appended.games} play{'' if appended.games == 1 else 's'}"
    joined = f"; new on the roster: {', '.join(appended.players)}" if appended.players else ""
    return f"Brought in from BG Stats: {plays}{joined}. Correct a play to add what BG Stats did not know."
