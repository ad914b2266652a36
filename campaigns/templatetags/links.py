"""`{% url %}` as Django's, each address worked out once per process.

A page links to twenty-odd addresses (the site's menu, the campaign's tabs and downloads, its
live poll), the same on every view of a campaign: Django works each out again on every render
(0.2 ms of a 3.3 ms warm page). This library, a built-in after Django's own (settings.
TEMPLATES), takes the tag's place with the same syntax and the same result, remembered by
everything reverse() reads: the URLconf, the script prefix, the active language (translated
routes), the current app, the view's name and its arguments. The URLconf changes only in
tests (override_settings clears it with Django's own URL caches).
"""

import functools

from django import template
from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.template.defaulttags import URLNode
from django.template.defaulttags import url as django_url
from django.urls import NoReverseMatch, get_script_prefix, get_urlconf, reverse
from django.utils.html import conditional_escape
from django.utils.translation import get_language

register = template.Library()

# Enough for every address of some hundreds of campaigns; the least used go first.
ADDRESSES_KEPT = 8192


@functools.lru_cache(maxsize=ADDRESSES_KEPT)
def _reversed(urlconf, prefix: str, language, current_app, view_name: str, args: tuple, kwargs: tuple) -> str:
    return reverse(view_name, urlconf=urlconf, args=args, kwargs=dict(kwargs), current_app=current_app)


@receiver(setting_changed)
def _forget(*, setting, **kwargs):
    if setting == "ROOT_URLCONF":
        _reversed.cache_clear()


def _plain(values) -> bool:
    """Text and whole numbers only: what reverse() writes of them is all there is to them."""
    return all(isinstance(value, str) or type(value) is int for value in values)


class KeptURLNode(URLNode):
    def render(self, context):
        args = tuple(arg.resolve(context) for arg in self.args)
        kwargs = tuple(sorted((name, value.resolve(context)) for name, value in self.kwargs.items()))
        view_name = self.view_name.resolve(context)
        if not (_plain(args) and _plain(value for _, value in kwargs) and isinstance(view_name, str)):
            return super().render(context)  # anything else, as Django does it
        try:  # the current app, as Django's tag finds it
            current_app = context.request.current_app
        except AttributeError:
            try:
                current_app = context.request.resolver_match.namespace
            except AttributeError:
                current_app = None
        urlconf = get_urlconf() or settings.ROOT_URLCONF
        try:
            address = _reversed(
                urlconf, get_script_prefix(), get_language(), current_app, view_name, args, kwargs
            )
        except NoReverseMatch:
            return super().render(context)  # raised, or blank with `as`, as Django does
        if self.asvar:
            context[self.asvar] = address
            return ""
        return conditional_escape(address) if context.autoescape else address


@register.tag
def url(parser, token):
    """{% url 'name' arg ... [as var] %}, as Django's."""
    node = django_url(parser, token)
    return KeptURLNode(node.view_name, node.args, node.kwargs, node.asvar)
