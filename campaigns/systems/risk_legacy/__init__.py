"""Risk Legacy on the Django side: the table (setup, game start, play, rewards, the world),
the board and the history, its forms, its templates (templates/risk_legacy/) and its read side.

Its rules are in campaigns/rules/risk_legacy/; this package only asks them.
"""
