"""The rules of each game system the tracker serves: one plain-Python module per system.

See base.py for what every module provides.
"""

from . import captain_america, dawnguard, risk_legacy, risk_skyrim

SYSTEMS = {
    module.KEY: module for module in (risk_legacy, dawnguard, risk_skyrim, captain_america)
}
