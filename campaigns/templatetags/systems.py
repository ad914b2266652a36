"""The campaign's game system in templates: its tabs and its overview (campaigns.systems)."""

from django import template
from django.urls import reverse

from ..systems import system_of

register = template.Library()


@register.simple_tag
def system_tabs(campaign, tab) -> list[dict]:
    """The tabs the campaign's system adds (Play, Board, ...): label, url and whether current."""
    return [
        {"label": t.label, "url": reverse(t.url_name, args=[campaign.slug]), "current": tab in t.current_on}
        for t in system_of(campaign).tabs
    ]
