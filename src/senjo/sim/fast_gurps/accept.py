"""Which GURPS scenarios the fast path models completely, and why it declines the others.

`decline_reason(scenario)` returns None for a duel the fast path plays
exactly as the engine would, else one line naming the first feature it does
not model. The checks are strict: anything the engine would do differently
from the vectorised model is declined here, before a battle is played.
"""

from __future__ import annotations

from senjo.scenario import Scenario
from senjo.systems.gurps.model import Fighter

__all__ = ["MODELLED_ADVANTAGES", "MODELLED_DAMAGE_TYPES", "decline_reason", "main_weapon"]

#: Traits the fast path models (those of examples/gurps/duel.yaml).
MODELLED_ADVANTAGES = frozenset({"combat_reflexes", "high_pain_threshold"})
#: Damage types whose wounding, knockback and critical-miss rerolls it models.
MODELLED_DAMAGE_TYPES = frozenset({"cut", "cr", "imp"})
#: Optional rules whose values it models, and the values it accepts (None: any value).
_OPTIONS: dict[str, frozenset[str] | None] = {
    "max_rounds": None,
    "free_actions": frozenset({"off"}),
    "random_hit_locations": frozenset({"off"}),
    "deceptive_floor": None,
    "heavy_parry_break": None,  # checked against the weapons below
    # The AI never takes Move and Attack, and no attack is ranged: these change nothing.
    "move_and_attack_defenses": None,
    "move_and_attack_other_rolls": None,
    "prone_ranged_penalty": None,
}


def main_weapon(fighter: Fighter) -> str | None:
    """The key of the fighter's one weapon that is not a natural one (None if not exactly one)."""
    armed = [w.key for w in fighter.weapons if not w.modes[0].unarmed]
    return armed[0] if len(armed) == 1 else None


def _fighter_reason(fighter: Fighter) -> str | None:
    name = f"combatant {fighter.key!r}"
    for weapon in fighter.weapons:
        for mode in weapon.modes:
            if mode.ranged is not None:
                return f"{name} has a ranged weapon ({weapon.key})"
    for weapon in fighter.weapons:
        if weapon.modes[0].unarmed and weapon.key != "punch":
            return f"{name} has a natural weapon other than a punch ({weapon.key})"
    if main_weapon(fighter) is None:
        return f"{name} does not carry exactly one melee weapon"
    for weapon in fighter.weapons:
        for mode in weapon.modes:
            label = f"{name}'s {weapon.key} ({mode.name})"
            if mode.damage.damage_type.value not in MODELLED_DAMAGE_TYPES:
                return f"{label} does {mode.damage.damage_type.value} damage"
            if mode.damage.armor_divisor != 1:
                return f"{label} has an armor divisor"
            if mode.st_for_damage is not None or mode.damage.base not in ("sw", "thr"):
                return f"{label} has fixed damage"
            if mode.two_handed or mode.reach_needs_ready:
                return f"{label} needs two hands or a change of grip"
            if not mode.unarmed and tuple(mode.reach) != (1,):
                return f"{label} has a reach other than 1"
            if mode.parry.fencing:
                return f"{label} is a fencing weapon"
    unknown = sorted(fighter.advantages - MODELLED_ADVANTAGES)
    if unknown:
        return f"{name} has a trait the fast path does not model ({unknown[0]})"
    if fighter.size_modifier:
        return f"{name} has a size modifier"
    if fighter.flexible_armor:
        return f"{name} wears flexible armor (blunt trauma)"
    return None


def decline_reason(scenario: Scenario) -> str | None:
    """None if the fast path models the scenario completely, else why not (one line)."""
    if scenario.system != "gurps":
        return f"GURPS duels only, not {scenario.system}"
    if getattr(scenario, "ground", None) is not None:
        return "the scenario has a map (the GURPS fast path plays without one)"
    fighters: tuple[Fighter, ...] = tuple(getattr(scenario, "fighters", ()))
    if len(fighters) != 2:
        return f"{len(fighters)} combatants (it plays duels of exactly two)"
    if fighters[0].side == fighters[1].side:
        return "both combatants are on one side"
    for key, kind in scenario.controllers.items():
        if kind == "random":
            return f"combatant {key!r} has a random controller"
    for name, value in sorted(scenario.options.items()):
        allowed = _OPTIONS.get(name, frozenset())
        if allowed is not None and value not in allowed:
            return f"option {name}={value} is not modelled"
    for fighter in fighters:
        reason = _fighter_reason(fighter)
        if reason is not None:
            return f"{reason}"
    first, second = fighters
    if (first.basic_speed, first.dx) == (second.basic_speed, second.dx):
        return "the initiative is a tie (decided by a roll)"
    if scenario.options.get("heavy_parry_break", "on") == "on":
        for defender, attacker in ((first, second), (second, first)):
            for mine in defender.weapons:
                if mine.weight <= 0 or mine.breakage_resistant:
                    continue
                if any(theirs.weight >= 3 * mine.weight for theirs in attacker.weapons):
                    return f"{defender.key}'s {mine.key} may break parrying"
    return None
