"""Dawnguard's pages, one module per page or page group: play (the Play page, its live refresh,
one event per tap, the contested skill test), setup (the heroes and forts, the thresholds,
starting a sitting) and history (the overview's context and the History page).

Thin views: every rule is the rules layer's (campaigns/rules/dawnguard/); every write is one
entry through web.writes.append_or_refuse.
"""
