"""GURPS 4th edition (seeds 000 and 001): rule data and calculators.

The foundation the GURPS rule system calls:

- `damage`: damage types, damage dice ("2d-1"), weapon damage ("sw+1 cut").
- `tables`: the YAML tables in `data/` (damage by ST, size and speed/range,
  hit locations, postures, critical tables, encumbrance), loaded once.
- `injury`: DR and penetration, wounding modifiers, knockback, shock,
  major wounds, crippling and the HP thresholds.
- `ranged`: rapid fire, recoil, 1/2D and opportunity fire.
- `character_math`: HP, FP, Will, Per, Basic Speed and Move, Dodge, Basic Lift
  and encumbrance.

Rules decisions are listed in docs/rules/gurps-tables.md.
"""
