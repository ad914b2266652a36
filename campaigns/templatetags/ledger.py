from datetime import timedelta

from django import template
from django.utils import timezone
from django.utils.timesince import timesince

register = template.Library()


@register.filter
def ago(moment):
    """'just now' for the last minute, else '3 minutes ago' (timesince says '0 minutes')."""
    if moment is None:
        return ""
    if timezone.now() - moment < timedelta(minutes=1):
        return "just now"
    return f"{timesince(moment)} ago"


@register.filter
def marked(territories):
    """The territories (name, marks) of a campaign_state that carry anything beyond the bare card."""
    return [
        (name, marks)
        for name, marks in territories.items()
        if marks["scar"] or marks["city"] or marks["fortification"] or marks["card_destroyed"] or marks["resources"] > 1
    ]
