"""Before and between Dawnguard sittings: the setup page (each player's hero, race and level,
the fort thresholds, chapter 1's checklist and reading; once set up, the heroes and the
thresholds, which a member may correct) and starting a sitting (the current chapter, the next
one once it is complete, or chapter 2 played alone as the first game, with its checklist,
readings and what the tracker does to set the chapter up).

Every rule is the rules layer's: these views ask it what a new sitting may play and append
through the store, which refuses what is not legal; a refusal is shown beside its field and
nothing is saved.
"""

from django.contrib.auth.decorators import login_required
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from .... import states
from ....access import campaign_for
from ....rules import dawnguard as rules
from ....web.htmx import render_page
from ....web.params import whole_number
from ....web.refusals import sentence
from ....web.writes import Done, Step, append_or_refuse, page_url_on_get
from ..forms.setup import RACE_SUGGESTIONS, SetupForm, StartForm, ThresholdsForm
from .play import sitting_phase

SETUP_TEMPLATE = "dawnguard/setup_edit.html"
START_TEMPLATE = "dawnguard/game_start.html"
ALREADY_SET_UP = (
    "Someone already saved the setup (on another phone?): here it is. Nothing you entered was saved."
)
NOTHING_SAVED = "Nothing you entered was saved."
MOVED_ON = "The campaign moved on since this page was shown: here is the sitting to start now."
ALONE = "alone"  # the ?mode= of chapter 2 played alone


def _dawnguard(request, slug, *, record=False):
    return campaign_for(request, slug, record=record, system=rules.KEY)


def _checklist(chapter: int, standalone: bool = False) -> dict:
    return {
        "chapter": chapter,
        "standalone": standalone,
        "items": rules.checklist(chapter, standalone),
        "readings": rules.readings(chapter),
    }


# The setup --------------------------------------------------------------------------------


def _setup_page(request, access, state, *, setup_form=None, thresholds_form=None, page_errors=(), mode=None):
    campaign = access.campaign
    editing = not state.set_up and access.can_record
    if editing and setup_form is None:
        setup_form = SetupForm(roster=state.players, alone=mode == ALONE)
    # Chapter 2 played alone is set up with its own forts and checklist (docs/rules.md, 2026-12-01).
    alone = setup_form.alone if setup_form is not None else mode == ALONE
    if state.set_up and access.can_record and thresholds_form is None:
        thresholds_form = ThresholdsForm(prefix="fix", thresholds=state.fort_thresholds)
    context = {
        "campaign": campaign,
        "access": access,
        "state": state,
        "editing": editing,
        "setup_form": setup_form,
        "thresholds_form": thresholds_form,
        "races": RACE_SUGGESTIONS,
        "page_errors": list(page_errors),
        "heroes": [
            {"hero": hero, "side": rules.side_label(hero.side, state.chapter)}
            for hero in state.heroes.values()
        ],
        "forts": [(name, state.fort_thresholds.get(key, [])) for key, name in
                  rules.threshold_forts(state.fort_thresholds).items()],
        "fort": rules.fort_progress(state),
        "alone": alone,
        "first": _checklist(rules.STANDALONE_CHAPTER, standalone=True) if alone else _checklist(1),
        "can_start": access.can_record and bool(rules.startable_chapters(state)),
    }
    return render_page(request, SETUP_TEMPLATE, context)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def setup_edit(request, slug):
    """Before the first sitting: the heroes and the fort thresholds; afterwards, what was set up."""
    access = _dawnguard(request, slug, record=request.method == "POST")
    campaign = access.campaign
    state = states.state(campaign)
    if request.method != "POST":
        return _setup_page(request, access, state, mode=request.GET.get("mode"))
    form = SetupForm(request.POST, roster=state.players, alone=request.POST.get("mode") == ALONE)
    return append_or_refuse(
        request,
        campaign,
        form,
        page=lambda: _setup_page(request, access, state, setup_form=form),
        done=Done(
            reverse("game_start", args=[campaign.slug]),
            said="The heroes and forts are set up. Start the first sitting.",
        ),
        # Another phone saved the setup first.
        step=Step(
            lambda now: ALREADY_SET_UP if now.set_up else None,
            page_now=lambda now, why: _setup_page(request, access, now, page_errors=[why]),
        ),
    )


@login_required
@page_url_on_get("setup_edit")
def thresholds_edit(request, slug):
    """The fort thresholds corrected (a group that mistyped them): a new entry, which counts
    the stars already on the fort again under the corrected card. One that changes nothing is
    the rules' refusal."""
    access = _dawnguard(request, slug, record=True)
    campaign = access.campaign
    state = states.state(campaign)
    form = ThresholdsForm(request.POST, prefix="fix", alone=state.set_up_alone)

    def corrected(saved) -> str:
        fort = rules.fort_progress(saved.state)
        return (
            f"The fort thresholds are corrected. {fort['name']} is at level {fort['level']} "
            f"with {fort['stars']} star{'' if fort['stars'] == 1 else 's'}."
        )

    return append_or_refuse(
        request,
        campaign,
        form,
        page=lambda: _setup_page(request, access, states.state(campaign), thresholds_form=form),
        done=Done(reverse("setup_edit", args=[campaign.slug]), said=corrected),
    )


# Starting a sitting -----------------------------------------------------------------------


def _start_choice(state, mode: str | None):
    """The sitting the page offers: (chapter, standalone), the one asked for (?mode=alone for
    chapter 2 played alone) when it may start, else the first that may."""
    options = rules.startable_chapters(state)
    if not options:
        return None, options
    wanted = [option for option in options if option[1] == (mode == ALONE)]
    return (wanted or options)[0], options


def _start_page(request, access, state, *, form=None, mode=None, page_errors=()):
    campaign = access.campaign
    choice, options = _start_choice(state, mode)
    context = {
        "campaign": campaign,
        "access": access,
        "state": state,
        "phase": sitting_phase(state),
        "page_errors": list(page_errors),
        "choice": None,
    }
    if choice is not None:
        chapter, standalone = choice
        if form is None and access.can_record:
            form = StartForm(
                heroes=state.heroes.values(),
                chapter=chapter,
                ask_sides=standalone,
                number=state.games_played + 1,
            )
        other = [option for option in options if option != choice]
        context.update(
            choice=_checklist(chapter, standalone),
            number=state.games_played + 1,
            mode=ALONE if standalone else "",
            other=other[0] if other else None,
            other_mode=ALONE if other and other[0][1] else "",
            next_in_chapter=bool(state.games) and chapter == state.chapter,
            effects=rules.chapter_effects(state, chapter, standalone),
            form=form,
            heroes=list(state.heroes.values()),
        )
    return render_page(request, START_TEMPLATE, context, partial="start")


def _chapter_refused(state, offered: int, posted: str | None) -> str:
    """Why a chapter the page did not offer starts nothing: one behind the offer means the
    campaign moved on (another phone completed the chapter); one ahead breaks the rule that
    chapters are played in order, said in the rule's words."""
    chapter = whole_number(posted)
    if chapter is not None and offered < chapter <= max(rules.CHAPTERS):
        why = rules.why_not_chapter(state, chapter)
        if why:
            return f"{sentence(why)}. {NOTHING_SAVED}"
    return MOVED_ON


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def game_start(request, slug):
    """A new sitting: in the chapter being played, the next one once it is complete, or (as
    the first game) chapter 2 played alone. Only those who may record start one (a viewer's
    403, as for every game system's start page)."""
    access = _dawnguard(request, slug, record=True)
    campaign = access.campaign
    state = states.state(campaign)
    if request.method != "POST":
        return _start_page(request, access, state, mode=request.GET.get("mode"))
    mode = request.POST.get("mode")
    choice, _ = _start_choice(state, mode)
    if choice is None:
        refusal = rules.why_not_start(state, state.chapter) or "No sitting can start now."
        return _start_page(request, access, state, page_errors=[refusal])
    chapter, standalone = choice
    number = state.games_played + 1
    form = StartForm(
        request.POST, heroes=state.heroes.values(), chapter=chapter, ask_sides=standalone, number=number
    )
    posted = request.POST.get("number")
    if posted is not None and posted != str(number):
        # Two phones tapped "Start sitting N": the first started it, the second starts nothing.
        started = (asked := whole_number(posted)) is not None and asked < number
        why = MOVED_ON
        if started:
            why = f"Sitting {posted} was already started (on another phone?). {NOTHING_SAVED}"
        return _start_page(request, access, state, mode=mode, page_errors=[why])
    if str(chapter) != request.POST.get("chapter"):
        refusal = _chapter_refused(state, chapter, request.POST.get("chapter"))
        return _start_page(request, access, state, mode=mode, page_errors=[refusal])

    return append_or_refuse(
        request,
        campaign,
        form,
        page=lambda: _start_page(request, access, state, form=form, mode=mode),
        done=Done(
            reverse("play", args=[campaign.slug]),
            said=f"Sitting {number} of chapter {chapter} has started.",
            reminders=lambda saved: rules.reminders_for("game", saved.entries[0].data),
        ),
        # Another phone started a sitting first.
        step=Step(
            lambda now: None if now.games_played == state.games_played
            else f"Sitting {number} was started on another phone. {NOTHING_SAVED}",
            page_now=lambda now, why: _start_page(request, access, now, page_errors=[why]),
        ),
    )
