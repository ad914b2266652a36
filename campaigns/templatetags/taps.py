"""The table forms' two per-viewer parts, and the tag that renders everything else once.

`{% tap %}`: the hidden key that names one tap on a table form (campaigns.web.taps). Every
form that writes to a journal puts it beside its `{% csrf_token %}`. A new key each time the
form is shown, so a resubmitted form (the browser's back and send again, a double tap without
JavaScript) is the same tap; static/js/offline.js draws a new one for each tap where JavaScript
runs.

`{% kept "name" [vary_on...] [unless refused] %}…{% endkept %}`: Django's `{% cache %}` for a
part of a campaign's page, forms and all (a Play page, a form to log a play, the history). What
it shows is the same for every viewer of a journal version in the same role, so it is rendered
once per key with stand-ins for the only per-viewer parts, the viewer's CSRF token and each
form's tap key, and those are filled in for each view (a fresh tap key per form, as `{% tap %}`
draws). The key is built, never typed: the campaign (its id and address), its journal version
and the viewer's role (owner, member, viewer, or the public link) always, then `vary_on`, what
else the part reads (the page asked, the game shown). `unless` names a context value that,
when true, renders the part fresh and keeps nothing: a refused form, bound with the player's
values and its message. What only the kept parts read (the state, and what is worked out from
it) is the view's `kept.when_rendered` entry, made only when a part is rendered: a view whose
parts are all kept reads no state (campaigns/web/kept.py).

`{% kept "name" [vary_on...] filling name... [unless refused] %}`: a part kept across journal
versions, for a part most writes leave alone but for a number or two (the log-a-play form: a
new play changes only the number it offers). Its key has no journal version, so `vary_on` must
name everything else the part shows (the view's digest of it, `kept.shows`); the journal version
(`campaign.journal_version`, which a live poll's address holds) and the context values named
after `filling` are stand-ins in what is kept, filled in for each view as `{{ }}` writes them.

`{% live_changed %}`: a Play page's line about what another phone just did, which only the live
refresh's answer says (`changed`): per view too, so the page the recording phone is sent to and
the live refresh's answer share one kept part. All three tags are built in
(settings.TEMPLATES' builtins).
"""

import uuid

from django import template
from django.core.cache import InvalidCacheBackendError, caches
from django.core.cache.utils import make_template_fragment_key
from django.template.base import render_value_in_context
from django.template.defaulttags import CsrfTokenNode
from django.utils.html import format_html
from django.utils.safestring import mark_safe

from ..web.kept import LATER
from ..web.taps import TAP_FIELD

register = template.Library()

# A key holds the journal version (or, across versions, what the part shows): what is kept is
# never stale, only evicted.
KEPT_SECONDS = 86400
# Stand-ins, written where the viewer's parts go while a kept fragment renders. Letters only,
# so that no escaping changes them.
CSRF_STAND_IN = "keptCsrfTokenStandIn"
TAP_STAND_IN = "keptTapKeyStandIn"
LIVE_CHANGED_STAND_IN = "keptLiveChangedStandIn"
LIVE_CHANGED_TEMPLATE = "campaigns/_live_changed.html"
KEEPING = "_kept_rendering"  # set in the context while a kept fragment renders
VERSION_STAND_IN = "keptJournalVersionStandIn"


def _filled_stand_in(index: int) -> str:
    return f"keptFilled{'ABCDEFGHIJ'[index]}StandIn"  # letters only, as the others


class _VersionStandIn:
    """The campaign as a part kept across versions sees it: its journal version a stand-in."""

    def __init__(self, campaign):
        self._campaign = campaign

    journal_version = VERSION_STAND_IN

    def __getattr__(self, name):
        return getattr(self._campaign, name)


def _tap_input(key) -> str:
    return format_html('<input type="hidden" name="{}" value="{}">', TAP_FIELD, key)


@register.simple_tag(takes_context=True)
def tap(context):
    return _tap_input(TAP_STAND_IN if context.get(KEEPING) else uuid.uuid4())


def _live_changed_line(context) -> str:
    return context.template.engine.get_template(LIVE_CHANGED_TEMPLATE).render(context)


@register.simple_tag(takes_context=True)
def live_changed(context):
    """What another phone just did, said on the live refresh's answer (`changed`) only."""
    return mark_safe(LIVE_CHANGED_STAND_IN if context.get(KEEPING) else _live_changed_line(context))


def fill_in(kept: str, context, filling=()) -> str:
    """A kept fragment for one view: the viewer's CSRF input as `{% csrf_token %}` renders it
    for them, a new key for each tap, the live refresh's line (`{% live_changed %}`) and, in a
    part kept across versions, the journal version and the values named by `filling`."""
    with context.push({"csrf_token": CSRF_STAND_IN}):
        stand_in = CsrfTokenNode().render(context)
    kept = kept.replace(stand_in, CsrfTokenNode().render(context))
    if filling:
        kept = kept.replace(VERSION_STAND_IN, str(context["campaign"].journal_version))
        for index, name in enumerate(filling):
            filled = render_value_in_context(context.get(name, ""), context)  # as {{ name }} writes it
            kept = kept.replace(_filled_stand_in(index), filled)
    if LIVE_CHANGED_STAND_IN in kept:
        kept = kept.replace(LIVE_CHANGED_STAND_IN, _live_changed_line(context))
    parts = kept.split(TAP_STAND_IN)
    keys = (str(uuid.uuid4()) for _ in parts[1:])
    return mark_safe(parts[0] + "".join(key + part for key, part in zip(keys, parts[1:], strict=True)))


def _fragment_cache():
    try:  # the cache `{% cache %}` uses
        return caches["template_fragments"]
    except InvalidCacheBackendError:
        return caches["default"]


PUBLIC = "public"  # the role of a visitor through the public read-only link


def structural_key(context, *, across_versions: bool = False) -> list:
    """What every kept part varies on: the campaign (its id and address), its journal version
    (unless the part is kept across versions) and the viewer's role. A page without a campaign
    and its access keeps nothing."""
    campaign, access = context.get("campaign"), context.get("access")
    if campaign is None or access is None:
        raise template.TemplateSyntaxError(
            "{% kept %} is for a campaign's page: its context has no campaign and access"
        )
    role = access.membership.role if access.membership is not None else PUBLIC
    version = "any version" if across_versions else campaign.journal_version
    return [campaign.pk, campaign.slug, version, role]


class KeptNode(template.Node):
    def __init__(self, nodelist, name: str, vary_on: list, unless, filling=()):
        self.nodelist, self.name, self.vary_on, self.unless = nodelist, name, vary_on, unless
        self.filling = tuple(filling)

    def render(self, context):
        if self.unless is not None and self.unless.resolve(context):
            with _state_read(context):
                return self.nodelist.render(context)
        vary_on = [
            *structural_key(context, across_versions=bool(self.filling)),
            *(variable.resolve(context) for variable in self.vary_on),
        ]
        key = make_template_fragment_key(self.name, vary_on)
        cache = _fragment_cache()
        kept = cache.get(key)
        if kept is None:
            stand_ins = {"csrf_token": CSRF_STAND_IN, KEEPING: True}
            if self.filling:
                stand_ins["campaign"] = _VersionStandIn(context["campaign"])
                stand_ins.update((name, _filled_stand_in(i)) for i, name in enumerate(self.filling))
            with context.push(stand_ins), _state_read(context):
                kept = self.nodelist.render(context)
            cache.set(key, kept, KEPT_SECONDS)
        return fill_in(kept, context, self.filling)


def _state_read(context):
    """The context with what only kept parts read (the view's `kept.when_rendered`), made now."""
    make = context.get(LATER)
    return context.push(make() if make is not None else {})


@register.tag
def kept(parser, token):
    """{% kept "dawnguard-play" changed unless forms_bound %}"""
    bits = token.split_contents()
    if len(bits) < 2:
        raise template.TemplateSyntaxError(f"'{bits[0]}' takes a name, then what else the part varies on.")
    unless = None
    if len(bits) >= 4 and bits[-2] == "unless":
        unless = parser.compile_filter(bits[-1])
        bits = bits[:-2]
    filling = ()
    if "filling" in bits[2:]:
        at = bits.index("filling", 2)
        bits, filling = bits[:at], bits[at + 1 :]
        if not filling or len(filling) > 10 or not all(name.isidentifier() for name in filling):
            raise template.TemplateSyntaxError("'filling' names up to 10 context values, by name.")
    nodelist = parser.parse(("endkept",))
    parser.delete_first_token()
    name = bits[1].strip("\"'")
    return KeptNode(nodelist, name, [parser.compile_filter(bit) for bit in bits[2:]], unless, filling)
