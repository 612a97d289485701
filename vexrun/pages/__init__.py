"""The one publisher: every page under docs/, the README's generated blocks, the board table,
the hardware READMEs' cost tables and the plots (docs/plots/), rendered from committed data
(vexrun publish)."""
