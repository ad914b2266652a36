"""Helpers the tests of this folder share (not test modules importing each other)."""

from hypothesis import strategies as st

from campaigns.rules import risk_skyrim

PLAYERS = ["Ana", "Ben", "Cid", "Dee", "Eve"]


def chaos_seat(player, faction, territories, forts=0, portals=0):
    return {
        "player": player,
        "faction": faction,
        "territories": territories,
        "forts": forts,
        "portals": portals,
    }


def dovahkiin_seat(player, faction, victory_points, hero_alive=True, **counts):
    return {
        "player": player,
        "faction": faction,
        "victory_points": victory_points,
        "hero_alive": hero_alive,
        **counts,
    }


def civil_war_seat(player, faction, territories, **extra):
    return {"player": player, "faction": faction, "territories": territories, **extra}


@st.composite
def legal_game(draw, number):
    """A random game that breaks no rule."""
    mode = draw(st.sampled_from(list(risk_skyrim.MODES)))
    counts = risk_skyrim.PLAYER_COUNTS[mode]
    size = draw(st.integers(counts.start, counts.stop - 1))
    players = draw(st.permutations(PLAYERS))[:size]
    factions = draw(st.permutations(risk_skyrim.FACTIONS))[:size]
    seats = []
    if mode == "chaos":
        for player, faction in zip(players, factions, strict=True):
            territories = draw(st.integers(0, 48 // size))
            most = min(territories, 9 // size)
            forts, portals = draw(st.integers(0, most)), draw(st.integers(0, most))
            seats.append(chaos_seat(player, faction, territories, forts, portals))
    elif mode == "dovahkiin":
        winner = draw(st.integers(0, size - 1))
        for seat, (player, faction) in enumerate(zip(players, factions, strict=True)):
            if seat == winner:
                seats.append(dovahkiin_seat(player, faction, draw(st.integers(10, 12))))
            elif draw(st.booleans()):
                seats.append(dovahkiin_seat(player, faction, draw(st.integers(0, 9)), draw(st.booleans())))
            elif draw(st.booleans()):
                seats.append(dovahkiin_seat(player, faction, draw(st.integers(10, 15)), hero_alive=False))
            else:  # another 10+ seat with a living hero: the winner is then written
                seats.append(dovahkiin_seat(player, faction, draw(st.integers(10, 15))))
        if len(risk_skyrim.dovahkiin_contenders(seats)) > 1:
            seats[winner]["won"] = True
    else:
        winner = draw(st.integers(0, size - 1))
        for seat, (player, faction) in enumerate(zip(players, factions, strict=True)):
            extra = (
                {}
                if seat == winner or draw(st.booleans())
                else {"eliminated_in_turn": draw(st.integers(1, 40))}
            )
            seats.append(civil_war_seat(player, faction, 48 if seat == winner else 0, **extra))
    day = draw(st.integers(1, 28))
    return {"number": number, "played_on": f"2026-02-{day:02d}", "mode": mode, "seats": seats}


