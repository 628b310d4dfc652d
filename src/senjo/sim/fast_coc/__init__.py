"""The Call of Cthulhu fast path: duels played thousands at a time with NumPy.

It accepts a CoC scenario of exactly two combatants, on two sides, played by
the AI, starting in melee reach or apart (the approach, which rolls no dice,
is played once by the engine: `approach.py`), armed with melee weapons only (no grapple,
no Martial Arts, no guns or thrown weapons), with any settings of the rule
options — provided the engine's AI, asked in every state such a duel can
reach, only ever attacks, waits or declares a dodge focus. Anything else is
declined with a one-line reason naming the first unmodelled feature.

The rules and choices come from the engine's own functions through lookup
tables (`senjo.sim.fast_coc.tables`); the battles are played in fixed
blocks of random numbers (`senjo.sim.fast_coc.battles`), so results do not
depend on how battles are split between workers. NumPy is imported only
when a CoC scenario is looked at.
"""

from __future__ import annotations

from senjo.scenario import Scenario
from senjo.sim.aggregate import SimAggregate
from senjo.sim.declines import Reason
from senjo.sim.exact import ExactOutcome

__all__ = ["CocFastPath", "only_coc"]


def only_coc(system: str) -> Reason:
    """Why a scenario of another rule system is declined."""
    return Reason(f"CoC duels only, not {system}", f"CoCの決闘のみ（{system}は対象外）")


class CocFastPath:
    """The CoC duel fast path (a `senjo.sim.fastpath.FastPath`)."""

    name = "fast"
    system = "coc"
    #: Battles per random-number block (`senjo.sim.fast_coc.battles.BLOCK`): chunks of
    #: battles aligned to it are simulated without duplicate work.
    block = 4096

    def accepts(self, scenario: Scenario) -> str | None:
        """None for a duel it models exactly, else why it declines (one line)."""
        if scenario.system != "coc":
            return only_coc(scenario.system)
        from senjo.sim.fast_coc.tables import duel_model

        model = duel_model(scenario)
        return model if isinstance(model, str) else None

    def exact(self, scenario: Scenario) -> ExactOutcome | None:
        """The duel's exact outcome chances (`senjo.sim.fast_coc.exact`), None if declined."""
        from senjo.sim.fast_coc.exact import exact_duel
        from senjo.sim.fast_coc.tables import duel_model

        model = duel_model(scenario)
        if isinstance(model, str):
            return None
        exact = exact_duel(model)
        wins = {side.side: chance for side, chance in zip(model.sides, exact.wins, strict=True)}
        return ExactOutcome(wins, exact.draw, exact.mean_rounds)

    def run(self, scenario: Scenario, seed: int, start: int, stop: int) -> SimAggregate:
        """Play battles start..stop-1 (from the blocks they fall in) into an aggregate."""
        from senjo.sim.fast_coc.battles import play_range
        from senjo.sim.fast_coc.tables import duel_model, model_key

        model = duel_model(scenario)
        if isinstance(model, str):
            raise ValueError(f"the CoC fast path declines this scenario: {model}")
        return play_range(model, model_key(scenario), seed, start, stop)
