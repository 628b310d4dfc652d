"""Call of Cthulhu 6th edition combat with seed 004's house rules (`senjo.systems.coc`).

The rule system is `Coc` in `system.py`; `docs/rules/coc.md` maps every line
of seed 004 to the code and its tests.
"""
