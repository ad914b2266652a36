"""Skyrim Adventure Game: Dawnguard on the Django side: its pages, forms, templates
(templates/dawnguard/) and read side.

Its rules are in campaigns/rules/dawnguard; this package only asks them.
"""
