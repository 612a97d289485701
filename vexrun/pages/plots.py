"""The report's plots: docs/plots/<name>.png and the page docs/plots.md that shows them, rendered
by the publisher from the committed data under docs/ only, like every page.

Each plot draws through a Canvas, which keeps every series it drew ({panel: {label: {x: y}}}), so
a test finds the same data behind the picture as in the JSON. Every figure carries its caption
(configuration, memory, simulation or board, commit, command) inside the image. Rendering is
byte-deterministic (Agg, matplotlib's default style and its own DejaVu fonts, fixed size and dpi,
no software stamp in the PNG), so `vexrun publish --check` compares bytes.
"""

import io
import textwrap
from dataclasses import dataclass
from pathlib import Path

import matplotlib.style
from matplotlib import ticker
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Patch

from hw.config import ACCELERATORS

from vexrun import suites
from vexrun.explore import page as explore_page
from vexrun.suites import seeds, symmetric
from vexrun.suites.base import by_impl, find
from vexrun.suites.records import config_label, mp_point

FOLDER = "plots"          # docs/plots/<name>.png beside docs/plots.md
DPI = 100
CAPTION_PT = 8


@dataclass(frozen=True)
class Plot:
    name: str             # docs/plots/<name>.png
    title: str
    caption: str          # where the figures come from, drawn inside the image too
    series: dict          # {panel: {label: {x: y}}}: every series drawn
    png: bytes


class Canvas:
    """A figure whose drawing calls keep what they drew, by panel title and label."""

    def __init__(self, width, height, rows=1, cols=1):
        self.fig = Figure(figsize=(width, height), dpi=DPI, layout="constrained")
        FigureCanvasAgg(self.fig)
        self.axes = list(self.fig.subplots(rows, cols, squeeze=False).ravel())
        self.series = {}

    def keep(self, ax, label, points):
        self.series.setdefault(ax.get_title(), {})[label] = dict(points)

    def line(self, ax, label, xs, ys, **style):
        ax.plot(xs, ys, label=label, **style)
        self.keep(ax, label, zip(xs, ys))

    def bars(self, ax, label, names, values, positions=None, width=0.8, horizontal=False, **style):
        """A bar for each name, at 0, 1, ... unless placed."""
        pos = range(len(names)) if positions is None else positions
        (ax.barh if horizontal else ax.bar)(pos, values, width, label=label, **style)
        self.keep(ax, label, zip(names, values))

    def png(self, caption) -> bytes:
        """The figure with its caption under the panels, as PNG bytes."""
        width, height = self.fig.get_size_inches()
        chars = int(width * 72 / (0.6 * CAPTION_PT))           # DejaVu Sans: about 0.55 em a character
        text = "\n".join(textwrap.fill(p, chars) for p in caption.split("\n"))
        share = ((text.count("\n") + 1) * CAPTION_PT * 1.3 + 10) / (height * 72)
        self.fig.get_layout_engine().set(rect=(0, share, 1, 1 - share))
        self.fig.text(0.006, 0.006, text, fontsize=CAPTION_PT, ha="left", va="bottom", color="0.2")
        buf = io.BytesIO()
        self.fig.savefig(buf, format="png", dpi=DPI, metadata={"Software": None})
        return buf.getvalue()


def run_caption(meta):
    """Where a benchmark run's figures come from: configuration, memory, sim or board, commit, command."""
    soc = meta["soc"]
    return (f"{config_label(soc)} ({soc['memory']['desc']}), measured in {meta['where']} at commit "
            f"{meta['commit'][:7]}: {meta['command']}")


def page_data(data, suite):
    """(records, meta) of the page a suite's records are published on."""
    return data.run(Path(suites.SUITES[suite].page_file).with_suffix(".json").name)


def _grid(ax, log_y=True):
    """A cycles axis: logarithmic (1, 2, 5 a decade) where sizes span decades, read as 20 k, 5 M."""
    if log_y:
        ax.set_yscale("log")
        ax.yaxis.set_major_locator(ticker.LogLocator(subs=(1, 2, 5)))
        ax.yaxis.set_minor_formatter(ticker.NullFormatter())
    ax.yaxis.set_major_formatter(ticker.EngFormatter(sep=" "))
    ax.grid(True, which="major", alpha=0.3)


# ---- 1. cycles against message size, beside seed 002's phones ----

# Our primitive -> its row of seed 002's Table 4 (AES there is AES-128, as the performance page reads it).
SEED002_ROW = {"md5": "md5", "sha1": "sha1", "sha256": "sha256", "aes-128": "aes", "rc5-32/12/16": "rc5", "rc4": "rc4"}
PHONE_COLORS = dict(zip(seeds.SEED002_CLOCK_MHZ, ("tab:orange", "tab:green", "tab:red", "tab:purple", "tab:brown")))
OURS = "vexcrypt "


def comparable(key):
    """A series like seed 002's: a hash, a stream cipher, a block cipher's CBC encrypt + decrypt
    (the paper reports ciphers as both together)."""
    _, _, _, mode, op = key
    return op in ("hash", "crypt") or (mode, op) == ("cbc", "enc+dec")


def symmetric_plot(data):
    records, meta = page_data(data, "hash")
    if meta is None:
        return None
    ser = symmetric.series(records)
    ser.update(symmetric.totals(ser))
    keys = [k for k in ser if comparable(k)]
    prims = list(dict.fromkeys(k[1] for k in keys))
    cols = 4
    rows = -(-(len(prims) + 1) // cols)                       # one more cell for the phones' legend
    c = Canvas(3.5 * cols, 2.8 * rows + 0.7, rows, cols)
    alone, dropped = [], []
    for i, (ax, prim) in enumerate(zip(c.axes, prims)):
        ax.set_title(prim)
        for k in (k for k in keys if k[1] == prim):
            pts = sorted(ser[k].items())
            c.line(ax, OURS + symmetric.label(k), [n for n, _ in pts], [r["cycles"] for _, r in pts],
                   marker="o", markersize=3)
        row = SEED002_ROW.get(prim)
        for phone, (a, b, _) in (seeds.seed002_cycles(row) if row else {}).items():
            if b is None:                     # the paper prints NS for the intercept: no line
                dropped.append(f"{phone} {row}")
                continue
            c.line(ax, f"{phone}, {seeds.SEED002_CLOCK_MHZ[phone]:g} MHz", seeds.SEED002_SIZES,
                   [a * n + b for n in seeds.SEED002_SIZES], color=PHONE_COLORS[phone], linestyle="--", linewidth=1)
        if not row:
            alone.append(prim)
        ax.set_xscale("log")
        _grid(ax)
        ax.legend(handles=[h for h in ax.get_lines() if h.get_label().startswith(OURS)], fontsize=7, loc="lower right")
        if i + cols >= len(prims):
            ax.set_xlabel("message bytes")
        if i % cols == 0:
            ax.set_ylabel("cycles")
    for ax in c.axes[len(prims):]:
        ax.axis("off")
    phones = max((ax.get_lines() for ax in c.axes[:len(prims)]), key=len)
    c.axes[len(prims)].legend(handles=[h for h in phones if not h.get_label().startswith(OURS)], loc="center",
                              title="seed 002's phones (Java ME):\nTable 4's line, in cycles", fontsize=8)
    caption = (f"Cycles of one call against the message size, both axes logarithmic. vexcrypt: {run_caption(meta)}; "
               "block ciphers in CBC, encrypt + decrypt, PKCS#7 padding included; RC4 one pass of its stream (the "
               "phones' RC4 lines are two: encrypt + decrypt). Phones: seed 002's Table 4 lines "
               "time = A·bytes + B converted at each phone's clock (cycles = ms × MHz × 1000), drawn at the paper's "
               "file sizes" + (f"; {', '.join(dropped)}: the paper's intercept is not significant, not drawn"
                               if dropped else "")
               + f". Seed 002 has no figure for {', '.join(alone)}: vexcrypt only.")
    return c, caption


# ---- 2. what each accelerator buys, per operation ----

# A unit's own operation and the software form its page compares it with, in the same binary.
SOFTWARE_FORM = {("gf2m", "mul_clmul"): ("gf2m", "mul_comb"), ("gf2m", "sqr_clmul"): ("gf2m", "sqr_spread"),
                 ("montu", "mul"): ("montmul", "mul")}
PAIR_KEY = ("bits", "curve", "set", "bytes")          # besides the primitive and operation
OP_LABELS = {"insn": "{op} instruction", "gf2m": "GF(2^{bits}) {op}", "ec_mul": "{curve} scalar multiplication",
             "montu": "{bits}-bit product, operands resident", "montmul": "{bits}-bit product, library call",
             "modexp": "{bits}-bit exponentiation", "rsa": "RSA-{bits} {op}", "dh": "DH-{bits} {op}",
             "dsa": "DSA-{bits} {op}", "elgamal": "ElGamal-{bits} {op}",
             "ecdh": "{curve} EC-DH {op}", "ec_elgamal": "{curve} EC-ElGamal {op}", "ecdsa": "{curve} EC-DSA {op}"}
FAMILIES = list(OP_LABELS)        # the bars' order: the unit's own operations first, protocols last


def unit_pairs(records):
    """[(label, software record, unit record)]: every operation a build measured on its unit
    ("impl": "hw") and with the software path forced ("sw"; a record without impl is software)."""
    pairs = by_impl(records, ("prim", "op") + PAIR_KEY)
    out = []
    for key, p in sorted(((k, p) for k, p in pairs.items() if "hw" in p), key=lambda kp: FAMILIES.index(kp[0][0])):
        s = pairs.get(SOFTWARE_FORM.get(key[:2], key[:2]) + key[2:], {}).get("sw")
        if s:
            out.append((OP_LABELS[key[0]].format(**p["hw"]), s, p["hw"]))
    return out


def speedup_plot(data):
    runs = [(a, *data.run(Path(a.page).with_suffix(".json").name)) for a in ACCELERATORS]
    runs = [(a, unit_pairs(records), meta) for a, records, meta in runs if meta]
    if not runs:
        return None
    tallest = max(len(p) for _, p, _ in runs)
    c = Canvas(7 * len(runs), 0.26 * tallest + 2.2, 1, len(runs))
    for ax, (a, pairs, meta) in zip(c.axes, runs):
        ax.set_title(f"{a.name} unit ({meta['config']})")
        names = [label for label, _, _ in pairs]
        speed = [s["cycles"] / h["cycles"] for _, s, h in pairs]
        families = list(dict.fromkeys(h["prim"] for _, _, h in pairs))     # a colour each
        c.bars(ax, "speedup", names, speed, horizontal=True, width=0.7,
               color=[f"C{families.index(h['prim']) % 10}" for _, _, h in pairs])
        for y, v in enumerate(speed):
            ax.text(v * 1.04, y, f"{v:.1f}x", va="center", fontsize=7)
        ax.set_yticks(range(len(names)), names, fontsize=8)
        ax.set_ylim(tallest - 0.5, -0.5)                      # the first operation on top, equal bar heights
        ax.set_xscale("log")
        ax.set_xlim(1, max(speed) * 1.6)
        ax.xaxis.set_major_locator(ticker.LogLocator(subs=(1, 2, 5)))
        ax.xaxis.set_major_formatter(ticker.FuncFormatter(lambda v, _: f"{v:g}x"))
        ax.xaxis.set_minor_formatter(ticker.NullFormatter())
        ax.grid(True, axis="x", which="major", alpha=0.3)
        ax.set_xlabel("speedup: software cycles / unit cycles, one binary (log)")
    caption = "\n".join(
        ["The unit on and off in one binary: software = the same operation with \"impl\": \"sw\"; the units' own "
         "forms (GF(2^m) mul_clmul, sqr_clmul; the resident product) against the software form their pages compare "
         "them with (mul_comb, sqr_spread; the library's product)."]
        + [f"{a.name}: {run_caption(meta)}" for a, _, meta in runs])
    return c, caption


# ---- 3. the public-key design space (seed 004, Fig. 1) ----

def algorithm(rec):
    """A record's multiplication point without its exponentiation method: "ALGO2 r=2^32 sqr"."""
    return mp_point({**rec, "crt": None}).rsplit(" ", 1)[0]


def _default_point(rec):
    """The library's default point (mp.h): ALGO2 at radix 2^32 with squaring, secrets in constant time."""
    return (rec.get("algo"), rec.get("radix"), rec.get("sqr"), rec.get("var")) == (2, 32, True, False)


def design_plot(data):
    records, meta = page_data(data, "mp")
    if meta is None:
        return None
    c = Canvas(14, 10.5, 2, 2)
    a, b, w, s = c.axes
    # (a) the exponentiation per multiplication algorithm, variable time, window 6
    a.set_title("(a) exponentiation per multiplication algorithm (seed 004, Fig. 1a)")
    groups = [("512-bit exponentiation, 512-bit exponent",
               find(records, "mp", prim="modexp", op="e=full", bits=512, var=True)),
              ("RSA-1024 sign (CRT)", find(records, "pk", prim="rsa", op="sign", bits=1024, crt="mrc", var=True)),
              ("RSA-2048 sign (CRT)", find(records, "pk", prim="rsa", op="sign", bits=2048, crt="mrc", var=True))]
    points = sorted({(r["algo"], -r["radix"], r["sqr"]): algorithm(r) for _, rs in groups for r in rs}.items())
    names = [n for _, n in points]
    width = 0.8 / len(groups)
    for i, (label, rs) in enumerate(groups):
        by = {algorithm(r): r["cycles"] for r in rs}
        have = [j for j, n in enumerate(names) if n in by]
        c.bars(a, label, [names[j] for j in have], [by[names[j]] for j in have], width=width,
               positions=[j + (i - (len(groups) - 1) / 2) * width for j in have])
    a.set_xticks(range(len(names)), names, rotation=35, ha="right", fontsize=8)
    _grid(a)
    a.set_ylabel("cycles (log)")
    a.legend(fontsize=8, loc="upper left")
    # (b) the radix of ALGO2 and ALGO3
    b.set_title("(b) radix: 1024-bit Montgomery product (seed 004, Fig. 1b)")
    for algo, op in ((2, "mul"), (2, "sqr"), (3, "mul")):
        # the radix sweep's records come after the algorithm table's at r=2^32: the last one is the sweep's
        pts = sorted({r["radix"]: r["cycles"] for r in find(records, "mp", prim="montmul", bits=1024, algo=algo, op=op,
                                                            sqr=True)}.items())
        c.line(b, f"ALGO{algo} {'product' if op == 'mul' else 'square'}", [k for k, _ in pts],
               [v for _, v in pts], marker="o")
    b.set_xscale("log", base=2)
    b.set_xticks([4, 8, 16, 32], ["2^4", "2^8", "2^16", "2^32"])
    _grid(b)
    b.set_xlabel("radix r (log)")
    b.set_ylabel("cycles (log)")
    b.legend(fontsize=8)
    # (c) the exponentiation method at the default point
    w.set_title("(c) exponentiation method: 512 bits, ALGO2 r=2^32 sqr, constant time")
    rs = [r for r in find(records, "mp", prim="modexp", op="e=full", bits=512) if _default_point(r)]
    methods = {"lr": "binary, left to right", "rl": "binary, right to left", "ladder": "Montgomery ladder"}
    names = [methods.get(r["exp"], f"fixed window {r['window']}") for r in rs]
    c.bars(w, "512-bit exponentiation, 512-bit exponent", names, [r["cycles"] for r in rs], color="tab:green")
    w.set_xticks(range(len(names)), names, rotation=35, ha="right", fontsize=8)
    _grid(w, log_y=False)
    w.set_ylabel("cycles")
    # (d) the modulus size at the default point
    s.set_title("(d) modulus size: the default point, constant time")
    for i, (prim, op, kw) in enumerate((("rsa", "sign", {"crt": "mrc"}), ("rsa", "verify", {}), ("dh", "keypair", {}),
                                        ("dh", "shared", {}), ("dsa", "sign", {"bytes": 23}),
                                        ("dsa", "verify", {"bytes": 23}))):
        pts = sorted((r["bits"], r["cycles"]) for r in find(records, "pk", prim=prim, op=op, **kw) if _default_point(r))
        # each primitive's second operation dashed: DH's two coincide
        c.line(s, f"{prim.upper()} {op}" + (" (CRT)" if kw.get("crt") else " (23 B)" if kw else ""),
               [n for n, _ in pts], [v for _, v in pts], marker="o", linestyle="--" if i % 2 else "-")
    s.set_xscale("log", base=2)
    sizes = sorted({n for series in c.series[s.get_title()].values() for n in series})
    s.set_xticks(sizes, [str(n) for n in sizes])
    s.minorticks_off()
    _grid(s)
    s.set_xlabel("modulus bits (log)")
    s.set_ylabel("cycles (log)")
    s.legend(fontsize=8)
    caption = (f"Software only: {run_caption(meta)}. (a) and (b): variable time, window 6, as seed 004 explores; "
               "(a) RSA with CRT by mixed-radix conversion (Garner), ALGO5 is radix 2, a missing bar was not measured. "
               "(c) and (d): secrets through the constant-time paths; (d) at the library's default point, ALGO2 "
               "r=2^32 sqr.")
    return c, caption


# ---- 4. cost against speed: the board builds ----

BOARD_MARKERS = ("o", "s", "^", "D", "v", "P")


def _builds(builds):
    """The commits and placement seeds of board builds, for a caption."""
    return (f"{', '.join(sorted({b['commit'][:7] for b in builds}))} "
            f"(seed {', '.join(sorted({str(b['seed']) for b in builds}))})")


def cost_plot(data):
    boards = data.get("boards.json")
    if boards is None:
        return None
    builds = [b for b in boards["builds"] if b["config"] in boards["figures"]]
    configs = sorted({b["config"] for b in builds})
    titles = sorted({b["title"] for b in builds})
    labels = list(dict.fromkeys(label for cfg in configs for label in boards["figures"][cfg]["sdram"]
                                if not label.endswith(", software")))
    cols = 3
    c = Canvas(13.5, 3.4 * -(-len(labels) // cols) + 1.6, -(-len(labels) // cols), cols)
    colors = dict(zip(configs, ("tab:blue", "tab:red", "tab:green", "tab:purple", "tab:orange", "tab:brown", "tab:pink", "tab:olive")))
    for ax, label in zip(c.axes, labels):
        ax.set_title(label, fontsize=10)
        for b in sorted(builds, key=lambda b: (b["title"], b["config"])):
            cyc = boards["figures"][b["config"]]["sdram"][label]
            name = f"{b['title']}, {b['config']}"
            c.keep(ax, name, [(b["resources"]["lut"]["used"], cyc)])
            ax.scatter([b["resources"]["lut"]["used"]], [cyc], color=colors[b["config"]], s=40,
                       marker=BOARD_MARKERS[titles.index(b["title"])])
        for t in titles:                  # each board's configurations joined: what the LUTs bought
            pts = sorted(p for name, s in c.series[label].items() if name.startswith(t + ", ") for p in s.items())
            ax.plot([x for x, _ in pts], [y for _, y in pts], color="0.6", linewidth=0.8, zorder=0)
        ax.set_ylim(0, ax.get_ylim()[1] * 1.1)
        ax.xaxis.set_major_formatter(ticker.StrMethodFormatter("{x:,.0f}"))
        _grid(ax, log_y=False)
    for i, ax in enumerate(c.axes):
        if i >= len(labels):
            ax.axis("off")
        elif i % cols == 0:
            ax.set_ylabel("cycles of one call")
        if i < len(labels) and i + cols >= len(labels):
            ax.set_xlabel("LUTs of the SoC on the board")
    dsp = {cfg: sorted({b["resources"]["dsp"]["used"] for b in builds if b["config"] == cfg}) for cfg in configs}
    handles = [Patch(color=colors[cfg], label=f"{cfg} ({'/'.join(map(str, dsp[cfg]))} DSP)") for cfg in configs]
    handles += [Line2D([], [], color="0.4", marker=m, linestyle="", label=t) for m, t in zip(BOARD_MARKERS, titles)]
    c.fig.legend(handles=handles, loc="outside upper center", ncols=len(handles), fontsize=8)
    synth_only = [(d, r) for d in sorted(data.docs.glob("synth-*.json"))
                  for r in data.get(d.name)["rows"] if "SoC" in r["design"]
                  and r["design"].rsplit(", ", 1)[1] not in boards["figures"]]
    m = boards["meta"]
    caption = (f"Each board build of docs/boards.json (builds at {_builds(builds)}, nextpnr post-route; LUT: "
               f"TRELLIS_COMB on ECP5, LUT4 on Gowin) against the cycles of one call in the "
               f"simulation with SDRAM behind the L2 (the board table's memory model, the build's default path, median "
               f"of {m['runs']}); figures at commit {m['commit'][:7]}: {m['command']}."
               + "".join(f" {r['design']} ({d.name} at {data.get(d.name)['commit'][:7]}: {r['comb']:,} LUT, "
                         f"{r['mult18']} DSP) has no board-table figures yet: not drawn." for d, r in synth_only))
    return c, caption


# ---- 5. the board x configuration table ----

CLIP = 0.5              # the heat map's colour range: Fmax 50 % over or under the clock


def boards_plot(data):
    boards = data.get("boards.json")
    if boards is None:
        return None
    builds = {(b["title"], b["config"]): b for b in boards["builds"]}
    titles = sorted({t for t, _ in builds})
    configs = sorted({cfg for _, cfg in builds})
    c = Canvas(3 + 2.6 * len(configs), 1.3 + 0.9 * len(titles) + 0.8)
    ax = c.axes[0]
    ax.set_title("Fmax against the board's clock")
    margin = [[b["fmax_mhz"] / b["requested_mhz"] - 1 if (b := builds.get((t, cfg))) and b["fmax_mhz"] else -CLIP
               if b else float("nan") for cfg in configs] for t in titles]     # no Fmax: it does not fit
    img = ax.imshow(margin, cmap="RdYlGn", vmin=-CLIP, vmax=CLIP, aspect="auto")
    for (t, cfg), b in builds.items():
        lut, bram = b["resources"]["lut"], b["resources"]["bram"]
        dark = abs(margin[titles.index(t)][configs.index(cfg)]) > 0.6 * CLIP
        ax.text(configs.index(cfg), titles.index(t),
                (f"{b['fmax_mhz']:.1f} / {b['requested_mhz']:g} MHz" if b["fmax_mhz"] else "does not fit")
                + f"  {'pass' if b['pass'] else 'FAIL'}\n"
                f"LUT {lut['used']:,} ({lut['percent']:.0f} %)\nDSP {b['resources']['dsp']['used']}, block RAM "
                f"{bram['used']} ({bram['percent']:.0f} %)", ha="center", va="center", fontsize=9,
                color="white" if dark else "black", fontweight="normal" if b["pass"] else "bold")
    for key in ("fmax_mhz", "requested_mhz", "pass"):
        c.keep(ax, key, ((k, b[key]) for k, b in builds.items()))
    ax.set_xticks(range(len(configs)), configs)
    ax.set_yticks(range(len(titles)), titles)
    ax.tick_params(length=0)
    c.fig.colorbar(img, ax=ax, label=f"Fmax / clock - 1 (clipped at ±{CLIP:.0%})", format=lambda v, _: f"{v:+.0%}")
    m = boards["meta"]
    caption = (f"Each board in each configuration: nextpnr's post-route Fmax of the system clock against the clock the "
               f"board runs at (FAIL: below it), and what the build uses. Builds at {_builds(builds.values())}, "
               f"collected at commit {m['commit'][:7]}: {m['command']}.")
    return c, caption


# name -> (title, renderer(data) -> (Canvas, caption), or None without its data)
PLOTS = {"symmetric": ("Cycles against message size, beside seed 002's phones", symmetric_plot),
         "speedup": ("What each accelerator buys, per operation", speedup_plot),
         "design-space": ("The public-key design space (seed 004, Fig. 1)", design_plot),
         "cost": ("Cost against speed: the board builds", cost_plot),
         "boards": ("The board x configuration table: Fmax against the clock", boards_plot),
         "explore": ("Seed 004's method on this platform: macro-models, estimate against simulation",
                     lambda data: explore_page.plot(data, Canvas, _grid)),
         "explore-files": ("RSA against file size (seed 002, Figs 2-3)",
                           lambda data: explore_page.files_plot(data, Canvas, _grid))}


def render(data) -> list:
    """Every plot its data is committed for."""
    out = []
    with matplotlib.style.context("default"):
        for name, (title, fn) in PLOTS.items():
            drawn = fn(data)
            if drawn:
                canvas, caption = drawn
                out.append(Plot(name, title, caption, canvas.series, canvas.png(caption)))
    return out


def files(data) -> dict:
    """{path: content} of the plots (PNG bytes) and their page docs/plots.md (text)."""
    plots = render(data)
    lines = ["# vexcrypt in plots", "",
             "Rendered by `vexrun publish` from the committed data under docs/, the data of the other pages; each "
             "figure names the configuration, memory, simulation or board, commit and command its figures come from.",
             ""]
    for p in plots:
        lines += [f"## {p.title}", "", f"![{p.title}]({FOLDER}/{p.name}.png)", "", p.caption.replace("\n", "\n\n"), ""]
    return {data.docs / FOLDER / f"{p.name}.png": p.png for p in plots} | {data.docs / "plots.md": "\n".join(lines)}
