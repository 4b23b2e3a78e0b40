"""sensitive27's pair reading (``benchmarks/results/sensitive27/rule_pairs.py``) for the
readings of helper sensitive28: ``PYTHONPATH=. python benchmarks/results/sensitive28/
rule_pairs.py READING OLD_GENERIC_EN [--json F] [--alone]``. ``generic_you``: "before" is
``hybridmem.retrieval.generic_en.in_general`` of the file OLD_GENERIC_EN (main's, ``git show
d7e67f3f:hybridmem/retrieval/generic_en.py``) patched into the sealed-memory rule;
``thing_of_an_act``: ``shared_words._thing_of_an_act`` patched to False (OLD_GENERIC_EN is read
but unused); that reading was measured and not shipped: apply ``thing_of_an_act.diff`` first."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from benchmarks.results.sensitive27 import rule_pairs
from hybridmem.retrieval import sensitive, shared_words


def _old_in_general(path: Path) -> object:
    spec = importlib.util.spec_from_file_location("old_generic_en", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.in_general


if __name__ == "__main__":
    old = _old_in_general(Path(sys.argv.pop(2)))
    rule_pairs.READINGS["generic_you"] = (sensitive, "in_general", old)
    if hasattr(shared_words, "_thing_of_an_act"):  # only with thing_of_an_act.diff applied
        rule_pairs.READINGS["thing_of_an_act"] = (
            shared_words,
            "_thing_of_an_act",
            lambda *_: False,
        )
    rule_pairs.main()
