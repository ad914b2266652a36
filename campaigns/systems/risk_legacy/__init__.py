"""Risk Legacy on the Django side. Its rules are in campaigns/rules/risk_legacy/; this package
only asks them.

    system.py   its registration (campaigns/systems/base.py): tabs, pages, own URLs, overview
    views/      one module per page or page group: play (the table, its live refresh, events,
                packets, the game's end, rewards, the world), setup, game_start, recruitment,
                board (the board and a territory's history), history
    forms/      the forms of those pages, named after them
    history.py  the read side of the History page: changes, timeline, faction cards, victors
    board.py    the board map: tiles, continents and the SVG layouts (no Django, like history.py)
    readside.py its stats records and export rows
    templates/risk_legacy/   its templates (found by the settings)
"""
