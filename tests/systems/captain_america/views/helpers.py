"""Helpers the tests of this folder share (not test modules importing each other)."""

from tests.rows import row_name, rows_post

# Each seat as the form's rows hold it: with 4 players a hero each ("heroes"), with 2 a team each.
SEAT_ROWS = {
    "hero_captain_america": ("heroes", 1), "hero_falcon": ("heroes", 2), "hero_iron_man": ("heroes", 3),
    "hero_war_machine": ("heroes", 4), "team_captain_america": ("teams", 1), "team_iron_man": ("teams", 2),
}


def seated(data):
    """`data` with its seats (hero_falcon="Ben", team_iron_man="Ana") as the form's rows are
    sent, both player counts' rows with their management forms, as the page sends them."""
    sent = rows_post("heroes", [None] * 4) | rows_post("teams", [None] * 2)
    for name, value in data.items():
        sent[row_name(*SEAT_ROWS[name], "player") if name in SEAT_ROWS else name] = value
    return sent


def four(number=6, **changes):
    """A legal 4-player play: Team Captain America 5 (Winter Soldier, most rooms), Team Iron Man 3."""
    return seated({
        "number": str(number),
        "played_on": "2026-11-28",
        "players": "4",
        "hero_captain_america": "Ana",
        "hero_falcon": "Ben",
        "hero_iron_man": "Cid",
        "hero_war_machine": "Dee",
        "winter_soldier": "captain-america",
        "quinjet": "iron-man",
        "rooms_captain_america": "18",
        "rooms_iron_man": "12",
        "action": "save",
        **changes,
    })


