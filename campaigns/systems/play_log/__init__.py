"""The play-log kind on the Django side: what every play log (Risk: Skyrim, Captain America: separate
games, nothing carried over) shares, used by their packages and never by shared code. Its rules
are campaigns/rules/play_log/; each log's own package (campaigns/systems/<system>/) brings its
rules, its read side and its log-a-play form, and builds its GameSystem here.

    system.py      play_log_system: a play log's GameSystem, with the pages below
    plays.py       the plays as the pages list them (PlayItem), the latest first, paged, and
                   what a live refresh of a list sends
    standings.py   a log's standings and what a correction changed (no Django: the read side)
    correcting.py  the "as seen" check of a correction (Correcting), for each log's form
    forms.py       the confirmation that deletes a play
    views/         history (and the overview's context), play_detail, standings, delete, live
    templates/play_log/   its templates, found through each log's GameSystem.templates

It never names a system: a play's seats come from the system's read side, its own numbers
from the system's `play_template`, what the fold recorded from the state.
"""
