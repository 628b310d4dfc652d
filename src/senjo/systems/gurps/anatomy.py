"""Which rules a blow on this body follows: Injury Tolerance and the locations it lacks.

Pure functions of a `Fighter`, shared by the wounding rules (`wounds.py`,
`criticals.py`), the AI's choice of hit location (`ai.py`) and the fast
path's tables.

>>> from senjo.scenario.gurps import build_fighter
>>> golem, _, _ = build_fighter({"key": "g", "name": "g", "side": "s", "st": 10, "dx": 10,
...     "iq": 10, "ht": 10, "advantages": ["no_vitals", "no_brain"]}, "doc", 0)
>>> [wounded_location(golem, where) for where in ("vitals", "groin", "skull", "eye", "neck")]
['torso', 'torso', 'face', 'face', 'neck']
>>> injury_tolerance(golem) is None
True
"""

from __future__ import annotations

from typing import Final

from senjo.systems.gurps.model import Fighter

__all__ = ["injury_tolerance", "wounded_location"]


#: Where a blow wounds a body that lacks what the location holds: No Vitals takes vitals
#: and groin hits as torso hits, No Brain skull and eye hits as face hits (B60; the eye
#: can still be crippled, see `wounds.apply_injury`). docs/rules/gurps.md, interpretation 48.
_LACKING: Final = {
    "no_vitals": {"vitals": "torso", "groin": "torso"},
    "no_brain": {"skull": "face", "eye": "face"},
}


def wounded_location(fighter: Fighter, location: str) -> str:
    """The location whose wounding, knockdown and DR rules a blow at `location` follows.

    Armor is still the armor worn where the blow lands (`Fighter.dr_at(location)`).
    """
    for trait, moved in _LACKING.items():
        if location in moved and fighter.has(trait):
            return moved[location]
    return location


#: The Injury Tolerances that change wounding (B380), each with its trait's name (named
#: once here: the rules ask at every hit and every critical).
_TOLERANCES: Final = tuple(
    (kind, f"injury_tolerance_{kind}") for kind in ("diffuse", "homogenous", "unliving")
)


def injury_tolerance(fighter: Fighter) -> str | None:
    """The fighter's Injury Tolerance for wounding, if any (B380)."""
    for kind, trait in _TOLERANCES:
        if fighter.has(trait):
            return kind
    return None
