"""The read side's shapes, shared by every system (no Django here, like campaigns/rules).

base.py holds the one shape every system's plays take (`Play`s with `Seat`s) and `ReadSide`,
what each system gives the shared read side: its plays, as its own readside.py reads them from
what its fold recorded (campaigns/systems/<system>/readside.py), and the facts about them as
data (the word for its sides, co-operative or not, scored, teams, the marks its players win).
Each system's GameSystem holds its ReadSide (campaigns/systems/base.py); campaigns.stats,
campaigns.exports and a play log's standings (campaigns.systems.play_log.standings) read it
and never ask which system they have.
"""
