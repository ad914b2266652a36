"""The one stylesheet every page links (static/css/ledger.css): the parts in static/css/, one
per concern, joined in this order. Pages load a single render-blocking file; the parts stay
apart to be edited. `manage.py build_css` (or `make css`) writes it after a part changes, and
a test fails while it is out of date."""

from pathlib import Path

from django.conf import settings

CSS = Path(settings.BASE_DIR) / "static" / "css"
PARTS = ("app.css", "play.css", "table.css", "board.css", "stats.css")
BUNDLE = CSS / "ledger.css"
HEADER = "/* Built by `manage.py build_css` from static/css/{parts}: edit those, not this file. */\n"


def built() -> str:
    """The stylesheet as the parts make it now."""
    text = HEADER.format(parts=", ".join(PARTS))
    for part in PARTS:
        text += f"\n/* ---- {part} ---- */\n" + (CSS / part).read_text(encoding="utf-8")
    return text


def write() -> Path:
    BUNDLE.write_text(built(), encoding="utf-8")
    return BUNDLE
