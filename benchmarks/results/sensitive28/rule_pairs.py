"""sensitive27's pair reading (``benchmarks/results/sensitive27/rule_pairs.py``) for the
readings of helper sensitive28: ``PYTHONPATH=. python benchmarks/results/sensitive28/
rule_pairs.py generic_you OLD_GENERIC_EN [--json F] [--alone]``, "before" being
``hybridmem.retrieval.generic_en.in_general`` of the file OLD_GENERIC_EN (main's, ``git show
d7e67f3f:hybridmem/retrieval/generic_en.py``) patched into the sealed-memory rule."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from benchmarks.results.sensitive27 import rule_pairs
from hybridmem.retrieval import sensitive


def _old_in_general(path: Path) -> object:
    spec = importlib.util.spec_from_file_location("old_generic_en", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.in_general


if __name__ == "__main__":
    old = _old_in_general(Path(sys.argv.pop(2)))
    rule_pairs.READINGS["generic_you"] = (sensitive, "in_general", old)
    rule_pairs.main()
