"""GURPS terms for narration, in Japanese (as docs/glossary.md gives them) and English.

Keys are the identifiers the rules use; `term(kind, key, lang)` falls back to
the key itself (underscores as spaces) so a new key never breaks narration.

>>> term("maneuver", "all_out_attack", "ja"), term("maneuver", "all_out_attack", "en")
('全力攻撃', 'All-Out Attack')
>>> term("modifier", "side_hex", "en")
'side hex'
"""

from __future__ import annotations

from senjo.dice.formatting import Lang

__all__ = ["TERMS", "maneuver_variant", "term"]

_J, _E = 0, 1

TERMS: dict[str, dict[str, tuple[str, str]]] = {
    "maneuver": {
        "do_nothing": ("何もしない", "Do Nothing"),
        "move": ("移動", "Move"),
        "change_posture": ("姿勢変更", "Change Posture"),
        "aim": ("狙い", "Aim"),
        "evaluate": ("観察", "Evaluate"),
        "attack": ("攻撃", "Attack"),
        "feint": ("フェイント", "Feint"),
        "all_out_attack": ("全力攻撃", "All-Out Attack"),
        "move_and_attack": ("移動攻撃", "Move and Attack"),
        "all_out_defense": ("全力防御", "All-Out Defense"),
        "concentrate": ("集中", "Concentrate"),
        "flee": ("逃走", "Flee"),
        "ready": ("準備", "Ready"),
        "wait": ("待機", "Wait"),
    },
    "variant": {
        "determined": ("必中の一撃", "Determined"),
        "strong": ("強打", "Strong"),
        "double": ("二回攻撃", "Double"),
        "double_defense": ("二重防御", "Double Defense"),
        "feint": ("フェイント", "Feint"),
        "increased_dodge": ("よけ優先", "Increased Dodge"),
        "increased_parry": ("受け優先", "Increased Parry"),
        "increased_block": ("止め優先", "Increased Block"),
        "toward": ("接近", "toward"),
        "step_back": ("攻撃して下がる", "strike and step back"),
        "giant_step": ("高速ステップ", "Giant Step"),
        "acrobatic": ("アクロバット攻撃", "Acrobatic Attack"),
        "flying": ("飛翔攻撃", "Flying Attack"),
        "dual": ("両手攻撃", "Dual-Weapon Attack"),
        "fast_draw": ("早抜き", "Fast-Draw"),
        "regrip": ("持ち直す", "regrip"),
        "resting_at_zero_hp": ("HP0以下で安静", "at 0 HP or less, no HT roll"),
        "braced": ("依託", "braced"),
        "to": ("移動先", "to"),
        "away": ("離脱", "away"),
        "draw": ("抜く", "draw"),
        "swap": ("持ち替え", "swap"),
        "sheathe": ("納める", "put away"),
        "pick_up": ("拾う", "pick up"),
        "reload": ("再装填", "reload"),
        "attack": ("攻撃", "attack"),
        "stunned": ("朦朧", "stunned"),
        "loses_turn": ("行動不能", "loses the turn"),
        "opportunity_fire": ("機会射撃", "opportunity fire"),
        "pop_up": ("飛び出し攻撃", "pop-up attack"),
        "drop_shield": ("盾を捨てる", "drop the shield"),
        "slam": ("体当たり", "slam"),
        "grab": ("組みつき", "grab"),
        "takedown": ("倒し", "takedown"),
        "neck_snap": ("首折り", "neck snap"),
        "choke": ("締め", "choke or strangle"),
        "choke_hold": ("チョークホールド", "Choke Hold"),
        "blood_choke": ("頸動脈締め", "blood choke"),
        "arm_lock": ("腕関節技", "Arm Lock"),
        "wrench_limb": ("四肢をねじる", "wrench limb"),
        "wrest": ("武器を奪う", "wrest a weapon"),
        "pin": ("押さえこみ", "pin"),
        "break_free": ("ふりほどく", "break free"),
        "shove": ("押し", "shove"),
        "nothing_to_watch": ("注目できるヘクスなし", "nothing in sight to watch"),
        "no_attack_possible": ("攻撃不能", "no attack possible"),
    },
    "mode": {
        "swing": ("振り", "swing"),
        "thrust": ("突き", "thrust"),
        "thrust_two_handed": ("両手突き", "two-handed thrust"),
        "shoot": ("射撃", "shoot"),
        "throw": ("投擲", "throw"),
        "punch": ("パンチ", "punch"),
        "kick": ("キック", "kick"),
        "claw": ("爪", "claw"),
        "shove": ("押し", "shove"),
        "grab": ("組みつき", "grab"),
        "grab_both": ("両手で組みつき", "two-handed grab"),
        "choke_hold": ("チョークホールド", "Choke Hold"),
        "arm_lock": ("腕関節技", "Arm Lock"),
        "arm_wrench": ("腕関節技でねじる", "arm lock's wrench"),
    },
    "defense": {
        "none": ("防御なし", "no defense"),
        "dodge": ("よけ", "dodge"),
        "parry": ("受け", "parry"),
        "block": ("止め", "block"),
    },
    "posture": {
        "standing": ("立ち", "standing"),
        "crouching": ("屈み", "crouching"),
        "kneeling": ("膝立ち", "kneeling"),
        "sitting": ("座り", "sitting"),
        "crawling": ("這い", "crawling"),
        "lying": ("伏せ", "lying down"),
    },
    "result": {
        "critical_hit": ("クリティカル命中", "critical hit"),
        "hit": ("命中", "hit"),
        "miss": ("失敗", "miss"),
        "critical_miss": ("ファンブル", "critical miss"),
        "critical_success": ("クリティカル", "critical success"),
        "success": ("成功", "success"),
        "failure": ("失敗", "failure"),
        "critical_failure": ("ファンブル", "critical failure"),
    },
    "watch": {
        "hex": ("注目する1ヘクス", "watched hex"),
        "aim": ("狙いをつけて注目", "aimed watch"),
        "area1": ("周囲1ヘクス", "hexes within 1"),
        "area2": ("周囲2ヘクス", "hexes within 2"),
        "line": ("注目する射線", "watched line"),
    },
    "answer": {
        "fire_at_first": ("最初の目標を撃つ", "fire at the first to appear"),
        "discriminate": ("目標識別", "tell friend from foe"),
        "stop": ("阻む", "stop"),
        "let_pass": ("通す", "let pass"),
        "dodge": ("よける", "dodge out of the way"),
        "stand": ("踏みとどまる", "stand and take it"),
        "act": ("今行動する", "act now"),
        "hold": ("待ち続ける", "keep waiting"),
        "none": ("何もしない", "none"),
        "crouch": ("屈む", "crouch"),
        "rise": ("立ち上がる", "rise"),
        "drop": ("落とす", "drop"),
        "release": ("握りを放す", "let go"),
        "release_hand": ("片手だけ握りを放す", "let go with one hand"),
        "wrench": ("腕をねじる", "wrench the arm"),
        "hold_lock": ("極めたまま保つ", "only hold the lock"),
        "as_aimed": ("狙いどおりに当てる", "strike where aimed"),
        "hit_arm": ("受け損ねた腕を打つ", "strike the arm that failed to parry"),
    },
    "check": {
        "fast_draw": ("早抜き（技能）", "Fast-Draw roll"),
        "target_discrimination": ("目標識別（視覚判定）", "Vision roll to tell friend from foe"),
        "ready_in_close_combat": ("近接戦闘の準備（敏捷力）", "DX roll to ready in close combat"),
        "keep_aim": ("狙いの維持（意志）", "Will roll to keep the Aim"),
        "hearing": ("見えない攻撃を聞き取る（聴覚判定）", "Hearing roll for an unseen attack"),
        "parry_strike": (
            "受けた武器で手足を打つ（技能）",
            "weapon roll to strike the parried limb",
        ),
        "drop_shield": ("盾を捨てる（敏捷力）", "DX roll to drop the shield"),
        "evade": ("すり抜け（敏捷力）", "DX to evade"),
        "stop_evader": ("すり抜けの阻止（敏捷力）", "DX to stop an evader"),
        "dodge_overrun": ("蹂躙をよける", "dodge out of an overrun's way"),
        "overrun_st": ("蹂躙の体力勝負", "ST contest of an overrun"),
        "slam_knockdown": ("体当たりの転倒判定（敏捷力）", "DX roll not to fall after a slam"),
        "takedown": ("倒し（即決勝負）", "takedown (Quick Contest)"),
        "resist_takedown": ("倒しへの抵抗", "resisting a takedown"),
        "fatigue_will": (
            "倒れる寸前で行動する（意志）",
            "Will roll to act on the verge of collapse",
        ),
        "neck_snap": ("首折り（即決勝負）", "neck snap (Quick Contest)"),
        "choke": ("締め（体力の即決勝負）", "choke (Quick Contest of ST)"),
        "resist_choke": ("締めへの抵抗", "resisting a choke"),
        "arm_lock": ("腕関節技（即決勝負）", "arm lock (Quick Contest)"),
        "resist_arm_lock": ("腕関節技への抵抗", "resisting an arm lock"),
        "resist_neck_snap": ("首折りへの抵抗", "resisting a neck snap"),
        "wrench_limb": ("四肢をねじる（即決勝負）", "wrench limb (Quick Contest)"),
        "wrest": ("武器を奪う（体力の通常勝負）", "wrest a weapon (Regular Contest of ST)"),
        "resist_wrest": ("武器を奪われまいとする", "holding on to the weapon"),
        "resist_wrench_limb": ("四肢をねじるへの抵抗", "resisting a wrench"),
        "pin": ("押さえこみ（体力の即決勝負）", "pin (Quick Contest of ST)"),
        "resist_pin": ("押さえこみへの抵抗", "resisting a pin"),
        "break_free": ("ふりほどき（体力の即決勝負）", "breaking free (Quick Contest of ST)"),
        "hold_on": ("つかみ続ける", "holding on"),
        "knockdown": ("転倒・朦朧判定（生命力）", "HT roll against knockdown and stunning"),
        "consciousness": ("気絶判定（生命力）", "HT roll to stay conscious"),
        "stun_recovery": ("朦朧からの回復判定（生命力）", "HT roll to recover from stun"),
        "knockback": ("突き飛ばしで倒れない判定（敏捷力）", "DX roll against knockback"),
        "feint": ("フェイントの即決勝負", "Quick Contest for the feint"),
        "trip": ("つまずき判定（敏捷力）", "DX roll not to trip"),
        "death_check_1": ("生死判定（生命力）", "HT roll to survive"),
        "death_check_2": ("生死判定（生命力）", "HT roll to survive"),
        "death_check_3": ("生死判定（生命力）", "HT roll to survive"),
        "death_check_4": ("生死判定（生命力）", "HT roll to survive"),
    },
    "condition": {
        "fled": ("逃走", "out of the battle (fled)"),
        "grappled": ("組みつかれ", "grappled"),
        "pinned": ("押さえこまれ", "pinned"),
        "two_hands": ("両手でつかまれ", "held with both hands"),
        "very_tired": ("とても疲れている", "very tired"),
        "exhausted": ("倒れる寸前", "on the verge of collapse"),
        "stunned": ("朦朧", "stunned"),
        "unconscious": ("気絶", "unconscious"),
        "dead": ("死亡", "dead"),
        "mortal_wound": ("致命傷", "mortally wounded"),
        "reeling": ("よろめき（HP1/3未満）", "reeling (below 1/3 HP)"),
        "collapse": ("HP0以下", "at 0 HP or below"),
        "lost_balance": ("バランスを崩した", "lost balance"),
        "guard_down": ("隙だらけ", "guard down"),
        "loses_next_turn": ("次のターン行動不能", "loses the next turn"),
        "strained_shoulder": ("肩を痛めた", "strained shoulder"),
        "strained_limb": ("手足を痛めた", "strained limb"),
        "deafened": ("耳が聞こえない", "deafened"),
        "scarred": ("傷跡が残った", "scarred"),
    },
    "item": {
        "ready": ("準備した", "readied"),
        "unready": ("非準備状態になった", "is unready"),
        "dropped": ("落とした", "dropped"),
        "sheathed": ("納めた", "put away"),
        "broken": ("壊れた", "broke"),
        "thrown": ("投げた", "threw"),
        "reloaded": ("再装填した", "reloaded"),
        "reloading": ("再装填中", "is reloading"),
        "wrested": ("奪い取られた", "is disarmed of"),
    },
    "table": {
        "critical_hit": ("クリティカル命中表", "Critical Hit Table"),
        "critical_head_blow": ("頭部クリティカル命中表", "Critical Head Blow Table"),
        "critical_miss": ("攻撃/受けファンブル表", "Critical Miss Table"),
        "unarmed_critical_miss": ("素手戦闘攻撃/受けファンブル表", "Unarmed Critical Miss Table"),
    },
    "outcome": {
        "last_side_standing": ("最後まで立っていた", "last side standing"),
        "fled": ("逃走", "the foe fled"),
        "all_down": ("全員が倒れた", "everyone is down"),
        "round_limit": ("ラウンド上限", "round limit reached"),
    },
    "modifier": {
        "shock": ("ショック", "shock"),
        "size_modifier": ("サイズ修正", "size modifier"),
        "deceptive_attack": ("トリック攻撃", "Deceptive Attack"),
        "rapid_strike": ("連続攻撃", "Rapid Strike"),
        "flurry_of_blows": ("高速攻撃", "Flurry of Blows"),
        "mighty_blows": ("強力攻撃", "Mighty Blows"),
        "feverish_defense": ("必死の防御", "Feverish Defense"),
        "arm_lock": ("腕関節技", "arm lock"),
        "escapes": ("ふりほどきの失敗", "failed tries to break free"),
        "judo_parry": ("〈柔道〉の受け", "Judo parry"),
        "karate_parry": ("〈空手〉の受け", "Karate parry"),
        "boxing_parry": ("〈ボクシング〉の受け", "Boxing parry"),
        "wrestling_parry": ("〈レスリング〉の受け", "Wrestling parry"),
        "boxing_vs_kick": ("〈ボクシング〉でキックを受ける", "Boxing against a kick"),
        "evaluate": ("観察", "Evaluate"),
        "all_out_attack_determined": ("全力攻撃（必中の一撃）", "All-Out Attack (Determined)"),
        "move_and_attack": ("移動攻撃", "Move and Attack"),
        "wild_swing": ("大振り", "Wild Swing"),
        "wild_swing_darkness": ("大振り（暗さのペナルティ）", "Wild Swing (darkness penalty)"),
        "darkness": ("暗さのペナルティ", "darkness"),
        "one_eye": ("片目", "one eye"),
        "one_eye_unaimed": ("片目（狙いなしの射撃）", "one eye, unaimed shot"),
        "blinded": ("両目が見えない", "blinded"),
        "attacker_unseen": ("見えない攻撃者", "attacker unseen"),
        "parried_judo_karate": ("〈柔道〉〈空手〉の攻撃", "against Judo or Karate"),
        "regular_contest": ("通常勝負（14に合わせる）", "Regular Contest (down to 14)"),
        "wild_swing_blinded": ("大振り（両目が見えない）", "Wild Swing (blinded)"),
        "opportunity_fire": ("機会射撃", "opportunity fire"),
        "target_discrimination": ("目標識別", "target discrimination"),
        "striking_into_close_combat": ("近接戦闘中への攻撃", "striking into a close combat"),
        "shield_in_close_combat": ("近接戦闘の盾", "shield in close combat"),
        "grappled": ("組みつかれ", "grappled"),
        "pinned": ("押さえこまれ", "pinned"),
        "helpers": ("協力者", "helpers"),
        "two_hands": ("両手でつかんでいる", "gripping with both hands"),
        "wrestling": ("〈レスリング〉", "Wrestling"),
        "choke_hold": ("チョークホールド（体力+3）", "choke hold (ST+3)"),
        "choke_hold_front": ("正面からのチョークホールド", "choke hold from in front"),
        "very_tired": ("とても疲れている", "very tired"),
        "neck_snap": ("首折り（体力-4）", "neck snap (ST-4)"),
        "one_hand": ("片手", "one hand"),
        "wrench_limb": ("四肢をねじる（体力-4）", "wrench limb (ST-4)"),
        "shove_doubled": ("押し（2倍）", "shove (doubled)"),
        "technique_acrobatic_attack": (
            "テクニック（アクロバット攻撃）",
            "technique (Acrobatic Attack)",
        ),
        "technique_acrobatic_attack_uncapped": (
            "テクニック（アクロバット攻撃・上限なし）",
            "technique (Acrobatic Attack, no cap)",
        ),
        "foe_standing": ("相手が立ち", "foe standing"),
        "foe_crouching": ("相手が屈み", "foe crouching"),
        "foe_kneeling": ("相手が膝立ち", "foe kneeling"),
        "foe_sitting": ("相手が座り", "foe sitting"),
        "foe_crawling": ("相手が這い", "foe crawling"),
        "foe_lying": ("相手が伏せ", "foe lying down"),
        "from_side": ("側面から", "from the side"),
        "from_behind": ("背後から", "from behind"),
        "pop_up_attack": ("飛び出し攻撃", "pop-up attack"),
        "shooting_blind": ("視界外射撃", "shooting blind"),
        "acrobatic_attack": ("アクロバット攻撃", "Acrobatic Attack"),
        "dual_weapon_attack": ("両手攻撃", "Dual-Weapon Attack"),
        "off_hand": ("利き手でない手", "off hand"),
        "braced": ("依託", "braced"),
        "rapid_fire": ("速射", "rapid fire"),
        "back_hex": ("背面ヘクス", "back hex"),
        "back_parry": ("背面への受け", "parry to the back"),
        "firing_through_occupied": (
            "ものが存在するヘクスを通しての射撃",
            "firing through a figure",
        ),
        "through_foe_hex": ("敵のいるヘクス越し", "through a foe's hex"),
        "awkward_angle": ("無理な角度", "awkward angle"),
        "range": ("距離", "range"),
        "moving_target": ("目標の速度", "target's speed"),
        "aim": ("狙い", "Aim"),
        "bulk_in_close_combat": ("近接戦闘での扱いやすさ", "Bulk in close combat"),
        "encumbrance": ("荷重", "encumbrance"),
        "reeling": ("よろめき", "reeling"),
        "weapon_parry": ("武器の受け修正", "weapon's Parry"),
        "repeated_parry": ("連続した受け", "repeated parry"),
        "unarmed_parry_vs_weapon": ("素手で武器を受ける", "unarmed parry against a weapon"),
        "parry_thrown": ("手投げ武器を受ける", "parrying a thrown weapon"),
        "enhanced_parry": ("受け強化", "Enhanced Parry"),
        "enhanced_block": ("止め強化", "Enhanced Block"),
        "enhanced_dodge": ("よけ強化", "Enhanced Dodge"),
        "combat_reflexes": ("戦闘即応", "Combat Reflexes"),
        "shield_db": ("盾の防御ボーナス", "shield DB"),
        "retreat": ("後退", "retreat"),
        "dodge_and_drop": ("伏せよけ", "Dodge and Drop"),
        "all_out_defense": ("全力防御", "All-Out Defense"),
        "stunned": ("朦朧", "stunned"),
        "lost_balance": ("バランスを崩した", "lost balance"),
        "guard_down": ("隙だらけ", "guard down"),
        "feint": ("フェイント", "feint"),
        "half_damage_range": ("半致傷距離", "beyond 1/2D"),
        "critical_x2": ("クリティカル（2倍）", "critical (double)"),
        "critical_x3": ("クリティカル（3倍）", "critical (triple)"),
        "below_zero_hp": ("HP0未満", "below 0 HP"),
        "knockback": ("突き飛ばし", "knockback"),
        "high_pain_threshold": ("我慢強い", "High Pain Threshold"),
        "hard_to_kill": ("不死身", "Hard to Kill"),
        "trip": ("つまずき", "trip"),
        "side_hex": ("側面ヘクス", "side hex"),
    },
}


def maneuver_variant(maneuver: str, variant: str, lang: Lang) -> str:
    """A maneuver's variant in words: a Change Posture's posture, All-Out Defense's
    `double` as Double Defense (All-Out Attack's is Double), else the variant's term.

    >>> maneuver_variant("change_posture", "kneeling", "ja")
    '膝立ち'
    >>> maneuver_variant("all_out_defense", "double", "en")
    'Double Defense'
    """
    if maneuver == "change_posture":
        return term("posture", variant, lang)
    if maneuver == "all_out_defense" and variant == "double":
        return term("variant", "double_defense", lang)
    return term("variant", variant, lang)


def term(kind: str, key: str, lang: Lang) -> str:
    """The term of `kind` (maneuver, modifier, posture …) for `key` in `lang`."""
    if kind == "modifier":
        for prefix, kind_of_rest in (
            ("location_", "location"),
            ("posture_", "posture"),
            ("target_", "posture"),
        ):
            if key.startswith(prefix):
                rest = key[len(prefix) :]
                name = (
                    _location(rest, lang)
                    if kind_of_rest == "location"
                    else term("posture", rest, lang)
                )
                return (
                    ("目標" + name if lang == "ja" else "target " + name)
                    if prefix == ("target_")
                    else name
                )
    if kind == "location":
        return _location(key, lang)
    if kind == "damage_type":
        return _damage_type(key, lang)
    entry = TERMS.get(kind, {}).get(key)
    if entry is None:
        return key.replace("_", " ")
    return entry[_J if lang == "ja" else _E]


def _location(key: str, lang: Lang) -> str:
    from senjo.systems.gurps import tables

    if key == "weapon_arm":  # a critical miss's strained shoulder (no hit location)
        return "武器を持つ腕" if lang == "ja" else "weapon arm"
    if key == "eyes":  # the eye crippled a second time: both (interpretation 78)
        return "両目" if lang == "ja" else "eyes"
    try:
        location = tables.location(key)
    except ValueError:
        return key.replace("_", " ")
    return location.ja if lang == "ja" else location.en


def _damage_type(key: str, lang: Lang) -> str:
    """A damage type in Japanese by its table name (刺し, 切り …); in English, as the
    abbreviation GURPS writes (imp, cut)."""
    from senjo.systems.gurps import tables

    if lang != "ja":
        return key
    for info in tables.WOUNDING.damage_types:
        if info.key.value == key:
            return info.ja
    return key
