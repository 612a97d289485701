"""The one publisher: every page a reader sees is rendered here, in one pass, from the data
committed under docs/ (and the bad-input table of vexrun/vectors/badinput.py):

- docs/performance*.md from docs/performance*.json (the runs `vexrun bench --publish` saves),
- docs/ct.md from docs/ct.json (`vexrun ct --publish`), docs/bad-input.md from the bad-input table
  (its names and codes from the library's own error table),
- docs/plots/<name>.png and docs/plots.md from the same data (pages/plots.py), PNGs compared by bytes,
- every block between `<!-- publish:NAME -->` and `<!-- /publish -->` in the project's Markdown
  files (README.md, boards/README.md, hw/*/README.md, docs/*.md): the README's figures, the
  board x configuration table (docs/boards.json), the cost tables (docs/synth-<accel>.json).

No page is rendered from another page, and what measures (bench, ct, cost, the board table)
only writes data and then calls `publish`: a figure has one path from the SoC's counter to the
page. `vexrun publish --check` (and tests/tools/test_pages.py) renders everything and compares.
"""

import re
from pathlib import Path

from vexrun.env import ROOT
from vexrun.pages.data import DOCS, Data

BLOCK_RE = re.compile(r"(<!-- publish:([\w-]+) -->\n)(.*?)(<!-- /publish -->)", re.S)


def whole_pages(data: Data) -> dict:
    """{path: text, or bytes for a plot} of the pages rendered whole from their data."""
    from vexrun.checks import ct
    from vexrun.pages import performance, plots
    from vexrun.vectors import badinput
    out = {}
    for name in performance.page_names():
        records, meta = data.run(Path(name).with_suffix(".json").name)
        if meta is not None:
            out[data.docs / name] = performance.render_page(name, records, meta, data)
    if data.get("ct.json"):
        out[data.docs / "ct.md"] = ct.page(data.get("ct.json")["results"], data.get("ct.json")["meta"])
    out[data.docs / "bad-input.md"] = badinput.render()
    return out | plots.files(data)


def blocks():
    """{block name: renderer(data) -> text}: every generated block of the Markdown files."""
    from vexrun.explore import page as explore
    from vexrun.pages import examples, readme, seedmap, tables
    from vexrun.suites import factorial
    return {**readme.BLOCKS, **tables.BLOCKS, **examples.BLOCKS, **seedmap.BLOCKS, **factorial.BLOCKS, **explore.BLOCKS}


def markdown_files():
    """The Markdown files that may hold blocks: README.md, boards/, hw/*/, docs/ guides."""
    return [ROOT / "README.md", ROOT / "boards" / "README.md", *sorted((ROOT / "hw").glob("*/README.md")),
            *sorted(DOCS.glob("*.md"))]


def fill(text, data: Data, renderers=None) -> str:
    """`text` with each of its blocks rendered afresh; an unknown block name is an error."""
    renderers = renderers or blocks()

    def sub(m):
        name = m.group(2)
        if name not in renderers:
            raise KeyError(f"unknown block <!-- publish:{name} -->: known are {', '.join(sorted(renderers))}")
        return m.group(1) + renderers[name](data).rstrip("\n") + "\n" + m.group(4)
    return BLOCK_RE.sub(sub, text)


def render_all(docs=DOCS) -> dict:
    """{path: text or bytes} of everything the publisher writes, from the data in `docs`: the pages into
    `docs`, and the blocks of the repository's Markdown files when `docs` is the repository's."""
    data = Data(docs)
    out = whole_pages(data)
    if Path(docs).resolve() != DOCS.resolve():
        return out
    renderers = blocks()
    for f in markdown_files():
        text = out.get(f) or (f.read_text() if f.exists() else None)
        if text is not None and BLOCK_RE.search(text):
            out[f] = fill(text, data, renderers)
    return out


def _current(f: Path, like):
    """What `f` holds, read as `like` is (bytes or text), or None."""
    if not f.exists():
        return None
    return f.read_bytes() if isinstance(like, bytes) else f.read_text()


def publish(check=False, docs=DOCS, log=None):
    """Writes every page whose content changed (check: writes nothing); returns the changed paths."""
    changed = {f: new for f, new in render_all(docs).items() if _current(f, new) != new}
    if not check:
        for f, new in changed.items():
            f.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(new, bytes):
                f.write_bytes(new)
            else:
                f.write_text(new)
            if log:
                log(f"published: {f.relative_to(ROOT) if f.is_relative_to(ROOT) else f}")
    return list(changed)

