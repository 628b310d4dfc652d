"""`senjo play` words for a トモガミ battle: its options, and where things stand.

>>> from senjo.narration.tomogami import TomoNarrator
>>> from senjo.systems.tomogami.choices import Maneuver
>>> names = TomoNarrator({"ren": ("Ren", "レン")}, "ja")
>>> describe_tomogami(Maneuver("move", "ren", "far"), names, "ja")
'レンに対して遠距離へ機動'
>>> describe_tomogami(Maneuver("escape"), TomoNarrator({}, "en"), "en")
'escape the area'
>>> from senjo.systems.tomogami.choices import MainAction
>>> describe_tomogami(MainAction("protect", "ren"), names, "ja")
'レンをかばう'
>>> describe_tomogami(MainAction("switch", "sword"), TomoNarrator({}, "en"), "en")
'take the sword in hand'
"""

from __future__ import annotations

from senjo.dice.formatting import Lang
from senjo.engine.decision import Choice
from senjo.narration.tomogami import TomoNarrator
from senjo.space.bands import units
from senjo.systems.tomogami.checks import hit_chance
from senjo.systems.tomogami.choices import BAND_NAMES, Attack, MainAction, Maneuver
from senjo.systems.tomogami.scores import attack_score, maneuver_score
from senjo.systems.tomogami.state import TomoState

__all__ = ["CHOICES", "describe_tomogami", "tomogami_standing"]

#: Plain choices: name -> (Japanese, English).
CHOICES = {
    "attack": ("攻撃", "attack"),
    "wait": ("待機", "wait"),
    "oppose": ("対抗する", "oppose"),
    "pursue": ("追撃する", "pursue"),
    "let": ("対抗しない", "let it go"),
    "full_speed": ("全力機動（戦闘処理なし、機動判定+4）", "full speed (no combat, maneuver +4)"),
    "moving_fire": ("行進間射撃", "fire on the move"),
    "breaking_fire": (
        "突撃破砕射撃（遠距離、ダメージなし）",
        "assault-breaking fire (far, no damage)",
    ),
    "reload": ("弾倉の交換", "change a magazine"),
    "switch": ("武器の持ち替え", "switch weapons"),
    "protect": ("味方をかばう（次の戦闘処理まで）", "protect an ally (until your next combat)"),
}


def describe_tomogami(
    option: object,
    names: TomoNarrator,
    lang: Lang,
    state: TomoState | None = None,
    actor: str = "",
) -> str:
    """One option in words (`names` in the same language); with the state, the numbers
    that decide it (the maneuver value after the band penalty, an attack's chance to hit)."""
    ja = lang == "ja"
    if isinstance(option, Maneuver):
        if option.kind == "charge":
            who = names.who(option.target)
            text = f"{who}に突進" if ja else f"charge {who}"
            if state is not None:
                value = maneuver_score(state, actor, body=True).value
                text += f"（体の機動判定値 {value}）" if ja else f" (body maneuver {value})"
            return text
        if option.kind == "snipe":
            who = names.who(option.target)
            return f"{who}に機動狙撃" if ja else f"maneuver to snipe at {who}"
        if option.kind != "move":
            return names._t("maneuver", option.kind)
        who, band = names.who(option.target), names._t("band", option.band)
        text = f"{who}に対して{band}へ機動" if ja else f"move to {band} of {who}"
        if state is not None:
            crossed = units(state.bands.distance(actor, option.target), BAND_NAMES[option.band])
            value = maneuver_score(state, actor, crossed).value
            text += f"（機動判定値 {value}）" if ja else f" (maneuver {value})"
        return text
    if isinstance(option, Attack):
        weapon = names.item(option.weapon)
        text = f"{weapon} → {names.who(option.target)}"
        if option.at_cover:
            return text + ("の障害物のみ" if ja else "'s obstacle only")
        if state is not None:
            skill = attack_score(state, actor, option.weapon, option.target).value
            defense = state.sheets[option.target].defense_skill
            chance = round(100 * hit_chance(state.rules, skill, defense))
            text += f"（命中 {chance}%）" if ja else f" (hits {chance}%)"
        return text
    if isinstance(option, MainAction):
        if option.kind == "protect":
            who = names.who(option.target)
            return f"{who}をかばう" if ja else f"protect {who}"
        weapon = names.item(option.target)
        if option.kind == "switch":
            return f"{weapon}に持ち替える" if ja else f"take the {weapon} in hand"
        text = f"{weapon}の弾倉を交換" if ja else f"change the {weapon}'s magazine"
        if state is not None:
            shots = state.status[actor].loaded[option.target]
            text += f"（残弾 {shots}）" if ja else f" ({shots} left in it)"
        return text
    if isinstance(option, Choice) and option.name in CHOICES:
        return CHOICES[option.name][0 if ja else 1]
    return str(getattr(option, "key", option))


def tomogami_standing(state: TomoState, names: TomoNarrator, lang: Lang) -> str:
    """Every character's life against its full life (down, fled), then every pair not at
    near: what a GM keeps in view.

    >>> from senjo.systems.tomogami.model import Sheet
    >>> from senjo.space.bands import Band
    >>> state = TomoState.start({k: Sheet(k, k, k, s) for k, s in (("a", "x"), ("b", "y"))})
    >>> _ = state.bands.open([("a", "b")], Band.FAR)
    >>> tomogami_standing(state, TomoNarrator({}, "en"), "en")
    'Where things stand: a life 10/10, b life 10/10; far: a–b'

    A hand weapon held and each magazine's shots (and spare magazines) follow the life:

    >>> from senjo.systems.tomogami.model import Weapon
    >>> rifle = Weapon("rifle", "rifle", "小銃", frozenset({Band.FAR}), 5, magazine=3, spares=1,
    ...                hand=True)
    >>> armed = TomoState.start({"a": Sheet("a", "a", "a", "x", weapons=(rifle,))})
    >>> tomogami_standing(armed, TomoNarrator({}, "en"), "en")
    'Where things stand: a life 10/10 [in hand: rifle; rifle 3/3 +1]'
    """
    ja = lang == "ja"
    parts = []
    for key, sheet in state.sheets.items():
        status = state.status[key]
        entry = (
            f"{names.who(key)} 生命 {status.life}/{sheet.life}"
            if ja
            else (f"{names.who(key)} life {status.life}/{sheet.life}")
        )
        if status.down or status.fled:
            mark = ("戦闘不能" if ja else "down") if status.down else ("離脱" if ja else "left")
            entry += f"（{mark}）" if ja else f" ({mark})"
        else:
            entry += _arms(state, key, names, ja)
        parts.append(entry)
    pairs = [
        f"{names._t('band', band.name.lower())}: {names.who(a)}–{names.who(b)}"
        for a, b, band in state.bands.stored()
    ]
    text = ("現況：" if ja else "Where things stand: ") + ("、" if ja else ", ").join(parts)
    if pairs:
        text += ("；" if ja else "; ") + ("、" if ja else ", ").join(pairs)
    return text


def _arms(state: TomoState, key: str, names: TomoNarrator, ja: bool) -> str:
    """The hand weapon held and each magazine's shots (and spares), when the sheet has
    any: ` [in hand: rifle; rifle 2/3 +1]`, `［手：小銃、小銃 残弾2/3 予備1］`."""
    sheet, status = state.sheets[key], state.status[key]
    parts = []
    if status.in_hand:
        held = names.item(status.in_hand)
        parts.append(f"手：{held}" if ja else f"in hand: {held}")
    for weapon in sheet.weapons:
        if not weapon.magazine:
            continue
        shots = f"{status.loaded[weapon.key]}/{weapon.magazine}"
        spares = status.spares.get(weapon.key)
        if ja:
            extra = f" 予備{spares}" if spares is not None else ""
            parts.append(f"{names.item(weapon.key)} 残弾{shots}{extra}")
        else:
            extra = f" +{spares}" if spares is not None else ""
            parts.append(f"{names.item(weapon.key)} {shots}{extra}")
    if not parts:
        return ""
    return f"［{'、'.join(parts)}］" if ja else f" [{'; '.join(parts)}]"
