"""The one publisher: every page under docs/, the README's generated blocks, the board table
and the hardware READMEs' cost tables, rendered from committed data (vexrun publish)."""
