"""The one count of games every page shows: the overview, the public page, Play, the home list
and an invitation all say it with `{% games_played campaign %}`."""

from django import template

from .. import registry, states

register = template.Library()


def games_finished(campaign) -> int:
    """The games played to their end. A Risk Legacy game in progress is not one yet (its state
    knows); the other systems log a game once it is over, so every logged game counts."""
    if campaign.games_finished is not None:
        return campaign.games_finished
    return states.state(campaign).games_finished


@register.simple_tag
def games_played(campaign, say_game_on=True) -> str:
    """"4 games played · game 5 in progress", "1 game played", "No game played yet"; in the
    system's own words when it has them ("5 sittings played · sitting 6 in progress", "No play
    logged yet").

    `say_game_on=False` leaves out the game in progress, for a page that already shows it
    (Play's status card)."""
    finished = games_finished(campaign)
    # Only a system whose games are opened and then ended has one in progress (Risk Legacy, a
    # Dawnguard sitting);
    # the others log a game once it is over, and a deleted play leaves a gap, not a game on.
    system = registry.system_of(campaign)
    opened = system.games_open_while_played and campaign.games_played > finished
    in_progress = campaign.games_played if opened and say_game_on else None
    # What the system calls its games: "4 games played", "5 sittings played", "8 plays logged".
    one, many, done = system.count_words.one, system.count_words.many, system.count_words.done
    if not finished:
        if in_progress:
            return f"{one.capitalize()} {in_progress} in progress"
        # The first game under way on a page that shows it: none is over yet, not "none played".
        return f"No {one} finished yet" if opened else f"No {one} {done} yet"
    text = f"{finished} {one if finished == 1 else many} {done}"
    return f"{text} · {one} {in_progress} in progress" if in_progress else text
