"""One folder per game system on the Django side: campaigns/systems/<system>/.

Each holds that system's views, forms, templates folder and read side, and builds its one
`GameSystem` in system.py: the contract, written and explained in base.py. settings.GAME_SYSTEMS
registers it by that dotted path (campaigns/registry.py, which shared code asks). The rules of
the same system are in campaigns/rules/<system>/.

Shared here: base.py (the contract) and play_log.py (what every play log registers alike).
"""
