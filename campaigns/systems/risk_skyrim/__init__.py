"""Risk: The Elder Scrolls V: Skyrim on the Django side, a play log: one game system, reached
by shared code only through its GameSystem (the contract: campaigns/systems/base.py). Its rules
are in campaigns/rules/risk_skyrim.py (the rules protocol, campaigns/rules/protocol.py, on the
play-log kind's rules, campaigns/rules/play_log/); this package only asks them.

    system.py    its GameSystem, built by play_log_system (campaigns/systems/play_log/), which
                 gives it the play-log kind's pages (overview, history, standings, a play's
                 page, deleting a play); registered by one line in settings.GAME_SYSTEMS
    views.py     its own: logging and correcting a play, the setup helpers page
    forms.py     their forms
    readside.py  its ReadSide: plays with factions and scores, ties sharing the win
    templates/risk_skyrim/   its templates (GameSystem.templates): the play form, the setup
                 helpers, a play's own numbers (GameSystem.play_template)
"""
