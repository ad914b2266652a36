"""`{% tap %}`: the hidden key that names one tap on a table form (campaigns.web.writes).

A built-in tag (settings.TEMPLATES' builtins): every form that writes to a journal puts it
beside its `{% csrf_token %}`. A new key each time the form is shown, so a resubmitted form
(the browser's back and send again, a double tap without JavaScript) is the same tap;
static/js/offline.js draws a new one for each tap where JavaScript runs.
"""

import uuid

from django import template
from django.utils.html import format_html

from ..web.writes import TAP_FIELD

register = template.Library()


@register.simple_tag
def tap():
    return format_html('<input type="hidden" name="{}" value="{}">', TAP_FIELD, uuid.uuid4())
