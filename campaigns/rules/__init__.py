"""The rules of each game system the tracker serves: one plain-Python module or package per
system (no Django, nothing else of the app), and what they share.

protocol.py says what every system's rules provide; base.py holds entries, rule errors and the
fold; checks.py small checks of entry data; play_log/ the rules every play log shares;
journal.py and limits.py the journal's common shape and size. Which systems there are is not
known here: the registry (campaigns/registry.py) hands their rules to whoever needs them (the
journal import: journal.load).
"""
