"""Where a campaign stands, as a template asks it: `{% if phase.is_playing %}`, never a string
compared in the template. The phases are the rules layer's (a system's PHASE_* names)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Phase:
    """A phase `name` among its system's `names`: `phase.is_<name>` is whether it is that one
    (a name the system has not is an error, never a quiet False); `{{ phase }}` is the name (a
    CSS class)."""

    name: str
    names: tuple[str, ...]

    def __post_init__(self):
        if self.name not in self.names:
            raise ValueError(f"{self.name!r} is not one of the phases {', '.join(self.names)}")

    def __str__(self) -> str:
        return self.name

    def __getattr__(self, attribute: str) -> bool:
        if attribute.startswith("is_") and attribute[3:] in self.names:
            return self.name == attribute[3:]
        raise AttributeError(attribute)
