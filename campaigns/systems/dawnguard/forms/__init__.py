"""Dawnguard's forms, one module per page: play (the Play page's taps and the contested skill
test) and setup (the heroes and forts, the thresholds, starting a sitting).

They check the shape of what was typed; every game rule is the rules layer's
(campaigns/rules/dawnguard/), which the views call when appending.
"""
