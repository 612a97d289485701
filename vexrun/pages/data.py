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


def save_json(path, obj):
    """Writes a data file the way every producer does (indented, a final newline)."""
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    Path(path).write_text(json.dumps(obj, indent=1) + "\n")
