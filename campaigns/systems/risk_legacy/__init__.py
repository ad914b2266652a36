"""Risk Legacy on the Django side: one game system, reached by shared code only through its
GameSystem (the contract: campaigns/systems/base.py). Its rules are in
campaigns/rules/risk_legacy/ (the rules protocol, campaigns/rules/protocol.py); this package
only asks them.

    system.py   its GameSystem, registered by one line in settings.GAME_SYSTEMS: its rules,
                read side, templates folder, overview, tabs (Play, Board), its views of the
                shared pages (play, live, game_start, setup_edit, history), its own URLs
                (events, packets, the game's end, rewards, the world, the board, recruitment),
                and a game that stays open while played ("game 5 in progress")
    views/      one module per page or page group: play (the Play page, its live refresh, events,
                packets, the game's end, rewards, the world), setup, game_start, recruitment,
                board (the board and a territory's history), history
    forms/      the forms of those pages, named after them
    history.py  the read side of the History page: changes, timeline, faction cards, victors
    board.py    the board map: tiles, continents and the SVG layouts (no Django, like history.py)
    readside.py its ReadSide: finished games as plays, factions, and the marks its players
                win (signatures, cities founded), which the stats page counts
    templates/risk_legacy/   its templates (GameSystem.templates)
"""
