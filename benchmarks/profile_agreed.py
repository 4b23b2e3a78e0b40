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

import sys
from typing import Any

from benchmarks.profile_variants import run_sets
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
    if variant == "on":
        profiles_step.agreed_themes = _turned_on  # type: ignore[assignment]
    elif variant != "off":
        raise SystemExit(f"unknown variant {variant!r}: on or off")
    run_sets(variant, argv, SETS)


if __name__ == "__main__":
    main(sys.argv[1:])
