"""The game systems the app serves: one explicit list, `settings.GAME_SYSTEMS`.

Each line of that list is the dotted path of one `GameSystem` (campaigns/systems/base.py,
where a newcomer reads the whole contract). Adding a game is adding its folder and its line:

    GAME_SYSTEMS = [
        "campaigns.systems.risk_legacy.system.SYSTEM",
        ...
    ]

Shared code asks this module, never a system's package: `systems()` in the list's order (the
order pages list them), `get(key)`, `system_of(campaign)`, `choices()` (a campaign's game), and
`SystemTemplates`, the template loader that finds each system's templates folders.

The systems are imported when first asked for, not when this module is: the models ask for
them (a campaign's rules, its game's choices), and a system's package imports the models.
"""

from __future__ import annotations

import functools
import importlib
import sys
from typing import Any

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.template import engines
from django.template.loaders.filesystem import Loader as FilesystemLoader
from django.urls import clear_url_caches
from django.utils.module_loading import import_string

# What this module hands out is each line's `GameSystem` (campaigns/systems/base.py), typed
# `Any` here: the registry sits below the systems and imports none of them, not even for a type.
GameSystem = Any

def systems() -> tuple[GameSystem, ...]:
    """Every registered game system, in the registry's order."""
    return tuple(_loaded(tuple(settings.GAME_SYSTEMS)).values())


def get(key: str) -> GameSystem:
    """The game system registered under `key`; LookupError when none is."""
    registered = _loaded(tuple(settings.GAME_SYSTEMS))
    if key not in registered:
        raise LookupError(f"no game system {key!r} is registered (settings.GAME_SYSTEMS)")
    return registered[key]


def system_of(campaign) -> GameSystem:
    """The game system a campaign is played with."""
    return get(campaign.system)


def choices() -> list[tuple[str, str]]:
    """(key, label) of every game: the choices of `Campaign.system` and of the campaign form,
    read when asked, so a new game or a renamed one needs no migration."""
    return [(system.key, system.label) for system in systems()]


@functools.cache
def _loaded(paths: tuple[str, ...]) -> dict[str, GameSystem]:
    loaded: dict[str, GameSystem] = {}
    for path in paths:
        system = import_string(path)
        if system.key in loaded:
            raise ImproperlyConfigured(
                f"settings.GAME_SYSTEMS: two systems have the key {system.key!r} ({path})"
            )
        loaded[system.key] = system
    return loaded


class SystemTemplates(FilesystemLoader):
    """Finds templates in each registered system's templates folders (`GameSystem.templates`),
    after the shared templates/ and before the apps' (settings.TEMPLATES)."""

    def get_dirs(self):
        # A folder two systems share (the play-log kind's) is searched once.
        return list(dict.fromkeys(folder for system in systems() for folder in system.templates))


# The URLs and the template folders are read from the registry when the URLconf is imported
# and when a template is first looked up: a test that registers another system
# (override_settings(GAME_SYSTEMS=[..., "its.system.SYSTEM"])) gets them built again, and
# gets them back as they were when the override ends.
URLCONFS_FROM_THE_REGISTRY = ("campaigns.urls",)


@receiver(setting_changed)
def _registry_changed(*, setting, **kwargs):
    if setting != "GAME_SYSTEMS":
        return
    for name in (*URLCONFS_FROM_THE_REGISTRY, settings.ROOT_URLCONF):
        if name in sys.modules:
            importlib.reload(sys.modules[name])
    clear_url_caches()
    for engine in engines.all():  # the Django template engine: its cached loader forgets
        for loader in engine.engine.template_loaders:
            loader.reset()
