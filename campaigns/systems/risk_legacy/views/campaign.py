"""What every Risk Legacy page starts from: the campaign as the user may see it, and its state
again after another phone moved it on, and what its templates show from the rules."""

from ....access import campaign_for
from ....rules import risk_legacy as rl
from ....web.phase import Phase


def risk_legacy_campaign(request, slug, *, record=False):
    """The campaign as the user may see it (or record in it), when it is a Risk Legacy one."""
    return campaign_for(request, slug, record=record, system=rl.KEY)


def page_constants(state) -> dict:
    """What the Risk Legacy templates show from the rules rather than write down: the phase
    and the last game that gives rewards (after which the world is named)."""
    return {"phase": Phase(state.phase, rl.PHASES), "last_reward_game": rl.LAST_REWARD_GAME}
