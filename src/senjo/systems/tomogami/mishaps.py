"""The mishap table (seed 003 戦闘中の自動失敗): an automatic failure in battle rolls the
GM's 1D.

1. a crash (操縦を誤り、障害物に突っ込む): a maneuver check at difficulty 11, or 火弾徹甲
   damage equal to one's own 「動」;
2. a drive failure (駆動系の故障): a maneuver check at difficulty 12, or the next attack on
   it hits (`Status.exposed`);
3. an engine fire (機関過熱、火災発生): life −1, armour no help; not for a living tomogami;
4. a loose shell (砲弾の装填不良): the pilot (ゲキ) takes 対人火弾 2;
5. a stray round (流れ弾を被弾): 火弾徹甲 1D, and the pilot 対人火弾 1D;
6. a barrage (敵の支援砲撃を被弾): the pilot takes 対人火弾 1D, the tomogami nothing.

The table is for land and water battles (「現状では陸戦、水上戦用」): aircraft roll none.
The checks the table asks for do not roll on it again; nor does the initiative, rolled
before the battle's first turn (interpretation 12).
"""

from __future__ import annotations

from typing import Final

from senjo.engine.battle import Battle
from senjo.systems.tomogami.checks import roll_check
from senjo.systems.tomogami.damage import injure
from senjo.systems.tomogami.events import (
    Roll,
    TomoCheck,
    TomoDown,
    TomoExposed,
    TomoMishap,
    TomoPilotDamage,
)
from senjo.systems.tomogami.scores import maneuver_score
from senjo.systems.tomogami.state import TomoState

__all__ = ["AIRBORNE", "after_rolls", "roll_mishap"]

#: Locomotion that keeps a character off the mishap table (it is for land and water).
AIRBORNE: Final = frozenset({"air_fast", "air_slow"})
#: The difficulties of the crash and drive-failure checks.
CRASH_DIFFICULTY, DRIVE_DIFFICULTY = 11, 12


def after_rolls(battle: Battle[TomoState], *rolls: Roll) -> None:
    """Roll on the mishap table for each automatic failure among `rolls`."""
    state = battle.state
    if not state.rules.mishaps:
        return
    for roll in rolls:
        if roll.automatic_failure and state.sheets[roll.actor].locomotion not in AIRBORNE:
            roll_mishap(battle, roll.actor)


def roll_mishap(battle: Battle[TomoState], key: str) -> None:
    """The GM's 1D on the table, and what it does to `key`."""
    state = battle.state
    sheet = state.sheets[key]
    face = battle.dice.roll(6)
    battle.emit(TomoMishap(key, face))
    if face in (1, 2):
        difficulty = CRASH_DIFFICULTY if face == 1 else DRIVE_DIFFICULTY
        roll = roll_check(state.rules, battle.dice, key, maneuver_score(state, key), difficulty)
        battle.emit(TomoCheck("mishap_crash" if face == 1 else "mishap_drive", roll))
        if roll.success:
            return
        if face == 1:
            injure(battle, "", key, "crash", "armour_piercing", (), sheet.mobility)
        else:
            state.status[key].exposed = True
            battle.emit(TomoExposed(key, False))
    elif face == 3:
        if not sheet.living:
            injure(battle, "", key, "fire", "armour_piercing", (), 1, armour=False)
    elif face == 4:
        _pilot(battle, key, 2, ())
    else:
        faces = (battle.dice.roll(6),)
        if face == 5:
            injure(battle, "", key, "stray_round", "armour_piercing", faces, faces[0])
            faces = (battle.dice.roll(6),)
        _pilot(battle, key, faces[0], faces)


def _pilot(battle: Battle[TomoState], key: str, amount: int, faces: tuple[int, ...]) -> None:
    """The pilot (ゲキ) takes 対人火弾 damage less its defence; a tomogami whose pilot is at 0
    life is out (interpretation 12). Without a pilot on the sheet nothing happens."""
    sheet, status = battle.state.sheets[key], battle.state.status[key]
    if not sheet.pilot_life:
        return
    lost = min(max(0, amount - sheet.pilot_defense), status.pilot_life)
    status.pilot_life -= lost
    battle.emit(TomoPilotDamage(key, faces, amount, sheet.pilot_defense, lost, status.pilot_life))
    if status.pilot_life == 0 and not status.down:
        status.down = True
        battle.emit(TomoDown(key))
