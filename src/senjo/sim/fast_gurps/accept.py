"""Which GURPS scenarios the fast path models completely, and why it declines the others.

`decline_reason(scenario)` returns None for a duel the fast path plays
exactly as the engine would, else one line naming the first feature it does
not model. A duel of two melee fighters, of two shooters, or of a shooter
against a melee fighter (`shooter`, `shot_reason`: a main weapon that is a
bow, a crossbow, a javelin ..., played by the compiled kernel only); a fighter with a
missile weapon that is not its main one is declined (a spear it could throw is
kept: `_kept`), and so is a shield against shots (`ranged_tables.drop_tables`).
A fighter with a melee weapon ready in each hand is modelled too (`off_weapon`,
`_dual_reason`; the compiled kernel only). The checks are strict: anything
the engine would do differently from the vectorised model is declined here,
or while its tables are built, before a battle is played.
"""

from __future__ import annotations

from senjo.scenario import Scenario
from senjo.sim.declines import Reason
from senjo.systems.gurps.bare_hands import PARRY_SKILLS
from senjo.systems.gurps.model import AttackMode, Fighter, Weapon
from senjo.systems.gurps.ruleset import RuleSet
from senjo.systems.gurps.skills import FAST_DRAW

__all__ = [
    "DAMAGE_TYPES",
    "DECLINED_ADVANTAGES",
    "MODELLED_ADVANTAGES",
    "MODELLED_DAMAGE_TYPES",
    "MODELLED_OPTIONS",
    "SHOT_DAMAGE_TYPES",
    "decline_reason",
    "fighter_reason",
    "main_weapon",
    "off_weapon",
    "shooter",
    "shot_reason",
]

#: Traits a scenario may give that the fast path declines with a reason of their own:
#: Blindness (a blind defender rolls Hearing before a parry or block, interpretation 78).
DECLINED_ADVANTAGES = frozenset({"blindness"})
#: Traits the fast path models: those of examples/gurps/duel.yaml, the two that halve the
#: Rapid Strike and repeated-parry penalties (B376, B381), the Enhanced defenses, Low Pain
#: Threshold (double shock), Hard to Kill (death checks), Perfect Balance (knockback), One
#: Eye (-1 in each mode's base skill; a shot's -3 unaimed in the engine's shot scores), those
#: that change wounding by location, Ambidexterity (no off-hand penalty for a fighter with
#: two weapons ready, `off_hand.py`), and those that change nothing without a map (arcs)
#: or that the engine does not apply (Hard to Subdue) - each checked battle by battle
#: against the engine.
MODELLED_ADVANTAGES = frozenset(
    {
        "ambidexterity",
        "combat_reflexes",
        "double_jointed",
        "flexibility",
        "hard_to_subdue",
        "one_eye",
        "perfect_balance",
        "peripheral_vision",
        "vision_360",
        "enhanced_block",
        "enhanced_dodge",
        "enhanced_parry",
        "hard_to_kill",
        "high_pain_threshold",
        "injury_tolerance_diffuse",
        "injury_tolerance_homogenous",
        "injury_tolerance_unliving",
        "low_pain_threshold",
        "no_brain",
        "no_vitals",
        "trained_by_a_master",
        "weapon_master",
    }
)
#: Damage types whose wounding, knockback and critical-miss rerolls it models.
DAMAGE_TYPES = ("cut", "cr", "imp", "pi-", "pi", "pi+", "pi++")
MODELLED_DAMAGE_TYPES = frozenset(DAMAGE_TYPES)
#: Optional rules it models at every value (any other option set in a scenario is declined).
MODELLED_OPTIONS = frozenset(
    {
        "max_rounds",
        # The AI's only free action drops an empty missile weapon when a foe is within 2
        # yards and it has a sidearm to draw (`ranged_tables._free_drop`; a melee fighter
        # never takes one): modelled, tested battle by battle.
        "free_actions",
        "random_hit_locations",
        "deceptive_floor",
        "heavy_parry_break",
        # B376: the battles in which a weapon's parry stops a bare-handed blow (on) escape
        # to the engine (`W_PARRYING`); off, they play on.
        "parry_strikes_limb",
        # The AI never takes Move and Attack: these change nothing.
        "move_and_attack_defenses",
        "move_and_attack_other_rolls",
        # A lying target's -2 or -4 to be shot: in a shooter's tables (`ranged_tables.py`,
        # from the engine's score); a melee duel has no shot.
        "prone_ranged_penalty",
        # The AI never grabs: the penalty of a grab at a part changes nothing.
        "grab_half_penalty",
        "grip_penalty",
        # Without a map no shot flies on past its target (2B66P needs the line).
        "overpenetration",
        # Off, it changes nothing; on, the AI spends FP on Feverish Defense, which the fast
        # path does not play: declined by value (`accepts`).
        "extra_effort",
        # Without a map every foe is in front and seen: the lighting is a flat penalty on
        # every attack roll, in each mode's base skill (`tables.py`; a shot's skill is the
        # engine's score, lighting and all). Total darkness (10) too: in melee no blow is
        # blind; a shot is (skill 9 at most), and the AI may close in instead.
        "darkness",
        # Total darkness read as blindness (`blind`, the default) - unseen attackers, a
        # Hearing roll before a parry, no aimed blows - is declined by value (`accepts`);
        # `penalty` leaves the lighting's -10 alone, as above.
        "total_darkness",
    }
)


def _manufactured(fighter: Fighter) -> list[str]:
    """The keys of the fighter's weapons that are not natural ones."""
    return [w.key for w in fighter.weapons if not w.modes[0].unarmed]


def main_weapon(fighter: Fighter) -> str | None:
    """The key of the fighter's weapon that is not a natural one and that it holds ready at
    the start (the first listed if none is ready; None if it has only natural weapons).
    Any other it carries is a spare: sheathed, and drawn only once the main one is broken
    (the first of them: `constructed._spare`, the weapon state SPARE)."""
    manufactured = _manufactured(fighter)
    held = [key for key in manufactured if key in fighter.ready]
    return next(iter(held or manufactured), None)


def off_weapon(fighter: Fighter) -> str | None:
    """The key of the second weapon (not a natural one) the fighter holds ready at the
    start, in its off hand (B417); None for a fighter with at most one ready."""
    held = [key for key in _manufactured(fighter) if key in fighter.ready]
    return held[1] if len(held) > 1 else None


def _dual_reason(fighter: Fighter, manufactured: list[str]) -> Reason | None:
    """For a fighter with two or more weapons ready: the first thing the fast path does not
    model about them, or None (two melee weapons, nothing else: `off_weapon`)."""
    name, jname = f"combatant {fighter.key!r}", f"戦闘者 {fighter.key!r}"
    held = [key for key in manufactured if key in fighter.ready]
    if len(held) > 2:
        return Reason(
            f"{name} holds more than two weapons ready",
            f"{jname}が武器を3つ以上構えている",
        )
    if len(manufactured) > 2:
        return Reason(
            f"{name} carries a spare besides its two weapons ready",
            f"{jname}が構えた2つの武器のほかに予備の武器を持つ",
        )
    for key in held:
        if any(mode.ranged is not None for mode in fighter.weapon(key).modes):
            return Reason(
                f"{name} holds two weapons ready, one of them ranged ({key})",
                f"{jname}が武器を2つ構え、その一方が射撃・投擲武器（{key}）",
            )
    from senjo.sim.fast_gurps import compiled

    if not compiled.available():
        return Reason(
            f"{name} holds two weapons ready, which only the compiled duel plays, and Numba"
            " is not available",
            f"{jname}が武器を2つ構え、それを扱うのはコンパイル版の決闘のみで、Numba が使えない",
        )
    return None


def shooter(fighter: Fighter) -> tuple[str, AttackMode] | None:
    """The fighter's missile weapon and its mode when its main weapon (`main_weapon`) has
    one mode only and it shoots or is thrown (a bow, a crossbow, a javelin); else None."""
    main = main_weapon(fighter)
    if main is None:
        return None
    weapon = fighter.weapon(main)
    if len(weapon.modes) != 1 or weapon.modes[0].ranged is None:
        return None
    return main, weapon.modes[0]


#: Damage types of the shots it models: every type a blow may have (a crushing or cutting
#: shot knocks back as a blow does, B378).
SHOT_DAMAGE_TYPES = frozenset({"imp", "pi-", "pi", "pi+", "pi++", "cr", "cut"})


def shot_reason(fighter: Fighter) -> Reason | None:
    """For a shooter (`shooter`): the first thing about its missile weapon the fast path
    does not model (a duel with a shooter is played by the compiled kernel alone), or None."""
    name, jname = f"combatant {fighter.key!r}", f"戦闘者 {fighter.key!r}"
    found = shooter(fighter)
    assert found is not None
    weapon, mode = found
    ranged = mode.ranged
    assert ranged is not None
    from senjo.sim.fast_gurps import compiled

    if not compiled.available():
        return Reason(
            "a duel with a shooter is played by the compiled duel only, and Numba is not available",
            "射手のいる決闘はコンパイル版の決闘のみが扱い、Numba が使えない",
        )
    label, jlabel = f"{name}'s {weapon}", f"{jname}の{weapon}"
    if ranged.thrown and (ranged.rof != 1 or ranged.shots != 1):
        return Reason(
            f"{label} is thrown more than one at a time",
            f"{jlabel}は一度に2つ以上投げる",
        )
    kind = mode.damage.damage_type.value
    if kind not in SHOT_DAMAGE_TYPES:
        return Reason(f"{label} does {kind} damage", f"{jlabel}のダメージの種類が{kind}")
    if fighter.shield is not None:
        return Reason(f"{name} shoots with a shield", f"{jname}が盾を持って射撃する")
    return None


def _kept(weapon: Weapon) -> bool:
    """True for a melee weapon that can also be thrown (a spear): the AI never throws the
    last weapon it can strike with (`ai._last_blade`), and here it never holds another
    ready - beside a second one ready it is declined (`_dual_reason`), a spare is drawn
    only once the first is broken (`constructed._spare`) - so its throw is never made."""
    return any(m.is_melee for m in weapon.modes) and all(
        m.ranged is None or m.ranged.thrown for m in weapon.modes
    )


def fighter_reason(fighter: Fighter, shooting: bool = False) -> Reason | None:
    """The first thing about this fighter the fast path does not model, or None. A
    shooter's (`shooting`) missile weapon is checked by `shot_reason` instead."""
    name, jname = f"combatant {fighter.key!r}", f"戦闘者 {fighter.key!r}"
    found = shooter(fighter) if shooting else None
    shot = found[0] if found is not None else None
    if shot is not None:
        reason = shot_reason(fighter)
        if reason is not None:
            return reason
    for weapon in fighter.weapons:
        if weapon.key == shot:
            continue
        for mode in weapon.modes:
            if mode.ranged is not None and not _kept(weapon):
                return Reason(
                    f"{name} has a ranged weapon ({weapon.key})",
                    f"{jname}が射撃武器を持つ（{weapon.key}）",
                )
    manufactured = _manufactured(fighter)
    if sum(key in fighter.ready for key in manufactured) > 1:
        reason = _dual_reason(fighter, manufactured)
        if reason is not None:
            return reason
    main, off = main_weapon(fighter), off_weapon(fighter)
    for weapon in fighter.weapons:
        if weapon.key in (main, off) or weapon.key not in manufactured:
            continue
        for mode in weapon.modes:
            if FAST_DRAW.get(mode.skill, "") in fighter.skills:  # B194: drawn as it attacks
                return Reason(
                    f"{name} can Fast-Draw its spare weapon ({weapon.key})",
                    f"{jname}が予備の武器を早抜きできる（{weapon.key}）",
                )
    for weapon in fighter.weapons:
        if weapon.key == shot:
            continue
        for mode in weapon.modes:
            if mode.ranged is not None:
                continue  # a throw the AI never makes (`_kept`)
            label = f"{name}'s {weapon.key} ({mode.name})"
            jlabel = f"{jname}の{weapon.key}（{mode.name}）"
            kind = mode.damage.damage_type.value
            if kind not in MODELLED_DAMAGE_TYPES:
                return Reason(f"{label} does {kind} damage", f"{jlabel}のダメージの種類が{kind}")
            if mode.st_for_damage is not None:  # damage from a fixed ST (a bow's)
                return Reason(f"{label} has fixed damage", f"{jlabel}のダメージが固定")
    # Its tables take a bare-handed parry at Brawling's -3 against a weapon (B376).
    trained = [s for s in PARRY_SKILLS if s != "Brawling" and s in fighter.skills]
    if trained:
        return Reason(
            f"{name} parries bare-handed with {trained[0]}",
            f"{jname}が{trained[0]}で素手の受けをする",
        )
    if fighter.advantages & DECLINED_ADVANTAGES:
        return Reason(f"{name} is blind", f"{jname}は目が見えない")
    unknown = sorted(fighter.advantages - MODELLED_ADVANTAGES)
    if unknown:
        return Reason(
            f"{name} has a trait the fast path does not model ({unknown[0]})",
            f"{jname}が高速経路の扱わない特徴を持つ（{unknown[0]}）",
        )
    return None


def decline_reason(scenario: Scenario) -> Reason | None:
    """None if the fast path models the scenario completely, else why not (one line)."""
    if scenario.system != "gurps":
        return Reason(
            f"GURPS duels only, not {scenario.system}",
            f"GURPSの決闘のみ（{scenario.system}は対象外）",
        )
    if getattr(scenario, "ground", None) is not None:
        return Reason(
            "the scenario has a map (the GURPS fast path plays without one)",
            "マップのあるシナリオ（GURPSの高速経路はマップなしで戦う）",
        )
    fighters: tuple[Fighter, ...] = tuple(getattr(scenario, "fighters", ()))
    if len(fighters) != 2:
        return Reason(
            f"{len(fighters)} combatants (it plays duels of exactly two)",
            f"戦闘者が{len(fighters)}人（扱うのはちょうど2人の決闘）",
        )
    if fighters[0].side == fighters[1].side:
        return Reason("both combatants are on one side", "2人の戦闘者が同じ陣営")
    for key, kind in scenario.controllers.items():
        if kind == "random":
            return Reason(
                f"combatant {key!r} has a random controller",
                f"戦闘者 {key!r} をランダムな操作が動かす",
            )
    for name, value in sorted(scenario.options.items()):
        if name not in MODELLED_OPTIONS or (name == "extra_effort" and value != "off"):
            return Reason(
                f"option {name}={value} is not modelled", f"オプション {name}={value} は扱わない"
            )
    if RuleSet(scenario.options).pitch_dark:
        return Reason(
            "total darkness blinds every combatant (option total_darkness=blind)",
            "完全な暗闇で全員が目の見えない状態（オプション total_darkness=blind）",
        )
    # A shooter: its main weapon shoots (`ranged_tables.py`), at a shooter or at a fighter
    # who closes in to strike.
    for fighter in fighters:
        reason = fighter_reason(fighter, shooter(fighter) is not None)
        if reason is not None:
            return reason
    return None
