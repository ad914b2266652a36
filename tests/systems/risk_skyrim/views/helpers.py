"""Helpers the tests of this folder share (not test modules importing each other)."""

from django.urls import reverse

from campaigns import states

from tests.rows import row_name, rows_post


def new_url(campaign):
    return reverse("game_start", args=[campaign.slug])


def slot(number, part):
    """Seat slot `number`'s field `part` (from 1)."""
    return row_name("seats", number, part)


def seat(number, player, faction, **counts):
    """Seat slot `number`'s fields as a browser sends them."""
    return {slot(number, part): value for part, value in {"player": player, "faction": faction, **counts}.items()}


def play(mode="chaos", number=1, *seats, **extra):
    data = {"number": number, "mode": mode, "played_on": "2026-11-20", **rows_post("seats", [None] * 5), **extra}
    for fields in seats:
        data.update(fields)
    return data


CHAOS = play(
    "chaos", 1,
    seat(1, "Ana", "Thalmor", territories=20, forts=4, portals=3),
    seat(2, "Ben", "Orcs", territories=16, forts=2, portals=3),
)


DOVAHKIIN = play(
    "dovahkiin", 1,
    seat(1, "Ana", "Thalmor", victory_points=10, hero_alive="on"),
    seat(2, "Ben", "Orcs", victory_points=8, hero_alive="on"),
)


def save(client, campaign, data, url=None):
    return client.post(url or new_url(campaign), {**data, "save": "1"})


def now(campaign):
    """The campaign's state as saved now (the test's object may be behind the writes)."""
    campaign.refresh_from_db()
    return states.state(campaign)


def games(campaign):
    return now(campaign).games


def refused(client, campaign, data, url=None):
    response = save(client, campaign, data, url)
    assert response.status_code == 200
    return response.content.decode()


