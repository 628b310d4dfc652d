"""The トモガミ range-band system of seed 003 (`senjo.systems.tomogami`), in progress.

Distances are bands (`senjo.space.bands`), not a map. The seed leaves how a check is
rolled and how damage works to its base game, which senjo does not have: `checks.py`
is senjo's stand-in, chosen by options, so the seed's own rules read only levels and
winners. `docs/rules/tomogami.md` maps the seed's passages to the code; the plan is
`docs/plans/tomogami.md`.
"""
