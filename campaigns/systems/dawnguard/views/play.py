"""The Play page: the Dawnguard page for the phone lying beside the board.

One page (play/) shows the sitting as it stands — chapter and sitting, day or night, the
chapter 1 balance, each hero's side, level and hunger, the fort and the threat tokens — and
records each tap as one event through store.append, which asks the rules. A refused event
comes back in its form beside the field with the rule's words, nothing saved. Every phone
on the page asks play/live/ every 2 seconds whether the campaign changed (204 while not).
"""

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.urls import reverse
from django.views.decorators.http import require_safe

from .... import states
from ....access import campaign_for
from ....forms import lazy_form
from ....rules import dawnguard as rules
from ....web import kept
from ....web.htmx import render_page
from ....web.live import live_view
from ....web.phase import Phase
from ....web.refusals import focus_first_error, sentence
from ....web.writes import Done, Step, append_or_refuse, page_url_on_get
from ..forms.play import EVENT_FORMS, ContestedTestForm

RECENT_ENTRIES = 6
PLAY_TEMPLATE = "dawnguard/play.html"

# The one-tap forms beside the board's counts, then the forms further down the page: the live
# refresh morphs them all (what a player has ticked but not sent, the day turn's feeding places,
# is kept: static/js/app.js).
BOARD_FORMS = ("marker", "day_night", "hunger", "day_turn", "level_up", "threat_deck", "board_threat")
OTHER_FORMS = ("pledge", "feed", "fort_stars", "fort_card", "join", "chapter_complete")
# A side on a hero's line, as the pledge and join forms name it (short enough for 360 px).
SIDE_WORDS = dict(rules.sides_to_choose(1) + rules.sides_to_choose(2))


def _dawnguard(request, slug, *, record=False):
    return campaign_for(request, slug, record=record, system=rules.KEY)


def sitting_phase(state) -> Phase:
    """Where the campaign stands (the rules' phase), as the templates ask it: `phase.is_playing`."""
    return Phase(rules.sitting_phase(state), rules.PHASES)


def _fort_levels_just_reached(state) -> list:
    """The fort levels the last entry reached (the fold records them after its stars), so
    every phone shows the level-up as it happens, until the next entry."""
    reached = []
    for happening in reversed(state.happenings):
        if happening.kind != "fort_level":
            break
        reached.insert(0, happening)
    return reached


def _heroes(state) -> list[dict]:
    at_most = set(rules.vampires_to_feed_on_day_turn(state))  # a Vampire at 3 must feed (the rules say who)
    return [
        {
            "player": hero.player,
            "hero": hero.hero,
            "race": hero.race,
            "level": hero.level,
            "side": hero.side,
            "side_name": SIDE_WORDS[rules.side_name(hero.side, state.chapter)] if hero.side else None,
            "hunger": hero.hunger,
            # One pip a token: past 3 only when the group ruled so (the state holds what it recorded).
            "hunger_pips": [
                index < (hero.hunger or 0) for index in range(max(rules.MAX_HUNGER, hero.hunger or 0))
            ],
            "must_feed": hero.player in at_most,
        }
        for hero in state.heroes.values()
    ]


def _from_state(access, forms: dict, contest) -> dict:
    """What the page's kept part shows from the state: the sitting, the board's counts and a
    blank form for each tap the viewer may record now (a bound one, refused, in its place)."""
    state = states.state(access.campaign)
    phase = sitting_phase(state)
    fort = rules.fort_progress(state)
    context = {
        "state": state,
        "last_chapter": max(rules.CHAPTERS),  # completing it ends the campaign
        "balance_in_play": rules.balance_in_play(state),  # the marker form is offered
        "phase": phase,
        "sitting": state.games[-1] if state.games else None,
        "heroes": _heroes(state),
        "vampires": state.vampires(),
        "fort": fort,
        "fort_called": rules.fort_called(fort["name"]),  # "the Hall of the Vigilant", "Fort Dawnguard"
        "fort_levels_just_reached": _fort_levels_just_reached(state),
        "star_pips": [index < fort["stars"] for index in range(fort["next_threshold"] or 0)],
        "hall_pips": range(state.hall_markers),
        "castle_pips": range(state.castle_markers),
        "threat_in_box": rules.THREAT_TOKENS_IN_BOX,
        "threat_left": rules.threat_tokens_left(state),
        "max_hunger": rules.MAX_HUNGER,
        "contest_form": contest or lazy_form(ContestedTestForm, state),
    }
    if phase.is_playing and access.can_record:
        for kind in (*BOARD_FORMS, *OTHER_FORMS):
            context[f"{kind}_form"] = forms.get(kind) or lazy_form(EVENT_FORMS[kind], state)
        context["day_turn_refused"] = rules.why_not_day_turn(state)
    return context


def _page(request, access, *, forms=None, open_form=None, contest=None, changed=False):
    """The Play page, with a refused form (bound, with its message) in place of a blank one;
    `changed`: the live refresh's answer (another phone recorded), which says so."""
    campaign = access.campaign
    forms = forms or {}
    recent = kept.recent_entries(campaign, RECENT_ENTRIES)
    context = {
        "campaign": campaign,
        "access": access,
        "changed": changed,
        "recent": recent,
        # What the table must do on the cardboard after the last entry stays on every phone's
        # board until the next entry (a toast would leave after 15 seconds).
        "reminders_now": rules.reminders_for(recent[0]["kind"], recent[0]["data"]) if recent else [],
        "open_form": open_form,
        # What a viewer sent (a refused form, a contested test asked) renders fresh; otherwise the
        # page is the same for everyone at this journal version who records, or who only reads,
        # and is rendered once for each ({% kept %}): only then is the state read.
        "forms_bound": bool(forms) or contest is not None or open_form is not None,
        **kept.when_rendered(lambda: _from_state(access, forms, contest)),
    }
    response = render_page(request, PLAY_TEMPLATE, context)
    if request.method == "POST" and request.htmx:
        # A refused form comes back from its POST-only URL: the address bar keeps the page's.
        response["HX-Replace-Url"] = reverse("play", args=[access.campaign.slug])
    return response


@login_required
@require_safe
def play_page(request, slug):
    """The sitting: what the board shows, and a tap for each thing that changes it."""
    return _page(request, _dawnguard(request, slug))


# Polled every 2 seconds by the Play page: 204 while nothing changed, else the fresh page, whose
# #main (the count, the board, every form) is morphed into the phone's.
live = live_view(access_for=_dawnguard, page=_page)


@login_required
@page_url_on_get("play")
def event_add(request, slug, event_type):
    """One event of the sitting in progress, from the form of its type."""
    form_class = EVENT_FORMS.get(event_type)
    if form_class is None:
        raise Http404("No such event.")
    access = _dawnguard(request, slug, record=True)
    state = states.state(access.campaign)
    play_url = reverse("play", args=[slug])
    over = SITTING_IN_PLAY.answer_if_over(request, state, play_url)
    if over is not None:
        return over
    form = form_class(state, request.POST)
    return append_or_refuse(
        request,
        access.campaign,
        form,
        page=lambda: _page(request, access, forms={event_type: form}, open_form=event_type),
        done=Done(
            play_url + _anchor(event_type),
            said=_day_turn_recorded if event_type == "day_turn" else None,
            reminders=lambda saved: reminders(saved.state, saved.entries[0].data),
        ),
        step=SITTING_IN_PLAY,
    )


# Where the page opens after a tap without JavaScript: back at the control tapped (the
# browser scrolls to the redirect's #anchor). A tap whose control goes with it (the last
# pledge, the chapter completed) opens at the board, where the next step shows.
ANCHORS = {
    "day_night": "dg-turn", "day_turn": "dg-turn", "hunger": "dg-hunger",
    "threat_deck": "dg-threat", "board_threat": "dg-threat",
    "level_up": "dg-heroes", "marker": "dg-balance", "chapter_complete": "play-live",
}


def _anchor(event_type: str) -> str:
    """The #anchor of the control `event_type`'s tap came from (its form or section)."""
    return "#" + ANCHORS.get(event_type, f"dg-{event_type.replace('_', '-')}")


def _day_turn_recorded(saved) -> str:
    """A day turn confirmed in the fold's words: whose hunger grew (to what) and who fed at
    once, never "the Vampires' hunger grows" when every Vampire fed."""
    happenings = saved.state.happenings
    last = happenings[-1] if happenings and happenings[-1].kind == "day_turn" else None
    fed = []
    for happening in reversed(happenings[:-1] if last else []):  # this turn's feedings come just before it
        if happening.kind != "forced_feed":
            break
        fed.insert(0, happening.text)
    grown = last.text if last else "a day turn"
    words = grown.replace("a day turn: ", f"a day turn: {'; '.join(fed)}; ", 1) if fed else grown
    return f"Recorded: {sentence(words)}."


def reminders(after, event: dict) -> list[str]:
    """What the players must do on the cardboard after an event, which the tracker cannot see,
    and chapter 1's totals when it ends (they set up the final encounters). A fort's level
    reached shows on every phone's board instead (`_fort_levels_just_reached`)."""
    notes = rules.reminders_for("event", event)
    last = after.happenings[-1] if after.happenings else None
    if event.get("type") == "chapter_complete" and last and last.kind == "chapter_1_totals":
        notes.append(sentence(last.text) + ".")
    return notes


def _no_sitting(state) -> str | None:
    """Why no event can be logged now (None while a sitting is in play)."""
    if sitting_phase(state).is_playing:  # a sitting is open and its chapter not complete
        return None
    if state.campaign_over:
        return "The campaign is over."
    if state.chapter_complete:
        return f"Chapter {state.chapter} is complete: the next sitting plays chapter {state.chapter + 1}."
    return "No sitting has started yet."


# Every event of a sitting is logged while it is in play: another phone completing the chapter
# (or undoing the sitting's start) closes it.
SITTING_IN_PLAY = Step(_no_sitting)


@login_required
@require_safe
def chapter_complete_confirm(request, slug):
    """Ask before completing the chapter (as undo asks): it closes the chapter's forms on
    every phone and, after the last chapter, ends the campaign."""
    access = _dawnguard(request, slug, record=True)
    state = states.state(access.campaign)
    over = SITTING_IN_PLAY.answer_if_over(request, state, reverse("play", args=[slug]))
    if over is not None:
        return over
    form = EVENT_FORMS["chapter_complete"](state, initial={"chapter": state.chapter})
    return render_page(request, "dawnguard/chapter_complete_confirm.html", {
        "campaign": access.campaign, "access": access, "state": state, "form": form,
        "ends_campaign": state.chapter == max(rules.CHAPTERS), "next_chapter": state.chapter + 1,
    })


@login_required
@require_safe
def contested_test(request, slug):
    """Who wins a contested skill test (the rules decide); nothing is recorded."""
    access = _dawnguard(request, slug)
    state = states.state(access.campaign)
    form = ContestedTestForm(state, request.GET or None)
    if form.is_valid():
        form.result = form.outcome()
    else:
        focus_first_error(form)
    return _page(request, access, open_form="contest", contest=form)
