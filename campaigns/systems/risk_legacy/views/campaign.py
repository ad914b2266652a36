"""What every Risk Legacy page starts from: the campaign as the user may see it, and its state
again after another phone moved it on, and what its templates show from the rules."""

from dataclasses import dataclass

from ....access import campaign_for
from ....rules import risk_legacy as rl


def risk_legacy_campaign(request, slug, *, record=False):
    """The campaign as the user may see it (or record in it), when it is a Risk Legacy one."""
    return campaign_for(request, slug, record=record, system=rl.KEY)


@dataclass(frozen=True)
class Phase:
    """Where the campaign stands, as the templates ask it (`phase.is_rewards`): the phase
    names stay the rules layer's; `{{ phase }}` is the name (a CSS class)."""

    name: str

    def __str__(self) -> str:
        return self.name

    @property
    def is_setup(self) -> bool:
        return self.name == rl.PHASE_SETUP

    @property
    def is_ready(self) -> bool:
        return self.name == rl.PHASE_READY

    @property
    def is_playing(self) -> bool:
        return self.name == rl.PHASE_PLAYING

    @property
    def is_rewards(self) -> bool:
        return self.name == rl.PHASE_REWARDS


def page_constants(state) -> dict:
    """What the Risk Legacy templates show from the rules rather than write down: the phase
    and the last game that gives rewards (after which the world is named)."""
    return {"phase": Phase(state.phase), "last_reward_game": rl.LAST_REWARD_GAME}
