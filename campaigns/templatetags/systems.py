"""The game systems in templates: a campaign's tabs, the games the app knows (the registry,
campaigns/registry.py)."""

from django import template
from django.urls import reverse

from .. import registry

register = template.Library()


@register.simple_tag
def system_tabs(campaign, tab) -> list[dict]:
    """The tabs the campaign's system adds (Play, Board, ...): label, url and whether current."""
    return [
        {"label": t.label, "url": reverse(t.url_name, args=[campaign.slug]), "current": tab in t.current_on}
        for t in registry.system_of(campaign).tabs
    ]


@register.simple_tag
def games_word(campaign) -> str:
    """What the campaign calls its games: "game", "sitting", "play" (its system's count words)."""
    return registry.system_of(campaign).count_words.one


@register.simple_tag
def game_names() -> list[str]:
    """Every game the app knows, by its name, in the registry's order."""
    return [system.label for system in registry.systems()]
