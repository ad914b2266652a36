"""One place per game system on the Django side: campaigns/systems/<system>/.

Each package holds that system's forms, views, templates folder (its `templates/<system>/`,
found by the settings) and read side, and registers a `GameSystem` (base.py) in its
`system.py`. The rules of the same system are in campaigns/rules/<system>/.

SYSTEMS is found from the rules registry (campaigns.rules.SYSTEMS): adding a system is
adding its two packages and its one line there.
"""

import importlib

from ..rules import SYSTEMS as RULES
from .base import SHARED_PAGES, GameSystem, Tab

__all__ = ["SHARED_PAGES", "SYSTEMS", "GameSystem", "Tab", "system_of"]


def _load(rules_module) -> GameSystem:
    package = rules_module.__name__.rsplit(".", 1)[1]  # campaigns.rules.dawnguard -> dawnguard
    return importlib.import_module(f"{__name__}.{package}.system").SYSTEM


SYSTEMS: dict[str, GameSystem] = {key: _load(module) for key, module in RULES.items()}


def system_of(campaign) -> GameSystem:
    return SYSTEMS[campaign.system]
