"""Django's own widget templates (django/forms/widgets/*.html) written out in Python, to the byte.

A table form draws every hero, faction and player as a radio button or an option, and Django
draws each through three nested templates (the option, the input, its attributes): a Captain
America log-a-play form renders 22 widgets and ~250 template includes, 7 of its 17 ms. The same
HTML is built here from the same widget context (`Widget.get_context`), with the templates'
escaping (`{{ }}`: localized, escaped unless safe; `|stringformat:'s'`: escaped unless the value
is safe) and their whitespace (each template file ends in a newline, which Django's renderer
strips off the outer one only). tests/test_widget_html.py renders every one both ways and
compares them; a widget with another template (the project's own, a custom option) is left to
the templates.
"""

from __future__ import annotations

from collections.abc import Callable

from django.utils.formats import localize
from django.utils.html import conditional_escape, escape
from django.utils.safestring import SafeData
from django.utils.timezone import template_localtime

WIDGETS = "django/forms/widgets/"


def _shown(value) -> str:
    """`{{ value }}` in an autoescaping template."""
    value = localize(template_localtime(value))
    return conditional_escape(value if isinstance(value, str) else str(value))


def _formatted(value) -> str:
    """`{{ value|stringformat:'s' }}`: the filter keeps a safe value safe (is_safe=True)."""
    text = "%s" % (str(value) if isinstance(value, tuple) else value)
    return text if isinstance(value, SafeData) else escape(text)


def _attrs(widget) -> str:
    """attrs.html (no newline at its end)."""
    return "".join(
        f" {_shown(name)}" if value is True else f' {_shown(name)}="{_formatted(value)}"'
        for name, value in widget["attrs"].items()
        if value is not False
    )


def _input(widget) -> str:
    value = widget.get("value")
    shown = f' value="{_formatted(value)}"' if value is not None else ""
    kind, name = _shown(widget.get("type", "")), _shown(widget["name"])
    return f'<input type="{kind}" name="{name}"{shown}{_attrs(widget)}>\n'


def _input_option(widget) -> str:
    if not widget.get("wrap_label"):
        return _input(widget) + "\n"
    for_id = widget["attrs"].get("id")
    label_for = f' for="{_shown(for_id)}"' if for_id else ""
    return f"<label{label_for}>{_input(widget)} {_shown(widget['label'])}</label>\n"


def _select_option(widget) -> str:
    value, label = _formatted(widget["value"]), _shown(widget["label"])
    return f'<option value="{value}"{_attrs(widget)}>{label}</option>\n'


def _options_known(widget) -> bool:
    groups = widget["optgroups"]
    return all(option.get("template_name") in OPTIONS for _, options, _ in groups for option in options)


def _grouped(widget, group_open: str, option: str, group_close: str) -> str:
    """The options of a select or a list of radios, as their templates loop over `optgroups`:
    each group opened and closed around its options (no group: the options alone)."""
    parts = []
    for group, options, _ in widget["optgroups"]:
        if group:
            parts.append(group_open.format(_shown(group)))
        parts.extend(option.format(OPTIONS[each["template_name"]](each)) for each in options)
        if group:
            parts.append(group_close)
    return "".join(parts)


def _multiple_input(widget) -> str:
    attrs = widget["attrs"]
    shown_id = f' id="{_shown(attrs["id"])}"' if attrs.get("id") else ""
    shown_class = f' class="{_shown(attrs["class"])}"' if attrs.get("class") else ""
    options = _grouped(widget, "\n  <div><label>{}</label>", "<div>\n    {}</div>", "\n  </div>")
    return f"<div{shown_id}{shown_class}>{options}\n</div>\n"


def _select(widget) -> str:
    options = _grouped(widget, '\n  <optgroup label="{}">', "\n  {}", "\n  </optgroup>")
    return f'<select name="{_shown(widget["name"])}"{_attrs(widget)}>{options}\n</select>\n'


def _textarea(widget) -> str:
    value = _shown(widget["value"]) if widget.get("value") else ""
    return f'<textarea name="{_shown(widget["name"])}"{_attrs(widget)}>\n{value}</textarea>\n'


def _plus_newline(draw: Callable[[dict], str]) -> Callable[[dict], str]:
    """A template that is `{% include ... %}` and its file's last newline."""
    return lambda widget: draw(widget) + "\n"


OPTIONS: dict[str, Callable[[dict], str]] = {
    f"{WIDGETS}radio_option.html": _plus_newline(_input_option),
    f"{WIDGETS}checkbox_option.html": _plus_newline(_input_option),
    f"{WIDGETS}select_option.html": _select_option,
}
INPUTS = ("text", "number", "email", "url", "password", "hidden", "date", "datetime", "time", "checkbox",
          "color", "search", "tel")
DRAWN: dict[str, Callable[[dict], str]] = {
    f"{WIDGETS}input.html": _input,
    **{f"{WIDGETS}{name}.html": _plus_newline(_input) for name in INPUTS},
    f"{WIDGETS}radio.html": _plus_newline(_multiple_input),
    f"{WIDGETS}checkbox_select.html": _plus_newline(_multiple_input),
    f"{WIDGETS}select.html": _select,
    f"{WIDGETS}textarea.html": _textarea,
}
WITH_OPTIONS = {f"{WIDGETS}radio.html", f"{WIDGETS}checkbox_select.html", f"{WIDGETS}select.html"}


def drawn(template_name: str, context: dict) -> str | None:
    """The widget's HTML as Django's renderer gives it (stripped), or None for one left to the
    templates (another template, or an option drawn by another)."""
    draw = DRAWN.get(template_name)
    widget = context.get("widget")
    if draw is None or not isinstance(widget, dict):
        return None
    if template_name in WITH_OPTIONS and not _options_known(widget):
        return None
    return draw(widget).strip()
