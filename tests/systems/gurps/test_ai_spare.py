"""The AI and a spare weapon (senjo's AI policy, `GurpsAI._maneuver`): a fighter that holds a
ready melee weapon keeps it, however far the foe is; it draws its sheathed spare only once
the weapon in hand is lost (B382: Ready to draw a weapon)."""

from __future__ import annotations

from typing import Any

from senjo.engine.decision import Decision
from senjo.systems.gurps.ai import GurpsAI
from senjo.systems.gurps.hands import let_go
from senjo.systems.gurps.legal import maneuver_options

from .helpers import battle, fighter

SWORDSMAN = {
    "dx": 12,
    "skills": {"Broadsword": 14, "Knife": 12},
    "weapons": ["broadsword", "large_knife"],
}


def _choice(distance: float, lost: str | None = None) -> Any:
    game = battle(fighter("a", "x", 0, **SWORDSMAN), fighter("b", "y", distance), dice=[])
    status = game.state.status["a"]
    assert status.ready >= {"broadsword"} and "large_knife" not in status.ready
    if lost is not None:
        let_go(status, "broadsword")
        (status.broken if lost == "broken" else status.dropped).add("broadsword")
    # the maneuvers open to it now (the pending decision was built before the loss)
    return GurpsAI().choose(game, Decision("a", "maneuver", maneuver_options(game.state, "a")))


def test_a_ready_sword_is_kept_while_the_foe_is_far() -> None:
    """The foe six yards off: no attack reaches, and the AI closes in with the sword in hand
    rather than draw its knife."""
    chosen = _choice(6)
    assert chosen.maneuver == "move"


def test_a_ready_sword_strikes_when_the_foe_is_near() -> None:
    chosen = _choice(1)
    assert (chosen.maneuver, chosen.weapon) == ("attack", "broadsword")


def test_the_spare_is_drawn_once_the_sword_is_broken() -> None:
    chosen = _choice(6, lost="broken")
    assert (chosen.maneuver, chosen.variant, chosen.weapon) == ("ready", "draw", "large_knife")


def test_a_dropped_sword_is_picked_up_first() -> None:
    chosen = _choice(1, lost="dropped")
    assert (chosen.maneuver, chosen.variant, chosen.weapon) == ("ready", "pick_up", "broadsword")


def test_a_dropped_shield_is_picked_up_while_the_foe_is_far() -> None:
    """Sword in hand, shield on the ground (a critical hit's drop, B556), the foe six yards
    off: no attack reaches, so the AI takes the turn to pick up its shield (B382) before it
    closes in - being armed keeps it from drawing a spare weapon, not from recovering a
    shield."""
    knight = {**SWORDSMAN, "shield": "medium_shield", "skills": {"Broadsword": 14, "Shield": 12}}
    knight["weapons"] = ["broadsword"]
    game = battle(fighter("a", "x", 0, **knight), fighter("b", "y", 6), dice=[])
    status = game.state.status["a"]
    assert "medium_shield" in status.ready
    let_go(status, "medium_shield")
    status.dropped.add("medium_shield")
    chosen = GurpsAI().choose(game, Decision("a", "maneuver", maneuver_options(game.state, "a")))
    assert (chosen.maneuver, chosen.variant, chosen.weapon) == ("ready", "pick_up", "medium_shield")


def _turned(distance: float, who: dict[str, Any], unready: str = "") -> Any:
    """The AI's maneuver with its weapon (or shield) held but unready: a critical miss's
    "weapon turns in your hand" (B556), or a critical failure's unready shield."""
    game = battle(fighter("a", "x", 0, **who), fighter("b", "y", distance), dice=[])
    status = game.state.status["a"]
    item = unready or who["weapons"][0]
    assert item in status.ready
    status.ready = status.ready - {item}  # still in the hand, no longer ready
    return GurpsAI().choose(game, Decision("a", "maneuver", maneuver_options(game.state, "a")))


def test_a_sword_turned_in_the_hand_is_readied_rather_than_the_spare_drawn() -> None:
    """B556 (weapon turns in your hand): one Ready brings it to bear again (B382) - the
    AI re-readies its sword rather than draw the knife, near the foe or far from it."""
    for distance in (1, 6):
        chosen = _turned(distance, SWORDSMAN)
        assert (chosen.maneuver, chosen.variant, chosen.weapon) == (
            "ready",
            "regrip",
            "broadsword",
        ), distance


def test_a_bow_turned_in_the_hand_is_readied_from_afar() -> None:
    """An archer whose bow turned in its hands twenty yards from the foe readies the bow
    again rather than draw its knife and run in under the foe's shots."""
    archer = {
        "dx": 12,
        "skills": {"Bow": 14, "Knife": 12},
        "weapons": ["regular_bow", "large_knife"],
    }
    chosen = _turned(20, archer)
    assert (chosen.maneuver, chosen.variant, chosen.weapon) == ("ready", "regrip", "regular_bow")


def test_an_unready_shield_is_readied_while_the_foe_is_far() -> None:
    """A shield left unready by a critically failed block (B556), sword in hand, the foe six
    yards off: the AI readies the shield before it closes in, as it picks up a dropped one."""
    knight = {**SWORDSMAN, "shield": "medium_shield", "skills": {"Broadsword": 14, "Shield": 12}}
    knight["weapons"] = ["broadsword"]
    chosen = _turned(6, knight, "medium_shield")
    assert (chosen.maneuver, chosen.variant, chosen.weapon) == ("ready", "regrip", "medium_shield")


def test_an_archer_with_the_foe_near_drops_the_bow_for_the_knife() -> None:
    """The foe within a move (no reloading then): the AI draws its knife into the main hand
    with Ready (swap), dropping the bow (B363), rather than into the off hand at -4 (B417)."""
    archer = {"dx": 13, "skills": {"Bow": 15, "Knife": 12}}
    archer["weapons"] = ["regular_bow", "large_knife"]
    game = battle(fighter("a", "x", 0, **archer), fighter("b", "y", 3), dice=[])
    game.state.status["a"].shots["regular_bow"] = 0  # shot, not yet reloaded
    chosen = GurpsAI().choose(game, Decision("a", "maneuver", maneuver_options(game.state, "a")))
    assert (chosen.maneuver, chosen.variant, chosen.weapon) == ("ready", "swap", "large_knife")


SPEARMAN: dict[str, Any] = {
    "dx": 11,
    "skills": {"Spear": 13, "Thrown Weapon (Spear)": 11},
    "weapons": ["spear"],
}


def test_a_spearman_keeps_its_only_spear_and_closes_in() -> None:
    """senjo's AI policy: a weapon the fighter can also strike with is not thrown while it
    is the only melee weapon at hand - the spearman six yards off closes in rather than
    throw (or aim) its spear and fight on bare-handed."""
    game = battle(fighter("a", "x", 0, **SPEARMAN), fighter("b", "y", 6), dice=[])
    chosen = GurpsAI().choose(game, Decision("a", "maneuver", maneuver_options(game.state, "a")))
    assert chosen.maneuver == "move", chosen


def test_a_spear_is_thrown_with_a_sword_at_hand() -> None:
    """With a ready sword in the other hand the spear may go: the AI aims it (six yards)."""
    both = {**SPEARMAN, "skills": {**SPEARMAN["skills"], "Broadsword": 13}}
    both["weapons"] = ["spear", "broadsword"]
    both["ready"] = ["spear", "broadsword"]
    game = battle(fighter("a", "x", 0, **both), fighter("b", "y", 6), dice=[])
    chosen = GurpsAI().choose(game, Decision("a", "maneuver", maneuver_options(game.state, "a")))
    assert (chosen.maneuver, chosen.weapon) in {("aim", "spear"), ("attack", "spear")}, chosen


def _broken_knight(spares: list[str], shield: str = "ready") -> Any:
    """The AI's maneuver of a knight with sword and shield whose sword broke, its spares
    sheathed; the shield ready in the off hand, or dropped."""
    knight = {
        "dx": 12,
        "skills": {"Broadsword": 14, "Shield": 12, "Staff": 13, "Knife": 12},
        "weapons": ["broadsword", *spares],
        "shield": "medium_shield",
    }
    game = battle(fighter("a", "x", 0, **knight), fighter("b", "y", 6), dice=[])
    status = game.state.status["a"]
    let_go(status, "broadsword")
    status.broken.add("broadsword")
    if shield == "dropped":
        let_go(status, "medium_shield")
        status.dropped.add("medium_shield")
    return GurpsAI().choose(game, Decision("a", "maneuver", maneuver_options(game.state, "a")))


def test_a_two_handed_spare_is_left_sheathed_while_the_shield_is_held() -> None:
    """B270: a two-handed grip needs both hands, so with the shield in the off hand a drawn
    quarterstaff could not strike (`legal.usable_modes`). The AI passes it over for the
    knife listed after it; with the staff its only spare it draws nothing and closes in (its
    main hand is free to punch); with the shield gone it draws the staff."""
    chosen = _broken_knight(["quarterstaff", "large_knife"])
    assert (chosen.maneuver, chosen.variant, chosen.weapon) == ("ready", "draw", "large_knife")
    chosen = _broken_knight(["quarterstaff"])
    assert (chosen.maneuver, chosen.variant) == ("move", "toward")
    chosen = _broken_knight(["quarterstaff", "large_knife"], shield="dropped")
    assert (chosen.maneuver, chosen.variant, chosen.weapon) == ("ready", "draw", "quarterstaff")


ARCHER: dict[str, Any] = {
    "dx": 13,
    "skills": {"Bow": 15, "Knife": 12},
    "weapons": ["regular_bow", "large_knife"],
}


def _free_action(loaded: bool) -> Any:
    """The AI's free action (B363, option free_actions=on) of an archer whose foe stands a
    yard off, its knife sheathed, its bow loaded or not."""
    game = battle(fighter("a", "x", 0, **ARCHER), fighter("b", "y", 1), dice=[], free_actions="on")
    assert game.pending is not None and game.pending.kind == "free_action"
    if not loaded:
        game.state.status["a"].shots["regular_bow"] = 0
    return GurpsAI().choose(game, game.pending)


def test_an_empty_bow_is_dropped_as_a_free_action_with_the_foe_close() -> None:
    """senjo's AI policy: the foe within two yards and a knife to draw, an empty bow is let
    fall for free (B363), so the next Ready draws the knife."""
    assert _free_action(loaded=False).key == "drop:regular_bow"


def test_a_loaded_bow_is_kept_with_the_foe_close() -> None:
    """The same, the bow loaded: it is kept for the shot (dropping it would only have the
    AI pick it up again with its next Ready, turn after turn, without ever shooting)."""
    assert _free_action(loaded=True).key == "none"


def _bow_on_the_ground(distance: float) -> Any:
    """The AI's maneuver for an archer whose empty bow lies at its feet (let fall for free,
    B363), its knife sheathed, the foe `distance` yards off."""
    game = battle(fighter("a", "x", 0, **ARCHER), fighter("b", "y", distance), dice=[])
    status = game.state.status["a"]
    status.shots["regular_bow"] = 0
    let_go(status, "regular_bow")
    status.dropped.add("regular_bow")
    return GurpsAI().choose(game, Decision("a", "maneuver", maneuver_options(game.state, "a")))


def test_an_empty_bow_on_the_ground_is_left_for_the_knife_with_the_foe_near() -> None:
    """senjo's AI policy: the foe within a Move, an empty bow is not picked up again (it
    could not shoot before the foe strikes; the free action dropped it for the knife):
    the AI draws its knife. Until the eighteenth session it picked the bow up, dropped it
    again at the next turn's free action, and never fought."""
    chosen = _bow_on_the_ground(1)
    assert (chosen.maneuver, chosen.variant, chosen.weapon) == ("ready", "draw", "large_knife")


def test_an_empty_bow_on_the_ground_is_picked_up_with_the_foe_far() -> None:
    """The foe twenty yards off: the bow is worth picking up and reloading."""
    chosen = _bow_on_the_ground(20)
    assert (chosen.maneuver, chosen.variant, chosen.weapon) == ("ready", "pick_up", "regular_bow")
