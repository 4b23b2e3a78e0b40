"""Another benchmark run with one of :data:`benchmarks.fusion_paired.VARIANTS`' fusions patched
in (issue 38, madial25): ``python -m benchmarks.fused_with VARIANT MODULE [ARGS...]``, e.g.
``python -m benchmarks.fused_with "trust last line" benchmarks.first_day_steps --sets dev
--json F``. A fusion measured on MADial and LoCoMo moves every query's relevance, so the first
day and the probing sets are run under it too, on the unchanged engine, before it is proposed.
"""

from __future__ import annotations

import runpy
import sys
from collections.abc import Sequence

from benchmarks.fusion_paired import VARIANTS, fused_by


def main(argv: Sequence[str] | None = None) -> None:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) < 2 or args[0] not in VARIANTS:
        raise SystemExit(f"usage: fused_with VARIANT MODULE [ARGS...] ({sorted(VARIANTS)})")
    fuse, _ = VARIANTS[args[0]]
    with fused_by(fuse, args[0]):
        sys.argv = [args[1], *args[2:]]
        runpy.run_module(args[1], run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()
