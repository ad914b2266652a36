"""Skyrim Adventure Game: Dawnguard on the Django side: one game system, reached by shared
code only through its GameSystem (the contract: campaigns/systems/base.py). Its rules are in
campaigns/rules/dawnguard/ (the rules protocol, campaigns/rules/protocol.py); this package only
asks them.

    system.py         its GameSystem, registered by one line in settings.GAME_SYSTEMS: its
                      rules, read side, templates folder, overview, the Play tab, its views of
                      the shared pages (play, live, setup_edit, game_start, history), its own
                      URLs (thresholds, one event per tap, the contested skill test) and its
                      count's words ("5 sittings played")
    views/            one module per page or page group: setup (the heroes and forts, the
                      thresholds, starting a sitting), play (the Play page: one event per tap,
                      its live refresh, the contested skill test), history (the overview's
                      context and the History page)
    forms/            the forms of those pages, named after them (setup, play)
    history.py, charts.py           the read side of the History page (no Django)
    readside.py       its ReadSide: co-operative sittings, never won or lost, and the sentence
                      the stats page prints on how they count
    templates/dawnguard/   its templates (GameSystem.templates)
"""
