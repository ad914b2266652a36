from datetime import date

from django import template
from django.utils import formats, timezone
from django.utils.html import format_html

from ..rules.base import RULING_MAX_CHARS
from ..rules.checks import join_names
from ..rules.words import code_words

register = template.Library()


@register.filter
def names(items):
    """Names in a sentence, as the rules write them: "Ana", "Ana and Ben", "Ana, Ben and Cid"
    (never "Ana & Ben & Cid")."""
    items = [str(item) for item in items]
    return join_names(items) if items else ""


@register.filter
def score_unit(play, score):
    """What `score` counts on this play, singular or plural: "1 victory point", "48 territories"."""
    one, many = play.score_units
    return one if score in (1, -1) else many


@register.filter
def day(value):
    """A day in the app's one date format (Django's DATE_FORMAT for the language), from a date or
    the journal's ISO text ("2026-09-03"); blank for none."""
    if not value:
        return ""
    if isinstance(value, str):
        value = date.fromisoformat(value)
    return formats.date_format(value)


# A journal code in players' words: "civil_war" -> "Civil War", "iron-man" -> "Iron Man".
register.filter("words", code_words)


@register.filter
def marked(territories):
    """The territories (name, marks) of a campaign_state that carry anything beyond the bare card."""
    return [
        (name, marks)
        for name, marks in territories.items()
        if marks["scar"]
        or marks["city"]
        or marks["fortification"]
        or marks["card_destroyed"]
        or marks["resources"] > 1
    ]


@register.filter
def moment(value):
    """When something happened, written so a page kept for later viewers never goes stale: the
    time itself (`<time datetime=…>`, "2 Dec 2026, 14:03 UTC"), which static/js/app.js says as
    "3 minutes ago" where JavaScript runs, and says again as time goes by."""
    if not value:
        return ""
    when = timezone.localtime(value)
    shown = f"{formats.date_format(when)}, {when:%H:%M} {when.tzname()}"
    return format_html('<time datetime="{}" data-ago>{}</time>', when.isoformat(), shown)


@register.inclusion_tag("_refusal.html")
def refusal(form, form_id=None):
    """Under a refused form: the rule its refusal is by and where the rulebook has it, or that no
    ruling changes it; beside a rule a ruling may set aside, "We rule otherwise" (its reason and
    one button: campaigns.web.rulings). `form_id`: the <form> the box belongs to, when it is
    drawn outside it (a row's +1 buttons submit a form of their own)."""
    error = getattr(form, "refusal", None)
    rule = getattr(error, "rule", None)
    return {
        "error": error,
        "rule": rule,
        # The rule's words are left out where the refusal's own sentence already says them.
        "says_the_rule": rule is not None
        and not error.message.casefold().startswith(rule.words.casefold()[:40]),
        "offer": getattr(form, "ruling_offer", None),
        "typed": getattr(form, "ruling_typed", ""),
        "reason_error": getattr(form, "ruling_error", None),
        "box_id": f"ruling-{getattr(form, 'prefix', None) or form_id or 'form'}",
        "form_id": form_id,
        "most": RULING_MAX_CHARS,
    }
