"""Every labelled profile set with and without the themes two embedders agree on (issue 38,
profile13; :mod:`hybridmem.evolution.maintain.agreed`).

``off`` runs the engine as it ships (the step is opt-in:
``EvolutionConfig.distill_agreed_themes``), ``on`` turns the step on in this process. Each set
runs with its own runner and figures (:func:`benchmarks.profile_variants.run_set`); the
summaries are printed a set and language a line.

Run: ``python -m benchmarks.profile_agreed {on|off} [--json F] [SETS]`` (default: profiles_dev,
profiles_blind, profile_blind .. profile_blind6).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from benchmarks.common import load_embedder
from benchmarks.profile_variants import run_set
from hybridmem.config.evolution import EvolutionConfig
from hybridmem.evolution.maintain import agreed
from hybridmem.evolution.maintain import profiles as profiles_step

SETS = (
    "profiles_dev",
    "profiles_blind",
    "profile_blind",
    "profile_blind2",
    "profile_blind3",
    "profile_blind4",
    "profile_blind5",
    "profile_blind6",
)


def _turned_on(nodes: Any, cfg: EvolutionConfig, *rest: Any) -> list[Any]:
    return agreed.agreed_themes(nodes, cfg.with_changes(distill_agreed_themes=True), *rest)


def main(argv: list[str]) -> None:
    variant = argv[0]
    out_path = Path(argv[argv.index("--json") + 1]) if "--json" in argv else None
    names = [a for a in argv[1:] if a.startswith("profile") and not a.endswith(".json")]
    if variant == "on":
        profiles_step.agreed_themes = _turned_on  # type: ignore[assignment]
    elif variant != "off":
        raise SystemExit(f"unknown variant {variant!r}: on or off")
    embedder = load_embedder("default")
    result = {}
    for name in names or SETS:
        result[name] = run_set(name, embedder)
        for lang, part in result[name].items():
            print(variant, name, lang, json.dumps(part["summary"], ensure_ascii=False))
    if out_path is not None:
        out_path.write_text(json.dumps(result, ensure_ascii=False, indent=1) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
