"""The closed vocabulary of structured effects in the GURPS critical tables.

Every critical-table result in `data/` is written twice: in words (`en`,
`ja`) and as effects the engine can apply, such as
`{effect: damage_multiplier, value: 3}` or `{effect: drop_weapon, when: [cheap_weapon]}`.
This module lists the effect kinds, the parameters each one takes, and
the conditions a `when` may name, so a typo in a table is caught on load.

>>> check_effect_params(EffectKind.DAMAGE_MULTIPLIER, {"value"})
>>> check_effect_params(EffectKind.DAMAGE_MULTIPLIER, set())
Traceback (most recent call last):
...
ValueError: effect damage_multiplier needs value
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final

__all__ = ["Condition", "EffectKind", "check_effect_params"]


class EffectKind(StrEnum):
    """What a critical result does. Parameters are listed in `_PARAMS`."""

    # critical hits (B556)
    DEFENSE_IMPOSSIBLE = "defense_impossible"  # no active defense against this hit
    DAMAGE_MULTIPLIER = "damage_multiplier"  # basic damage × value
    MAX_DAMAGE = "max_damage"  # dice count as all sixes
    NORMAL_DAMAGE = "normal_damage"
    DR_HALVED = "dr_halved"  # effective DR halved, rounding down or up
    IGNORE_DR = "ignore_dr"
    MAJOR_WOUND = "major_wound"  # treat the injury as a major wound
    DOUBLE_SHOCK = "double_shock"  # shock penalty doubled, to `cap`
    BRIEF_CRIPPLING = "brief_crippling"  # limb numbed for (base − HT) s, at least `minimum`
    DROP_HELD_ITEMS = "drop_held_items"
    REDIRECT_TO_EYE = "redirect_to_eye"  # face/skull hit becomes an eye hit, else `fallback_roll`
    LOSE_NEXT_TURN = "lose_next_turn"  # Do Nothing next turn (may still defend)
    DEAFENED = "deafened"
    SCARRED = "scarred"
    # critical misses (B556-557)
    DROP_WEAPON = "drop_weapon"
    WEAPON_BREAKS = "weapon_breaks"
    HIT_SELF = "hit_self"  # own arm or leg, `fraction` of damage
    LOSE_BALANCE = "lose_balance"  # no actions until next turn, `defense_penalty`
    WEAPON_TURNS_IN_HAND = "weapon_turns_in_hand"  # `extra_ready` Ready maneuvers needed
    WEAPON_FLIES = "weapon_flies"
    STRAINED_SHOULDER = "strained_shoulder"
    FALL_DOWN = "fall_down"
    KNOCKED_OUT = "knocked_out"
    STRAINED_LIMB = "strained_limb"
    MODERATE_PAIN = "moderate_pain"  # for (base − HT) minutes
    FLEE_OR_SUBMIT = "flee_or_submit"
    HIT_SOLID_OBJECT = "hit_solid_object"  # own thrust crushing × `fraction` to the part used
    IMPALED_ON_WEAPON = "impaled_on_weapon"
    NATURAL_WEAPON_DAMAGED = "natural_weapon_damaged"  # `value` to its damage until healed
    STUMBLE_PAST = "stumble_past"
    ROLL_OR_FALL = "roll_or_fall"  # roll `roll` + `modifier` or fall down
    GUARD_DOWN = "guard_down"
    TORN_MUSCLE = "torn_muscle"
    INJURY_ROLL = "injury_roll"  # take `dice` injury
    AWKWARD_POSITION = "awkward_position"


class Condition(StrEnum):
    """A circumstance a `when` list can require; all listed conditions must hold."""

    PENETRATES = "penetrates"  # some damage got through DR
    CRUSHING = "crushing"
    NOT_CRUSHING = "not_crushing"
    LIMB_OR_EXTREMITY = "limb_or_extremity"  # the hit landed on an arm, leg, hand or foot
    MELEE = "melee"
    RANGED = "ranged"
    SWINGING_MELEE = "swinging_melee"
    NOT_SWINGING_MELEE = "not_swinging_melee"  # a thrust, a ranged attack or a parry
    IMPALING_OR_PIERCING_MELEE = "impaling_or_piercing_melee"
    BREAKAGE_RESISTANT = "breakage_resistant"  # solid crusher, magic, most guns, fine+
    CHEAP_WEAPON = "cheap_weapon"
    NOT_CHEAP_WEAPON = "not_cheap_weapon"
    ATTACKING = "attacking"
    PARRYING = "parrying"
    LIMB_ATTACK = "limb_attack"  # punch, kick and the like
    BITE_OR_BUTT = "bite_or_butt"
    KICKING = "kicking"
    NOT_KICKING = "not_kicking"
    ANIMAL_IQ_3_TO_5 = "animal_iq_3_to_5"
    NOT_ANIMAL_IQ_3_TO_5 = "not_animal_iq_3_to_5"
    FOE_READY_IMPALING_WEAPON = "foe_ready_impaling_weapon"
    NO_READY_IMPALING_WEAPON = "no_ready_impaling_weapon"
    NATURAL_WEAPON = "natural_weapon"  # claws, teeth and other natural weapons
    NOT_NATURAL_WEAPON = "not_natural_weapon"


_E = EffectKind
_NONE: Final[tuple[frozenset[str], frozenset[str]]] = (frozenset(), frozenset())


def _p(required: str = "", optional: str = "") -> tuple[frozenset[str], frozenset[str]]:
    return frozenset(required.split()), frozenset(optional.split())


# Effect kind → (required parameters, optional parameters).
_PARAMS: Final[dict[EffectKind, tuple[frozenset[str], frozenset[str]]]] = {
    _E.DEFENSE_IMPOSSIBLE: _NONE,
    _E.DAMAGE_MULTIPLIER: _p("value"),
    _E.MAX_DAMAGE: _NONE,
    _E.NORMAL_DAMAGE: _NONE,
    _E.DR_HALVED: _p("rounding"),
    _E.IGNORE_DR: _NONE,
    _E.MAJOR_WOUND: _NONE,
    _E.DOUBLE_SHOCK: _p("cap"),
    _E.BRIEF_CRIPPLING: _p("base minimum"),
    _E.DROP_HELD_ITEMS: _NONE,
    _E.REDIRECT_TO_EYE: _p("fallback_roll"),
    _E.LOSE_NEXT_TURN: _p("may_defend"),
    _E.DEAFENED: _NONE,
    _E.SCARRED: _p("appearance", "appearance_burning_or_corrosion"),
    _E.DROP_WEAPON: _NONE,
    _E.WEAPON_BREAKS: _p("", "reroll_if if_reroll_differs"),
    _E.HIT_SELF: _p("fraction", "reroll_if if_reroll_differs"),
    _E.LOSE_BALANCE: _p("defense_penalty"),
    _E.WEAPON_TURNS_IN_HAND: _p("extra_ready"),
    _E.WEAPON_FLIES: _p("dice bystander_roll bystander_fraction"),
    _E.STRAINED_SHOULDER: _p("minutes"),
    _E.FALL_DOWN: _NONE,
    _E.KNOCKED_OUT: _p("recovery_roll minutes"),
    _E.STRAINED_LIMB: _p("injury minutes"),
    _E.MODERATE_PAIN: _p("base"),
    _E.FLEE_OR_SUBMIT: _NONE,
    _E.HIT_SOLID_OBJECT: _p("fraction"),
    _E.IMPALED_ON_WEAPON: _NONE,
    _E.NATURAL_WEAPON_DAMAGED: _p("value"),
    _E.STUMBLE_PAST: _p("yards"),
    _E.ROLL_OR_FALL: _p("roll modifier"),
    _E.GUARD_DOWN: _p("defense_penalty doubles_evaluate_and_feint"),
    _E.TORN_MUSCLE: _p(
        "dice next_turn_penalty lasting_penalty", "lasting_penalty_high_pain_threshold"
    ),
    _E.INJURY_ROLL: _p("dice"),
    _E.AWKWARD_POSITION: _p("attack_penalty defense_penalty"),
}


def check_effect_params(kind: EffectKind, given: set[str]) -> None:
    """Raise ValueError unless `given` holds every required and no foreign parameter."""
    required, optional = _PARAMS[kind]
    missing = sorted(required - given)
    if missing:
        raise ValueError(f"effect {kind.value} needs {', '.join(missing)}")
    foreign = sorted(given - required - optional)
    if foreign:
        allowed = ", ".join(sorted(required | optional)) or "no parameters"
        raise ValueError(
            f"effect {kind.value} does not take {', '.join(foreign)} (it takes {allowed})"
        )
