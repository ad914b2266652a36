"""Risk Legacy (docs/rules.md §1): the campaign's state and every rule the tracker checks.

Plain Python, no Django. The entries of a campaign, in order:

    setup       {"starting_powers": {faction: text}, "coin_stickers": {territory: n},
                 optional "trade_in_chart": {"<icons>": troops}}              once, before game 1
    trade_in_chart  {"chart": {"<icons>": troops}}      the chart corrected, any time after the setup
    game        {"number", "played_on", "seats": [{"player", "faction", "start"}],
                 optional "keys": the journal game's optional keys}            opens a game
    packet      {"name", "unlocks": {optional "scar_types", "world_capital", "notes", "factions":
                 [{"name", "powers"}], "powers": [{"faction", "power"}], "rules_text"}}
                                             during a game, or after it (its rewards, between games)
    event       {"type": "scar" | "fortification_box" | "city", ...}           during a game
                 (a scar or city event may carry "allowed_by_card": true: it covers another;
                 the table's own events: elimination, missiles (optional "by": who fired),
                 recruitment, red_star {"player", "from"}, red_star_token {"player", "how"};
                 docs/journal.md, "Extensions")
    (any of these but a packet may carry "ruling": the group's reason, and so may a seat; a
    house_rule entry sets a rule aside for games: rules/base.py, "The table has the last word")
    game_end    {"results": {player: "won" | "held_on" | "eliminated"},
                 optional "end_control": {player: [territory]}}                 ends a game
    reward      {"player", optional "sign": {optional "comment"}, "choice": {...} | null}
    world       {"name", "named_by", optional "roll_off": {player: natural roll}}

`apply` checks an entry completely before it changes anything, so a refused entry leaves
the state as it was. Each rule lives in one function (`why_not_start`, the `_*_target`
and `_*_detail` checks of the rewards, ...) which `apply`, the helpers the web forms call
and the journal import all share. As it changes the state, each entry also records what it
changed, in words and where (`state.changes`: Change records, with what a later entry
ended), and the setup keeps its coins (`state.setup_coins`): the board and the history
read these and never apply a rule again (campaigns/systems/risk_legacy/board.py and
history.py). The helpers for the pages:

    why_not_next_game(state)                      may game n+1 start? (message or None)
    legal_starts(state, player, chosen_starts)    sorted legal HQ territories
    why_not_start(state, player, territory, chosen_starts)
    why_not_reward_turn(state, player)            may this player choose a reward now?
    reward_targets(state, player)                 {choice type: [targets]} for that player
    bonus_deltas(state)                           the continent bonus marks left (+1, -1)
    why_not_name_world(state), world_namers(state), roll_off_totals(state, rolls)
    recruitment(state, player, controlled_territories, icons_traded, cards_traded) -> Recruitment
    scar_targets(state, allowed_by_card), scar_placers(game, allowed_by_card),
    city_targets(state, allowed_by_card),
    fortification_box_targets(state)              where an event may go now
    city_kinds_left(state), missiles_left(state, game), missile_holders(state, game),
    why_not_open_packet(state)
    supplies(state), setup_tokens(state, player), faction_history(state, faction),
    homeland(state, faction), packet_prompts(state), describe(entry)

Where each concern lives (lowest first; a module imports only from those above it):

    box.py      the board and the box: territories, continents, neighbours, factions,
                supplies, reward choices, packet conditions, phases (data only)
    state.py    the dataclasses, RiskLegacyState and new_state, the small checks every
                entry shares, and the Change records (state.changes)
    setup.py    the setup and the trade-in chart corrections
    game.py     a game: its start (seats, legal starts), packets, events, its end
    rewards.py  the end-of-game rewards: turns, choices, targets, their effects
    world.py    naming the world after game 15
    fold.py     apply: each entry kind to its check, then its change
    table.py    helpers for the pages: targets for the forms, suggested seats, packet
                prompts, the recruitment calculator, describe
    journal.py  the journal in and out (journal_entries, journal_parts) and state_json

Everything below is re-exported here: `from campaigns.rules import risk_legacy as rl; rl.X`.
This package keeps the rules protocol (campaigns/rules/protocol.py); its Django side is
campaigns/systems/risk_legacy/ (its GameSystem: campaigns/systems/base.py).
"""

from ..base import Entry, RuleError  # noqa: I001 (the re-exports below keep their order)

# The fold keeps the state as of each game (rules/protocol.py).
state_as_of = None
# Every rule it checks, with its name and its rulebook place (rulebook.py).
from .box import (
    CHOICE_FIELDS,
    CHOICE_LABEL,
    CITY_KINDS,
    CITY_LABEL,
    CITY_POPULATION,
    COIN_STICKERS,
    CONTINENT_BONUS,
    CONTINENT_OF,
    CONTINENT_TERRITORIES,
    CONTINENTS,
    FACTIONS,
    FORTIFICATION_BOXES,
    GAME_KEYS,
    HELD_ON_CHOICES,
    JOURNAL_KEYS,
    KEY,
    LABEL,
    LAST_REWARD_GAME,
    MAX_RESOURCES,
    MAX_RESOURCES_BEFORE_FIRST_GAME,
    MAX_SEATS,
    MIN_SEATS,
    NEIGHBOURS,
    PACKET_CONDITIONS,
    PHASE_PLAYING,
    PHASE_READY,
    PHASE_REWARDS,
    PHASE_SETUP,
    PHASES,
    PRINTED_COINS,
    RESULTS,
    STARTING_SCAR_TYPES,
    TERRITORIES,
    TRADE_IN_ICONS,
    TRADE_IN_TROOPS_MAX,
    WEB_GAME_KEYS,
    WINNER_CHOICES,
)
from .fold import (
    apply,
)
from .game import (
    EVENT_FIELDS,
    EVENT_OPTIONAL_FIELDS,
    MISSILES_PACKET,
    RECRUITMENT_PACKET,
    TABLE_EVENTS,
    eliminated_during,
    hqs_held,
    legal_starts,
    missiles_fired,
    missiles_fired_by,
    missiles_in_play,
    missiles_left,
    missiles_left_for,
    red_stars,
    why_not_next_game,
    why_not_open_packet,
    why_not_start,
)
from .journal import (
    CORRECTIONS_KEY,
    journal_entries,
    journal_parts,
    state_json,
)
from .rewards import (
    bonus_deltas,
    gives_rewards,
    why_not_reward_turn,
)
from .rulebook import RULEBOOK, RULES
from .state import (
    Change,
    City,
    Continent,
    Faction,
    Fortification,
    Game,
    Packet,
    Reward,
    RiskLegacyState,
    ScarType,
    Seat,
    Signature,
    Supplies,
    Territory,
    World,
    new_state,
    supplies,
    territory_slug,
)
from .table import (
    Recruitment,
    city_kinds_left,
    city_targets,
    describe,
    eliminable,
    faction_history,
    fortification_box_targets,
    homeland,
    may_add_coin,
    missile_holders,
    packet_prompts,
    packets_to_open,
    random_placement,
    recruitment,
    reward_targets,
    scar_cards_dealt,
    scar_placers,
    scar_targets,
    setup_tokens,
    suggested_seats,
    trade_in_troops,
)
from .world import (
    DIE_FACES,
    continents_named_by,
    roll_off_totals,
    why_not_name_world,
    world_namers,
)

__all__ = [
    "Entry",
    "RuleError",
    "KEY",
    "LABEL",
    "JOURNAL_KEYS",
    "CONTINENT_BONUS",
    "CONTINENT_TERRITORIES",
    "CONTINENTS",
    "TERRITORIES",
    "CONTINENT_OF",
    "NEIGHBOURS",
    "FACTIONS",
    "STARTING_SCAR_TYPES",
    "COIN_STICKERS",
    "PRINTED_COINS",
    "MAX_RESOURCES_BEFORE_FIRST_GAME",
    "MAX_RESOURCES",
    "FORTIFICATION_BOXES",
    "LAST_REWARD_GAME",
    "MIN_SEATS",
    "MAX_SEATS",
    "TRADE_IN_ICONS",
    "TRADE_IN_TROOPS_MAX",
    "CITY_KINDS",
    "CITY_POPULATION",
    "CITY_LABEL",
    "RESULTS",
    "GAME_KEYS",
    "WEB_GAME_KEYS",
    "WINNER_CHOICES",
    "HELD_ON_CHOICES",
    "CHOICE_LABEL",
    "CHOICE_FIELDS",
    "PACKET_CONDITIONS",
    "PHASE_SETUP",
    "PHASE_READY",
    "PHASE_PLAYING",
    "PHASE_REWARDS",
    "PHASES",
    "RULEBOOK",
    "RULES",
    "City",
    "Fortification",
    "Territory",
    "Continent",
    "Faction",
    "ScarType",
    "Supplies",
    "Signature",
    "Seat",
    "Packet",
    "Reward",
    "Game",
    "World",
    "Change",
    "territory_slug",
    "RiskLegacyState",
    "new_state",
    "supplies",
    "why_not_next_game",
    "why_not_start",
    "legal_starts",
    "why_not_open_packet",
    "EVENT_FIELDS",
    "EVENT_OPTIONAL_FIELDS",
    "MISSILES_PACKET",
    "RECRUITMENT_PACKET",
    "eliminated_during",
    "missiles_in_play",
    "missiles_fired",
    "missiles_left",
    "missiles_fired_by",
    "missiles_left_for",
    "TABLE_EVENTS",
    "hqs_held",
    "red_stars",
    "gives_rewards",
    "why_not_reward_turn",
    "bonus_deltas",
    "world_namers",
    "continents_named_by",
    "why_not_name_world",
    "roll_off_totals",
    "DIE_FACES",
    "apply",
    "suggested_seats",
    "may_add_coin",
    "random_placement",
    "missile_holders",
    "eliminable",
    "scar_targets",
    "scar_placers",
    "fortification_box_targets",
    "city_targets",
    "city_kinds_left",
    "reward_targets",
    "scar_cards_dealt",
    "setup_tokens",
    "faction_history",
    "homeland",
    "packet_prompts",
    "packets_to_open",
    "Recruitment",
    "recruitment",
    "trade_in_troops",
    "describe",
    "state_json",
    "journal_entries",
    "CORRECTIONS_KEY",
    "journal_parts",
    "state_as_of",
]
