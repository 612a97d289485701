"""The committed data under docs/ that every page is rendered from, and its one writer."""

import json
from pathlib import Path

from vexrun.env import ROOT

DOCS = ROOT / "docs"


class Data:
    """The committed data under `docs`, each file read once; None where a file is missing."""

    def __init__(self, docs=DOCS):
        self.docs = Path(docs)
        self._files = {}

    def get(self, name):
        if name not in self._files:
            p = self.docs / name
            self._files[name] = json.loads(p.read_text()) if p.exists() else None
        return self._files[name]

    def run(self, name):
        """(records, meta) of a saved benchmark run, or ([], None)."""
        d = self.get(name)
        return (d["records"], d["meta"]) if d else ([], None)


def run_file(page, config=None):
    """The data file of a run of page `page` (performance-mont.md) on build `config` (its
    configuration name): <page>.json, where the page itself is rendered from; a build whose
    accelerator of the page has a parameter off its default keeps its own file, named with the
    accelerator's part of the configuration name (full-mont_w64: performance-mont_w64.json),
    which the page's sections read beside it."""
    from hw.config import ACCELERATORS
    stem = Path(page).stem
    accel = next((a.name for a in ACCELERATORS if a.page == page), None)
    if accel and config:
        stem += next((p for p in config.split("-")[1:] if p.split("_")[0] == accel), accel)[len(accel):]
    return stem + ".json"


def save_json(path, obj):
    """Writes a data file the way every producer does (indented, a final newline)."""
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    Path(path).write_text(json.dumps(obj, indent=1) + "\n")
