"""vexcrypt hardware: the SoC configuration (config.py), the SoC on top of any LiteX SoCCore
(soc.py), and one package per IP block (simctrl/, clmul/, mont/) holding its RTL, its LiteX
wrapper and its Python golden model."""
