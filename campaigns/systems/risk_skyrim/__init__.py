"""Risk: The Elder Scrolls V: Skyrim on the Django side, a play log: its pages, forms,
templates (templates/risk_skyrim/) and read side.

Its rules are in campaigns/rules/risk_skyrim; this package only asks them.
"""
