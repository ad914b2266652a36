"""Risk: Captain America – Civil War on the Django side, a play log: its pages, forms,
templates (templates/captain_america/) and read side.

Its rules are in campaigns/rules/captain_america; this package only asks them.
"""
