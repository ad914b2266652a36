"""Risk Legacy's pages, one module per page or page group: play (the Play page, its live
refresh and the forms it posts: events, packets, the game's end, rewards, the world), setup
(the setup and the trade-in chart's correction), game_start, recruitment (the calculator),
board (the board and a territory's history) and history. campaign holds what they all start
from.

Thin views: every rule is the rules layer's (campaigns/rules/risk_legacy/); every write is one
entry through store.append.
"""
