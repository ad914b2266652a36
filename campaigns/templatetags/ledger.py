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
