"""The territories as the Risk Legacy forms and pages list them: grouped by continent, in
board order."""

from ....rules import risk_legacy as rl


def territories_by_continent(territories=None) -> list[tuple[str, list[str]]]:
    """Territories (all of them by default) grouped by continent, in board order; a continent
    with none of them is left out."""
    wanted = set(rl.TERRITORIES if territories is None else territories)
    groups = [
        (continent, [name for name in names if name in wanted])
        for continent, names in rl.CONTINENT_TERRITORIES.items()
    ]
    return [(continent, names) for continent, names in groups if names]


def territory_choices(territories=None):
    """Territories grouped by continent, for a <select> with optgroups."""
    return [
        (continent, [(name, name) for name in names])
        for continent, names in territories_by_continent(territories)
    ]
