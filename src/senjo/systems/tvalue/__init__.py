"""The T値 / FAP・MAP system of seed 002 (`senjo.systems.tvalue`), in progress.

Each round everyone declares actions its FAP and MAP can pay for (the GM side first),
then the actions resolve one at a time in reaction order, each further action of one
fighter moved back by its kind; every fighter carries a T値 (combat advantage) that
situation rates set at the start and direct attacks, falls and losing consciousness
move. The seed leans on its own Chapter 1 and on Sword World for numbers senjo does
not have; `docs/rules/tvalue.md` maps the passages to the code and says what stands in
for them; the plan is `docs/plans/tvalue.md`.
"""
