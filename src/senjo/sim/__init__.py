"""senjo.sim: Monte Carlo simulation of scenarios (`senjo sim`, `senjo sweep`).

The engine plays each battle; its log is folded into whole-number counters
as it ends (`aggregate`), by the rule system's statistics hook (`gurps`);
chunks of battles run in this process, local workers or on Dask
(`runner`, `workers`), and merge exactly whatever the split. `summary`,
`report` and `plot` turn the counters into figures, tables and pictures;
`stats` holds the pure statistics; `sweep` the parameter grids; `fastpath`
the protocol for faster paths. See docs/simulation.md.
"""
