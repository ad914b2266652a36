"""Risk Legacy's forms, one module per page: play (the Play page's events, packets, rewards
and the world's name), game_end, setup, game_start and recruitment (the calculator);
territories holds the territory lists they share.

They check the shape of what was typed; every game rule is the rules layer's
(campaigns/rules/risk_legacy/), which the views call before and when appending.
"""
